"""The classic Burstein system (the Handbook text before the Dutch-seeded editions), on a maximum-weight matching.

Articles cited are those of the classic text as ``docs/burstein.md`` restates them.

Order (Art. 3.2, 3.3): players are grouped by score (the imaginary point of the top half included in rounds 1
and 2) and, inside a score group, ordered by Sonneborn-Berger, Buchholz, Median, then start number
(:mod:`.index`). A player floated into a lower group is ordered with its members by the same values, the
Buchholz and Median weighed by each player's score.

Bye (Art. 4): the lowest player of that order who has not yet scored a point without playing, chosen first.

Pairing (Art. 6): the tables of Art. 6.2 and 6.4 list every pairing of a group in the order "the highest
player meets the lowest he may, then the second highest the lowest remaining, ...". Walking them literally
is exponential, so the first acceptable line is found the way the Dutch procedure finds its transpositions:

1. *Which groups can be paired* (Art. 6.3, 6.6). One matching over the whole field, edges only where
   Art. 3.1 and 5.2/5.3 allow a game: score groups are added top down, each may send one player to the group
   below it (an odd group must), and a group that cannot be completed this way is merged with the next one
   (6.6: "these two SG's shall be considered as one SG"); the last group merges upwards.
2. *Which line of the table* (Art. 6.1, 6.5). Group by group, the edge weight ranks, in this order: a game
   is allowed; both players belong to the (merged) group; their due colours agree (6.5: as many due colours as
   possible); and, for the highest unpaired player only, how low in the group the opponent is. The optimum
   gives that player the lowest opponent any complete pairing of the field allows, the pair is fixed, and
   the next unpaired player follows. Fixing the players one at a time in the table's order is exactly the
   first line of the table that the higher criteria accept, and costs one re-optimisation per player (the
   incremental matcher of :mod:`sheetpair.pairing.matching`: O(k·n²) for k changed vertices).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cmp_to_key

from ...core.errors import PairingError
from ...core.model import ByeKind, Colour, Tournament
from ...core.state import derive
from ..common import players_to_pair
from ..fide.entrants import Edition, Entrant, RoundField, build_field
from ..matching import MatchingComputer, new_matching_computer
from .colours import allocate, allowed_game, preferences_agree
from .index import Index, classic_indexes
from .probe import criterion_lost


@dataclass
class GroupLog:
    """One (possibly merged) score group as the procedure paired it, for notes and explanations."""

    score: int
    lowest: int
    """The lowest resident score: below ``score`` when groups were merged (Art. 6.6)."""
    members: list[int]
    """Start numbers in the order of Art. 3.2 (the incoming floater among them)."""
    incoming: int | None = None
    outgoing: int | None = None
    pairs: list[tuple[int, int]] = field(default_factory=list)
    skipped: dict[int, list[int]] = field(default_factory=dict)
    """For each paired player, the lower players of the group he was not given, lowest first (met, colours
    or the rest of the field)."""
    reasons: dict[tuple[int, int], str] = field(default_factory=dict)
    """When explaining: (player, lower player not given) -> the criterion the game would have broken."""


@dataclass
class ClassicOutcome:
    """The round: pairs (the player higher in the group first, his colour, its rule), the bye, the logs."""

    pairs: list[tuple[Entrant, Entrant, Colour, str]]
    bye: Entrant | None
    groups: list[GroupLog]
    order: list[Entrant]
    indexes: dict[int, Index]
    imaginary: set[int]
    field: RoundField


def imaginary_point_holders(tournament: Tournament, round_number: int) -> list[int]:
    """Art. 3.3: the top half of the initial list, by start number, in rounds 1 and 2.

    The half is counted among the players who take part in round 1's pairing (a player with a bye asked for
    round 1 is not counted); players listed between them share the point.
    """
    if round_number > 2:
        return []
    if round_number == 1 or tournament.current_round < 1:
        took_part = set(players_to_pair(tournament, 1))
    else:
        first = tournament.round(1)
        took_part = {p for g in first.games for p in (g.white, g.black)}
        took_part |= {b.player for b in first.byes if b.kind is ByeKind.PAB}
    remaining = len(took_part)
    holders: list[int] = []
    if remaining <= 1:
        return holders
    for player in sorted(tournament.players, key=lambda p: p.tpn):
        holders.append(player.tpn)
        if player.tpn in took_part:
            remaining -= 2
            if remaining <= 1:
                break
    return holders


CRITERIA = ("the rest of the field could not be paired completely (Art. 6.6)",
            "fewer players would be paired within their own group (Art. 6.3, 6.6)",
            "fewer players would get their due colour (Art. 6.5)")


class _Weights:
    """Edge weights, highest field first: allowed game, same group, due colours agree, the opponent's depth."""

    def __init__(self, size: int, forbidden: set[frozenset[int]]) -> None:
        self.depth = max(size, 2) * max(size, 2) + 2
        self.colour = self.depth
        self.same = self.colour * (size // 2 + 2)
        self.allowed = self.same * (size // 2 + 2)
        self.max = self.allowed + self.same + 2 * self.colour
        self.fields = (self.allowed, self.same, self.colour)
        """The criterion fields, highest first, as named in :data:`CRITERIA` (the depth field below them)."""
        self.forbidden = forbidden

    def edge(self, a: Entrant, b: Entrant, *, same: bool, colours: bool) -> int:
        if not allowed_game(a, b, self.forbidden):
            return 0
        due = same and colours and preferences_agree(a, b)
        return self.allowed + (self.same if same else 0) + (self.colour if due else 0)


class ClassicProcedure:
    """Pairs one round of the classic Burstein system; see the module docstring."""

    def __init__(self, tournament: Tournament, round_number: int, *, imaginary: bool = True,
                 pure_python: bool = False, explaining: bool = False) -> None:
        self.tournament = tournament
        self.explaining = explaining
        self.imaginary = set(imaginary_point_holders(tournament, round_number)) if imaginary else set()
        virtual = {round_number: {tpn: tournament.settings.points_win for tpn in self.imaginary}}
        self.field = build_field(tournament, round_number, Edition.RULES_2017, virtual)
        state = derive(tournament, through_round=round_number - 1)
        points = {tpn: tournament.settings.points_win for tpn in self.imaginary} if round_number == 2 else {}
        self.indexes = classic_indexes(state, [e.tpn for e in self.field.entrants], points)
        self.pure_python = pure_python

    # -- the order of Art. 3.2 -------------------------------------------------------------------------
    def compare(self, a: Entrant, b: Entrant) -> int:
        """Negative when ``a`` comes before ``b``: higher SB, Buchholz, Median, then smaller start number.

        Between players of different scores (a floater and his new group) Buchholz and Median are weighed
        by the score, so that a floater's values count for the points he brings.
        """
        x, y = self.indexes[a.tpn].values, self.indexes[b.tpn].values
        if a.score != b.score:
            x = (x[0], x[1] * a.score, x[2] * a.score)
            y = (y[0], y[1] * b.score, y[2] * b.score)
        key_a, key_b = (*x, -a.rank), (*y, -b.rank)
        return -1 if key_a > key_b else 1 if key_a < key_b else 0

    def sort_key(self, entrant: Entrant) -> tuple[float, ...]:
        """Score groups from the highest down, each in the order of Art. 3.2."""
        sb, bh, median = self.indexes[entrant.tpn].values
        return (-entrant.score, -sb, -bh, -median, entrant.rank)

    # -- the round --------------------------------------------------------------------------------------
    def run(self) -> ClassicOutcome:
        order = sorted(self.field.entrants, key=self.sort_key)
        bye = self._bye(order)
        labels = [e for e in order if e is not bye]
        weights = _Weights(len(labels), self.tournament.forbidden_pairs)
        matcher = new_matching_computer(len(labels), weights.max, pure_python=self.pure_python)
        groups = _ScoreGroups(labels, weights, matcher)
        groups.build()
        pairs, logs = self._pair_groups(labels, groups.bounds, weights, matcher)
        return ClassicOutcome(pairs, bye, logs, order, self.indexes, self.imaginary, self.field)

    def _bye(self, order: list[Entrant]) -> Entrant | None:
        """Art. 4.1–4.3: the lowest player in the order who has not had a point without playing."""
        if len(order) % 2 == 0:
            return None
        for entrant in reversed(order):
            if entrant.bye_eligible:
                return entrant
        raise PairingError("no player may receive the bye: every player has already scored a point without "
                           "playing (Burstein Art. 4.1)")

    def _vertex_order(self, labels: list[Entrant]) -> Callable[[int, int], int]:
        """:meth:`compare` for matcher vertices: a group merged under Art. 6.6 holds several scores."""

        def order(x: int, y: int) -> int:
            return self.compare(labels[x], labels[y])

        return order

    def _place_of_floater(self, labels: list[Entrant], members: list[int], floater: int) -> int:
        """Where a floater enters the order of his new group: before the first member he ranks above.

        The text orders "players in every SG (including floaters from another SG)" by SB, Buchholz and
        Median (Art. 3.2) without saying how players of different scores compare; with Buchholz and Median
        weighed by the score (:meth:`compare`) the floater is compared with the members from the top down.
        """
        for place, member in enumerate(members):
            if self.compare(labels[floater], labels[member]) < 0:
                return place
        return len(members)

    def _pair_groups(
        self, labels: list[Entrant], bounds: list[int], weights: _Weights, matcher: MatchingComputer
    ) -> tuple[list[tuple[Entrant, Entrant, Colour, str]], list[GroupLog]]:
        """Art. 6.1–6.5, group by group from the top; a group's floater joins the next one (6.3)."""
        pairing = _GroupPairing(labels, weights, matcher, self.tournament.settings.initial_colour, self.explaining)
        floater: int | None = None
        begin = bounds[0]
        for end in bounds[1:]:
            if begin == end:
                continue
            members = sorted(range(begin, end), key=cmp_to_key(self._vertex_order(labels)))
            if floater is not None:
                members.insert(self._place_of_floater(labels, members, floater), floater)
            floater = pairing.pair_group(members, end, floater, (labels[begin].score, labels[end - 1].score))
            begin = end
        return pairing.pairs, pairing.logs


class _ScoreGroups:
    """Art. 6.3 and 6.6: the boundaries of the groups that can be paired, each sending at most one floater.

    ``bounds`` lists where each group begins, the field's size last; a boundary written twice means no
    floater may cross it (the players above it are even in number).
    """

    def __init__(self, labels: list[Entrant], weights: _Weights, matcher: MatchingComputer) -> None:
        self.labels = labels
        self.weights = weights
        self.matcher = matcher
        self.bounds = [0, 0]

    def build(self) -> None:
        n = len(self.labels)
        bounds = self.bounds
        valid = True
        while bounds[-1] < n:
            bounds.append(bounds[-1])
            valid = self._next_group()
            if bounds[-1] < n and bounds[-1] % 2 == 0:
                bounds.append(bounds[-1])
        while len(bounds) > 3 and not valid:
            valid = self._merge_last_upwards()
        if not valid:
            raise PairingError("the players cannot all be paired without a second game between two players "
                               "or an impossible colour (Burstein Art. 3.1, 5.2, 5.3)")

    def _next_group(self) -> bool:
        """Adds the next score group, merging the ones below into it while it cannot be completed (6.6)."""
        n, bounds = len(self.labels), self.bounds
        while True:
            self._add_score()
            if bounds[-1] % 2:  # an odd group: one player will float to the next one down
                for u in range(bounds[-2], bounds[-1]):
                    self.matcher.set_edge_weight(bounds[-1], u, self.weights.allowed)
            self.matcher.compute_matching()
            valid = _groups_complete(self.matcher.mates(), bounds)
            if bounds[-1] >= n or valid:
                return valid

    def _add_score(self) -> None:
        """The players of the next score join the group being built, with edges to it and to the group above."""
        labels, bounds = self.labels, self.bounds
        first = bounds[-1]
        while True:
            v = bounds[-1]
            for u in range(bounds[-3], v):
                self.matcher.set_edge_weight(v, u, self.weights.edge(labels[u], labels[v], same=u >= bounds[-2],
                                                                     colours=False))
            bounds[-1] += 1
            if bounds[-1] >= len(labels) or labels[first].score != labels[bounds[-1]].score:
                return

    def _merge_last_upwards(self) -> bool:
        """6.6 for the lowest group, which has no group below: it is merged with the one above."""
        labels, bounds = self.labels, self.bounds
        n = len(labels)
        bounds.pop()
        boundary = bounds.pop()
        begin = bounds.pop()
        for outer in range(bounds[-1], boundary):
            for inner in range(boundary, n):
                self.matcher.set_edge_weight(outer, inner, self.weights.edge(labels[outer], labels[inner],
                                                                             same=outer >= begin, colours=False))
        self.matcher.compute_matching()
        bounds += [begin, n]
        return _groups_complete(self.matcher.mates(), bounds)


class _GroupPairing:
    """Art. 6.1–6.5 in one group: the highest unpaired player meets the lowest one the optimum allows."""

    def __init__(self, labels: list[Entrant], weights: _Weights, matcher: MatchingComputer, initial: Colour,
                 explaining: bool = False) -> None:
        self.explaining = explaining
        self.solved = False
        self.labels = labels
        self.weights = weights
        self.matcher = matcher
        self.initial = initial
        self.paired: set[int] = set()
        self.pairs: list[tuple[Entrant, Entrant, Colour, str]] = []
        self.logs: list[GroupLog] = []

    def pair_group(self, members: list[int], end: int, incoming: int | None, scores: tuple[int, int]) -> int | None:
        """Pairs ``members`` (in the order of Art. 3.2; ``scores`` the residents' highest and lowest); returns
        the vertex that floats to the next group."""
        labels = self.labels
        log = GroupLog(*scores, [labels[v].tpn for v in members],
                       labels[incoming].tpn if incoming is not None else None)
        self.logs.append(log)
        for i, v in enumerate(members):
            for u in reversed(members[i + 1:]):
                self.matcher.set_edge_weight(v, u, self.weights.edge(labels[v], labels[u], same=True, colours=True))
        self.solved = False
        floater = None
        for i, v in enumerate(members):
            if v in self.paired:
                continue
            mate = self._lowest_opponent(members, i)
            if mate >= end:
                floater = v
                log.outgoing = labels[v].tpn
                continue
            if self.explaining:
                self._probe(v, mate, members[i + 1:], log)
            self._fix(v, mate, members[i + 1:], log)
        return floater

    def _lowest_opponent(self, members: list[int], i: int) -> int:
        """The optimum's partner of ``members[i]`` once each lower opponent weighs more the lower it stands.

        When the optimum at hand already gives him the lowest player he may meet, no re-optimisation is
        needed: the depth field can only add to that pair, and fixing pairs of the optimum keeps the rest
        of it optimal (``solved`` says the optimum is that of the current weights but for fixed pairs).
        """
        v = members[i]
        weights = {u: self.weights.edge(self.labels[v], self.labels[u], same=True, colours=True)
                   for u in members[i + 1:] if u not in self.paired}
        allowed = [u for u, weight in weights.items() if weight]
        if self.solved and allowed and self.matcher.mates()[v] == allowed[-1]:
            return allowed[-1]
        for depth, u in enumerate(allowed, start=1):
            self.matcher.set_edge_weight(v, u, weights[u] + depth)
        self.matcher.compute_matching()
        self.solved = True
        mate = self.matcher.mates()[v]
        if mate == v:
            raise PairingError(f"player {self.labels[v].tpn} cannot be paired (Burstein Art. 6.6)")
        return mate

    def _probe(self, v: int, mate: int, below: list[int], log: GroupLog) -> None:
        """Records which criterion each lower player than ``mate`` (the table ranks them first) would break."""
        labels = self.labels
        lower = [u for u in reversed(below) if u not in self.paired]
        for u in lower[:lower.index(mate)]:
            if self.matcher.weight(v, u):
                log.reasons[(labels[v].tpn, labels[u].tpn)] = criterion_lost(
                    self.matcher, len(labels), v, u, self.weights.fields, CRITERIA,
                    "a line earlier in the table complies as well")

    def _fix(self, v: int, mate: int, below: list[int], log: GroupLog) -> None:
        labels = self.labels
        lower = [labels[u].tpn for u in reversed(below) if u not in self.paired]
        self.paired |= {v, mate}
        colour, rule = allocate(labels[v], labels[mate], self.initial)
        self.pairs.append((labels[v], labels[mate], colour, rule))
        log.pairs.append((labels[v].tpn, labels[mate].tpn))
        log.skipped[labels[v].tpn] = lower[:lower.index(labels[mate].tpn)]
        self.matcher.fix_pair(v, mate, 1)


def _groups_complete(mates: list[int], bounds: list[int]) -> bool:
    """True when the optimum pairs every player of the groups so far, at most one crossing each boundary.

    Only the last group built may leave a player for the next one (the provisional floater); a group whose
    end is odd counts its incoming and its outgoing floater.
    """
    position = 0
    crossing = 0
    group_begin = 0
    for v, mate in enumerate(mates):
        if v >= bounds[-1]:
            return True
        if v >= bounds[position]:
            crossing = 0
            group_begin = v
            while v >= bounds[position]:
                position += 1
        if v == mate and v < bounds[-2]:
            return False
        if v == mate or mate < group_begin or mate >= bounds[position]:
            crossing += 1
            if crossing > (2 if bounds[position] % 2 else 1):
                return False
    return True

