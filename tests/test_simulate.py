"""The fairness simulator: its output contract, its determinism, every system, and seed 000's Monrad figures."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.app.simulate import (
    MEASURES,
    PlayedEvent,
    ResultModel,
    field_of,
    interval,
    measure,
    play_event,
    simulate,
)
from sheetpair.cli import cli
from sheetpair.core.errors import InputError
from sheetpair.core.model import (
    ByeKind,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)
from sheetpair.core.tiebreaks.fide import expected_score
from sheetpair.pairing import SYSTEMS, get_system

TIMED = "pairing_seconds_per_round"


def test_json_has_one_mean_and_interval_per_measure() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--system", "monrad", "--system", "dutch", "--players", "10",
                                      "--rounds", "4", "--runs", "3", "--seed", "7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data) == ["systems"] and list(data["systems"]) == ["monrad", "dutch"]
    for summary in data["systems"].values():
        assert summary["runs"] == 3
        assert set(summary) == {"runs", *MEASURES}
        for name in MEASURES:
            low, high = summary[name]["ci95"]
            assert set(summary[name]) == {"mean", "ci95"} and low <= summary[name]["mean"] <= high
    assert result.stderr == "", "the progress bar is silent when stderr is not a terminal"


def test_the_same_seed_gives_the_same_numbers() -> None:
    def numbers(seed: int) -> dict[str, object]:
        summary = simulate(["dutch", "monrad"], players=12, rounds=5, runs=4, seed=seed)
        return {f"{s}/{m}": v for s, run in summary.items() for m, v in run.measures.items() if m != TIMED}

    assert numbers(3) == numbers(3)
    assert numbers(3) != numbers(4)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_registered_system_can_be_simulated(system: str) -> None:
    summary = simulate([system], players=8, rounds=3, runs=2, seed=1, model=ResultModel(forfeit_rate=0.1))[system]
    assert summary.runs == 2 and set(summary.measures) == set(MEASURES)
    assert summary.measures["rounds_paired"].mean > 0


def test_round_robins_play_their_planned_rounds() -> None:
    event = play_event(get_system("berger"), field_of(6, 0, 0), 2, ResultModel(), random.Random(0))
    assert len(event.tournament.rounds) == event.planned_rounds == 5


@pytest.mark.parametrize(("rounds", "seed_figure"), [(7, 0.34), (9, 0.45)])
def test_monrad_gives_a_third_of_the_field_three_equal_colours_in_a_row(rounds: int, seed_figure: float) -> None:
    """Seed 000: "a player may be assigned the same colour for three consecutive rounds [...] In a seven-round
    tournament, roughly 34% of the players are likely to experience this at least once, and in a nine-round
    tournament the proportion rises to about 45%." The share counts players with at least one such run."""
    share = simulate(["monrad"], players=30, rounds=rounds, runs=60).get("monrad")
    assert share is not None
    three = share.measures["same_colour_three_in_row"]
    assert three.low <= seed_figure <= three.high


def test_swiss_systems_balance_colours_where_monrad_does_not() -> None:
    summary = simulate(["monrad", "dutch"], players=20, rounds=7, runs=10, seed=2)
    monrad, dutch = (summary[s].measures["same_colour_three_in_row"] for s in ("monrad", "dutch"))
    assert dutch.high < monrad.low


def test_requested_byes_only_where_the_system_takes_them() -> None:
    model = ResultModel(bye_rate=0.3)
    swiss = play_event(get_system("dutch"), field_of(10, 0, 0), 5, model, random.Random(0)).tournament
    assert any(b.kind is ByeKind.HALF for r in swiss.rounds for b in r.byes)
    robin = play_event(get_system("berger"), field_of(6, 0, 0), 5, model, random.Random(0)).tournament
    assert not any(b.kind is ByeKind.HALF for r in robin.rounds for b in r.byes)


def test_forfeits_follow_the_forfeit_rate() -> None:
    rng = random.Random(0)
    assert {ResultModel(forfeit_rate=1.0).result(2000, 2000, rng) for _ in range(50)} == {
        Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT}
    assert Result.DRAW not in {ResultModel(draw_rate=0.0).result(2000, 2000, rng) for _ in range(200)}


@settings(max_examples=25, deadline=None)
@given(white=st.integers(1000, 2800), black=st.integers(1000, 2800), draw_rate=st.floats(0, 1))
def test_the_result_model_keeps_the_elo_expectation(white: int, black: int, draw_rate: float) -> None:
    """Draws are taken half from White's wins and half from Black's, so White still scores E on average."""
    rng = random.Random(white * 7919 + black)
    model = ResultModel(draw_rate=draw_rate)
    points = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5, Result.BLACK_WINS: 0.0}
    mean = sum(points[model.result(white, black, rng)] for _ in range(4000)) / 4000
    expected = 1 / (1 + 10 ** ((black - white) / 400))
    assert abs(mean - expected) < 0.03


@pytest.mark.parametrize(("white", "black"), [(2000, 2000), (2100, 1900), (1600, 2300), (2800, 1000)])
def test_the_fide_result_model_keeps_fides_table(white: int, black: int) -> None:
    """``expectation="fide"``: White scores FIDE's expected score for the difference (B.02 8.1.2) on average."""
    rng = random.Random(white + black)
    model = ResultModel(expectation="fide")
    points = {Result.WHITE_WINS: 1.0, Result.DRAW: 0.5, Result.BLACK_WINS: 0.0}
    mean = sum(points[model.result(white, black, rng)] for _ in range(6000)) / 6000
    assert abs(mean - float(expected_score(white, black))) < 0.02
    with pytest.raises(InputError, match="--model"):
        ResultModel(expectation="glicko")


def test_rates_outside_zero_and_one_are_refused_naming_the_option() -> None:
    with pytest.raises(InputError, match="--draw-rate"):
        ResultModel(draw_rate=1.5)
    result = CliRunner().invoke(cli, ["simulate", "--system", "monrad", "--players", "8", "--rounds", "3",
                                      "--runs", "1", "--forfeit-rate", "2"])
    assert result.exit_code == 2 and "--forfeit-rate" in result.stderr


def test_a_field_the_system_cannot_take_names_the_players_option() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--system", "scheveningen", "--players", "7", "--rounds", "3",
                                      "--runs", "1"])
    assert result.exit_code == 65 and "--players 7" in result.stderr


def _event(rounds: list[Round]) -> Tournament:
    players = [Player(t, f"P{t}", rating=2000 + t) for t in range(1, 5)]
    return Tournament(Settings("monrad", len(rounds), tiebreaks=("BH",)), players, rounds)


def test_measures_count_runs_rematches_and_floats() -> None:
    rounds = [
        Round(1, [Game(1, 1, 2, Result.WHITE_WINS), Game(2, 3, 4, Result.DRAW)]),
        Round(2, [Game(1, 1, 3, Result.WHITE_WINS), Game(2, 2, 4, Result.BLACK_WINS)]),
        Round(3, [Game(1, 1, 2, Result.WHITE_WINS), Game(2, 4, 3, Result.DRAW)]),
    ]
    measured = measure(PlayedEvent(_event(rounds), 3, [0.1, 0.1, 0.1]))
    assert measured["same_colour_three_in_row"] == 1 / 4  # player 1: White, White, White
    assert measured["rematches"] == 2  # 1-2 and 3-4 again in round 3
    # round 1: nobody floats; round 2: 1 (1) v 3 (½) and 2 (0) v 4 (½); round 3: 1 (2) v 2 (0), 4 (1½) v 3 (½)
    assert measured["floats_per_round"] == 8 / 3
    assert measured["colour_difference_3_or_more"] == 1 / 4
    assert measured["strongest_player_wins"] == 0.0 and measured["rounds_paired"] == 1.0


def test_interval_is_students_t_clipped_to_the_measure_range() -> None:
    assert interval([0.5]) == interval([0.5, 0.5])
    wide = interval([0.0, 1.0], (0.0, 1.0))
    assert (wide.low, wide.high) == (0.0, 1.0) and wide.mean == 0.5
    plain = interval([1.0, 2.0, 3.0])
    assert plain.high - plain.mean == pytest.approx(4.303 * 1 / 3 ** 0.5, rel=1e-3)


def test_html_draws_one_offline_chart_per_measure(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--system", "monrad", "--system", "winther-swiss", "--players", "8",
                                      "--rounds", "3", "--runs", "2", "--html", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "out" / "index.html").read_text(encoding="utf-8")
    assert page.count("<svg") == len(MEASURES) and "<script" not in page
    assert "src=" not in page and "href=" not in page, "nothing is fetched when the page is viewed"


@settings(max_examples=15, deadline=None)
@given(system=st.sampled_from(["monrad", "dutch", "norwegian-monrad", "club-swiss"]), players=st.integers(4, 14),
       rounds=st.integers(1, 6), seed=st.integers(0, 10**6), forfeits=st.floats(0, 0.3), byes=st.floats(0, 0.3))
def test_every_event_gives_measures_in_range(system: str, players: int, rounds: int, seed: int, forfeits: float,
                                             byes: float) -> None:
    """Shares lie in 0..1, the colour-difference shares add up to 1, counts are never negative."""
    model = ResultModel(forfeit_rate=forfeits, bye_rate=byes)
    event = play_event(get_system(system), field_of(players, seed, 0), rounds, model, random.Random(seed))
    measured = measure(event)
    differences = [measured[f"colour_difference_{k}"] for k in ("0", "1", "2", "3_or_more")]
    assert sum(differences) == pytest.approx(1.0)
    assert all(0 <= measured[m] <= 1 for m in ("same_colour_three_in_row", "strongest_player_wins", "rounds_paired"))
    assert measured["rematches"] >= 0 and measured["floats_per_round"] <= players
