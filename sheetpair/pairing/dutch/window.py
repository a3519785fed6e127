"""The same bracket procedure on small graphs: the bracket alone, or the bracket, the next score group and
"somebody below".

On the whole-field matcher (:class:`~.procedure.BracketProcedure`) every re-optimisation costs O(n²) and the
first one O(n³) with weights of several hundred bits, which is what makes a 2000-player round slow. Yet the
players below the bracket only matter through two numbers the criteria weigh: how many of them can still be
paired ([C4], [C5]) and how many pairs the next bracket gets, at which scores ([C8]). Three graphs, from the
smallest:

1. **The bracket alone** (:meth:`WindowedProcedure._closed_bracket`), when a degree bound proves that the
   next score group pairs any floaters the bracket sends it and all of itself but one, and that everybody
   below can still be paired. Each floater is then worth one pair of the next bracket at its own score, so
   the bracket is matched with a pool of interchangeable "float" vertices carrying that worth. In the last
   bracket the pool is the PAB.
   Before that graph is even made, :func:`.proven.prove_bracket` tries to pair the bracket with no matcher
   (the candidate of the steps' order, proven by counting bounds).
2. **The window**: the MDPs, the residents and the next score group with their whole-field weights
   (doubled); one private "below" vertex per player, worth what being paired lower down is worth on the
   whole field (half a pair plus its bye-eligibility term, hence the doubling); with an odd field, one
   "bye" vertex. Its optimum is the whole field's as long as the players below (R), with those the window
   sends there, can still be paired; that is checked after every re-optimisation.
3. **The whole field**, rebuilt exactly as it would stand at the bracket at hand, when neither bound holds
   (small or constrained fields, the last brackets); so the pairing never depends on a shortcut.

The small graphs are weighed in the bracket's own layout (:meth:`.weights.Layout.for_scores`): the score
fields keep the sub-fields of the scores present only, so their weights are a few words wide where the
round's are dozens, and each solve is that much cheaper. Weights carried from one bracket to the next are
kept in the round's layout and written in each bracket's.

The bounds come from Dirac's theorem: a graph on N ≥ 3 vertices whose every vertex has at least N/2
neighbours has a Hamiltonian cycle, hence a perfect matching when N is even, and one leaving out any chosen
vertex when N is odd. Degrees are counted from [C1]/[C3] in O(rounds) per player.
"""

from __future__ import annotations

from collections.abc import Callable

from ..fide.entrants import RoundField
from ..matching import MatchingComputer, new_matching_computer
from .bounds import Pairability
from .bracket import Bracket, BracketLog, Graph, WholeField
from .procedure import BELOW, BracketProcedure, BracketResult, Walk
from .proven import prove_bracket
from .weights import Layout

__all__ = ["ClosedBracket", "Pairability", "Window", "WindowedProcedure"]

Outside = list[tuple[int, int, int]]
"""Edges of a bracket paired alone to its float pool or the bye vertex: (vertex, pool vertex, weight)."""


class _NeedsWholeField(Exception):
    """The degree bound cannot prove that the players below can still be paired."""


class Window(Graph):
    """The window graph: the players ``entrants`` at vertices ``0..k-1`` (weights doubled), one private
    "below" vertex each at ``k + v``, the bye vertex last; each optimum must leave the players below pairable."""

    def __init__(self, matcher: MatchingComputer, max_weight: int, entrants: list[int], pairability: Pairability,
                 bye_vertex: int) -> None:
        super().__init__(matcher, 2 * max_weight, entrants, scale=2)
        self.pairability = pairability
        self.bye_vertex = bye_vertex

    def solve(self) -> list[int]:
        mates = super().solve()
        entrants = self.entrants or []
        k = len(entrants)
        sent_below = [entrants[v] for v in range(k) if k <= mates[v] < 2 * k]
        bye_in_window = self.bye_vertex >= 0 and mates[self.bye_vertex] != self.bye_vertex
        if not self.pairability.holds(sent_below, self.bye_vertex >= 0 and not bye_in_window):
            raise _NeedsWholeField
        return mates


class ClosedBracket(Graph):
    """The bracket alone with its float pool or the bye vertex (weights doubled, as in the window); every
    optimum must pair everybody of the bracket."""

    def __init__(self, new_matcher: Callable[[], MatchingComputer], max_weight: int, entrants: list[int],
                 outside: Outside) -> None:
        super().__init__(new_matcher(), 2 * max_weight, entrants, scale=2)
        self._new_matcher = new_matcher
        self.outside = outside

    def set_outside_edges(self) -> None:
        for v, q, w in self.outside:
            self.matcher.set_edge_weight(v, q, w)

    def solve(self) -> list[int]:
        mates = super().solve()
        if any(mates[v] == v for v in range(len(self.entrants or []))):
            raise _NeedsWholeField  # somebody of the bracket alone is left out
        return mates

    def ends_with_bracket(self) -> bool:
        """Its pool (or bye) vertices are interchangeable: each weighs the same for a given player."""
        return True

    def before_transpositions(self, bracket: Bracket) -> None:
        """A homogeneous bracket paired alone starts the transpositions on a new matcher: its graph is now
        S1–S2 only, and solving that afresh is cheaper than re-optimising after every edge changed."""
        if bracket.group_begin == 0:
            self.matcher = self._new_matcher()
            self.set_outside_edges()


class WindowedProcedure(BracketProcedure):
    """:class:`BracketProcedure` with each bracket paired on the smallest graph a bound allows (see the module
    docstring): the bracket alone, else the window, else (for the rest of the round) the whole field."""

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        super().__init__(round_field, forbidden, pure_python=pure_python)
        self.on_small_graphs = True
        """True until a bracket needs the whole field; from then on the round stays on it (the fallback is
        exact, see :meth:`_to_whole_field`). The 2017 edition pairs every bracket alone
        (:class:`~.weights_2017.BracketProcedure2017`) and never comes here."""
        self.pairability = Pairability(self.builder, self.players)
        self._carried: dict[tuple[int, int], int] = {}
        """Whole-field weights left between players who float on together (the matcher's state), in the
        round's layout."""
        self._initial_flag = False
        self._small_layout = self.layout
        """The layout the current small graph is weighed in."""

    # -- the initial solution without a whole-field matching ------------------------------------------
    def _initial_solution(self, top: int) -> list[int]:
        players = self.players
        n = len(players)
        if self.on_small_graphs:
            bound = self.pairability
            bound.set_below(0)
            smallest = bound.min_below
            if n % 2 == 0 and 2 * smallest >= n:
                return [(v + 1) if v % 2 == 0 else v - 1 for v in range(n)]  # some complete pairing exists
            if n % 2 == 1:
                eligible = [v for v in range(n) if players[v].bye_eligible]
                if eligible:
                    lowest = min(eligible, key=lambda v: (players[v].score, -v))
                    if players[lowest].score < top and 2 * (smallest - 1) >= n - 1:
                        # [C5]: the lowest score that can take the bye, proven pairable by Dirac's bound.
                        mates = [m for v in range(n) if v != lowest for m in [v]]
                        result = list(range(n))
                        for a, b in zip(mates[::2], mates[1::2]):
                            result[a], result[b] = b, a
                        return result
            self.on_small_graphs = False
        return super()._initial_solution(top)

    def _prepare_bye(self, mates: list[int], top: int) -> None:
        if not self.on_small_graphs:
            super()._prepare_bye(mates, top)
            self._initial_flag = self.builder.single_downfloater_is_bye
            return
        bye_score = next(p.score for v, p in enumerate(self.players) if mates[v] == v)
        self.builder.place_bye(bye_score, single_downfloater_is_bye=False)  # the bye is below the top score group

    # -- one bracket -------------------------------------------------------------------------------------
    def _pair_bracket(self, walk: Walk, log: BracketLog) -> BracketResult:
        """The bracket alone if the bound allows, else the window; the whole field from the first bracket
        where neither bound holds (the fallback is exact, see :meth:`_to_whole_field`)."""
        if self.on_small_graphs:
            saved_pairs, saved_flags = list(log.pairs), list(log.paired_moved_down)
            try:
                return self._pair_on_small_graph(walk, log)
            except _NeedsWholeField:
                log.pairs[:], log.paired_moved_down[:] = saved_pairs, saved_flags
            # Outside the handler: its traceback holds the small graph, which must not outlive the fallback.
            self._to_whole_field(walk.by_index, walk.next_group)
        return super()._pair_bracket(walk, log)

    def _pair_on_small_graph(self, walk: Walk, log: BracketLog) -> BracketResult:
        """The bracket alone, else the window (a method of its own, so that no local keeps either graph alive
        once the whole field takes over: a window matcher's weights are as wide as the whole field's)."""
        proven = self._proven_bracket(walk, log)
        if proven is not None:
            return proven
        self._small_layout = self._layout_of(walk)
        self.builder.use_layout(self._small_layout)
        try:
            closed = self._closed_bracket(walk, log)
            return self._run_steps(walk, closed if closed is not None else self._window(walk, log))
        finally:
            self.builder.use_layout(self.layout)

    def _layout_of(self, walk: Walk) -> Layout:
        """The round's layout with the score sub-fields of the window's players only (every player a small
        graph weighs is among them, the floaters carried in included). Tiny score groups keep the round's
        layout: their ordering field is too narrow for :meth:`Layout.convert` to tell a tie-break apart."""
        if self.layout.group_bits < 3:
            return self.layout
        return self.layout.for_scores({self.players[e].score for e in walk.by_index})

    def _new_window_matcher(self, size: int) -> MatchingComputer:
        """A matcher of ``size`` vertices with the weights carried between the floaters (local vertices)."""
        layout = self._small_layout
        matcher = new_matching_computer(size, 2 * layout.max_weight + 1, pure_python=self.pure_python)
        for (a, b), w in self._carried.items():
            matcher.set_edge_weight(a, b, 2 * self.layout.convert(w, layout))
        return matcher

    def _closed(self, walk: Walk, log: BracketLog, size: int, outside: Outside) -> Bracket:
        """The bracket alone on ``size`` vertices, with its edges ``outside`` (the pool or the bye)."""
        bracket_entrants = walk.by_index[:walk.next_begin]
        graph = ClosedBracket(lambda: self._new_window_matcher(size), self._small_layout.max_weight,
                              bracket_entrants, outside)
        local = list(range(len(bracket_entrants)))
        return Bracket(graph, self.players, local, walk.group_begin, walk.next_begin, walk.group_begin,
                       walk.next_begin, self.layout.group_bits, log, [False] * size)

    def _closed_bracket(self, walk: Walk, log: BracketLog) -> Bracket | None:
        """The bracket alone, when the players below it cannot change its pairing; else None.

        Whoever floats from the bracket is then worth what :meth:`Pairability.next_group_takes_any` says: a
        pair in the next bracket at the floater's own score ([C8]) and its completion share. So the bracket is
        paired on its own players plus a pool of interchangeable "float" vertices carrying that worth, as many
        as the optimum floats (the pool grows until nobody is left unmatched). Not used when the PAB may
        fall in the bracket (but for the last one), nor under [C9] (but in the last bracket).
        """
        n = len(self.players)
        by_index, group_begin, next_begin = walk.by_index, walk.group_begin, walk.next_begin
        bracket_entrants = by_index[:next_begin]
        size = len(bracket_entrants)
        local = list(range(size))
        offset = self.builder.completion_offset
        weigh = self._weigh(bracket_entrants, next_begin)
        if next_begin == len(by_index):
            # The last bracket: nobody below, so the window is the bracket and the bye (whose edges all weigh
            # the same; [C9], if it applies, is in the bracket's own weights).
            bracket = self._closed(walk, log, size + n % 2, [(v, size, 1 << offset) for v in local if n % 2])
            bracket.set_base_weights(weigh)
            self._set_outside(bracket)
            bracket.solve()
            return bracket
        if self.builder.single_downfloater_is_bye:
            return None  # [C9] weighs the floaters' partners in the next score group
        group_start = by_index[next_begin]
        bye = "none"
        if n % 2:
            next_score = self.builder.score[group_start]
            if self.builder.bye_score > next_score:
                return None  # the PAB may fall in this bracket
            bye = "next" if self.builder.bye_score == next_score else "below"
        worth = [((1 + 2 * (not self.builder.is_bye_candidate(e))) << offset) + 2 * self.builder.next_bracket_weight(e)
                 for e in bracket_entrants]
        pool = size % 2
        while True:
            bracket = self._closed(walk, log, size + pool,
                                   [(v, q, worth[v]) for q in range(size, size + pool) for v in local])
            bracket.set_base_weights(weigh, (size - pool) // 2 if group_begin == 0 else -1)
            self._set_outside(bracket)
            try:
                bracket.solve()
                break
            except _NeedsWholeField:
                pool += sum(1 for v in local if bracket.graph.matcher.mates()[v] == v)
        floaters = sum(1 for v in local if bracket.mates[v] >= size)
        self.pairability.set_below(walk.next_group)
        if not self.pairability.next_group_takes_any(bracket_entrants, group_start, walk.next_group, floaters, bye):
            return None
        return bracket

    def _proven_bracket(self, walk: Walk, log: BracketLog) -> BracketResult | None:
        """The bracket alone without a matcher, when the candidate of the steps' order is proven to be the
        closed bracket's pairing (:func:`.proven.prove_bracket`); None otherwise.

        The same conditions as :meth:`_closed_bracket` (no [C9] and the PAB not in this bracket, unless it is
        the last one), and the same bound on the players below once the number of floaters is known; the
        floaters carry no weights between them (they are S2 players, whose S2–S2 edges the steps remove).
        """
        builder, n = self.builder, len(self.players)
        by_index, next_begin = walk.by_index, walk.next_begin
        last = next_begin == len(by_index)
        bye = "none"
        if builder.single_downfloater_is_bye and not last:
            return None
        if n % 2 and not last:
            next_score = builder.score[by_index[next_begin]]
            if builder.bye_score > next_score:
                return None
            bye = "next" if builder.bye_score == next_score else "below"
        bracket_entrants = by_index[:next_begin]
        proven = prove_bracket(builder, bracket_entrants, walk.group_begin, last and n % 2 == 1)
        if proven is None:
            return None
        if not last:
            self.pairability.set_below(walk.next_group)
            if not self.pairability.next_group_takes_any(bracket_entrants, by_index[next_begin], walk.next_group,
                                                         len(proven.floaters), bye):
                return None
        players = self.players
        log.paired_moved_down += [players[e].tpn for e in bracket_entrants[:walk.group_begin]]
        log.pairs += [(players[a].tpn, players[b].tpn) for a, b in proven.pairs]
        log.s1 = [players[e].tpn for e in proven.remainder[:proven.s1_size]]
        log.s2 = [players[e].tpn for e in proven.remainder[proven.s1_size:]]
        self._carried = {}
        partner = {e: e for e in by_index}
        for a, b in proven.pairs:
            partner[a], partner[b] = b, a
        return partner, {e for pair in proven.pairs for e in pair}

    @staticmethod
    def _set_outside(bracket: Bracket) -> None:
        assert isinstance(bracket.graph, ClosedBracket)
        bracket.graph.set_outside_edges()

    def _window(self, walk: Walk, log: BracketLog) -> Bracket:
        """The MDPs, the residents and the next score group, a "below" vertex each, and the bye vertex."""
        by_index = walk.by_index
        k = len(by_index)
        odd = len(self.players) % 2 == 1
        bye_vertex = 2 * k if odd else -1
        graph = Window(self._new_window_matcher(2 * k + odd), self._small_layout.max_weight, list(by_index),
                       self.pairability, bye_vertex)
        self.pairability.set_below(walk.next_group)
        bracket = Bracket(graph, self.players, list(range(k)), walk.group_begin, walk.next_begin, walk.group_begin,
                          walk.next_begin, self.layout.group_bits, log, [False] * (2 * k + odd))
        bracket.set_base_weights(self._weigh(by_index, walk.next_begin))
        offset = self.builder.completion_offset
        for v, entrant in enumerate(by_index):
            alone = (1 + 2 * (not self.builder.is_bye_candidate(entrant))) << offset
            graph.matcher.set_edge_weight(v, k + v, alone)
            if odd:
                graph.matcher.set_edge_weight(v, bye_vertex, 1 << offset)
        bracket.solve()
        return bracket

    def _run_steps(self, walk: Walk, bracket: Bracket) -> BracketResult:
        """Art. 4 on a window or closed-bracket graph from its first optimum; the partners in the whole
        field's terms, and the weights left between the floaters for the next bracket."""
        bracket.pair()
        mates, matched = bracket.mates, bracket.matched
        k = len(bracket.vertices)
        closed = isinstance(bracket.graph, ClosedBracket)
        bye_vertex = bracket.graph.bye_vertex if isinstance(bracket.graph, Window) else -1
        partner: dict[int, int] = {}
        for v, entrant in enumerate(walk.by_index):
            if v >= k or closed and mates[v] >= k:
                # Paired alone: the next score group pairs its own players and the floaters (at most one of
                # its players takes the PAB or goes lower), as the bound proved; none counts as paired below.
                partner[entrant] = entrant
            else:
                mate = mates[v]
                partner[entrant] = walk.by_index[mate] if mate < k else entrant if mate == bye_vertex else BELOW
        if bye_vertex >= 0 and mates[bye_vertex] == bye_vertex:
            self._bye_sent_below(walk, partner)
        paired = {entrant for v, entrant in enumerate(walk.by_index) if v < k and matched[v]}
        floating = [v for v in range(walk.next_begin) if not matched[v]]  # the next bracket's MDPs, in order
        self._carried = {}
        for i, a in enumerate(floating):
            for j in range(i + 1, len(floating)):
                w = bracket.graph.matcher.weight(a, floating[j])
                if w:
                    self._carried[(i, j)] = self._small_layout.convert(w // 2, self.layout)
        return partner, paired

    def _bye_sent_below(self, walk: Walk, partner: dict[int, int]) -> None:
        """The PAB goes below the window: when only one player is sent below, at the PAB's score and above
        everybody below, that player is the PAB assignee (nobody below may take the PAB at a lower score,
        [C5]), unpaired as on the whole field, where [C9]'s flag (:meth:`_after_bracket`) reads it so; a
        "below" vertex stands for both being paired lower down and taking the PAB there."""
        builder, scores = self.builder, self.builder.score
        sent = [e for e, mate in partner.items() if mate == BELOW]
        below = scores[walk.next_group] if walk.next_group < len(scores) else -1
        if len(sent) == 1 and scores[sent[0]] == builder.bye_score > below and builder.is_bye_candidate(sent[0]):
            partner[sent[0]] = sent[0]

    def _to_whole_field(self, by_index: list[int], next_group: int) -> None:
        """The whole-field matcher as it would stand at this bracket: completion weights for everybody not
        yet paired, the weights left between players floating on together, fixed pairs left out.

        Its vertices are the players left only, in field order: the paired ones would be vertices without
        an edge, and the matcher's dense table is quadratic in its vertices (a 5000-player field paired its
        last 30 players on a 4 GB table).
        """
        self.on_small_graphs = False
        n = len(self.players)
        remaining = sorted(by_index) + list(range(next_group, n))
        matcher = new_matching_computer(len(remaining), self.max_weight, pure_python=self.pure_python)
        self._whole_field = WholeField(matcher, self.max_weight, remaining)
        vertex = {e: v for v, e in enumerate(remaining)}
        carried = {(by_index[a], by_index[b]): w for (a, b), w in self._carried.items()}
        builder = self.builder
        current_flag = builder.single_downfloater_is_bye
        builder.single_downfloater_is_bye = self._initial_flag
        for i, a in enumerate(remaining):
            for b in remaining[i + 1:]:
                low, high = (a, b) if a < b else (b, a)
                w = carried.get((a, b), carried.get((b, a)))
                matcher.set_edge_weight(vertex[a], vertex[b],
                                        w if w is not None else builder.weight(low, high, False, False))
        builder.single_downfloater_is_bye = current_flag
