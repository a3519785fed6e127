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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.errors import PairingError
from ..matching import MatchingComputer, new_cardinality_computer, new_matching_computer
from .bounds import Pairability
from .entrants import Edition, Entrant, RoundField
from .weights import Layout, WeightBuilder
from .weights_2017 import BracketWeights2017

BELOW = -1
"""Partner of a player whom the optimum pairs below the next score group (see :mod:`.window`)."""


@dataclass
class BracketLog:
    """What happened in one bracket, for the explanations."""

    score: int
    residents: list[int]
    moved_down: list[int]
    paired_moved_down: list[int] = field(default_factory=list)
    downfloaters: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    """In the order the procedure fixed them: moved-down players first, then S1 in order."""
    s1: list[int] = field(default_factory=list)
    s2: list[int] = field(default_factory=list)
    """The remainder's halves after the exchanges of 4.3, each in order (S2 is the transpositions' order)."""


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


class BracketProcedure:
    """Pairs one round of the Dutch system; see the module docstring."""

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        self.field = round_field
        self.players = round_field.entrants
        self.layout = Layout.of(round_field)
        self.builder = WeightBuilder(round_field, self.layout, forbidden)
        self.max_weight = self.layout.max_weight
        self.pure_python = pure_python
        self._size = len(self.players)
        self.matcher: MatchingComputer = new_matching_computer(
            len(self.players), self.max_weight, pure_python=pure_python
        )

    # -- helpers -------------------------------------------------------------------------------------
    def _set(self, u: int, v: int, weight: int) -> None:
        self.matcher.set_edge_weight(u, v, weight)

    def _solve(self) -> list[int]:
        self.matcher.compute_matching()
        return self.matcher.mates()

    def _entrant(self, vertex: int) -> int:
        """Index in the sorted field of the player at matcher vertex ``vertex``."""
        return vertex

    def _tpn(self, vertex: int) -> int:
        return self.players[self._entrant(vertex)].tpn

    def _fix_pair(self, u: int, v: int) -> None:
        """Forces ``u``–``v`` into every later optimum (the pair is final)."""
        self.matcher.fix_pair(u, v, self.max_weight)

    # -- the round -------------------------------------------------------------------------------------
    def run(self) -> MatchingOutcome:
        players = self.players
        n = len(players)
        if n == 0:
            return MatchingOutcome([], None, [])
        builder = self.builder
        top = players[0].score
        first_round = self._first_round_in_order()
        if first_round is not None:
            return first_round
        mates = self._initial_solution(top)
        if sum(1 for v, m in enumerate(mates) if v == m) > 1:
            raise PairingError("no pairing satisfies the absolute criteria (C.04.3 [C1]–[C3]); the chief arbiter decides")
        if n % 2:
            self._prepare_bye(mates, top)
            if not any(p.bye_eligible for v, p in enumerate(players) if mates[v] == v):
                raise PairingError("every pairing gives the pairing-allocated bye to a player who may not get it "
                                   "(C.04.3 [C2]); the chief arbiter decides")
        scores = [p.score for p in players]
        matched_with: dict[int, int] = {}
        logs: list[BracketLog] = []

        by_index: list[int] = []  # vertex of each player of the current bracket and the next group
        next_group = 0
        while next_group < n and scores[next_group] >= top:
            by_index.append(next_group)
            next_group += 1
        matched = [False] * n
        group_begin = 0  # number of MDPs at the head of by_index
        group_begin_vertex = 0
        while len(by_index) > 1 or next_group < n:
            next_begin = len(by_index)
            next_begin_vertex = group_begin_vertex + (next_begin - group_begin)
            group_start = next_group
            if next_group < n:
                group_score = scores[next_group]
                while next_group < n and scores[next_group] >= group_score:
                    by_index.append(next_group)
                    next_group += 1
            log = BracketLog(
                scores[by_index[group_begin]] if group_begin < next_begin else scores[by_index[0]],
                [players[v].tpn for v in by_index[group_begin:next_begin]],
                [players[v].tpn for v in by_index[:group_begin]],
            )
            logs.append(log)
            partner = self._pair_bracket(by_index, group_begin, next_begin, group_begin_vertex,
                                         next_begin_vertex, next_group, matched, log)
            new_by_index: list[int] = []
            new_begin = 0
            # [C9] applies to the next bracket when its score group is not above the PAB assignee's and
            # nobody in it is paired lower down by the optimum (only the assignee will float from it).
            builder.single_downfloater_is_bye = bool(
                n % 2 and group_start < n and builder.bye_score >= scores[group_start]
            )
            for position, vertex in enumerate(by_index):
                if position < next_begin and matched[vertex]:
                    matched_with[vertex] = partner[vertex]
                    matched_with[partner[vertex]] = vertex
                else:
                    new_by_index.append(vertex)
                    if position < next_begin:
                        new_begin += 1
                        log.downfloaters.append(players[vertex].tpn)
                    paired_below = partner[vertex] == BELOW or scores[partner[vertex]] < scores[group_start] \
                        if group_start < n else False
                    if paired_below:
                        builder.single_downfloater_is_bye = False
            by_index = new_by_index
            group_begin = new_begin
            group_begin_vertex = next_begin_vertex
        return _outcome(players, matched_with, logs)

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

    def _pair_bracket(self, by_index: list[int], group_begin: int, next_begin: int, begin_vertex: int,
                      next_vertex: int, next_group: int, matched: list[bool], log: BracketLog) -> dict[int, int]:
        """Pairs one bracket on the whole-field matcher; returns each player's partner in the final optimum
        (an entrant index, the player itself for the bye)."""
        base = self._base_weights(by_index, group_begin, next_begin, by_index)
        mates = self._solve()
        mates = self._choose_moved_down(by_index, base, mates, matched, group_begin, next_begin,
                                        begin_vertex, next_vertex)
        mates = self._pair_moved_down(by_index, base, mates, matched, group_begin, next_begin, log)
        mates = self._pair_remainder(by_index, base, mates, matched, group_begin, next_begin,
                                     begin_vertex, next_vertex, log)
        return {v: mates[v] for v in by_index}

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
        players, builder = self.players, self.builder
        builder.bye_score = next(p.score for v, p in enumerate(players) if mates[v] == v)
        single = False
        if builder.bye_score >= top:
            single = all(
                players[mates[v]].score >= top for v, p in enumerate(players) if p.score >= top
            )
        builder.single_downfloater_is_bye = single and self.field.edition is Edition.RULES_2026
        # [C9]: the fewer games a candidate played, the more the matching gains by pairing them, so the
        # bye falls to the candidate with the fewest unplayed games.
        games = sorted((p.played_games for p in players if p.score == builder.bye_score), reverse=True)
        builder.played_games_rank = {played: rank for rank, played in enumerate(games)}
        for v in range(len(players)):
            for u in range(v):
                self._set(v, u, builder.weight(u, v, False, False))

    def _base_weights(self, ents: list[int], group_begin: int, next_begin: int,
                      verts: list[int], ordering_pairs: int = -1) -> list[list[int]]:
        """Criteria weights of every pair whose lower player is in this bracket or the next one (players
        ``ents``, at matcher vertices ``verts``).

        ``ordering_pairs`` (a homogeneous bracket whose number of pairs is expected): the matcher gets the
        weights with the 4.3 ordering bits at once, as :meth:`_pair_remainder` will set them, which spares
        it a re-optimisation of the whole bracket when the guess is right.
        """
        builder = self.builder
        base: list[list[int]] = [[] for _ in ents]
        for larger in range(group_begin, len(ents)):
            lower = ents[larger]
            in_current = larger < next_begin
            row = base[larger]
            for smaller in range(larger):
                w = builder.weight(ents[smaller], lower, in_current, not in_current)
                row.append(w)
                if ordering_pairs >= 0 and in_current:
                    w = self._ordering_weight(base, smaller, larger, smaller, ordering_pairs)
                self._set(verts[smaller], verts[larger], w)
        return base

    @property
    def _ordering_group_bits(self) -> int:
        """Width unit of the ordering bits (3 units + 1 bit below every criterion)."""
        return self.layout.group_bits

    def _ordering_weight(self, base: list[list[int]], smaller: int, larger: int, smaller_rank: int,
                         remainder_pairs: int) -> int:
        """Adds the 4.3 exchange order: fewest exchanges, then the smallest BSN differences."""
        w = base[larger][smaller]
        if w:
            g = self._ordering_group_bits
            w += 2 * ((int(smaller_rank < remainder_pairs) << (2 * g)) - smaller_rank)
        return w

    def _choose_moved_down(self, by_index: list[int], base: list[list[int]], mates: list[int],
                           matched: list[bool], group_begin: int, next_begin: int,
                           begin_vertex: int, next_vertex: int) -> list[int]:
        """Art. 4.4: the MDPs paired in the bracket, in order, as many of each score as the optimum allows."""
        scores = {v: self.players[self._entrant(v)].score for v in by_index}
        score_of_batch = 0
        remaining = remaining_matched = 0
        residents = next_begin - group_begin
        for position in range(group_begin):
            vertex = by_index[position]
            if position == 0 or scores[vertex] < score_of_batch:
                score_of_batch = scores[vertex]
                remaining = remaining_matched = 0
                other = position
                while other < len(by_index) and scores[by_index[other]] >= score_of_batch:
                    remaining += 1
                    if begin_vertex <= mates[by_index[other]] < next_vertex:
                        remaining_matched += 1
                    other += 1
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                matched[vertex] = True
                continue
            remaining -= 1
            if not begin_vertex <= mates[vertex] < next_vertex:
                for opponent in range(group_begin, next_begin):
                    w = base[opponent][position]
                    if w:
                        self._set(vertex, by_index[opponent], w | 1)
                mates = self._solve()
            if begin_vertex <= mates[vertex] < next_vertex:
                matched[vertex] = True
                remaining_matched -= 1
                for opponent in range(group_begin, next_begin):
                    w = base[opponent][position]
                    if w:
                        self._set(vertex, by_index[opponent], (w | residents) + 1)
        return mates

    def _pair_moved_down(self, by_index: list[int], base: list[list[int]], mates: list[int],
                         matched: list[bool], group_begin: int, next_begin: int, log: BracketLog) -> list[int]:
        """Each chosen MDP meets the highest resident the optimum allows (S2 in order, 3.3)."""
        for position in range(group_begin):
            vertex = by_index[position]
            if not matched[vertex]:
                continue
            addend = len(by_index)
            for opponent in range(next_begin - 1, group_begin - 1, -1):
                opponent_vertex = by_index[opponent]
                if matched[opponent_vertex]:
                    continue
                w = base[opponent][position]
                if w:
                    self._set(vertex, opponent_vertex, w + addend)
                    addend += 1
            mates = self._solve()
            mate = mates[vertex]
            matched[mate] = True
            self._fix_pair(vertex, mate)
            log.paired_moved_down.append(self._tpn(vertex))
            log.pairs.append((self._tpn(vertex), self._tpn(mate)))
        return mates

    @staticmethod
    def _candidate_in_order(base: list[list[int]], remainder: list[int], is_s1: Callable[[int], bool]
                            ) -> list[tuple[int, int]]:
        """Each S1 player, in order, with the first free remainder player it may meet at all."""
        taken: set[int] = set()
        pairs = []
        for a in remainder:
            if is_s1(a):
                partner = next((b for b in remainder if b > a and b not in taken and base[b][a]), None)
                if partner is None:
                    return []
                taken.add(partner)
                pairs.append((a, partner))
        return pairs

    def _candidate_in_order_is_optimal(self, by_index: list[int], base: list[list[int]], remainder: list[int],
                                       is_s1: Callable[[int], bool], mates: list[int]) -> bool:
        """3.4: the first candidate is accepted at once when it is as good as the optimum.

        The transposition steps would reach it one re-optimisation per pair: if the candidate in order leaves
        the same players unpaired as the optimum and its pairs weigh as much, it is an optimum, and each S1
        player's first possible partner is the one the steps choose. Round 1 and quiet brackets end here.
        """
        candidate = self._candidate_in_order(base, remainder, is_s1)
        if not candidate:
            return False
        place = {by_index[p]: p for p in remainder}
        optimum = [(a, place[mates[by_index[a]]]) for a in remainder
                   if mates[by_index[a]] in place and place[mates[by_index[a]]] > a]
        if {p for pair in candidate for p in pair} != {p for pair in optimum for p in pair}:
            return False
        return sum(base[b][a] for a, b in candidate) == sum(base[b][a] for a, b in optimum)

    def _pair_remainder(self, by_index: list[int], base: list[list[int]], mates: list[int],
                        matched: list[bool], group_begin: int, next_begin: int,
                        begin_vertex: int, next_vertex: int, log: BracketLog) -> list[int]:
        """Homogeneous bracket or remainder: exchanges (4.3) then transpositions (4.2)."""
        remainder: list[int] = []
        pairs_in_remainder = 0
        for position in range(group_begin, next_begin):
            vertex = by_index[position]
            if mates[vertex] < begin_vertex:
                continue
            remainder.append(position)
            if mates[vertex] < vertex:
                pairs_in_remainder += 1

        def is_s1(position: int) -> bool:
            vertex = by_index[position]
            return vertex < mates[vertex] < next_vertex

        def set_ordered(p_pos: int, o_pos: int, rank: int, delta: int) -> None:
            w = self._ordering_weight(base, p_pos, o_pos, rank, pairs_in_remainder)
            if w:
                w += delta
            self._set(by_index[p_pos], by_index[o_pos], w)

        for i, p_pos in enumerate(remainder):
            for o_pos in remainder[i + 1:]:
                set_ordered(p_pos, o_pos, i, 0)
        mates = self._solve()
        exchanges = sum(1 for p_pos in remainder[:pairs_in_remainder] if not is_s1(p_pos))

        # Lowest players of S1 go to S2 first (4.3: the largest BSNs moved from S1).
        left = exchanges
        for i in range(pairs_in_remainder - 1, -1, -1):
            if not left:
                break
            p_pos = remainder[i]
            if is_s1(p_pos):
                for o_pos in remainder[i + 1:]:
                    set_ordered(p_pos, o_pos, i, -1)
                mates = self._solve()
            exchange = not is_s1(p_pos)
            left -= exchange
            for o_pos in remainder[i + 1:]:
                if exchange:
                    base[o_pos][p_pos] = 0
                set_ordered(p_pos, o_pos, i, 0)

        # Highest players of S2 go to S1 first (4.3: the smallest BSNs moved from S2).
        left = exchanges
        for i in range(pairs_in_remainder, len(remainder)):
            if left <= 1:
                break
            p_pos = remainder[i]
            already = is_s1(p_pos)
            if not already:
                for o_pos in remainder[i + 1:]:
                    set_ordered(p_pos, o_pos, i, +1)
                mates = self._solve()
            if is_s1(p_pos):
                left -= 1
                vertex = by_index[p_pos]
                for o_pos in remainder[:i]:
                    base[p_pos][o_pos] = 0
                    self._set(vertex, by_index[o_pos], 0)
                for o_pos in range(next_begin, len(by_index)):
                    base[o_pos][p_pos] = 0
                    self._set(vertex, by_index[o_pos], 0)
            if not already:
                for o_pos in remainder[i + 1:]:
                    set_ordered(p_pos, o_pos, i, 0)

        # S1 and S2 are now fixed: drop the ordering bits and every edge that is not S1–S2.
        for i, p_pos in enumerate(remainder):
            for o_pos in remainder[i + 1:]:
                if not is_s1(p_pos) or is_s1(o_pos):
                    base[o_pos][p_pos] = 0
        self._set_transposition_weights(by_index, base, remainder, group_begin)
        log.s1 = [self._tpn(by_index[p]) for p in remainder if is_s1(p)]
        log.s2 = [self._tpn(by_index[p]) for p in remainder if not is_s1(p)]

        # Transpositions (4.2): each S1 player meets the first S2 player the optimum allows. The optimum
        # kept from the previous step already answers when it gives that player the first free S2
        # player it may meet at all (no later choice can beat it), so most steps need no re-optimisation.
        mates = self._solve()
        if self._candidate_in_order_is_optimal(by_index, base, remainder, is_s1, mates):
            for p_pos, o_pos in self._candidate_in_order(base, remainder, is_s1):
                matched[by_index[p_pos]] = matched[by_index[o_pos]] = True
                self._fix_pair(by_index[p_pos], by_index[o_pos])
                log.pairs.append((self._tpn(by_index[p_pos]), self._tpn(by_index[o_pos])))
            return self._solve()
        for p_pos in remainder:
            vertex = by_index[p_pos]
            if not is_s1(p_pos):
                continue
            candidates = [o for o in remainder if o > p_pos and not matched[by_index[o]] and base[o][p_pos]]
            if not candidates or mates[vertex] != by_index[candidates[0]]:
                addend = 0
                for o_pos in reversed(remainder):
                    o_vertex = by_index[o_pos]
                    if o_pos <= p_pos or matched[o_vertex]:
                        continue
                    w = base[o_pos][p_pos]
                    if w:
                        self._set(vertex, o_vertex, w + addend)
                    addend += 1
                mates = self._solve()
            mate = mates[vertex]
            matched[vertex] = matched[mate] = True
            self._fix_pair(vertex, mate)
            log.pairs.append((self._tpn(vertex), self._tpn(mate)))
        return mates

    def _set_transposition_weights(self, by_index: list[int], base: list[list[int]], remainder: list[int],
                                   group_begin: int) -> None:
        """The remainder's edges become its criteria weights (S1–S2 only) for the transpositions."""
        for i, p_pos in enumerate(remainder):
            for o_pos in remainder[i + 1:]:
                self._set(by_index[p_pos], by_index[o_pos], base[o_pos][p_pos])


class BracketProcedure2017(BracketProcedure):
    """The 2017 text: one small matcher per bracket, a field-wide check that the round can still be
    completed (A.9), and the Penultimate Pairing Bracket re-paired with everybody below when it cannot."""

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        super().__init__(round_field, forbidden, pure_python=pure_python)
        self._ents: list[int] = []
        self._bracket_bits = 0
        self._paired: set[int] = set()
        """Entrants in the pairs fixed so far."""
        self._bound = Pairability(self.builder, self.players)

    def _entrant(self, vertex: int) -> int:
        return self._ents[vertex]

    @property
    def _ordering_group_bits(self) -> int:
        return self._bracket_bits

    def _fix_pair(self, u: int, v: int) -> None:
        super()._fix_pair(u, v)
        self._paired.update((self._ents[u], self._ents[v]))

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

    def run(self) -> MatchingOutcome:
        players = self.players
        n = len(players)
        if n == 0:
            return MatchingOutcome([], None, [])
        if not self._round_can_be_completed():
            raise PairingError("no pairing satisfies the absolute criteria (C.04.3 C.1–C.3); the chief arbiter decides")
        scores = [p.score for p in players]
        matched_with: dict[int, int] = {}
        logs: list[BracketLog] = []
        ents: list[int] = []
        next_group = 0
        while next_group < n and scores[next_group] >= scores[0]:
            ents.append(next_group)
            next_group += 1
        special = next_group == n
        group_begin = 0
        while len(ents) > 1 or next_group < n:
            next_begin = len(ents)
            group_start = next_group
            if next_group < n:
                group_score = scores[next_group]
                while next_group < n and (special or scores[next_group] >= group_score):
                    ents.append(next_group)
                    next_group += 1
            weights = BracketWeights2017(self.builder, ents, group_begin, next_begin, special, next_group == n)
            self._bracket_bits = weights.p
            self._ents = ents
            self._size = len(ents)
            self.max_weight = weights.max_weight
            self.matcher = new_matching_computer(len(ents), weights.max_weight, pure_python=self.pure_python)
            base: list[list[int]] = [[] for _ in ents]
            for larger in range(group_begin, len(ents)):
                for smaller in range(larger):
                    w = weights.weight(smaller, larger, smaller < next_begin, larger < next_begin)
                    base[larger].append(w)
                    self._set(smaller, larger, w)
            log = BracketLog(scores[ents[group_begin]] if group_begin < next_begin else scores[ents[0]],
                             [players[v].tpn for v in ents[group_begin:next_begin]],
                             [players[v].tpn for v in ents[:group_begin]])
            local = list(range(len(ents)))
            matched = [False] * len(ents)
            mates = self._solve()
            mates = self._choose_moved_down(local, base, mates, matched, group_begin, next_begin, group_begin, next_begin)
            mates = self._pair_moved_down(local, base, mates, matched, group_begin, next_begin, log)
            mates = self._pair_remainder(local, base, mates, matched, group_begin, next_begin,
                                         group_begin, next_begin, log)
            if not special and not self._round_can_be_completed():
                # This bracket is the PPB (A.9): pair it again with everybody below as its next bracket.
                self._paired -= {ents[v] for v in local if matched[v]}
                del ents[next_begin:]
                next_group = group_start
                special = True
                continue
            logs.append(log)
            special = next_group == n
            carried: list[int] = []
            new_begin = 0
            for position, entrant in enumerate(ents):
                if position < next_begin and matched[position]:
                    matched_with[entrant] = ents[mates[position]]
                    matched_with[ents[mates[position]]] = entrant
                else:
                    carried.append(entrant)
                    if position < next_begin:
                        new_begin += 1
                        log.downfloaters.append(players[entrant].tpn)
            ents = carried
            group_begin = new_begin
        return _outcome(players, matched_with, logs)
