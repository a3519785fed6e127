"""FIDE's rating figures (B.02): the K-factor rules, the 700 cap, the rating floor, an unrated player's first
rating, and the figures ``standings --json`` prints."""

from __future__ import annotations

import pytest

from sheetpair.core.model import EventInfo, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.rating import capped_k, fide_k, first_rating, rating_figures
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks.base import Contribution

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


@pytest.mark.parametrize(("rating", "born", "own", "k"), [
    (2745, "", None, 10),            # 2400 reached: K = 10 (the issue's 2745 player: +8.4, not +16.8)
    (2400, "2012", None, 10),        # a junior who reached 2400 is no longer at 40
    (2299, "2008", None, 40),        # 18 in the event's year, below 2300: 40
    (2299, "2007", None, 20),        # 19 in the event's year: 20
    (2300, "2012", None, 20),        # a junior at 2300 or above: 20
    (1800, "1990-05-01", None, 20),  # an adult below 2400: 20
    (1800, "", None, 20),            # no birth date: not known to be a junior
    (1800, "1990", 40, 40),          # the roster's or the list's K (new to the list) comes first
    (2350, "1980", 10, 10),          # once 2400, always 10: only the list knows it
])
def test_k_factor_by_b02_8_3_3(rating, born, own, k):
    assert fide_k(Player(1, "P", rating, birth_date=born, k_factor=own), year=2026) == k


def test_junior_rule_needs_the_event_year():
    assert fide_k(Player(1, "P", 1800, birth_date="2014"), year=None) == 20


@pytest.mark.parametrize(("k", "games", "capped"), [(40, 17, 40), (40, 18, 38), (40, 20, 35), (20, 35, 20),
                                                     (20, 36, 19), (10, 70, 10), (40, 0, 40)])
def test_k_times_games_at_most_700(k, games, capped):
    assert capped_k(k, games) == capped


def _event(players: list[Player], rounds: list[Round], start: str = "2026-04-01") -> Tournament:
    return Tournament(Settings("dutch", len(rounds), event=EventInfo(start_date=start)), players, rounds)


def test_the_issues_top_player_and_junior():
    # A 2745 player beats a 2600 player (D = 145 → PD .69): change K·(1 − .69) = 10 × .31 = +3.1 (was +6.2 with 20).
    # A junior (born 2010) rated 1900 beats a 2000 player (D = −100 → .36): 40 × .64 = +25.6 (was +12.8).
    players = [Player(1, "Top", 2745), Player(2, "GM", 2600), Player(3, "Junior", 1900, birth_date="2010"),
               Player(4, "Adult", 2000, birth_date="1970")]
    figures = rating_figures(derive(_event(players, [Round(1, [Game(1, 1, 2, W), Game(2, 3, 4, W)])]))).players
    assert (figures[1].k, figures[1].change) == (10, pytest.approx(3.1))
    assert (figures[3].k, figures[3].change) == (40, pytest.approx(25.6))
    assert (figures[4].k, figures[4].change) == (20, pytest.approx(-12.8))


def test_a_long_event_lowers_k_and_says_why():
    players = [Player(1, "Junior", 1900, birth_date="2012"), *(Player(t, f"O{t}", 1900) for t in range(2, 22))]
    rounds = [Round(r, [Game(1, 1, r + 1, D)]) for r in range(1, 21)]
    junior = rating_figures(derive(_event(players, rounds))).players[1]
    assert junior.k == 35 and any("700" in note and "B.02 8.3.3" in note for note in junior.notes)


def test_falling_below_the_floor_is_told():
    # 1401 loses to 1500 (D = −99 → .36): 20 × (0 − .36) = −7.2, so 1393.8, below 1400
    players = [Player(1, "Low", 1401), Player(2, "High", 1500)]
    low = rating_figures(derive(_event(players, [Round(1, [Game(1, 1, 2, L)])]))).players[1]
    assert low.change == pytest.approx(-7.2)
    assert any("1400 floor" in note for note in low.notes)


def test_no_floor_note_above_it():
    players = [Player(1, "Mid", 1600), Player(2, "High", 1800)]
    mid = rating_figures(derive(_event(players, [Round(1, [Game(1, 1, 2, L)])]))).players[1]
    assert not any("floor" in note for note in mid.notes)


def _games(*pairs: tuple[int, float]) -> list[Contribution]:
    return [Contribution(float(rating), result=score) for rating, score in pairs]


def test_first_rating_counts_two_draws_against_1800():
    # Five games against 1600 with 3 points; with two draws against 1800: Ra = (5·1600 + 2·1800)/7 = 1657.1 → 1657,
    # p = 4/7 = 57 % → dp 50: Ru = 1707
    assert first_rating(_games(*[(1600, 1.0)] * 3, *[(1600, 0.0)] * 2)) == 1707
    # a perfect score no longer gives Ra + 800: 5/5 + 1 of 7 = 86 % → dp 309; Ra 1657 → 1966
    assert first_rating(_games(*[(1600, 1.0)] * 5)) == 1966
    # at most 2200
    assert first_rating(_games(*[(2400, 1.0)] * 5)) == 2200


def test_unrated_players_first_rating_in_the_figures():
    rated = [Player(t, f"R{t}", 1600) for t in range(2, 7)]
    players = [Player(1, "New", 0), *rated]
    games = [Round(r, [Game(1, 1, r + 1, W if r <= 3 else L)]) for r in range(1, 6)]
    new = rating_figures(derive(_event(players, games))).players[1]
    assert new.first_rating == 1707 and new.k is None and new.change is None
    short = rating_figures(derive(_event(players, games[:4]))).players[1]
    assert short.first_rating is None and any("5 games against rated opponents" in n for n in short.notes)


def test_a_first_rating_below_the_floor_is_not_published():
    players = [Player(1, "New", 0), *(Player(t, f"R{t}", 1400) for t in range(2, 7))]
    games = [Round(r, [Game(1, 1, r + 1, D if r == 1 else L)]) for r in range(1, 6)]
    new = rating_figures(derive(_event(players, games))).players[1]
    assert new.first_rating is None and any("below the 1400 floor" in n for n in new.notes)


def test_the_issues_2745_player_through_the_workbook_the_json_and_the_report(tmp_path):
    # A 2745 player beats a 2745 (We .50) and a 2625 (D = 120 → .66): W − We = 0.84, so K 10 gives +8.4 where
    # K 20 gave +16.8; the same figure in standings --json, on the report's standings and on the player's card.
    import json

    from click.testing import CliRunner

    from sheetpair.app.session import write
    from sheetpair.cli import cli
    from sheetpair.io.openpyxl_port import OpenpyxlPort
    from sheetpair.report import build_report
    from sheetpair.report.render import render_html

    players = [Player(1, "Top", 2745), Player(2, "Peer", 2745), Player(3, "Other", 2625), Player(4, "Club", 2000)]
    rounds = [Round(1, [Game(1, 1, 2, W), Game(2, 3, 4, D)]), Round(2, [Game(1, 3, 1, L), Game(2, 2, 4, W)])]
    event = _event(players, rounds)
    book = tmp_path / "top.xlsx"
    port = OpenpyxlPort(book, create=True)
    write(port, event)
    port.save()
    sheet = OpenpyxlPort(book).read_sheet("Standings")
    on_sheet = {row[1]: dict(zip(sheet[0], row, strict=False)) for row in sheet[1:] if row and row[0]}
    assert (on_sheet[1]["K"], on_sheet[1]["Rating change"]) == (10, 8.4)
    result = CliRunner().invoke(cli, ["standings", str(book), "--json", "--no-save"])
    assert result.exit_code == 0, result.output
    top = next(entry for entry in json.loads(result.stdout) if entry["tpn"] == 1)
    assert (top["k"], top["expected"], top["rating_change"]) == (10, pytest.approx(1.16), pytest.approx(8.4))
    row = next(r for r in build_report(event).standings_view().rows if r.player.tpn == 1)
    assert row.change == "+8.4"
    assert "K 10" in render_html(build_report(event), ["cards"]) and "+8.4" in render_html(build_report(event),
                                                                                               ["standings"])


def test_standings_json_gives_null_where_a_figure_does_not_apply(tmp_path):
    import json

    from click.testing import CliRunner

    from sheetpair.app.session import write
    from sheetpair.cli import cli
    from sheetpair.io.openpyxl_port import OpenpyxlPort

    players = [Player(1, "Rated", 1800), Player(2, "New", 0), Player(3, "Other", 1700), Player(4, "Absent", 1600)]
    event = _event(players, [Round(1, [Game(1, 1, 2, W), Game(2, 3, 4, Result.WHITE_WINS_BY_FORFEIT)])])
    book = tmp_path / "nulls.xlsx"
    port = OpenpyxlPort(book, create=True)
    write(port, event)
    port.save()
    shown = json.loads(CliRunner().invoke(cli, ["standings", str(book), "--json", "--no-save"]).stdout)
    figures = {line["tpn"]: (line["k"], line["expected"], line["rating_change"]) for line in shown}
    # the unrated player, the one who met only him, and the two of a forfeit: no rated game, no figure
    assert figures == {1: (None, None, None), 2: (None, None, None), 3: (None, None, None), 4: (None, None, None)}
