"""The Lim procedure of one round (C.04.4.3 Art. 1–4, 7–8), walked by maximum-weight matching.

**Order (Art. 2.2).** Scoregroups above the median group are paired from the highest down, those below it
from the lowest up; the median group (half the rounds played) comes last and takes the floaters of both
sides. Round one pairs the top half against the bottom half (Art. 7.2).

**Floaters (Art. 2.3, 3).** A group floats as few players as it can: those with no compatible opponent left
in it (2.3.1–2.3.3, compatibility including the colour limits, Art. 2.1) and one more to make it even
(2.3.4). Among the sets of that size whose removal leaves the rest of the group pairable, the procedure
takes the one that is best in this order: fewest floaters of type a, then b, then c (3.9.2: a player who
already floated into the group, or has no compatible opponent in the next group); fewest players who floated
in the previous round (3.10); the due-White and due-Black counts left as equal as possible (3.2.2); then the
lowest numbered players downward, the highest numbered upward (3.2.4, 3.3, 3.4).

How it is found without trying every subset: the number k of floaters is the group size minus twice a maximum
matching of its compatibility graph. One floater (the usual case) is the first player in the order above whose
absence leaves the group pairable: one maximum matching per player tried. For k > 1, each split of k into
floaters due White, due Black and due neither (at most (k+1)(k+2)/2 splits) gets one maximum-weight matching
that pairs the group while k "float" vertices of the right colour class absorb the floaters: an in-group pair
outweighs any float, and a float weighs less the worse its player is as a floater, with the criteria as the
digits of one integer (Maxi band, types, previous floats, then one bit per pairing number). That matching
gives the best set of its split; the best split wins. The balance term of 3.2.2 is the same for every set of
one split, which is why splitting makes the whole order exact.

**Pairing a group (Art. 2.4, 2.5, 3.6–3.8, 4, 5).** Incoming floaters are paired first (down-floaters before
up-floaters in the median group; the highest score and number first downward, the lowest upward), each with
a resident of the group, preferring one due the other colour, the highest numbered downward and the lowest
numbered upward (3.8). Other players follow the proposed pairing (top half against bottom half, 2.4),
exchanging when a proposed pair is not compatible (4.1–4.3: #1 first downward, the last number first upward,
each taking the next opponent in number order). Among the complete pairings, the one leaving the fewest
colour faults wins (5.1–5.6: limits broken, then colours not alternated, not equalised, precedence of 5.4,
then the round-one colour); when no fault is left, the first complete pairing in the exchange order is taken.

This is walked with one incremental maximum-weight matching per group (:mod:`sheetpair.pairing.matching`):
the weight of a pair is a constant minus its colour faults, so the optimum is a complete pairing with the
fewest faults. The players are then settled one at a time in the order above, each taking the first
candidate for which the optimum is still reachable, so the result is the first candidate of the exchange
order that is valid, found with at most one re-optimisation per candidate rejected, never by enumeration.

**Blocked median group (Art. 2.6).** If the median group with its floaters cannot be paired, the nearest
pairing of a neighbouring group is cracked and its players join the median group: of the lower group when
more floaters came from above than from below (2.6.1), else of the higher group (2.6.2).

**Bye (Art. 1).** In an odd field the lowest ranked player of the lowest scoregroup without a bye or an
unplayed win so far gets the pairing-allocated bye, provided the others can still all be paired.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...core.errors import PairingError
from ...core.model import Colour
from ..matching import MatchingComputer, new_cardinality_computer, new_matching_computer
from .players import ExchangeOrder, LimPlayer, Orientation, Region, Rules


@dataclass
class GroupLog:
    """What happened to one scoregroup: who came in, who floated on and why, the pairs made."""

    half_points: int
    region: Region
    incoming: list[int]
    floated: list[int]
    pairs: list[Orientation]
    priority: list[int] = field(default_factory=list)
    """The floaters' priority as compared (Maxi band; types a, b, c; previous floats; colour balance; numbers)."""
    cracked: list[Orientation] = field(default_factory=list)
    """Pairs taken back to unblock the median group (Art. 2.6)."""
    reasons: dict[frozenset[int], str] = field(default_factory=dict)
    """Why each pair was made (proposed, exchanged, a floater's opponent), by its two numbers."""
    floater_reasons: dict[int, str] = field(default_factory=dict)
    """Why each floater left the group (Art. 2.3) and its type (Art. 3.9)."""


@dataclass
class MedianLog:
    """The median group: the floaters it received and the pairs cracked to pair it (Art. 2.6)."""

    half_points: int
    from_above: list[int]
    from_below: list[int]
    pairs: list[Orientation]
    cracked: list[Orientation]
    reasons: dict[frozenset[int], str] = field(default_factory=dict)


@dataclass
class LimOutcome:
    """The pairs of a round in printed order, the bye, and the log the explanations read."""

    pairs: list[Orientation]
    bye: int | None
    groups: list[GroupLog]
    median: MedianLog | None
    round_one: bool


class _IncrementalMatching:
    """An optimum matching whose pairs are settled one by one while the optimum weight is kept.

    A settled pair gets a bonus bigger than any matching's weight, so every later optimum keeps it; a
    candidate pair is tried by giving it the bonus too and checking that the optimum lost nothing (one edge
    changed, one incremental re-optimisation).
    """

    def __init__(self, size: int, edges: dict[tuple[int, int], int], max_weight: int) -> None:
        self.bonus = max_weight * (size + 1)
        self.computer: MatchingComputer = new_matching_computer(size, self.bonus * (size + 1))
        self.weights = dict(edges)
        for (u, v), weight in edges.items():
            self.computer.set_edge_weight(u, v, weight)
        self.computer.compute_matching()
        self.target = self.total()

    def total(self) -> int:
        mates = self.computer.mates()
        return sum(self.computer.weight(u, v) for u, v in enumerate(mates) if u < v)

    def pairs(self) -> int:
        return sum(1 for u, v in enumerate(self.computer.mates()) if u < v)

    def settle(self, u: int, v: int) -> bool:
        """Keeps ``u``–``v`` if an optimum matching (with the pairs settled so far) contains it."""
        key = (u, v) if u < v else (v, u)
        weight = self.weights[key]
        self.computer.set_edge_weight(u, v, weight + self.bonus)
        self.computer.compute_matching()
        if self.total() == self.target + self.bonus:
            self.target += self.bonus
            return True
        self.computer.set_edge_weight(u, v, weight)
        self.computer.compute_matching()
        return False


def _matching_size(players: list[LimPlayer], compatible: Callable[[int, int], bool], reach: int) -> int:
    computer = new_cardinality_computer(len(players))
    for i, a in enumerate(players):
        for j in range(i + 1, min(len(players), i + 1 + reach)):
            if compatible(a.tpn, players[j].tpn):
                computer.set_edge_weight(i, j, 1)
    computer.compute_matching()
    return sum(1 for u, v in enumerate(computer.mates()) if u < v)


def _greedy_pairs(players: list[LimPlayer], compatible: Callable[[int, int], bool]) -> int:
    """How many pairs a greedy pass makes (each player with the first compatible one among the next
    :data:`SPARSE_REACH`), after mending it with augmenting paths of three edges (free u, v-w paired, free x:
    u-v and w-x instead)."""
    mate: dict[int, int] = {}
    tpns = [p.tpn for p in players]
    for i, a in enumerate(tpns):
        if a in mate:
            continue
        partner = next((b for b in tpns[i + 1:i + 1 + SPARSE_REACH] if b not in mate and compatible(a, b)), None)
        if partner is not None:
            mate[a], mate[partner] = partner, a
    for u in tpns:
        if u in mate or len(mate) // 2 == len(tpns) // 2:
            continue
        for v in tpns:
            w = mate.get(v)
            if w is None or not compatible(u, v):
                continue
            x = next((x for x in tpns if x not in mate and x != u and compatible(w, x)), None)
            if x is not None:
                mate[u], mate[v], mate[w], mate[x] = v, u, x, w
                break
    return len(mate) // 2


def maximum_pairs(players: list[LimPlayer], compatible: Callable[[int, int], bool]) -> int:
    """The size of a maximum matching of the compatibility graph of ``players``.

    Big fields are almost completely compatible, so a greedy pairing along the list, then a maximum matching
    of a sparse part of the graph (each player with the next :data:`SPARSE_REACH` in the list), are tried
    first: when one of them already pairs everybody (but one), no matching of the whole graph is bigger.
    Otherwise the whole graph is matched.
    """
    if len(players) < 2:
        return 0
    if _greedy_pairs(players, compatible) == len(players) // 2:
        return len(players) // 2
    size = _matching_size(players, compatible, SPARSE_REACH)
    if size == len(players) // 2 or len(players) <= SPARSE_REACH + 1:
        return size
    return _matching_size(players, compatible, len(players))


SPARSE_REACH = 24


def _digits(values: Iterable[int], base: int) -> int:
    total = 0
    for value in values:
        total = total * base + value
    return total


class GroupPairer:
    """Pairs one even set of players completely (Art. 2.4, 2.5, 3.6–3.8, 4, 5), or says it cannot."""

    def __init__(self, rules: Rules, items: list[LimPlayer], incoming: Iterable[int], region: Region) -> None:
        self.rules = rules
        self.items = sorted(items, key=lambda p: p.tpn)
        self.by_tpn = {p.tpn: p for p in self.items}
        self.incoming = set(incoming)
        self.region = region
        half = len(self.items) // 2
        self.middle = self.items[half - 1].tpn if half else 0
        """The last number of the top half."""
        self.proposed = {a.tpn: b.tpn for a, b in zip(self.items[:half], self.items[half:])}
        self.proposed.update({b: a for a, b in list(self.proposed.items())})
        self.reasons: dict[frozenset[int], str] = {}
        """Why each pair was made, filled by :meth:`pair`."""

    def _incoming_key(self, p: LimPlayer) -> tuple[int, ...]:
        """Art. 3.6/3.7: down-floaters before up-floaters in the median group; the highest score and number
        first downward, the lowest score and number first upward."""
        median_first = 0 if self.region is not Region.MEDIAN or p.half_points > self.rules.median else 1
        if self.region is Region.BELOW:
            return (median_first, p.half_points, p.tpn)
        return (median_first, -p.half_points, -p.tpn)

    def _anchor(self, remaining: list[LimPlayer]) -> LimPlayer:
        floaters = [p for p in remaining if p.tpn in self.incoming]
        if floaters:
            return min(floaters, key=self._incoming_key)
        return remaining[-1] if self.region is Region.BELOW else remaining[0]

    def _candidates(self, anchor: LimPlayer, others: list[LimPlayer], faultless: bool) -> list[LimPlayer]:
        """The opponents of ``anchor`` in the order they are tried (Art. 3.8, 4.1–4.3); with colour faults
        left, the complete pairings are compared by the numbers of the opponents in turn."""
        direction = -1 if self.region is Region.BELOW else 1
        if anchor.tpn in self.incoming and faultless:
            def floater_key(p: LimPlayer) -> tuple[int, int, int]:
                alternate = anchor.due is not None and p.due is not None and anchor.due is not p.due
                return (p.tpn in self.incoming, not alternate, direction * p.tpn)
            return sorted(others, key=floater_key)
        if self.rules.exchange_order is ExchangeOrder.ARTICLE_4_2 and anchor.tpn not in self.incoming:
            # 4.2: the rest of the other half in number order from the proposed opponent, then the own half
            # from the nearest number outward (mirrored upward, 4.1)
            own_half = self.proposed.get(anchor.tpn, anchor.tpn) > anchor.tpn
            def table_key(p: LimPlayer) -> tuple[bool, int]:
                other_half = (p.tpn > self.middle) if own_half else (p.tpn <= self.middle)
                return (not other_half, direction * p.tpn if other_half else -direction * p.tpn)
            return sorted(others, key=table_key)
        if not faultless:
            return sorted(others, key=lambda p: p.tpn)
        return sorted(others, key=lambda p: (self.proposed.get(anchor.tpn) != p.tpn, direction * p.tpn))

    def _outside_band(self, a: LimPlayer, b: LimPlayer) -> int:
        """Art. 3.8, 5.7 (Maxi): 1 when ``a``-``b`` exchanges a proposed opponent for one more than 100 points
        away from it, on both sides (a pair counts after the colour limits, before the colour faults)."""
        if not self.rules.maxi or self.proposed.get(a.tpn) == b.tpn:
            return 0
        return int(all(self.rules.outside_band(self.by_tpn[self.proposed[x.tpn]], y)
                       for x, y in ((a, b), (b, a)) if x.tpn in self.proposed))

    def _reason(self, anchor: LimPlayer, opponent: LimPlayer, remaining: list[LimPlayer]) -> str:
        if anchor.tpn in self.incoming:
            alternate = anchor.due is not None and opponent.due is not None and anchor.due is not opponent.due
            return (f"{anchor.tpn} floated in and is paired first (Art. 3.6, 3.7), with "
                    f"{'a player due the other colour' if alternate else 'the first player available'} (Art. 3.8)")
        proposed = self.proposed.get(anchor.tpn)
        if proposed == opponent.tpn:
            return "the proposed pairing, top half against bottom half (Art. 2.4)"
        if proposed is None or proposed in self.incoming:
            why = "its proposed opponent is a floater paired on its own terms"
        elif not self.rules.compatible(anchor.tpn, proposed):
            met = proposed in anchor.opponents
            why = f"{proposed} {'was met before' if met else 'would break a colour limit of Art. 2.1'} (Art. 2.5)"
        elif all(p.tpn != proposed for p in remaining):
            why = f"{proposed} was already paired"
        else:
            why = (f"{anchor.tpn}-{proposed} would leave the rest of the group unpairable or with more colour "
                   "faults (Art. 4.4, 5.2)")
        return f"exchange (Art. 4.1-4.3): {why}; {opponent.tpn} is the first opponent that works"

    def pair(self) -> list[Orientation] | None:
        """The pairs in the order they were made, or ``None`` when the set cannot be paired completely."""
        n = len(self.items)
        if n % 2:
            return None
        if not n:
            return []
        base = n + 1
        complete = base ** 6
        index = {p.tpn: i for i, p in enumerate(self.items)}
        edges: dict[tuple[int, int], int] = {}
        for i, a in enumerate(self.items):
            for j in range(i + 1, n):
                orientation = self.rules.orientation(a.tpn, self.items[j].tpn, self.region)
                if orientation is not None:
                    hard, *colours = orientation.penalties
                    band = self._outside_band(a, self.items[j])
                    edges[(i, j)] = complete - _digits((hard, band, *colours), base)
        matching = _IncrementalMatching(n, edges, complete)
        if matching.pairs() < n // 2:
            return None
        faultless = matching.target == complete * (n // 2)
        remaining = list(self.items)
        made: list[Orientation] = []
        while remaining:
            anchor = self._anchor(remaining)
            others = [p for p in remaining if p is not anchor and self.rules.compatible(anchor.tpn, p.tpn)]
            for opponent in self._candidates(anchor, others, faultless):
                if matching.settle(index[anchor.tpn], index[opponent.tpn]):
                    break
            else:  # the optimum always contains some pair of the anchor
                raise AssertionError("no optimum pair for the anchor")
            orientation = self.rules.orientation(anchor.tpn, opponent.tpn, self.region)
            assert orientation is not None
            made.append(orientation)
            self.reasons[frozenset((anchor.tpn, opponent.tpn))] = self._reason(anchor, opponent, remaining)
            remaining = [p for p in remaining if p is not anchor and p is not opponent]
        return made


def _due_class(player: LimPlayer) -> int:
    return {Colour.WHITE: 1, Colour.BLACK: -1, None: 0}[player.due]


class FloaterChoice:
    """The best set of floaters of one scoregroup (Art. 2.3, 3.2–3.5, 3.9, 3.10); see the module docstring."""

    def __init__(self, rules: Rules, items: list[LimPlayer], resident: int, next_group: list[LimPlayer],
                 region: Region) -> None:
        self.rules = rules
        self.items = sorted(items, key=lambda p: p.tpn)
        self.resident = resident
        self.next_group = next_group
        self.region = region
        self.balance = sum(_due_class(p) for p in self.items)
        self.default = (self.items[-1] if region is Region.ABOVE else self.items[0]) if self.items else None
        """Art. 3.2.3/3.2.4: the player who floats when no other may (the lowest numbered downward)."""

    def outside_band(self, player: LimPlayer) -> int:
        """Art. 3.2.3 (Maxi): 1 when ``player`` is more than 100 points from the player who floats by default."""
        return int(self.default is not None and self.rules.outside_band(player, self.default))

    def kind(self, player: LimPlayer) -> int:
        """Art. 3.9: 0 = type a, 1 = b, 2 = c, 3 = d (already floated into the group / no compatible
        opponent in the next group)."""
        already = player.half_points != self.resident
        has = any(self.rules.compatible(player.tpn, q.tpn) for q in self.next_group)
        return (0 if not has else 1) if already else (2 if not has else 3)

    def reason(self, floater: LimPlayer) -> str:
        """Why ``floater`` left the group, in the words of Art. 2.3 and 3.9."""
        alone = not any(self.rules.compatible(floater.tpn, p.tpn) for p in self.items if p is not floater)
        why = ("no compatible opponent left in the group (Art. 2.3.1-2.3.3)" if alone
               else "to make the group pairable, chosen by Art. 3.2-3.10 (2.3.4)")
        return f"{why}; type {'abcd'[self.kind(floater)]} (Art. 3.9)"

    def priority(self, floaters: list[LimPlayer]) -> list[int]:
        kinds = [self.kind(p) for p in floaters]
        recent = sum(p.floated_last_round for p in floaters)
        balance = abs(self.balance - sum(_due_class(p) for p in floaters))
        numbers = sorted(-p.tpn if self.region is Region.ABOVE else p.tpn for p in floaters)
        band = sum(self.outside_band(p) for p in floaters)
        return [band, kinds.count(0), kinds.count(1), kinds.count(2), recent, balance, *numbers]

    def choose(self) -> list[LimPlayer]:
        n = len(self.items)
        count = n - 2 * maximum_pairs(self.items, self.rules.compatible)
        if count == 0:
            return []
        if count == 1:
            return self._single()
        by_class = {c: sum(1 for p in self.items if _due_class(p) == c) for c in (1, -1, 0)}
        best: tuple[list[int], list[LimPlayer]] | None = None
        for whites in range(min(count, by_class[1]) + 1):
            for blacks in range(min(count - whites, by_class[-1]) + 1):
                neither = count - whites - blacks
                if neither > by_class[0]:
                    continue
                floaters = self._best_of_split({1: whites, -1: blacks, 0: neither}, count)
                if floaters is not None:
                    key = self.priority(floaters)
                    if best is None or key < best[0]:
                        best = (key, floaters)
        assert best is not None, "some split holds the floaters of a maximum matching"
        return best[1]

    def _single(self) -> list[LimPlayer]:
        """One floater: the players in the order of the floater priority, the first whose absence leaves the
        group pairable (a bounded enumeration: at most one maximum matching per player tried)."""
        target = (len(self.items) - 1) // 2
        for player in sorted(self.items, key=lambda p: self.priority([p])):
            rest = [p for p in self.items if p is not player]
            if maximum_pairs(rest, self.rules.compatible) == target:
                return [player]
        raise AssertionError("a maximum matching leaves some player out")

    def _cost(self, player: LimPlayer, position: int, count: int) -> int:
        n = len(self.items)
        bit = position if self.region is Region.ABOVE else n - 1 - position
        scale = count + 1
        unit = scale << n
        kind = self.kind(player)
        cost = (1 << n) - (1 << bit) + unit * player.floated_last_round
        for level, weight in ((0, unit * scale ** 3), (1, unit * scale ** 2), (2, unit * scale)):
            cost += weight * (kind == level)
        return cost + unit * scale ** 4 * self.outside_band(player)

    def _best_of_split(self, slots: dict[int, int], count: int) -> list[LimPlayer] | None:
        """The best floaters with this many due White, due Black and due neither (one matching)."""
        n = len(self.items)
        ceiling = ((count + 1) ** 5) << (n + 1)
        pair_weight = 2 * (count + 1) * ceiling
        classes = [c for c in (1, -1, 0) for _ in range(slots[c])]
        computer = new_matching_computer(n + len(classes), pair_weight)
        weights: dict[tuple[int, int], int] = {}
        for i, a in enumerate(self.items):
            for j in range(i + 1, n):
                if self.rules.compatible(a.tpn, self.items[j].tpn):
                    weights[(i, j)] = pair_weight
            cost = ceiling - self._cost(a, i, count)
            for s, c in enumerate(classes):
                if c == _due_class(a):
                    weights[(i, n + s)] = cost
        for (u, v), weight in weights.items():
            computer.set_edge_weight(u, v, weight)
        computer.compute_matching()
        mates = computer.mates()
        if any(mates[i] == i for i in range(n)):
            return None
        return [a for i, a in enumerate(self.items) if mates[i] >= n]


class LimProcedure:
    """One round of Lim: bye, traversal of the scoregroups, median group (see the module docstring)."""

    def __init__(self, rules: Rules, players: list[LimPlayer]) -> None:
        self.rules = rules
        self.players = sorted(players, key=lambda p: p.tpn)

    def choose_bye(self) -> LimPlayer | None:
        """Art. 1.1 and 7.1: the lowest ranked of the lowest score without a bye or an unplayed win so far,
        provided everybody else can be paired; the next such player when not.

        :raises PairingError: when no choice (or, in an even field, no pairing at all) leaves everybody paired.
        """
        if len(self.players) % 2 == 0:
            if maximum_pairs(self.players, self.rules.compatible) < len(self.players) // 2:
                raise PairingError(self._unpairable())
            return None
        candidates = sorted((p for p in self.players if p.may_take_bye), key=lambda p: (p.half_points, -p.tpn))
        target = (len(self.players) - 1) // 2
        for candidate in candidates:
            rest = [p for p in self.players if p is not candidate]
            if maximum_pairs(rest, self.rules.compatible) == target:
                return candidate
        raise PairingError(
            f"round {self.rules.round_number}: no player who may take the bye (Lim Art. 1, Basic Rule 4) "
            "leaves the others pairable without a rematch or a colour beyond the limits of Art. 2.1"
        )

    def _unpairable(self) -> str:
        """The refusal of an even field that has no complete pairing, naming who has no opponent at all."""
        alone = [p.tpn for p in self.players
                 if not any(self.rules.compatible(p.tpn, q.tpn) for q in self.players if q is not p)]
        who = f" (no compatible opponent at all: {', '.join(map(str, alone))})" if alone else ""
        return (f"round {self.rules.round_number} cannot be paired: no complete pairing avoids a rematch and keeps "
                f"the colour limits of Lim Art. 2.1{who}")

    def run(self) -> LimOutcome:
        bye = self.choose_bye()
        field_ = [p for p in self.players if p is not bye]
        if self.rules.round_number == 1:
            first = self._round_one(field_)
            if first is not None:
                return LimOutcome(first, bye.tpn if bye else None, [], None, True)
        groups, median = self._traverse(field_)
        pairs = [o for g in groups for o in g.pairs] + (median.pairs if median else [])
        assert len(pairs) * 2 == len(field_), "a pairable field is always completed by cracking (Art. 2.6)"
        return LimOutcome(self._board_order(pairs), bye.tpn if bye else None, groups, median, False)

    def _round_one(self, field_: list[LimPlayer]) -> list[Orientation] | None:
        """Art. 7.2: #1 against the first of the bottom half, and so on; the odd numbers of the top half get
        the colour drawn for #1, the even numbers the other. ``None`` when a proposed pair may not meet."""
        half = len(field_) // 2
        pairs = []
        for top, bottom in zip(field_[:half], field_[half:]):
            if not self.rules.compatible(top.tpn, bottom.tpn):
                return None
            colour = self.rules.initial if top.tpn % 2 else self.rules.initial.opposite
            white, black = (top, bottom) if colour is Colour.WHITE else (bottom, top)
            pairs.append(Orientation(white.tpn, black.tpn, (0, 0, 0, 0, 0)))
        return pairs

    def _group(self, half_points: int, field_: list[LimPlayer]) -> list[LimPlayer]:
        return [p for p in field_ if p.half_points == half_points]

    def _traverse(self, field_: list[LimPlayer]) -> tuple[list[GroupLog], MedianLog | None]:
        median = self.rules.median
        scores = sorted({p.half_points for p in field_}, reverse=True)
        sides = ((Region.ABOVE, [s for s in scores if s > median]),
                 (Region.BELOW, sorted(s for s in scores if s < median)))
        logs: list[GroupLog] = []
        last_floaters: dict[Region, list[LimPlayer]] = {Region.ABOVE: [], Region.BELOW: []}
        for region, sequence in sides:
            incoming: list[LimPlayer] = []
            for position, half_points in enumerate(sequence):
                residents = self._group(half_points, field_)
                following = sequence[position + 1] if position + 1 < len(sequence) else median
                items = incoming + residents
                choice = FloaterChoice(self.rules, items, half_points, self._group(following, field_), region)
                floaters = choice.choose()
                staying = [p for p in items if p not in floaters]
                pairer = GroupPairer(self.rules, staying, (p.tpn for p in incoming if p in staying), region)
                pairs = pairer.pair()
                assert pairs is not None, "the floaters leave a pairable group"
                logs.append(GroupLog(half_points, region, [p.tpn for p in incoming], [p.tpn for p in floaters],
                                     pairs, choice.priority(floaters), reasons=pairer.reasons,
                                     floater_reasons={p.tpn: choice.reason(p) for p in floaters}))
                incoming = floaters
            last_floaters[region] = incoming
        median_log = self._median(field_, logs, last_floaters[Region.ABOVE], last_floaters[Region.BELOW])
        return logs, median_log

    def _median(self, field_: list[LimPlayer], logs: list[GroupLog], above: list[LimPlayer], below: list[LimPlayer]
                ) -> MedianLog | None:
        """Art. 2.6: pair the median group with its floaters; crack neighbouring pairs while it is blocked."""
        residents = self._group(self.rules.median, field_)
        by_tpn = {p.tpn: p for p in field_}
        from_above, from_below = list(above), list(below)
        cracked: list[Orientation] = []
        while True:
            items = residents + from_above + from_below
            pairer = GroupPairer(self.rules, items, (p.tpn for p in from_above + from_below), Region.MEDIAN)
            pairs = pairer.pair()
            if pairs is not None:
                return MedianLog(self.rules.median, [p.tpn for p in above], [p.tpn for p in below], pairs, cracked,
                                 pairer.reasons)
            side = Region.BELOW if len(from_above) > len(from_below) else Region.ABOVE
            if not any(g.pairs for g in logs if g.region is side):
                side = Region.ABOVE if side is Region.BELOW else Region.BELOW
            source = next((g for g in reversed(logs) if g.region is side and g.pairs), None)
            if source is None:
                return None
            pair = source.pairs.pop(0)
            source.cracked.append(pair)
            cracked.append(pair)
            (from_above if side is Region.ABOVE else from_below).extend((by_tpn[pair.white], by_tpn[pair.black]))

    def _board_order(self, pairs: list[Orientation]) -> list[Orientation]:
        """Boards by the score of the higher ranked player, then the pair's total score, then that player's
        number (the order the pairings are published in)."""
        points = {p.tpn: p.half_points for p in self.players}

        def key(o: Orientation) -> tuple[int, int, int]:
            higher = min(o.white, o.black)
            return (-points[higher], -(points[o.white] + points[o.black]), higher)

        return sorted(pairs, key=key)
