"""The bracket-by-bracket procedure of C.04.3 Art. 3–4, carried out on a maximum-weight matching.

Why matching and not the literal enumeration of transpositions and exchanges: the enumeration is
exponential in the bracket size, and [C4] ("a legal pairing must remain possible for everybody not yet
paired") needs a look-ahead over the whole field at every bracket. A maximum-weight matching over all
players answers [C4] exactly (an edge exists only where [C1]–[C3] allow it, and the completion field
outweighs everything else), and the quality criteria become lexicographic weight fields
(:mod:`.weights`). The TEC commentary accepts any method that gives the same result as the text
(*Annotated Dutch 2026*, p. 5), and this is the method of the engine FIDE's checkers are compared with.

Each bracket, top down (1.9.2):

1. weights for the bracket and the next one are recomputed (:meth:`WeightBuilder.weight`), the optimum
   tells how many players of each score the bracket can pair ([C6]–[C8]);
2. MDPs are chosen in order (Art. 4.4: the first valid set of pairable MDPs), each one fixed as soon as
   the optimum keeps it paired; their opponents are the highest residents the optimum allows (S2 order);
3. in the remainder, the number of exchanges is minimised, then the exchanged players are chosen in the
   order of 4.3 (lowest S1 players first, highest S2 players first), then each S1 player gets the first
   S2 player the optimum allows (transpositions in 4.2 order);
4. the pairs are fixed (weight above every criterion) and the unpaired players float to the next bracket.

Cost on the whole field: one O(n³) solve, then O(k·n²) per re-optimisation after k vertices changed, O(n)
of them per round. :mod:`.window` runs the same steps on the bracket alone (or on the bracket and the next
score group) whenever a degree bound proves that the players below cannot change the bracket's pairing,
which brings a round of a big open down to the brackets' sizes.

One walk serves both editions (:class:`BracketProcedure`): the 2017 text (:class:`BracketProcedure2017`)
differs only in small policies — how the round starts (A.9's completability check instead of the PAB's
placement), the graph of a bracket (its own players and the next score group, or a pool standing for that
group when a degree bound allows; the 2017 weights and their exchange-order width),
whether a bracket is accepted (A.9 again: else the Penultimate Pairing Bracket is paired with everybody
below), and what follows a bracket (the 2026 [C9] flag). The steps of one bracket live in :mod:`.bracket`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.errors import PairingError
from ..fide.entrants import Edition, Entrant, RoundField
from ..matching import MatchingComputer, new_cardinality_computer, new_matching_computer
from .bounds import Pairability
from .bracket import Bracket, BracketLog, Graph, WholeField
from .weights import Layout, WeightBuilder
from .weights_2017 import BracketWeights2017

__all__ = ["BELOW", "BracketProcedure", "BracketProcedure2017", "BracketResult", "MatchingOutcome", "Walk"]

BELOW = -1
"""Partner of a player whom the optimum pairs below the next score group (see :mod:`.window`)."""


@dataclass
class MatchingOutcome:
    """The pairs (higher-ranked first), the PAB assignee and the log of brackets."""

    pairs: list[tuple[Entrant, Entrant]]
    bye: Entrant | None
    brackets: list[BracketLog]


def _outcome(players: list[Entrant], matched_with: dict[int, int], logs: list[BracketLog]) -> MatchingOutcome:
    """The round's pairs from the final matching (index → partner index); the one left unmatched has the bye."""
    pairs: list[tuple[Entrant, Entrant]] = []
    bye: Entrant | None = None
    for index, player in enumerate(players):
        mate = matched_with.get(index)
        if mate is None:
            bye = player
        elif index < mate:
            pairs.append((player, players[mate]))
    return MatchingOutcome(pairs, bye, logs)


@dataclass
class Walk:
    """The brackets from the top down (1.9.2): who is carried into the next bracket, where the groups begin.

    While a bracket is paired, ``by_index`` holds its entrants: the MDPs (``group_begin`` of them), the
    residents up to ``next_begin``, then the next score group (or, in a 2017 special bracket, everybody
    left). The residents are consecutive entrants from ``resident_start``; the next group starts at
    ``group_start``.
    """

    scores: list[int]
    by_index: list[int] = field(default_factory=list)
    group_begin: int = 0
    next_begin: int = 0
    resident_start: int = 0
    group_start: int = 0
    next_group: int = 0
    """First entrant not yet in a bracket."""
    everyone_below: bool = False
    """The current bracket's next group is everybody left (2017: the last bracket, or the PPB re-paired)."""

    @classmethod
    def from_top(cls, scores: list[int]) -> Walk:
        walk = cls(scores)
        while walk.next_group < len(scores) and scores[walk.next_group] >= scores[0]:
            walk.by_index.append(walk.next_group)
            walk.next_group += 1
        return walk

    def has_bracket(self) -> bool:
        return len(self.by_index) > 1 or self.next_group < len(self.scores)

    def open(self, *, everyone_below: bool) -> None:
        """The next bracket: the players carried so far, then the next score group joins them."""
        scores, n = self.scores, len(self.scores)
        self.everyone_below = everyone_below
        self.next_begin = len(self.by_index)
        self.group_start = self.next_group
        if self.next_group < n:
            group_score = scores[self.next_group]
            while self.next_group < n and (everyone_below or scores[self.next_group] >= group_score):
                self.by_index.append(self.next_group)
                self.next_group += 1

    def reopen(self) -> None:
        """Forgets the next group joined by :meth:`open` (the bracket is paired again another way)."""
        del self.by_index[self.next_begin:]
        self.next_group = self.group_start

    def new_log(self, players: list[Entrant]) -> BracketLog:
        by_index, begin = self.by_index, self.group_begin
        score = self.scores[by_index[begin]] if begin < self.next_begin else self.scores[by_index[0]]
        return BracketLog(score, [players[v].tpn for v in by_index[begin:self.next_begin]],
                          [players[v].tpn for v in by_index[:begin]])

    def close(self, paired: set[int], partner: dict[int, int], matched_with: dict[int, int],
              log: BracketLog, players: list[Entrant]) -> None:
        """The bracket's pairs are final; its unpaired players float, with the next group, to the next one."""
        carried: list[int] = []
        new_begin = 0
        for position, entrant in enumerate(self.by_index):
            if position < self.next_begin and entrant in paired:
                matched_with[entrant] = partner[entrant]
                matched_with[partner[entrant]] = entrant
            else:
                carried.append(entrant)
                if position < self.next_begin:
                    new_begin += 1
                    log.downfloaters.append(players[entrant].tpn)
        self.by_index = carried
        self.group_begin = new_begin
        self.resident_start = self.group_start


BracketResult = tuple[dict[int, int], set[int]]
"""Each entrant's partner in the bracket's final optimum (itself for the bye, :data:`BELOW`), and the
entrants the bracket paired."""


class BracketProcedure:
    """Pairs one round of the Dutch system on the whole field; see the module docstring.

    The walk (:meth:`run`) is the same for both editions; the edition's policies are the methods
    :meth:`_start`, :meth:`_everyone_below`, :meth:`_pair_bracket`, :meth:`_accepted` and
    :meth:`_after_bracket`.
    """

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        self.field = round_field
        self.players = round_field.entrants
        self.layout = Layout.of(round_field)
        self.builder = WeightBuilder(round_field, self.layout, forbidden)
        self.max_weight = self.layout.max_weight
        self.pure_python = pure_python
        self._whole_field: Graph | None = None

    @property
    def whole_field(self) -> Graph:
        """The whole-field graph, made on first use: the 2017 procedure never needs it, and :mod:`.window`
        only where its bounds fail (an unused matcher of the whole field costs as much memory as a used one)."""
        if self._whole_field is None:
            matcher = new_matching_computer(len(self.players), self.max_weight, pure_python=self.pure_python)
            self._whole_field = WholeField(matcher, self.max_weight)
        return self._whole_field

    def _set(self, u: int, v: int, weight: int) -> None:
        self.whole_field.set(u, v, weight)

    def _solve(self) -> list[int]:
        return self.whole_field.solve()

    # -- the walk ---------------------------------------------------------------------------------------
    def run(self) -> MatchingOutcome:
        players = self.players
        if not players:
            return MatchingOutcome([], None, [])
        started = self._start()
        if started is not None:
            return started
        walk = Walk.from_top([p.score for p in players])
        matched_with: dict[int, int] = {}
        logs: list[BracketLog] = []
        while walk.has_bracket():
            walk.open(everyone_below=self._everyone_below(walk))
            log = walk.new_log(players)
            partner, paired = self._pair_bracket(walk, log)
            if not self._accepted(walk, paired):
                walk.reopen()
                continue
            logs.append(log)
            self._after_bracket(walk, paired, partner)
            walk.close(paired, partner, matched_with, log, players)
        return _outcome(players, matched_with, logs)

    # -- the 2026 policies ----------------------------------------------------------------------------
    def _start(self) -> MatchingOutcome | None:
        """Round 1 in order when it is perfect; else [C4] and the PAB's score ([C5]) before any bracket.

        :raises PairingError: when no pairing satisfies [C1]–[C3], or every one gives the PAB to a player who
            may not get it ([C2]).
        """
        players = self.players
        top = players[0].score
        first_round = self._first_round_in_order()
        if first_round is not None:
            return first_round
        mates = self._initial_solution(top)
        if sum(1 for v, m in enumerate(mates) if v == m) > 1:
            raise PairingError("no pairing satisfies the absolute criteria (C.04.3 [C1]–[C3]); "
                               "the chief arbiter decides")
        if len(players) % 2:
            self._prepare_bye(mates, top)
            if not any(p.bye_eligible for v, p in enumerate(players) if mates[v] == v):
                raise PairingError("every pairing gives the pairing-allocated bye to a player who may not get it "
                                   "(C.04.3 [C2]); the chief arbiter decides")
        return None

    def _everyone_below(self, walk: Walk) -> bool:
        """2026: a bracket's next group is always one score group."""
        return False

    def _accepted(self, walk: Walk, paired: set[int]) -> bool:
        """2026: the whole-field optimum already kept the rest pairable ([C4]); every bracket stands."""
        return True

    def _after_bracket(self, walk: Walk, paired: set[int], partner: dict[int, int]) -> None:
        """[C9] applies to the next bracket when its score group is not above the PAB assignee's and nobody
        floating into it is paired lower down by the optimum (only the assignee will float from it)."""
        builder, scores, n = self.builder, walk.scores, len(self.players)
        group_start = walk.group_start
        builder.single_downfloater_is_bye = bool(n % 2 and group_start < n and builder.bye_score >= scores[group_start])
        if group_start >= n:
            return
        for position, entrant in enumerate(walk.by_index):
            if position < walk.next_begin and entrant in paired:
                continue
            mate = partner[entrant]
            if mate == BELOW or scores[mate] < scores[group_start]:
                builder.single_downfloater_is_bye = False

    def _pair_bracket(self, walk: Walk, log: BracketLog) -> BracketResult:
        """Pairs one bracket on the whole-field matcher."""
        by_index, next_begin, graph = walk.by_index, walk.next_begin, self.whole_field
        vertices = [graph.vertex(e) for e in by_index]
        bracket = Bracket(graph, self.players, vertices, walk.group_begin, next_begin,
                          graph.vertex(walk.resident_start), graph.vertex(walk.group_start), self.layout.group_bits,
                          log, [False] * len(self.players))
        bracket.set_base_weights(self._weigh(by_index, next_begin))
        bracket.solve()
        bracket.pair()
        partner = {e: graph.entrant(bracket.mates[v]) for e, v in zip(by_index, vertices)}
        return partner, {e for e, v in zip(by_index, vertices) if bracket.matched[v]}

    def _weigh(self, ents: list[int], next_begin: int) -> Callable[[int, int], int]:
        """The 2026 criteria weight of two positions of ``ents`` (the lower one in the bracket or the next group)."""
        weight = self.builder.weight

        def weigh(smaller: int, larger: int) -> int:
            in_current = larger < next_begin
            return weight(ents[smaller], ents[larger], in_current, not in_current)

        return weigh

    def _first_round_in_order(self) -> MatchingOutcome | None:
        """3.4 before anybody has played: every score group's candidate in order is perfect.

        With no history there are no colour preferences, floats or unplayed games, so S1[i]–S2[i] in each
        score group (two with Baku acceleration) fulfils every criterion unless the arbiter forbade one of
        its pairs; the lowest player of an odd field takes the bye. Anything else goes through the procedure.
        """
        if any(e.history.records for e in self.players):
            return None
        groups: dict[int, list[int]] = {}
        for v, entrant in enumerate(self.players):
            groups.setdefault(entrant.score, []).append(v)
        ordered = [groups[score] for score in sorted(groups, reverse=True)]
        if any(len(group) % 2 for group in ordered[:-1]):
            return None
        pairs: list[tuple[Entrant, Entrant]] = []
        logs = []
        for group in ordered:
            half = len(group) // 2
            log = BracketLog(self.players[group[0]].score, [self.players[v].tpn for v in group], [])
            log.s1 = [self.players[v].tpn for v in group[:half]]
            log.s2 = [self.players[v].tpn for v in group[half:]]
            for a, b in zip(group[:half], group[half:2 * half]):
                if not self.builder.compatible(a, b):
                    return None
                pairs.append((self.players[a], self.players[b]))
                log.pairs.append((self.players[a].tpn, self.players[b].tpn))
            if len(group) % 2:
                log.downfloaters.append(self.players[group[-1]].tpn)
            logs.append(log)
        bye = self.players[ordered[-1][-1]] if len(self.players) % 2 else None
        if bye is not None and not bye.bye_eligible:
            return None
        return MatchingOutcome(pairs, bye, logs)

    def _initial_solution(self, top: int) -> list[int]:
        """[C4]: a complete pairing must exist; with an odd field, the lowest score that can take the PAB.

        With an odd field the first optimum only has to place the bye: it is computed on a matcher of small
        weights (pairs, then the bye eligibility, then the scores paired), which is much cheaper than the
        full criteria weights; the main matcher then starts from the completion weights of :meth:`_prepare_bye`.
        """
        players, builder, lay = self.players, self.builder, self.layout
        n = len(players)
        if n % 2 == 0:
            for v in range(n):
                for u in range(v):
                    self._set(v, u, builder.weight(u, v, False, False))
            return self._solve()
        small = new_matching_computer(n, (1 << (2 + lay.groups_shift + lay.group_bits)) - 1,
                                      pure_python=self.pure_python)
        for v, player in enumerate(players):
            for u in range(v):
                opponent = players[u]
                if builder.compatible(v, u):
                    w = 1 + (not player.bye_eligible) + (not opponent.bye_eligible)
                    w = (w << lay.groups_shift) | (lay.group_offset[player.score] + lay.group_offset[opponent.score])
                    small.set_edge_weight(v, u, (w << lay.group_bits) | (player.score >= top))
        small.compute_matching()
        return small.mates()

    def _prepare_bye(self, mates: list[int], top: int) -> None:
        """[C5] the PAB assignee's score is the lowest possible; [C9] may apply in the top bracket."""
        players = self.players
        bye_score = next(p.score for v, p in enumerate(players) if mates[v] == v)
        single = False
        if bye_score >= top:
            single = all(
                players[mates[v]].score >= top for v, p in enumerate(players) if p.score >= top
            )
        self.builder.place_bye(bye_score, single_downfloater_is_bye=single and self.field.edition is Edition.RULES_2026)
        for v in range(len(players)):
            for u in range(v):
                self._set(v, u, self.builder.weight(u, v, False, False))



class _Graph2017(Graph):
    """One 2017 bracket alone; fixing a pair records its players for the completability check (A.9)."""

    def __init__(self, matcher: MatchingComputer, fixed_weight: int, entrants: list[int], paired: set[int]):
        super().__init__(matcher, fixed_weight, entrants)
        self.paired = paired

    def fix_pair(self, u: int, v: int) -> None:
        super().fix_pair(u, v)
        self.paired.update((self.entrant(u), self.entrant(v)))

    def ends_with_bracket(self) -> bool:
        """The 2017 walk reads only the pairs this bracket fixes (the next group's part of the optimum only
        weighs C.7 and is never kept), and the matcher dies with the bracket: the exchanges' optimum may
        prove the candidate in order, and the transpositions may keep the exchange order's weights."""
        return True


class _PoolTooSmall(Exception):
    """An optimum of a pooled 2017 bracket left one of its players unpaired: more of them float than the pool has."""


class _Pooled2017(_Graph2017):
    """A 2017 bracket alone with a pool of "float" vertices standing for its next score group (see
    :meth:`BracketProcedure2017._pooled`); every optimum must pair each player of the bracket."""

    def __init__(self, matcher: MatchingComputer, fixed_weight: int, entrants: list[int], paired: set[int],
                 pool: list[tuple[int, int, int]]):
        super().__init__(matcher, fixed_weight, entrants, paired)
        for v, q, w in pool:
            matcher.set_edge_weight(v, q, w)

    def solve(self) -> list[int]:
        mates = super().solve()
        if any(mates[v] == v for v in range(len(self.entrants or []))):
            raise _PoolTooSmall
        return mates


class BracketProcedure2017(BracketProcedure):
    """The 2017 text: one small matcher per bracket, a field-wide check that the round can still be
    completed (A.9), and the Penultimate Pairing Bracket re-paired with everybody below when it cannot."""

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        super().__init__(round_field, forbidden, pure_python=pure_python)
        self._paired: set[int] = set()
        """Entrants in the pairs fixed so far."""
        self._bound = Pairability(self.builder, self.players)
        self._ppb_repaired = False

    def _round_can_be_completed(self) -> bool:
        """A.9: everybody not yet paired can still be paired (the PAB to a player who may get it). Dirac's
        bound answers most checks of a big field; otherwise a maximum-cardinality matching decides."""
        players = self.players
        odd = len(players) % 2 == 1
        left = [v for v in range(len(players)) if v not in self._paired]
        if self._bound.pairable(left, odd):
            return True
        validity = new_cardinality_computer(len(left) + odd, pure_python=self.pure_python)
        for i, v in enumerate(left):
            for j in range(i):
                if self.builder.compatible(left[j], v):
                    validity.set_edge_weight(j, i, 1)
            if odd and players[v].bye_eligible:
                validity.set_edge_weight(i, len(left), 1)
        validity.compute_matching()
        return all(v != m for v, m in enumerate(validity.mates()))

    def _start(self) -> MatchingOutcome | None:
        """Round 1 in order when it is perfect (as in 2026: with no history, S1[i]–S2[i] fulfils every 2017
        criterion too); else A.9 before any bracket.

        :raises PairingError: when the round cannot be completed at all.
        """
        first_round = self._first_round_in_order()
        if first_round is not None:
            return first_round
        if not self._round_can_be_completed():
            raise PairingError("no pairing satisfies the absolute criteria (C.04.3 C.1–C.3); "
                               "the chief arbiter decides")
        return None

    def _everyone_below(self, walk: Walk) -> bool:
        """A special bracket: the last one, or the PPB paired again with everybody below."""
        return self._ppb_repaired or walk.next_group == len(self.players)

    def _accepted(self, walk: Walk, paired: set[int]) -> bool:
        """A.9: when the players left cannot be completed, this bracket is the PPB; it is paired again with
        everybody below as its next bracket."""
        if walk.everyone_below or self._round_can_be_completed():
            return True
        self._paired -= paired
        self._ppb_repaired = True
        return False

    def _after_bracket(self, walk: Walk, paired: set[int], partner: dict[int, int]) -> None:
        """No [C9] in the 2017 text."""

    def _pair_bracket(self, walk: Walk, log: BracketLog) -> BracketResult:
        """Pairs one bracket on its own matcher, with the 2017 weights (their exchange order is as wide as
        the bracket needs). A homogeneous bracket gets the 4.3 ordering bits at once, guessing that it pairs
        all its residents but one at most (:meth:`Bracket.set_base_weights`): when the guess holds, the
        exchanges' first optimum needs no second solve of the whole graph."""
        ents, group_begin, next_begin = walk.by_index, walk.group_begin, walk.next_begin
        final = walk.next_group == len(self.players)
        weights = BracketWeights2017(self.builder, ents, group_begin, next_begin, walk.everyone_below, final)
        if not (walk.everyone_below or final):
            saved = list(log.pairs), list(log.paired_moved_down)
            try:
                pooled = self._pooled(walk, log, weights)
            except _PoolTooSmall:
                pooled = None
            if pooled is not None:
                return pooled
            self._paired.difference_update(ents)
            log.pairs[:], log.paired_moved_down[:] = saved
        matcher = new_matching_computer(len(ents), weights.max_weight, pure_python=self.pure_python)
        graph = _Graph2017(matcher, weights.max_weight, list(ents), self._paired)
        local = list(range(len(ents)))
        bracket = Bracket(graph, self.players, local, group_begin, next_begin, group_begin, next_begin,
                          weights.p, log, [False] * len(ents))
        bracket.set_base_weights(lambda smaller, larger: weights.weight(smaller, larger, smaller < next_begin,
                                                                        larger < next_begin),
                                 next_begin // 2 if group_begin == 0 else -1)
        bracket.solve()
        bracket.pair()
        partner = {ents[v]: ents[bracket.mates[v]] for v in local}
        return partner, {ents[v] for v in local if bracket.matched[v]}

    def _pooled(self, walk: Walk, log: BracketLog, weights: BracketWeights2017) -> BracketResult | None:
        """The bracket without its next score group N, when a degree bound proves that N cannot change it;
        else None (and the caller pairs the bracket with N).

        In the 2017 weights N only counts in the next bracket's fields (C.7): an edge into N is worth one
        pair of the next bracket and the PSD share of the bracket's player, the same whoever of N it meets,
        and a pair inside N one pair. Every optimum pairs as many players in the bracket (C.5 outweighs the
        rest), so the same number f floats; when N pairs any f floaters and all of itself but one at most
        (:meth:`Pairability.next_group_absorbs`), the next bracket's fields are the same for every way of
        pairing the bracket, and its optimum is the bracket's optimum with each floater on a "float" vertex
        worth its edge into N. The pool grows until nobody of the bracket is left unpaired, as in
        :mod:`.window`'s closed brackets.
        """
        ents, group_begin, next_begin = walk.by_index, walk.group_begin, walk.next_begin
        local = list(range(next_begin))
        worth = [next((w for o in range(next_begin, len(ents)) if (w := weights.weight(v, o, True, False))), 0)
                 for v in local]
        pool = next_begin % 2
        while True:
            matcher = new_matching_computer(next_begin + pool, weights.max_weight, pure_python=self.pure_python)
            graph = _Pooled2017(matcher, weights.max_weight, ents[:next_begin], self._paired,
                                [(v, q, worth[v]) for q in range(next_begin, next_begin + pool) for v in local
                                 if worth[v]])
            bracket = Bracket(graph, self.players, local, group_begin, next_begin, group_begin, next_begin,
                              weights.p, log, [False] * (next_begin + pool))
            bracket.set_base_weights(lambda smaller, larger: weights.weight(smaller, larger, True, True),
                                     next_begin // 2 if group_begin == 0 else -1)
            try:
                bracket.solve()
                break
            except _PoolTooSmall:
                pool += sum(1 for v in local if matcher.mates()[v] == v)
                if pool > len(ents) - next_begin:
                    return None
        floaters = sum(1 for v in local if bracket.mates[v] >= next_begin)
        if not self._bound.next_group_absorbs(ents[:next_begin], walk.group_start, walk.next_group, floaters):
            return None
        bracket.pair()
        partner = {e: e for e in ents}
        partner.update((ents[v], ents[bracket.mates[v]]) for v in local if bracket.matched[v])
        return partner, {ents[v] for v in local if bracket.matched[v]}
