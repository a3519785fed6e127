"""The same bracket procedure on small graphs: the bracket, the next score group, and "somebody below".

On the whole-field matcher (:class:`~.procedure.BracketProcedure`) every re-optimisation costs O(n²) and the
first one O(n³) with weights of several hundred bits, which is what makes a 2000-player round slow. Yet the
players below the next score group (R) only ever carry completion weights: the optimum needs them
to be pairable, nothing else. So each bracket is paired on a window graph:

* the MDPs, the residents and the next score group, with their whole-field weights (doubled);
* one private "below" vertex per player: being paired into R is worth what it is worth on the whole
  field, the completion contribution of that player alone (half a pair, plus its bye-eligibility term,
  hence the doubling);
* with an odd field, one "bye" vertex: the PAB assignee comes from the window, and R needs no bye.

The window's optimum is the whole field's optimum restricted to the window as soon as R, together with the
players it sends below (F), can still be paired (with the bye, if it is theirs, to a player who may get
it). That is checked after every re-optimisation with Dirac's theorem: a graph on N vertices whose every
vertex has at least N/2 neighbours has a Hamiltonian cycle, hence a perfect matching when N is even.
Degrees into R are counted from [C1]/[C3] in O(rounds) per player. When the bound cannot prove it (small
or constrained fields, the last brackets), the round continues on the whole-field matcher from the
bracket at hand, rebuilt exactly as it would stand there; so the pairing never depends on the shortcut.
"""

from __future__ import annotations

from ..matching import new_matching_computer
from .entrants import Edition, RoundField
from .procedure import BELOW, BracketLog, BracketProcedure

WINDOW_MIN_PLAYERS = 120
"""Below this field size the whole-field matcher is fast enough and the window is not tried."""


class _NeedsWholeField(Exception):
    """The degree bound cannot prove that the players below can still be paired."""


class Pairability:
    """Dirac-type bound for "R ∪ F has a perfect matching (after the bye)", R = entrants from ``start`` on."""

    def __init__(self, procedure: BracketProcedure) -> None:
        self.builder = procedure.builder
        self.players = procedure.players
        builder = self.builder
        self.limited = [builder.absolute[i] and not builder.topscorer[i] for i in range(len(self.players))]
        self.start = len(self.players)

    def set_below(self, start: int) -> None:
        """R = entrants ``start..n-1``; counts the colour-limited players of R by preference."""
        self.start = start
        self.limited_count: dict[object, int] = {}
        for r in range(start, len(self.players)):
            if self.limited[r]:
                key = self.builder.preference[r]
                self.limited_count[key] = self.limited_count.get(key, 0) + 1
        self.size = len(self.players) - start
        self.min_below = min((self.degree(r) for r in range(start, len(self.players))), default=self.size)

    def degree(self, v: int) -> int:
        """Number of players of R that ``v`` may meet ([C1], forbidden pairs, [C3])."""
        inside = v >= self.start
        count = self.size - inside - sum(1 for o in self.builder.barred[v] if o >= self.start)
        if self.limited[v]:
            count -= self.limited_count.get(self.builder.preference[v], 0) - inside
        return count

    def holds(self, sent_below: list[int], bye_below: bool) -> bool:
        """True when R plus ``sent_below`` can be paired, leaving a PAB candidate out if ``bye_below``."""
        total = self.size + len(sent_below)
        if total == 0:
            return not bye_below
        smallest = min([self.min_below] + [self.degree(f) for f in sent_below])
        if not bye_below:
            return total % 2 == 0 and 2 * smallest >= total
        if total % 2 == 0:
            return False
        candidates = [f for f in sent_below if self.builder.is_bye_candidate(f)]
        if not candidates and not any(self.builder.is_bye_candidate(r) for r in range(self.start, len(self.players))):
            return False
        return 2 * (smallest - 1) >= total - 1


class WindowedProcedure(BracketProcedure):
    """:class:`BracketProcedure` with each bracket paired on a window graph (see the module docstring)."""

    def __init__(self, round_field: RoundField, forbidden: set[frozenset[int]], *, pure_python: bool = False):
        super().__init__(round_field, forbidden, pure_python=pure_python)
        self.window_active = round_field.edition is Edition.RULES_2026 and len(self.players) >= WINDOW_MIN_PLAYERS
        self.pairability = Pairability(self)
        self._carried: dict[tuple[int, int], int] = {}
        """Whole-field weights left between players who float on together (the matcher's state)."""
        self._ents: list[int] = []
        self._initial_flag = False

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
                return self._pair_in_window(by_index, group_begin, next_begin, next_group, matched, log)
            except _NeedsWholeField:
                log.pairs[:], log.paired_moved_down[:] = saved_pairs, saved_flags
                for vertex in by_index:
                    matched[vertex] = False
                self._to_whole_field(by_index, next_group)
        return super()._pair_bracket(by_index, group_begin, next_begin, begin_vertex, next_vertex, next_group,
                                     matched, log)

    def _pair_in_window(self, by_index: list[int], group_begin: int, next_begin: int, next_group: int,
                        matched: list[bool], log: BracketLog) -> dict[int, int]:
        k = len(by_index)
        odd = len(self.players) % 2 == 1
        size = 2 * k + odd
        self._ents = list(by_index)
        self._size = size
        self._bye_vertex = 2 * k if odd else -1
        self.pairability.set_below(next_group)
        self.matcher = new_matching_computer(size, 2 * self.max_weight + 1, pure_python=self.pure_python)
        for (a, b), w in self._carried.items():
            self.matcher.set_edge_weight(a, b, 2 * w)
        local = list(range(k))
        base = self._base_weights(by_index, group_begin, next_begin, local)
        offset = self.builder.completion_offset
        for v, entrant in enumerate(by_index):
            alone = (1 + 2 * (not self.builder.is_bye_candidate(entrant))) << offset
            self.matcher.set_edge_weight(v, k + v, alone)
            if odd:
                self.matcher.set_edge_weight(v, self._bye_vertex, 1 << offset)
        window_matched = [False] * size
        mates = self._solve()
        mates = self._choose_moved_down(local, base, mates, window_matched, group_begin, next_begin,
                                        group_begin, next_begin)
        mates = self._pair_moved_down(local, base, mates, window_matched, group_begin, next_begin, log)
        mates = self._pair_remainder(local, base, mates, window_matched, group_begin, next_begin,
                                     group_begin, next_begin, log)
        partner: dict[int, int] = {}
        for v, entrant in enumerate(by_index):
            matched[entrant] = window_matched[v]
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
        if self.window_active:
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
