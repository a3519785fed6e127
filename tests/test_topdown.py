"""The shared top-down pairing helper: exact completability, and the first choice a backtracking search keeps."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.pairing.topdown import (
    bracket_preference,
    can_pair_all,
    first_matching,
    maximum_matching,
    pair_score_groups,
    top_down_pairing,
)


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


@settings(max_examples=150)
@given(graphs, st.randoms(use_true_random=False))
def test_first_matching_is_the_monrad_backtracking_in_list_order(graph, rng):
    """The Monrad rule (next allowed player down the list, backtracking when the rest cannot be completed)."""
    players, edges = graph
    rng.shuffle(players)
    position = {p: i for i, p in enumerate(players)}
    allowed = lambda a, b: frozenset((a, b)) in edges  # noqa: E731
    assert first_matching(players, allowed) == _backtracking(players, edges, lambda a, b: position[b])


def test_blossom_odd_cycle_is_handled():
    # a triangle 0-1-2 with a tail 2-3 and 0-4, 4-5: perfect matching 0-4? no: 4-5, 0-1, 2-3
    edges = {frozenset(e) for e in [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 5)]}
    assert can_pair_all(list(range(6)), lambda a, b: frozenset((a, b)) in edges)


@settings(max_examples=100)
@given(graphs, st.integers(min_value=1, max_value=4))
def test_score_groups_pair_whenever_any_pairing_exists(graph, group_count):
    players, edges = graph
    allowed = lambda a, b: frozenset((a, b)) in edges  # noqa: E731
    groups = [players[i::group_count] for i in range(group_count)]
    pairs = pair_score_groups(groups, allowed, bracket_order=int)
    assert (pairs is not None) == _brute_force_perfect(players, edges)
    if pairs is not None:
        assert sorted(p for pair in pairs for p in pair) == players
        assert all(allowed(a, b) for a, b in pairs)


def test_score_group_pairs_top_half_against_bottom_half_and_floats_the_lowest():
    groups = [[1, 2, 3, 4, 5], [6, 7, 8]]
    assert pair_score_groups(groups, lambda a, b: True, bracket_order=int) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    no_2_4 = lambda a, b: {a, b} != {2, 4}  # noqa: E731
    assert pair_score_groups(groups, no_2_4, bracket_order=int) == [(1, 4), (2, 3), (5, 7), (6, 8)]


def test_bracket_preference_tries_the_bottom_half_in_order_then_the_top_half_upwards():
    preference = bracket_preference([1, 2, 3, 4, 5, 6])
    assert sorted([2, 3, 4, 5, 6], key=lambda c: preference(1, c)) == [4, 5, 6, 3, 2]
