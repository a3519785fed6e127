"""WNT as Winther defines it: 100 × Σ (Pᵢ/N)(rᵢ + Pᵢ/(2N)), and its identity with Sonneborn-Berger."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.ranking import standings
from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak


def _five_round_event(result_against_opponent: Result, opponent_score: float) -> Tournament:
    """Player 1 meets player 2 in round 1; player 2 ends on ``opponent_score`` out of 5."""
    players = [Player(i, f"P{i}") for i in range(1, 12)]
    rounds = [Round(1, [Game(1, 1, 2, result_against_opponent)])]
    # player 2 collects the rest of its score against players 3..6; everyone else just plays to fill rounds
    needed = opponent_score - (0.0 if result_against_opponent is Result.WHITE_WINS else
                               0.5 if result_against_opponent is Result.DRAW else 1.0)
    for number in range(2, 6):
        outcome = Result.BLACK_WINS if needed >= 1 else Result.DRAW if needed >= 0.5 else Result.WHITE_WINS
        needed -= {Result.BLACK_WINS: 1.0, Result.DRAW: 0.5, Result.WHITE_WINS: 0.0}[outcome]
        rounds.append(Round(number, [Game(1, number + 1, 2, outcome)]))
    return Tournament(Settings("berger", 5), players, rounds)


@pytest.mark.parametrize(
    ("result", "opponent_score", "expected"),
    [
        (Result.WHITE_WINS, 4.0, 112.0),
        (Result.DRAW, 4.0, 72.0),
        (Result.BLACK_WINS, 4.0, 32.0),
        (Result.WHITE_WINS, 2.5, 62.5),
        (Result.WHITE_WINS, 1.0, 22.0),
    ],
)
def test_seed_figures_for_a_five_round_event(result, opponent_score, expected):
    tournament = _five_round_event(result, opponent_score)
    state = derive(tournament)
    assert state.score(2) == opponent_score
    round_one = [c for c in compute_tiebreak(state, 1, "WNT").contributions if c.round == 1]
    assert round_one[0].value == pytest.approx(expected)


def test_byes_count_nothing_and_n_is_rounds_played_so_far():
    players = [Player(1, "A"), Player(2, "B"), Player(3, "C")]
    rounds = [Round(1, [Game(1, 1, 2, Result.WHITE_WINS)], []), Round(2, [Game(1, 2, 3, Result.DRAW)], [])]
    from sheetpair.core.model import Bye, ByeKind

    rounds[0].byes.append(Bye(3, ByeKind.PAB))
    rounds[1].byes.append(Bye(1, ByeKind.PAB))
    tournament = Tournament(Settings("simple", 9), players, rounds)
    state = derive(tournament)
    value = compute_tiebreak(state, 1, "WNT")
    # only the game against B (0.5 after 2 rounds → share 0.25) counts: 100 × 0.25 × (1 + 0.125)
    assert [c.opponent for c in value.contributions] == [2]
    assert value.value == pytest.approx(100 * 0.25 * 1.125)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=3, max_value=9), st.randoms(use_true_random=False))
def test_in_a_complete_round_robin_wnt_orders_tied_players_as_sonneborn_berger(n, rng):
    roster = [Player(0, f"P{i:02}") for i in range(n)]
    tournament = new_tournament(roster, Settings("berger", n - 1 + n % 2, seed=1, bye_value=0.0),
                                           keep_order=True)
    for _ in range(tournament.settings.rounds):
        rnd = operations.pair_next_round(tournament)
        for game in rnd.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
    table = standings(tournament, tiebreaks=("WNT", "SB"))
    for a, b in zip(table, table[1:]):
        if a.points == b.points:
            wnt_a, wnt_b = a.tiebreaks["WNT"].value, b.tiebreaks["WNT"].value
            sb_a, sb_b = a.tiebreaks["SB"].value, b.tiebreaks["SB"].value
            assert (wnt_a > wnt_b + 1e-9) == (sb_a > sb_b + 1e-9)
            assert abs(wnt_a - wnt_b) < 1e-9 or abs(sb_a - sb_b) > 1e-9
