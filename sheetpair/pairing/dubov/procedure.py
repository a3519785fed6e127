"""The Dubov pairing procedure, C.04.4.1 Art. 3, on maximum-weight matchings.

**The bye first (Art. 3.1).** In an odd field one matching decides it: every allowed pair of players weighs
more than any bye edge, and the bye edges are ranked by 3.1.3-3.1.5 (lowest score, most games played,
largest pairing number) among the players [C2] allows. The optimum pairs everybody else (3.1.2, [C4]) and
gives the bye to the best-ranked candidate for whom that is possible. Nothing is enumerated. (In big fields
:mod:`.window` usually proves the best-ranked candidate possible without this matching.)

**The upfloaters (Art. 3.2.1-3.2.2).** One matching of all the players still to be paired carries the
criteria as bit fields of one integer weight per pair, most important first: the pair exists at all (so
the optimum pairs everybody: [C4]); [C5] a pair of residents (fewer upfloaters); [C6] one field per lower
score, the lowest first, counting upfloaters *not* of that score (with [C5] fixing their number, this
minimises the largest score differences first, the order of Art. 2.3.2); [C7] the two want different
colours; and, except in the last round, [C8] the upfloater is no maximum upfloater, [C9] one field per
upfloat count, the highest first, counting upfloaters who are not maximum upfloaters of that count, and
[C10] the upfloater did not upfloat last round. Only pairs with a resident carry quality fields, so the
optimum is the best bracket that still leaves the lower players completable. The number of upfloaters is
read off the optimum (3.2.1); the *first* best set in the order of Art. 4.2 is then found greedily: each
possible upfloater in turn (descending score, then ascending pairing number) gets a one-unit bonus on its
pairs with residents, below every criterion; if the re-optimised matching upfloats it, it is kept (its
other pairs are removed), otherwise no best set containing the players kept so far contains it. Each step
is one incremental re-optimisation, so the first set is found without listing sets. In big fields
:mod:`.window` answers the same question on each bracket's own smaller matching, with a proof that the
answer is the whole field's.

**G1, G2 and the transposition (Art. 3.2.3-3.2.6)** are decided on the bracket alone, which is now closed:
its pairing cannot change whether the players below can be paired. A second, small matching weighs [C7],
then pairs across the initial G1/G2 split, then a bonus field. The shifters of 3.2.4 are found the same
greedy way, in the middle-out order of Art. 4.3.3, and T2 (3.2.6) player by player: S1's first player gets
a bonus decreasing along G2 in pairing-number order (Art. 4.4), the optimum gives it the first G2 player
that still allows a legal pairing of the rest, and the pair is fixed. This is the first transposition in
lexicographic order, found with at most |S1| re-optimisations instead of |G2|! candidates. Most brackets
need none of this: when the subgroups, equalised in the middle-out order, pair in natural order, that is
the answer (:func:`natural_pairing` argues it).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ...core.errors import PairingError
from ...core.model import Colour
from ..matching import MatchingComputer, new_matching_computer
from .criteria import CriterionFields
from .entrants import Contender, DubovField
from .window import WindowedBrackets


@dataclass
class ByeChoice:
    """The pairing-allocated bye of Art. 3.1 and the candidates ranked above it that could not take it."""

    player: Contender
    passed_over: list[Contender] = field(default_factory=list)


@dataclass
class BracketTrace:
    """How one bracket was paired, for the explanation (Art. 3.2)."""

    score: int
    residents: list[Contender]
    upfloaters: list[Contender]
    by_colour: bool
    """True when G1 started as the White seekers; False when nobody in the bracket had played (3.2.3)."""
    g1: list[Contender] = field(default_factory=list)
    g2: list[Contender] = field(default_factory=list)
    shifts: list[tuple[Contender, str]] = field(default_factory=list)
    """(player, "G1 to G2" or "G2 to G1", in the order made (3.2.4)."""
    s1: list[Contender] = field(default_factory=list)
    t2: list[Contender] = field(default_factory=list)
    passed: dict[int, list[Contender]] = field(default_factory=dict)
    """For each S1 player, the G2 players before their opponent in 4.4 order that were not possible."""


@dataclass
class DubovOutcome:
    """The pairs of a round (colours not yet given), the bye, and how each bracket was made."""

    pairs: list[tuple[Contender, Contender]]
    bye: ByeChoice | None
    brackets: list[BracketTrace]


def middle_out(items: Sequence[Contender]) -> list[Contender]:
    """Art. 4.3.3: sequence numbers from the middle of the list outwards, the higher of two middles first
    (A..G gives D, C, E, B, F, A, G)."""
    middle = (len(items) - 1) / 2
    order = sorted(range(len(items)), key=lambda i: (abs(i - middle), i))
    return [items[i] for i in order]


def _adjacency(field_: DubovField, players: Sequence[Contender]) -> list[list[int]]:
    neighbours: list[list[int]] = [[] for _ in players]
    for i, a in enumerate(players):
        for j in range(i + 1, len(players)):
            if field_.allowed(a, players[j]):
                neighbours[i].append(j)
                neighbours[j].append(i)
    return neighbours


def bye_ranking(players: Sequence[Contender]) -> list[Contender]:
    """The players [C2] allows the PAB (3.1.1), best first: lowest score (3.1.3), most games played (3.1.4),
    largest pairing number (3.1.5)."""
    return sorted((p for p in players if p.bye_eligible), key=lambda p: (p.score, -p.games, -p.number))


def choose_bye(field_: DubovField, players: Sequence[Contender], *, pure_python: bool = False) -> ByeChoice:
    """Art. 3.1: the player who takes the pairing-allocated bye.

    :raises PairingError: when no player [C2] allows can take it with everybody else paired ([C4]).
    """
    ranked = bye_ranking(players)
    n = len(players)
    pair_weight = 1 << (len(ranked) + 1).bit_length()
    computer = new_matching_computer(n + 1, pair_weight * (n + 1), pure_python=pure_python)
    index = {p.tpn: i for i, p in enumerate(players)}
    for i, neighbours in enumerate(_adjacency(field_, players)):
        for j in neighbours:
            if i < j:
                computer.set_edge_weight(i, j, pair_weight)
    for rank, player in enumerate(ranked):
        computer.set_edge_weight(index[player.tpn], n, len(ranked) - rank)
    computer.compute_matching()
    mates = computer.mates()
    if any(mates[i] == i for i in range(n + 1)):
        raise PairingError(
            f"round {field_.round_number}: no player allowed the pairing-allocated bye ([C2]) leaves the others "
            "a legal pairing ([C1], [C3], forbidden pairs); C.04.4.1 Art. 1.9 leaves the round to the arbiter"
        )
    chosen = players[mates[n]]
    return ByeChoice(chosen, ranked[:ranked.index(chosen)])


class FieldMatcher:
    """The whole-field matching of Art. 3.2.1-3.2.2, bracket after bracket, re-optimised incrementally."""

    def __init__(self, field_: DubovField, players: Sequence[Contender], *, pure_python: bool = False) -> None:
        self.field = field_
        self.players = list(players)
        self.fields = CriterionFields(field_, self.players)
        self.neighbours = _adjacency(field_, self.players)
        self.active = set(range(len(self.players)))
        self.computer: MatchingComputer = new_matching_computer(len(self.players), self.fields.max_weight,
                                                                pure_python=pure_python)
        for i, neighbours in enumerate(self.neighbours):
            for j in neighbours:
                if i < j:
                    self.computer.set_edge_weight(i, j, self.fields.complete)
        self.computer.compute_matching()
        if any(self.computer.mates()[i] == i for i in self.active):
            raise PairingError(
                f"round {field_.round_number}: the players cannot all be paired without a rematch, two equal "
                "absolute colour preferences or a forbidden pair ([C1], [C3], [C4]); C.04.4.1 Art. 1.9 leaves "
                "the round to the arbiter"
            )

    def _edge_weight(self, i: int, j: int, residents: set[int], resident_tpns: set[int]) -> int:
        if i in residents:
            return self.fields.weight(self.players[i], self.players[j], resident_tpns)
        return self.fields.weight(self.players[j], self.players[i], resident_tpns)

    def _upfloats_with_bonus(self, candidate: int, residents: set[int], resident_tpns: set[int]) -> bool:
        """Whether some best matching upfloats ``candidate``: a one-unit bonus on its pairs with residents
        (below every criterion) makes the optimum upfloat it if any best matching does."""
        links = [r for r in self.neighbours[candidate] if r in residents]
        for r in links:
            self.computer.set_edge_weight(candidate, r, self._edge_weight(r, candidate, residents, resident_tpns) + 1)
        self.computer.compute_matching()
        for r in links:
            self.computer.set_edge_weight(candidate, r, self._edge_weight(r, candidate, residents, resident_tpns))
        return self.computer.mates()[candidate] in residents

    def next_bracket(self) -> tuple[list[Contender], list[Contender]]:
        """The residents of the highest remaining score and the first best set of upfloaters (3.2.1-3.2.2)."""
        players = self.players
        top = max(players[i].score for i in self.active)
        residents = [i for i in sorted(self.active) if players[i].score == top]
        resident_tpns = {players[i].tpn for i in residents}
        resident_set = set(residents)
        lowers = [i for i in sorted(self.active) if i not in resident_set]  # 4.2.2: score, then pairing number
        if not lowers:  # the last bracket: the whole rest, known to be completable
            self.active.clear()
            return [players[i] for i in residents], []
        for r in residents:
            for x in self.neighbours[r]:
                if x in self.active and (x not in resident_set or r < x):
                    self.computer.set_edge_weight(r, x, self._edge_weight(r, x, resident_set, resident_tpns))
        self.computer.compute_matching()
        need = sum(1 for i in lowers if self.computer.mates()[i] in resident_set)
        chosen: list[int] = []
        for candidate in lowers:
            if need == len(chosen):
                break
            if (self.computer.mates()[candidate] in resident_set
                    or self._upfloats_with_bonus(candidate, resident_set, resident_tpns)):
                chosen.append(candidate)
                for x in self.neighbours[candidate]:
                    if x in self.active and x not in resident_set:
                        self.computer.set_edge_weight(candidate, x, 0)
        self._close(residents + chosen)
        return [players[i] for i in residents], [players[i] for i in chosen]

    def _close(self, members: list[int]) -> None:
        """Takes a paired bracket out of the matching: no pair joins it to the players still to be paired, so
        the bracket's own pairs never change what is best for them."""
        self.active.difference_update(members)
        for i in members:
            for x in self.neighbours[i]:
                if x in self.active:
                    self.computer.set_edge_weight(i, x, 0)


UNAVOIDABLE = "a pair inside the smaller subgroup is unavoidable"
EQUALISE = "to equalise the subgroups"


def g1_order(player: Contender) -> tuple[int, ...]:
    """Art. 4.3.2 (and 3.2.5 for S1): White seekers by ascending ARO, then pairing number."""
    return (player.aro, player.number)


def g2_order(player: Contender) -> tuple[int, ...]:
    """Art. 4.3.2 and 4.4: Black seekers by ascending pairing number."""
    return (player.number,)


class BracketMatcher:
    """The small matching of one closed bracket for Art. 3.2.3-3.2.6."""

    def __init__(self, field_: DubovField, trace: BracketTrace, *, pure_python: bool = False) -> None:
        self.members = trace.residents + trace.upfloaters
        self.trace = trace
        self.g1, self.g2 = list(trace.g1), list(trace.g2)
        self.index = {p.tpn: i for i, p in enumerate(self.members)}
        width = len(self.members).bit_length() + 1
        seq = 2 * width + 1  # the bonus field holds |S1| hints plus one player's bonus times (|S1| + 1)
        self.cross, self.c7, self.complete = 1 << seq, 1 << (seq + width), 1 << (seq + 2 * width)
        self.computer = new_matching_computer(len(self.members), (1 << (seq + 3 * width)) - 1,
                                              pure_python=pure_python)
        in_g1 = {p.tpn for p in self.g1}
        self.base: dict[tuple[int, int], int] = {}
        for i, a in enumerate(self.members):
            for j in range(i + 1, len(self.members)):
                b = self.members[j]
                if may_pair_in_bracket(field_, trace, a, b):
                    weight = self.complete
                    weight |= self.c7 if a.preference is not b.preference else 0
                    weight |= self.cross if (a.tpn in in_g1) != (b.tpn in in_g1) else 0
                    self.base[(i, j)] = weight
                    self.computer.set_edge_weight(i, j, weight)
        self.computer.compute_matching()

    def _edge(self, a: Contender, b: Contender) -> tuple[int, int]:
        i, j = self.index[a.tpn], self.index[b.tpn]
        return (i, j) if i < j else (j, i)

    def _set(self, a: Contender, b: Contender, bonus: int) -> None:
        key = self._edge(a, b)
        if key in self.base:
            self.computer.set_edge_weight(*key, self.base[key] + bonus)

    def _remove(self, a: Contender, b: Contender) -> None:
        key = self._edge(a, b)
        if self.base.pop(key, None) is not None:
            self.computer.set_edge_weight(*key, 0)

    def mate(self, player: Contender) -> Contender:
        return self.members[self.computer.mates()[self.index[player.tpn]]]

    def _within(self, player: Contender, group: list[Contender]) -> bool:
        mate = self.mate(player)
        return mate is not player and mate in group

    def _shift(self, source: list[Contender], destination: list[Contender], need: int,
               key: Callable[[Contender], tuple[int, ...]], label: str) -> None:
        """Moves the first ``need`` players of ``source`` in Art. 4.3 order that some best pairing pairs
        inside ``source``; each one moved is then paired with a ``source`` player (3.2.4)."""
        for player in middle_out(sorted(source, key=key)):
            if need == 0:
                return
            if not self._within(player, source):
                for other in source:
                    self._set(player, other, 1)
                self.computer.compute_matching()
                for other in source:
                    self._set(player, other, 0)
            if self._within(player, source):
                need -= 1
                source.remove(player)
                for other in destination:
                    self._remove(player, other)
                destination.append(player)
                self.trace.shifts.append((player, label))

    def _pairs_within(self, group: list[Contender]) -> int:
        return sum(1 for p in group if self._within(p, group)) // 2

    def recompose(self) -> None:
        """Art. 3.2.4: unavoidable pairs inside the smaller subgroup (G1 if equal) are broken by shifting one
        player of each, then the larger subgroup gives players to the smaller until both are equal."""
        if len(self.g1) <= len(self.g2):
            self._shift(self.g1, self.g2, self._pairs_within(self.g1), g1_order, f"G1 to G2: {UNAVOIDABLE}")
        else:
            self._shift(self.g2, self.g1, self._pairs_within(self.g2), g2_order, f"G2 to G1: {UNAVOIDABLE}")
        if len(self.g1) < len(self.g2):
            self._shift(self.g2, self.g1, (len(self.g2) - len(self.g1)) // 2, g2_order, f"G2 to G1 {EQUALISE}")
        elif len(self.g1) > len(self.g2):
            self._shift(self.g1, self.g2, (len(self.g1) - len(self.g2)) // 2, g1_order, f"G1 to G2 {EQUALISE}")

    def _keep_cross_pairs(self) -> None:
        """After 3.2.4 every pair joins G1 to G2: pairs inside a subgroup go."""
        for group in (self.g1, self.g2):
            for i, a in enumerate(group):
                for b in group[i + 1:]:
                    self._remove(a, b)

    def _fix(self, player: Contender, partner: Contender) -> None:
        """Keeps ``player`` and ``partner`` together: every other pair of theirs goes."""
        for other in self.members:
            if other is not partner:
                self._remove(player, other)
            if other is not player:
                self._remove(partner, other)

    def transpose(self, field_: DubovField) -> list[tuple[Contender, Contender]]:
        """Art. 3.2.5-3.2.6: S1 by ascending ARO, then pairing number; each S1 player in turn gets the first
        G2 player (ascending pairing number, Art. 4.4) that still allows a legal pairing of the others.

        A one-unit hint on each pair S1[k]-G2[k] lets the first optimum follow the natural order wherever it
        can; a player whose optimal opponent is already the first one it may meet at all is paired without a
        new optimisation. Otherwise the player's pairs get a bonus decreasing along G2, scaled above all the
        hints together, and the re-optimised matching gives its first possible opponent.
        """
        self._keep_cross_pairs()
        s1 = sorted(self.g1, key=g1_order)
        free = sorted(self.g2, key=g2_order)
        for player, other in zip(s1, free):
            self._set(player, other, 1)
        self.computer.compute_matching()
        scale = len(s1) + 1
        pairs = []
        for player in s1:
            possible = [other for other in free if self._edge(player, other) in self.base]
            if not possible:
                raise PairingError(f"round {field_.round_number}: the bracket of player {player.tpn} "
                                   "lost its legal pairing (C.04.4.1 Art. 3.2.6)")
            if self.mate(player) is not possible[0]:
                for k, other in enumerate(free):
                    self._set(player, other, (len(free) - k) * scale)
                self.computer.compute_matching()
            partner = self.mate(player)
            self.trace.passed[player.tpn] = free[: free.index(partner)]
            free.remove(partner)
            self._fix(player, partner)
            pairs.append((player, partner))
        self.trace.s1 = s1
        self.trace.t2 = [partner for _, partner in pairs]
        return pairs


def may_pair_in_bracket(field_: DubovField, trace: BracketTrace, a: Contender, b: Contender) -> bool:
    """The absolute criteria, and no two upfloaters together: the set of upfloaters is the smallest
    (3.2.1), so each of them meets a resident."""
    return field_.allowed(a, b) and not (a in trace.upfloaters and b in trace.upfloaters)


def pair_bracket(field_: DubovField, residents: list[Contender], upfloaters: list[Contender],
                 *, pure_python: bool = False) -> tuple[list[tuple[Contender, Contender]], BracketTrace]:
    """Art. 3.2.3-3.2.6 for one closed bracket: G1 is the White seekers, or the first half by pairing number
    when nobody in the bracket has played (3.2.3); see :func:`natural_pairing` for the common case, else the
    bracket's matching decides."""
    members = residents + upfloaters
    trace = BracketTrace(residents[0].score, residents, upfloaters, any(p.games for p in members))
    if trace.by_colour:
        trace.g1 = [p for p in members if p.preference is Colour.WHITE]
    else:
        trace.g1 = sorted(members, key=lambda p: p.number)[: len(members) // 2]
    trace.g2 = [p for p in members if p not in trace.g1]
    pairs = natural_pairing(field_, trace)
    if pairs is not None:
        return pairs, trace
    matcher = BracketMatcher(field_, trace, pure_python=pure_python)
    matcher.recompose()
    return matcher.transpose(field_), trace


def natural_pairing(field_: DubovField, trace: BracketTrace) -> list[tuple[Contender, Contender]] | None:
    """The bracket's pairing when it needs no search, else ``None``.

    Let the larger subgroup give its first (|larger| - |smaller|) / 2 players in the middle-out order of
    Art. 4.3 to the smaller one. If then S1[k] may meet G2[k] for every k, that is the pairing. It pairs every
    player of the original smaller subgroup across, so it loses the fewest colour preferences possible
    ([C7]: one per pair left inside the larger subgroup), and no pair inside the smaller subgroup was
    unavoidable; the players moved are the first set in 4.3 order that allows such a pairing; and S1[k]-G2[k]
    is the first transposition (3.2.6).
    """
    g1, g2 = list(trace.g1), list(trace.g2)
    moved: list[tuple[Contender, str]] = []
    if len(g1) != len(g2):
        larger, smaller, order, label = ((g1, g2, g1_order, f"G1 to G2 {EQUALISE}") if len(g1) > len(g2)
                                         else (g2, g1, g2_order, f"G2 to G1 {EQUALISE}"))
        for player in middle_out(sorted(larger, key=order))[: (len(larger) - len(smaller)) // 2]:
            larger.remove(player)
            smaller.append(player)
            moved.append((player, label))
    s1 = sorted(g1, key=g1_order)
    t2 = sorted(g2, key=g2_order)
    if not all(may_pair_in_bracket(field_, trace, a, b) for a, b in zip(s1, t2)):
        return None
    trace.shifts, trace.s1, trace.t2 = moved, s1, t2
    return list(zip(s1, t2))


def pair_round(field_: DubovField, *, pure_python: bool = False, windowed: bool = True) -> DubovOutcome:
    """Pairs the round: the bye first (3.1), then the brackets from the highest score down (3.2).

    Brackets are chosen on their own relaxed matchings while that provably gives the whole-field answer
    (:mod:`.window`); ``windowed=False`` always uses the whole-field matching (the tests compare the two).

    :raises PairingError: when the absolute criteria leave no complete pairing (Art. 1.9).
    """
    players = list(field_.contenders)
    window = WindowedBrackets(field_, players, pure_python=pure_python) if windowed and players else None
    bye = None
    if len(players) % 2:
        proven = window.proven_bye(bye_ranking(players)) if window is not None else None
        bye = ByeChoice(proven) if proven is not None else choose_bye(field_, players, pure_python=pure_python)
        players.remove(bye.player)
        if window is not None and proven is None:
            window.remove({bye.player.tpn})
    pairs: list[tuple[Contender, Contender]] = []
    brackets: list[BracketTrace] = []
    if window is not None and not window.is_proven_complete():
        window = None
    remaining = {p.tpn for p in players}
    matcher: FieldMatcher | None = None
    while remaining:
        chosen = window.next_bracket() if window is not None else None
        if chosen is None:
            window = None
            if matcher is None:
                matcher = FieldMatcher(field_, [p for p in players if p.tpn in remaining], pure_python=pure_python)
            chosen = matcher.next_bracket()
        residents, upfloaters = chosen
        remaining -= {p.tpn for p in residents + upfloaters}
        bracket_pairs, trace = pair_bracket(field_, residents, upfloaters, pure_python=pure_python)
        pairs += bracket_pairs
        brackets.append(trace)
    return DubovOutcome(pairs, bye, brackets)
