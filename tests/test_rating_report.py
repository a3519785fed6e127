"""``sheetpair check-report``: what a rating officer would reject, one sentence each, exit 1 when anything."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.model import EventInfo, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.rating_report import report_problems

W = Result.WHITE_WINS


def event(*players: Player, arbiter: str = "IA A. Arbiter 1234567", rated: bool = True) -> Tournament:
    rounds = [Round(1, [Game(1, 1, 2, W, rated=rated)])]
    return Tournament(Settings("dutch", 1, event=EventInfo(chief_arbiter=arbiter)), list(players), rounds)


def test_a_clean_report():
    assert report_problems(event(Player(1, "A", 2000, fide_id="1"), Player(2, "B", 1900, fide_id="2"))) == []


def test_missing_id_new_player_without_birth_date_or_sex_and_no_arbiter():
    problems = report_problems(event(Player(1, "A", 2000, fide_id="1"), Player(2, "New", 0), arbiter=""))
    assert problems[0].startswith("The event header names no chief arbiter")
    assert any("Player 2 (New) played rated games but has no FIDE id" in p for p in problems)
    assert any("Player 2 (New) is new to the list and has no birth date" in p for p in problems)
    assert any("no sex recorded" in p for p in problems)


def test_an_unrated_game_needs_no_registration():
    assert report_problems(event(Player(1, "A", 2000, fide_id="1"), Player(2, "New", 0), rated=False)) == []


SAMPLE = Path(__file__).resolve().parent.parent / "sample_workbooks" / "club_championship.xlsx"


def test_check_report_command_exits_1_and_lists_the_problems(tmp_path: Path):
    book = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, book)
    result = CliRunner().invoke(cli, ["check-report", str(book)])
    assert result.exit_code == 1, result.output  # the sample's roster has no FIDE ids
    assert "Player 1 (Rahman, Aisha) played rated games but has no FIDE id" in result.output


def test_every_arbiter_needs_a_fide_id_in_the_header():
    players = (Player(1, "A", 2000, fide_id="1"), Player(2, "B", 1900, fide_id="2"))
    (problem,) = report_problems(event(*players, arbiter="IA A. Arbiter"))
    assert problem.startswith("The chief arbiter (IA A. Arbiter) has no FIDE id") and "102" in problem
    deputies = event(*players)
    deputies.settings.event.deputy_arbiters = "FA B. Deputy 7654321\nFA C. Deputy"
    (problem,) = report_problems(deputies)
    assert problem.startswith("The deputy arbiter FA C. Deputy has no FIDE id") and "112" in problem


def run(*args: object, code: int = 0):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output + str(result.exception)
    return result


def test_the_trf_carries_the_arbiters_ids_new_players_and_every_decision(tmp_path: Path):
    roster = tmp_path / "roster.csv"
    roster.write_text("Name,Rating,FIDE id,Sex,Birth date\nAnna,2100,100,F,1990\nBerit,2000,200,F,1991\n"
                      "Carl,1900,300,M,1992\nNew Player,,400,M,2010-05-04\n", encoding="utf-8")
    book = tmp_path / "e.xlsx"
    run("new", book, "--system", "dutch", "--rounds", 3, "--players", roster, "--keep-order",
        "--arbiter", "IA A. Arbiter 1234567")
    run("pair", book, "--manual", 1, 4)
    run("result", book, "--board", 1, "1-0", "--board", 2, "1-0 u")
    run("result", book, "--board", 1, "0-1")
    trf = tmp_path / "e.trf"
    run("export", book, "--trf", trf)
    lines = trf.read_text(encoding="utf-8").splitlines()
    assert "102 IA A. Arbiter 1234567" in lines
    board_2 = [line for line in lines if line.startswith("001") and ("Berit" in line or "Carl" in line)]
    assert sorted(line[98] for line in board_2) == ["L", "W"]  # the game marked unrated (TRF26 W/L, not 1/0)
    new = next(line for line in lines if line.startswith("001") and "New Player" in line)
    assert new[9] == "m" and new[69:79] == "2010/05/04"  # sex (column 10) and birth date (70-79)
    assert "### round 1: the arbiter's decision: set by hand on board(s) 1 (1 - 4)" in lines
    assert any(line.startswith("### round 1 board 1: 1-0 changed to 0-1 by the arbiter") for line in lines)
    assert run("check-report", book).stdout.strip() == "Nothing a rating officer would reject."
