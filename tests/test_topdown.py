"""The shared top-down pairing helper: exact completability, and the first choice a backtracking search keeps."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from sheetpair.pairing.topdown import can_pair_all, maximum_matching, top_down_pairing


def _brute_force_perfect(players, edges) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, q)) in edges and _brute_force_perfect([p for p in rest if p != q], edges) for q in rest
    )


def _backtracking(order, edges, key):
    """The literal search of the texts: highest player first, candidates in preference order, backtrack."""
    if not order:
        return []
    top, rest = order[0], order[1:]
    for q in sorted((c for c in rest if frozenset((top, c)) in edges), key=lambda c: key(top, c)):
        tail = _backtracking([p for p in rest if p != q], edges, key)
        if tail is not None:
            return [(top, q)] + tail
    return None


graphs = st.integers(min_value=0, max_value=10).flatmap(
    lambda n: st.tuples(
        st.just(list(range(n))),
        st.sets(st.tuples(st.integers(0, max(n - 1, 0)), st.integers(0, max(n - 1, 0)))).map(
            lambda pairs: {frozenset(p) for p in pairs if p[0] != p[1]}
        ),
    )
)


@settings(max_examples=150)
@given(graphs)
def test_matching_is_maximum_and_completability_is_exact(graph):
    players, edges = graph
    allowed = lambda a, b: frozenset((a, b)) in edges  # noqa: E731
    mates = maximum_matching(players, allowed)
    assert all(mates[mates[p]] == p and allowed(p, mates[p]) for p in mates)
    assert can_pair_all(players, allowed) == _brute_force_perfect(players, edges)


@settings(max_examples=150)
@given(graphs)
def test_top_down_equals_the_backtracking_search(graph):
    players, edges = graph
    key = lambda a, b: (abs(a - b) % 3, b)  # noqa: E731
    allowed = lambda a, b: frozenset((a, b)) in edges  # noqa: E731
    assert top_down_pairing(players, allowed, key) == _backtracking(players, edges, key)


def test_blossom_odd_cycle_is_handled():
    # a triangle 0-1-2 with a tail 2-3 and 0-4, 4-5: perfect matching 0-4? no: 4-5, 0-1, 2-3
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]}
    assert can_pair_all(list(range(6)), lambda a, b: frozenset((a, b)) in edges)
