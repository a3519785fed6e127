"""The shared top-down search: same first pairing as a plain depth-first search, and complete."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from sheetpair.pairing.topdown import PairingGraph, pair_score_groups, pair_top_down, top_half_first


def plain_first_pairing(order: list[int], allowed) -> list[tuple[int, int]] | None:
    """The textbook search the texts describe: first player, first allowed opponent, back up on failure."""
    if not order:
        return []
    top, rest = order[0], order[1:]
    for opponent in rest:
        if allowed(top, opponent):
            below = plain_first_pairing([p for p in rest if p != opponent], allowed)
            if below is not None:
                return [(top, opponent), *below]
    return None


@st.composite
def fields(draw):
    size = draw(st.integers(min_value=0, max_value=5)) * 2
    players = list(range(1, size + 1))
    edges = {frozenset(e) for e in draw(st.sets(st.tuples(st.sampled_from(players or [0]), st.sampled_from(players or [0]))))}
    return players, {e for e in edges if len(e) == 2}


@settings(max_examples=150, deadline=None)
@given(fields())
def test_top_down_equals_the_plain_search(field):
    players, forbidden = field

    def allowed(a: int, b: int) -> bool:
        return frozenset((a, b)) not in forbidden

    assert pair_top_down(players, PairingGraph(players, allowed)) == plain_first_pairing(players, allowed)


@settings(max_examples=100, deadline=None)
@given(fields(), st.integers(min_value=1, max_value=4))
def test_score_groups_pair_whenever_any_pairing_exists(field, group_count):
    players, forbidden = field

    def allowed(a: int, b: int) -> bool:
        return frozenset((a, b)) not in forbidden

    groups = [players[i::group_count] for i in range(group_count)]
    groups = [sorted(g) for g in groups]
    pairs = pair_score_groups(groups, PairingGraph(players, allowed), bracket_order=int)
    exists = plain_first_pairing(players, allowed) is not None
    assert (pairs is not None) == exists
    if pairs is not None:
        assert sorted(p for pair in pairs for p in pair) == players
        assert all(allowed(a, b) for a, b in pairs)


def test_score_group_pairs_top_half_against_bottom_half_and_floats_the_lowest():
    everyone = PairingGraph(range(1, 9), lambda a, b: True)
    groups = [[1, 2, 3, 4, 5], [6, 7, 8]]
    assert pair_score_groups(groups, everyone, bracket_order=int) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    no_2_4 = PairingGraph(range(1, 9), lambda a, b: {a, b} != {2, 4})
    assert pair_score_groups(groups, no_2_4, bracket_order=int) == [(1, 4), (2, 3), (5, 7), (6, 8)]


def test_top_half_first_candidate_order():
    assert top_half_first(1, [2, 3, 4, 5, 6]) == [4, 5, 6, 3, 2]
