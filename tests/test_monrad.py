"""Danish-Swedish Monrad: Winther's monrad-eng reference cases, the page's rules one by one, and properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.ranking import standings
from sheetpair.core.errors import PairingError
from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak
from sheetpair.pairing import get_system
from sheetpair.pairing.common import bottom_up_bye_order, never_paired
from sheetpair.pairing.monrad import SYSTEM, colours
from sheetpair.pairing.topdown import first_matching

from .winther import case_files, load_case, replay, roster_from_order

CASE_KEYS = {"CUM": "cumulative", "BHG": "buchholz"}


def replay_case(path):
    case = load_case(path)
    players, names = roster_from_order(case, "lot")
    options = {"tiebreak": case["options"].get("tieBreak", "cumulative")}
    settings = Settings("monrad", case["rounds_planned"], tiebreaks=SYSTEM.tiebreaks_for(options), options=options)
    return case, replay(case, settings, players, names)


@pytest.mark.parametrize("path", case_files("monrad-eng"), ids=lambda p: p.stem)
def test_winther_monrad_case(path):
    case, run = replay_case(path)
    assert run.differences == []
    table = standings(run.tournament)
    assert [s.name for s in table] == [e["player"] for e in case["final_standings"]]
    state = derive(run.tournament)
    for line, expected in zip(table, case["final_standings"]):
        assert line.points == pytest.approx(expected["score"])
        for code, key in CASE_KEYS.items():  # both keys, whichever one ranked the case
            got = compute_tiebreak(state, line.tpn, code).value
            assert got == pytest.approx(expected["tiebreaks"][key]), (line.name, code)
        assert compute_tiebreak(state, line.tpn, "NWD").value == (0.0 if expected["withdrawn"] else 1.0)


def test_cases_cover_withdrawal_byes_and_both_tiebreak_options():
    cases = [load_case(p) for p in case_files("monrad-eng")]
    assert {c["options"].get("tieBreak", "cumulative") for c in cases} == {"cumulative", "buchholz"}
    assert any(r.get("withdrawals") for c in cases for r in c["rounds"])
    assert any(r["byes"] for c in cases for r in c["rounds"])


def event(n: int, rounds: int = 5) -> Tournament:
    return Tournament(Settings("monrad", rounds, tiebreaks=SYSTEM.default_tiebreaks),
                      [Player(t, f"P{t:02}") for t in range(1, n + 1)])


def play(tournament: Tournament, results: dict[tuple[int, int], Result]) -> Round:
    """Pairs the next round and enters ``results`` by (white, black); missing boards are White wins."""
    rnd = operations.pair_next_round(tournament)
    for g in rnd.games:
        g.result = results.get((g.white, g.black), Result.WHITE_WINS)
    return rnd


def test_round_one_pairs_neighbours_and_gives_white_to_the_lower_placed():
    rnd = operations.pair_next_round(event(6))
    assert [(g.board, g.white, g.black) for g in rnd.games] == [(1, 2, 1), (2, 4, 3), (3, 6, 5)]


def test_colour_goes_to_fewer_whites_then_to_the_higher_placed_only_with_more_blacks():
    t = event(4)
    play(t, {})  # 2-1, 4-3: the Whites 2 and 4 win
    rnd = play(t, {})
    # list: 2, 4 (1 point), 1, 3; 2 and 4 both had White and no Black: the lower-placed 4 gets White
    assert [(g.white, g.black) for g in rnd.games] == [(4, 2), (3, 1)]
    state = derive(t)
    # equal Whites (1 each) and the higher-placed 4 has no more Blacks than 1: the lower-placed gets White
    assert colours(4, 1, state, 3) == (1, 4)
    assert colours(2, 3, state, 3) == (3, 2)


def test_bye_walks_up_from_the_bottom_and_repeats_only_when_everybody_had_one():
    t = event(3, rounds=4)
    byes = []
    for _ in range(3):
        rnd = play(t, {})
        byes.append(rnd.byes[0].player)
        assert rnd.byes[0].kind is ByeKind.PAB
    assert sorted(byes) == [1, 2, 3]
    state = derive(t)
    order = sorted(state.players, key=lambda p: (-state.score(p), p))
    assert bottom_up_bye_order(order, state)[0] == order[-1]  # everybody has had one: the last player again


def test_the_page_would_stop_but_another_bye_leaves_a_rematch_free_round():
    """Where the page's bye choice leaves no rematch-free pairing (the page ends the event), the next bye
    candidate up the list is tried: Winther's review has no rule that stops a Monrad event halfway."""
    t = event(5, rounds=5)
    d, w, b = Result.DRAW, Result.WHITE_WINS, Result.BLACK_WINS
    t.rounds = [
        Round(1, [Game(1, 2, 1, d), Game(2, 4, 3, w)], [Bye(5, ByeKind.PAB)]),
        Round(2, [Game(1, 1, 4, b), Game(2, 5, 2, d)], [Bye(3, ByeKind.PAB)]),
        Round(3, [Game(1, 4, 5, d), Game(2, 3, 2, w)], [Bye(1, ByeKind.PAB)]),
    ]
    state = derive(t)
    order = sorted(state.players, key=lambda p: (-state.score(p), p))
    page_choice = bottom_up_bye_order(order, state)[0]
    assert first_matching([p for p in order if p != page_choice], never_paired(t, state)) is None
    pairing = SYSTEM.pair(t, 4)
    assert pairing.byes[0].player != page_choice
    assert f"not {page_choice}" in pairing.notes[0]
    assert all(g.black not in state[g.white].opponents_paired for g in pairing.games)


def test_no_rematch_free_round_left_is_an_error_not_a_rematch():
    t = event(4, rounds=4)
    for _ in range(3):
        play(t, {})
    with pytest.raises(PairingError, match="repeat game"):
        operations.pair_next_round(t)


def test_cumulative_stops_when_a_player_withdraws_and_withdrawn_rank_last_on_equal_points():
    t = event(4, rounds=3)
    play(t, {})  # 2 and 4 win
    play(t, {})
    operations.withdraw(t, 2, 3)  # withdrew during round 2: no addition for round 2
    state = derive(t)
    assert compute_tiebreak(state, 2, "CUM").value == 1.0
    assert compute_tiebreak(state, 4, "CUM").value == state[4].score_after(1) + state[4].score_after(2)
    assert compute_tiebreak(state, 2, "NWD").value == 0.0
    table = standings(t)
    equal = [s.tpn for s in table if s.points == state.score(2)]
    assert equal[-1] == 2


def test_registered_with_lot_draw_and_tiebreak_presets():
    system = get_system("monrad")
    assert system.tiebreaks_for({}) == ("NWD", "CUM")
    assert system.tiebreaks_for({"tiebreak": "buchholz"}) == ("NWD", "BHG")
    assert system.tiebreaks_for({"tiebreak": "wnt"}) == ("NWD", "WNT")
    drawn = system.initial_order([Player(0, f"N{i}") for i in range(10)], Settings("monrad", 5), random.Random(7))
    again = system.initial_order([Player(0, f"N{i}") for i in range(10)], Settings("monrad", 5), random.Random(7))
    assert [p.name for p in drawn] == [p.name for p in again] != [f"N{i}" for i in range(10)]
    t = event(6, rounds=3)
    play(t, {})
    assert compute_tiebreak(derive(t), 1, "WNT").value == pytest.approx(50.0)  # lost to a 1/1 opponent: 100 × 1 × ½


RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=16), st.integers(min_value=1, max_value=9), st.randoms(use_true_random=False),
       st.booleans())
def test_every_round_is_a_legal_monrad_round(n, rounds, rng, with_withdrawal):
    t = event(n, rounds=rounds)
    for number in range(1, rounds + 1):
        if with_withdrawal and number == 2 and n > 3:
            operations.withdraw(t, rng.randint(1, n), 2)
        try:
            rnd = operations.pair_next_round(t)
        except PairingError:
            state = derive(t)
            active = [p.tpn for p in t.players if p.is_active_in(number)]
            # a refusal is right only when the field really is exhausted for every bye choice
            assert len(active) < 2 or all(
                first_matching([a for a in active if a != bye], never_paired(t, state)) is None
                for bye in (active if len(active) % 2 else [None])
            )
            return
        seen = [p for g in rnd.games for p in (g.white, g.black)] + [b.player for b in rnd.byes]
        assert len(seen) == len(set(seen))
        assert sorted(seen) == sorted(p.tpn for p in t.players if p.is_active_in(number))
        assert len(rnd.byes) <= 1
        state = derive(t, through_round=number - 1)
        assert all(g.black not in state[g.white].opponents_paired for g in rnd.games)
        for g in rnd.games:
            g.result = rng.choice(RESULTS)


def test_forbidden_pairs_never_meet_and_a_forfeited_pairing_counts_as_met():
    t = event(6, rounds=3)
    t.forbidden_pairs.add(frozenset((1, 2)))
    r1 = play(t, {(3, 1): Result.WHITE_WINS_BY_FORFEIT})
    assert [(g.white, g.black) for g in r1.games] == [(3, 1), (4, 2), (6, 5)]
    for _ in range(2):
        rnd = play(t, {})
        assert all({g.white, g.black} not in ({1, 2}, {1, 3}) for g in rnd.games)
