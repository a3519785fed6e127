"""The Dutch procedure's parts: the walk down the brackets, one bracket's tie-break step, one walk for both
editions and every graph strategy. The pairings themselves are checked against the corpus in test_dutch.py."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.pairing.dutch.bracket import Bracket, BracketLog, Graph
from sheetpair.pairing.dutch.procedure import BracketProcedure, BracketProcedure2017, Walk
from sheetpair.pairing.dutch.window import WindowedProcedure


class RecordingGraph(Graph):
    """A graph that only records the weights it is given (the optimum is not needed here)."""

    def __init__(self) -> None:
        self.weights: dict[tuple[int, int], int] = {}
        self.solves = 0

    def set(self, u: int, v: int, weight: int) -> None:
        self.weights[(u, v)] = weight

    def solve(self) -> list[int]:
        self.solves += 1
        return list(range(6))


def _bracket(graph: Graph) -> Bracket:
    """Position 0 an MDP, 1-5 residents; position 0 may not meet 2, position 1 may not meet 4."""
    base = [[] for _ in range(6)]
    for larger in range(1, 6):
        base[larger] = [0 if (smaller, larger) in {(0, 2), (1, 4)} else 1000 * larger for smaller in range(larger)]
    return Bracket(graph, [], list(range(6)), 1, 6, 1, 6, 8, BracketLog(0, [], []), [False] * 6, base)


def test_moved_down_players_count_the_tie_break_from_the_bracket_size_over_allowed_opponents_only():
    graph = RecordingGraph()
    bracket = _bracket(graph)
    bracket._prefer_in_order(0, [1, 2, 3, 4, 5], first_addend=6, count_forbidden=False)
    # last opponent first: 5 gets +6, 4 gets +7, 3 gets +8, 2 is skipped without a step, 1 gets +9
    assert graph.weights == {(0, 5): 5006, (0, 4): 4007, (0, 3): 3008, (0, 1): 1009}
    assert graph.solves == 1


def test_s1_players_count_the_tie_break_from_zero_over_every_free_opponent():
    graph = RecordingGraph()
    bracket = _bracket(graph)
    bracket._prefer_in_order(1, [2, 3, 4, 5], first_addend=0, count_forbidden=True)
    # 5 gets +0, 4 may not be met but still takes a step, 3 gets +2, 2 gets +3
    assert graph.weights == {(1, 5): 5000, (1, 3): 3002, (1, 2): 2003}


def test_one_walk_serves_both_editions_and_every_graph():
    assert BracketProcedure2017.run is BracketProcedure.run
    assert WindowedProcedure.run is BracketProcedure.run


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 6), min_size=1, max_size=14).map(lambda s: sorted(s, reverse=True)),
       st.randoms(use_true_random=False))
def test_the_walk_visits_every_score_group_once_and_carries_the_unpaired(scores, rng):
    players = [SimpleNamespace(tpn=i + 1) for i in range(len(scores))]
    walk = Walk.from_top(scores)
    assert walk.by_index == [i for i, s in enumerate(scores) if s == scores[0]]
    joined = list(walk.by_index)
    matched_with: dict[int, int] = {}
    while walk.has_bracket():
        walk.open(everyone_below=False)
        joined += walk.by_index[walk.next_begin:]
        assert walk.by_index[walk.group_begin:walk.next_begin] == list(range(walk.resident_start, walk.group_start))
        if walk.next_begin < len(walk.by_index):
            assert len({scores[e] for e in walk.by_index[walk.next_begin:]}) == 1  # one score group joins
        bracket = walk.by_index[:walk.next_begin]
        rng.shuffle(bracket)
        pairs = list(zip(bracket[::2], bracket[1::2]))[:rng.randint(0, len(bracket) // 2)]
        partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        log = BracketLog(0, [], [])
        floating = [e for e in walk.by_index[:walk.next_begin] if e not in partner]
        walk.close(set(partner), partner, matched_with, log, players)  # type: ignore[arg-type]
        assert not set(walk.by_index) & set(partner)
        assert log.downfloaters == [e + 1 for e in floating] and walk.by_index[:walk.group_begin] == floating
    assert joined == list(range(len(scores)))  # every player joins once, in order
    assert all(matched_with[matched_with[p]] == p for p in matched_with)


def test_reopen_forgets_the_joined_group_and_everyone_below_joins_at_once():
    scores = [4, 4, 3, 3, 2, 1]
    walk = Walk.from_top(scores)
    walk.open(everyone_below=False)
    assert walk.by_index == [0, 1, 2, 3]
    walk.reopen()
    assert walk.by_index == [0, 1] and walk.next_group == 2
    walk.open(everyone_below=True)
    assert walk.by_index == [0, 1, 2, 3, 4, 5] and walk.everyone_below
