"""Rating figures for reports (core/rating.py): FIDE's tables and a rating change worked out by hand."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.rating import capped_expected_score, k_for, rating_changes, rating_figures
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak
from sheetpair.core.tiebreaks.fide import expected_score, rating_difference

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
HERO, A, B, C, DD, UNRATED, FORFEITER = 1, 2, 3, 4, 5, 6, 7


def worked_event() -> Tournament:
    """Hero (2000) beats A (1900), draws B (2100), loses to C (2450), beats D (1500), beats an unrated player
    and wins a forfeit against a 2300 player."""
    players = [Player(HERO, "Hero", 2000), Player(A, "A", 1900), Player(B, "B", 2100), Player(C, "C", 2450),
               Player(DD, "D", 1500), Player(UNRATED, "U", 0), Player(FORFEITER, "F", 2300)]
    rounds = [
        Round(1, [Game(1, HERO, A, W)]),
        Round(2, [Game(1, B, HERO, D)]),
        Round(3, [Game(1, HERO, C, L)]),
        Round(4, [Game(1, DD, HERO, L)]),
        Round(5, [Game(1, HERO, UNRATED, W)]),
        Round(6, [Game(1, HERO, FORFEITER, Result.WHITE_WINS_BY_FORFEIT)]),
    ]
    return Tournament(Settings("dutch", 6), players, rounds)


@pytest.mark.parametrize(("percent", "dp"), [
    (50, 0), (51, 7), (63, 95), (75, 193), (88, 336), (99, 677), (100, 800),  # B.02 8.1.1, read off the table
    (25, -193), (37, -95), (1, -677), (0, -800),                                # p < .50: dp(p) = -dp(1 - p)
])
def test_rating_difference_is_fides_table(percent, dp):
    assert rating_difference(percent) == dp


@pytest.mark.parametrize(("difference", "higher"), [
    (0, "0.50"), (3, "0.50"), (4, "0.51"), (100, "0.64"), (400, "0.92"), (735, "0.99"), (736, "1.00"),
])
def test_expected_score_table(difference, higher):
    # B.02 8.1.2: 99-106 → .64, 392-411 → .92, 620-735 → .99, above 735 → 1.00; the lower-rated gets 1 - PD
    assert expected_score(2000 + difference, 2000) == Fraction(higher)
    assert expected_score(2000, 2000 + difference) == 1 - Fraction(higher)


def test_the_400_point_cap_applies_to_the_expected_score_only():
    # D = 500: uncapped 485-517 → .96, capped to 400 → .92 (B.02 8.3.1)
    assert expected_score(2000, 1500) == Fraction("0.96")
    assert capped_expected_score(2000, 1500) == Fraction("0.92")
    assert capped_expected_score(2000, 2450) == Fraction("0.08")  # D = -450 counts as -400
    assert capped_expected_score(2000, 2100) == expected_score(2000, 2100)  # within 400: unchanged


def test_a_player_rated_2650_or_more_has_the_whole_difference_counted():
    # B.02 8.3.1 since 1 October 2025: 2700 against 2200 (D = 500) gives .96, against 1900 (D = 800) 1.00;
    # 2649 against 2149 still counts 400: .92; the opponent below 2650 keeps the cap: 1 - .92
    assert capped_expected_score(2700, 2200) == Fraction("0.96")
    assert capped_expected_score(2700, 1900) == Fraction(1)
    assert capped_expected_score(2649, 2149) == Fraction("0.92")
    assert capped_expected_score(2200, 2700) == Fraction("0.08")
    players = [Player(1, "Top", 2700, k_factor=10), Player(2, "Low", 2200, k_factor=20)]
    event = Tournament(Settings("dutch", 1), players, [Round(1, [Game(1, 1, 2, Result.WHITE_WINS)])])
    figures = rating_figures(derive(event)).players
    assert (figures[1].expected, figures[1].change) == (0.96, pytest.approx(0.4))  # not .92 and +0.8
    assert (figures[2].expected, figures[2].change) == (0.08, pytest.approx(-1.6))


def test_worked_rating_change():
    # Rated games: the four over the board against rated opponents (the unrated opponent and the forfeit are out).
    #   vs 1900 (D +100): PD .64, scored 1    vs 2100 (D -100): .36, scored ½
    #   vs 2450 (D -450 → -400): .08, scored 0    vs 1500 (D +500 → +400): .92, scored 1
    # We = .64 + .36 + .08 + .92 = 2.00; W = 2.5; K = 20 → change = 20 × 0.5 = +10.0
    # ARO = (1900 + 2100 + 2450 + 1500) / 4 = 1987.5 → 1988; p = 2.5/4 = .625 → .63 → dp 95 → Rp = 2083
    hero = rating_figures(derive(worked_event())).players[HERO]
    assert (hero.games, hero.score, hero.left_out) == (4, 2.5, 1)
    assert hero.average_opponent == 1988
    assert hero.performance == 2083
    assert hero.expected == pytest.approx(2.0)
    assert hero.k == 20 and hero.change == pytest.approx(10.0)
    assert len(hero.notes) == 1 and "unrated" in hero.notes[0]


def test_k_factor_per_player():
    state = derive(worked_event())
    assert rating_figures(state, k_factor={HERO: 40}).players[HERO].change == pytest.approx(20.0)
    assert rating_figures(state, k_factor={HERO: 40}).players[A].k == 20  # not listed: the default
    assert rating_figures(state, k_factor=lambda p: 10 if p.rating >= 2400 else 40).players[C].k == 10
    assert k_for(Player(1, "x", 2000), 15) == 15


def test_aro_and_performance_are_the_tiebreak_code():
    # everyone rated: the figures agree with the ARO and TPR tie-breaks
    event = worked_event()
    event.players[UNRATED - 1].rating = 1800
    state = derive(event)
    table = rating_figures(state)
    assert table.tiebreak_note == ""
    for tpn, figures in table.players.items():
        if figures.games:
            assert figures.average_opponent == compute_tiebreak(state, tpn, "ARO").value
            assert figures.performance == compute_tiebreak(state, tpn, "TPR").value


def test_zero_and_full_scores_use_the_table_ends():
    # 100 %: Rp = ARO + 800; 0 %: Rp = ARO - 800 (the ends of B.02 8.1.1)
    players = [Player(1, "W", 2000), Player(2, "X", 1900), Player(3, "Y", 2100)]
    rounds = [Round(1, [Game(1, 1, 2, W)]), Round(2, [Game(1, 3, 1, L)])]
    table = rating_figures(derive(Tournament(Settings("dutch", 2), players, rounds))).players
    assert table[1].performance == 2000 + 800
    assert table[2].performance == 2000 - 800


def test_figures_that_do_not_apply_say_why():
    table = rating_figures(derive(worked_event()))
    unrated = table.players[UNRATED]
    assert unrated.games == 1 and unrated.average_opponent == 2000 and unrated.performance == 2000 - 800
    assert unrated.expected is None and unrated.change is None and unrated.k is None
    assert unrated.notes == ("Unrated, so there is no expected score or rating change (ARO and Rp are over "
                             "rated opponents).", "No point scored against rated opponents: the event does not "
                             "count toward a first rating (B.02 8.2.1).")
    assert unrated.first_rating is None
    forfeiter = table.players[FORFEITER]  # only a forfeit: no rated game
    assert forfeiter.games == 0 and forfeiter.average_opponent is None and forfeiter.change is None
    assert "No game played over the board against a rated opponent" in forfeiter.notes[0]
    # C.07 Art. 10: the rating tie-breaks are dropped for the event, in one sentence naming the unrated player
    assert table.tiebreak_note == ("Not applied: player 6 (U) is unrated, and C.07 Art. 10 drops the rating "
                                   "tie-breaks when any participant is.")


def test_the_dropped_rating_tiebreak_says_why():
    state = derive(worked_event())
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "ARO-C1"):
        value = compute_tiebreak(state, HERO, code)
        assert value.value == 0 and value.note.startswith("Not applied: player 6 (U) is unrated")
        assert value.note.endswith(".") and ". " not in value.note.replace("Art. ", "")  # one sentence
    event = worked_event()
    event.players[DD - 1].rating = 0
    note = compute_tiebreak(derive(event), HERO, "TPR").note
    assert note.startswith("Not applied: 2 players (5 (D), 6 (U)) are unrated")


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_change_sums_to_zero_between_rated_players_with_equal_k(seed):
    # With one K for all and every difference within 400, what one player gains another loses (PD + (1-PD) = 1).
    rng = random.Random(seed)
    n = rng.randint(2, 8)
    players = [Player(t, f"P{t}", rng.randint(1800, 2150)) for t in range(1, n + 1)]
    rounds = []
    for number in range(1, rng.randint(1, 5) + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        games = [Game(i + 1, order[2 * i], order[2 * i + 1], rng.choice([W, D, L])) for i in range(n // 2)]
        rounds.append(Round(number, games))
    table = rating_figures(derive(Tournament(Settings("dutch", len(rounds)), players, rounds))).players
    assert sum(f.change or 0 for f in table.values()) == pytest.approx(0.0, abs=1e-9)
    for f in table.values():
        assert f.games == sum(1 for r in rounds for g in r.games if f.tpn in (g.white, g.black))


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_the_standings_sheets_k_and_change_are_the_rating_figures(seed):
    """``rating_changes`` (what the Standings sheet prints) gives each player the K and change of
    ``rating_figures``: rated and unrated players, juniors, 2650 and above, forfeits, unrated games, K capped."""
    rng = random.Random(seed)
    n = rng.randint(2, 10)
    players = [Player(t, f"P{t}", rng.choice([0, rng.randint(1400, 2800)]), birth_date=rng.choice(["", "2012"]))
               for t in range(1, n + 1)]
    rounds = []
    for number in range(1, rng.randint(1, 30) + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        games = [Game(i + 1, order[2 * i], order[2 * i + 1], result, rated=rng.random() > 0.1 or not result.was_played)
                 for i in range(n // 2)
                 for result in [rng.choice([W, D, L, Result.WHITE_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT])]]
        rounds.append(Round(number, games))
    event = Tournament(Settings("dutch", len(rounds)), players, rounds)
    event.settings.event.start_date = "2026-05-01"
    state = derive(event)
    figures = rating_figures(state).players
    assert rating_changes(state) == {tpn: (f.k, f.change) for tpn, f in figures.items()}
