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
2. **The window**: the MDPs, the residents and the next score group with their whole-field weights
   (doubled); one private "below" vertex per player, worth what being paired lower down is worth on the
   whole field (half a pair plus its bye-eligibility term, hence the doubling); with an odd field, one
   "bye" vertex. Its optimum is the whole field's as long as the players below (R), with those the window
   sends there, can still be paired; that is checked after every re-optimisation.
3. **The whole field**, rebuilt exactly as it would stand at the bracket at hand, when neither bound holds
   (small or constrained fields, the last brackets); so the pairing never depends on a shortcut.

The bounds come from Dirac's theorem: a graph on N ≥ 3 vertices whose every vertex has at least N/2
neighbours has a Hamiltonian cycle, hence a perfect matching when N is even, and one leaving out any chosen
vertex when N is odd. Degrees are counted from [C1]/[C3] in O(rounds) per player.
"""

from __future__ import annotations

from ..matching import new_matching_computer
from .bounds import Pairability
from .entrants import Edition, RoundField
from .procedure import BELOW, BracketLog, BracketProcedure


class _NeedsWholeField(Exception):
    """The degree bound cannot prove that the players below can still be paired."""


class WindowedProcedure(BracketProcedure):
    """:class:`BracketProcedure` with each bracket paired on a window graph (see the module docstring)."""

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        super().__init__(round_field, forbidden, pure_python=pure_python)
        self.window_active = round_field.edition is Edition.RULES_2026
        self.pairability = Pairability(self.builder, self.players)
        self._carried: dict[tuple[int, int], int] = {}
        """Whole-field weights left between players who float on together (the matcher's state)."""
        self._ents: list[int] = []
        self._initial_flag = False
        self._closed = False
        """The current bracket is paired alone (:meth:`_closed_bracket`): no bound to check."""
        self._outside: list[tuple[int, int, int]] = []
        """Its edges to the float pool or the bye vertex."""
        self._bye_vertex = -1

    # -- the initial solution without a whole-field matching ------------------------------------------
    def _initial_solution(self, top: int) -> list[int]:
        players = self.players
        n = len(players)
        if self.window_active:
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
            self.window_active = False
        return super()._initial_solution(top)

    def _prepare_bye(self, mates: list[int], top: int) -> None:
        if not self.window_active:
            super()._prepare_bye(mates, top)
            self._initial_flag = self.builder.single_downfloater_is_bye
            return
        players, builder = self.players, self.builder
        builder.bye_score = next(p.score for v, p in enumerate(players) if mates[v] == v)
        builder.single_downfloater_is_bye = False  # the bye is below the top score group
        games = sorted((p.played_games for p in players if p.score == builder.bye_score), reverse=True)
        builder.played_games_rank = {played: rank for rank, played in enumerate(games)}

    # -- one bracket -------------------------------------------------------------------------------------
    def _pair_bracket(self, by_index: list[int], group_begin: int, next_begin: int, begin_vertex: int,
                      next_vertex: int, next_group: int, matched: list[bool], log: BracketLog) -> dict[int, int]:
        if self.window_active:
            saved_pairs, saved_flags = list(log.pairs), list(log.paired_moved_down)
            try:
                closed = self._closed_bracket(by_index, group_begin, next_begin, next_group)
                if closed is not None:
                    return self._run_steps(by_index, by_index[:next_begin], group_begin, next_begin, closed,
                                           matched, log)
                return self._pair_in_window(by_index, group_begin, next_begin, next_group, matched, log)
            except _NeedsWholeField:
                self._closed = False
                log.pairs[:], log.paired_moved_down[:] = saved_pairs, saved_flags
                for vertex in by_index:
                    matched[vertex] = False
                self._to_whole_field(by_index, next_group)
        return super()._pair_bracket(by_index, group_begin, next_begin, begin_vertex, next_vertex, next_group,
                                     matched, log)

    def _new_window_matcher(self, ents: list[int], size: int) -> None:
        """A matcher for the window ``ents`` (local vertices ``0..len(ents)-1``) with the carried weights."""
        self._ents = list(ents)
        self._size = size
        self.matcher = new_matching_computer(size, 2 * self.max_weight + 1, pure_python=self.pure_python)
        for (a, b), w in self._carried.items():
            self.matcher.set_edge_weight(a, b, 2 * w)

    def _closed_bracket(self, by_index: list[int], group_begin: int, next_begin: int, next_group: int
                        ) -> tuple[list[list[int]], list[int]] | None:
        """The bracket alone, when the players below it cannot change its pairing; else None.

        Whoever floats from the bracket is then worth what :meth:`Pairability.next_group_takes_any` says: a
        pair in the next bracket at the floater's own score ([C8]) and its completion share. So the bracket is
        paired on its own players plus a pool of interchangeable "float" vertices carrying that worth, as many
        as the optimum floats (the pool grows until nobody is left unmatched). Not used when the PAB may
        fall in the bracket (but for the last one), nor under [C9] (but in the last bracket).
        """
        n = len(self.players)
        bracket = by_index[:next_begin]
        size = len(bracket)
        local = list(range(size))
        offset = self.builder.completion_offset
        if next_begin == len(by_index):
            # The last bracket: nobody below, so the window is the bracket and the bye (whose edges all weigh
            # the same; [C9], if it applies, is in the bracket's own weights).
            self._bye_vertex = size if n % 2 else -1
            self._new_window_matcher(bracket, size + n % 2)
            base = self._base_weights(bracket, group_begin, next_begin, local)
            self._outside = [(v, self._bye_vertex, 1 << offset) for v in local if n % 2]
            self._set_outside_edges()
            self._closed = True
            return base, self._solve()
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
                 for e in bracket]
        self._bye_vertex = -1
        pool = size % 2
        while True:
            self._new_window_matcher(bracket, size + pool)
            base = self._base_weights(bracket, group_begin, next_begin, local,
                                      (size - pool) // 2 if group_begin == 0 else -1)
            self._outside = [(v, q, worth[v]) for q in range(size, size + pool) for v in local]
            self._set_outside_edges()
            self._closed = True
            try:
                mates = self._solve()
                break
            except _NeedsWholeField:
                pool += sum(1 for v in local if self.matcher.mates()[v] == v)
        floaters = sum(1 for v in local if mates[v] >= size and mates[v] != self._bye_vertex)
        self.pairability.set_below(next_group)
        if not self.pairability.next_group_takes_any(bracket, group_start, next_group, floaters, bye):
            self._closed = False
            return None
        return base, mates

    def _set_outside_edges(self) -> None:
        for v, q, w in self._outside:
            self.matcher.set_edge_weight(v, q, w)

    def _set_transposition_weights(self, by_index: list[int], base: list[list[int]], remainder: list[int],
                                   group_begin: int) -> None:
        """A homogeneous bracket paired alone starts the transpositions on a new matcher: its graph is now
        S1–S2 only, and solving that afresh is cheaper than re-optimising after every edge changed."""
        if not (self._closed and group_begin == 0):
            super()._set_transposition_weights(by_index, base, remainder, group_begin)
            return
        self._new_window_matcher(self._ents, self._size)
        self._set_outside_edges()
        super()._set_transposition_weights(by_index, base, remainder, group_begin)

    def _pair_in_window(self, by_index: list[int], group_begin: int, next_begin: int, next_group: int,
                        matched: list[bool], log: BracketLog) -> dict[int, int]:
        k = len(by_index)
        odd = len(self.players) % 2 == 1
        self._new_window_matcher(by_index, 2 * k + odd)
        self._bye_vertex = 2 * k if odd else -1
        self.pairability.set_below(next_group)
        local = list(range(k))
        base = self._base_weights(by_index, group_begin, next_begin, local)
        offset = self.builder.completion_offset
        for v, entrant in enumerate(by_index):
            alone = (1 + 2 * (not self.builder.is_bye_candidate(entrant))) << offset
            self.matcher.set_edge_weight(v, k + v, alone)
            if odd:
                self.matcher.set_edge_weight(v, self._bye_vertex, 1 << offset)
        return self._run_steps(by_index, by_index, group_begin, next_begin, (base, self._solve()), matched, log)

    def _run_steps(self, by_index: list[int], graph: list[int], group_begin: int, next_begin: int,
                   start: tuple[list[list[int]], list[int]], matched: list[bool], log: BracketLog
                   ) -> dict[int, int]:
        """Art. 4 on the window graph whose first vertices are the players ``graph`` (a prefix of
        ``by_index``), from its first optimum ``start``; the partners in the whole field's terms."""
        base, mates = start
        k = len(graph)
        local = list(range(k))
        window_matched = [False] * self._size
        mates = self._choose_moved_down(local, base, mates, window_matched, group_begin, next_begin,
                                        group_begin, next_begin)
        mates = self._pair_moved_down(local, base, mates, window_matched, group_begin, next_begin, log)
        mates = self._pair_remainder(local, base, mates, window_matched, group_begin, next_begin,
                                     group_begin, next_begin, log)
        closed, self._closed = self._closed, False
        partner: dict[int, int] = {}
        for v, entrant in enumerate(by_index):
            matched[entrant] = v < k and window_matched[v]
            if v >= k or closed and mates[v] >= k:
                # Paired alone: the next score group pairs its own players and the floaters (at most one of
                # its players takes the PAB or goes lower), as the bound proved; none counts as paired below.
                partner[entrant] = entrant
            else:
                mate = mates[v]
                partner[entrant] = by_index[mate] if mate < k else entrant if mate == self._bye_vertex else BELOW
        floating = [v for v in range(next_begin) if not window_matched[v]]  # the next bracket's MDPs, in order
        self._carried = {}
        for i, a in enumerate(floating):
            for j in range(i + 1, len(floating)):
                w = self.matcher.weight(a, floating[j])
                if w:
                    self._carried[(i, j)] = w // 2
        return partner

    # -- the window's matcher --------------------------------------------------------------------------
    def _set(self, u: int, v: int, weight: int) -> None:
        self.matcher.set_edge_weight(u, v, 2 * weight if self.window_active else weight)

    def _fix_pair(self, u: int, v: int) -> None:
        self.matcher.fix_pair(u, v, 2 * self.max_weight if self.window_active else self.max_weight)

    def _entrant(self, vertex: int) -> int:
        return self._ents[vertex] if self.window_active else vertex

    def _solve(self) -> list[int]:
        mates = super()._solve()
        if self._closed:
            if any(mates[v] == v for v in range(len(self._ents))):
                raise _NeedsWholeField  # somebody of the bracket alone is left out
        elif self.window_active:
            k = len(self._ents)
            sent_below = [self._ents[v] for v in range(k) if k <= mates[v] < 2 * k]
            bye_in_window = self._bye_vertex >= 0 and mates[self._bye_vertex] != self._bye_vertex
            if not self.pairability.holds(sent_below, self._bye_vertex >= 0 and not bye_in_window):
                raise _NeedsWholeField
        return mates

    def _to_whole_field(self, by_index: list[int], next_group: int) -> None:
        """The whole-field matcher as it would stand at this bracket: completion weights for everybody not
        yet paired, the weights left between players floating on together, fixed pairs left out."""
        self.window_active = False
        n = len(self.players)
        self.matcher = new_matching_computer(n, self.max_weight, pure_python=self.pure_python)
        self._size = n
        remaining = list(by_index) + list(range(next_group, n))
        carried = {(by_index[a], by_index[b]): w for (a, b), w in self._carried.items()}
        builder = self.builder
        current_flag = builder.single_downfloater_is_bye
        builder.single_downfloater_is_bye = self._initial_flag
        for i, a in enumerate(remaining):
            for b in remaining[i + 1:]:
                low, high = (a, b) if a < b else (b, a)
                w = carried.get((a, b), carried.get((b, a)))
                self.matcher.set_edge_weight(a, b, w if w is not None else builder.weight(low, high, False, False))
        builder.single_downfloater_is_bye = current_flag
