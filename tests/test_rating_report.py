"""``sheetpair check-report``: what a rating officer would reject, one sentence each, exit 1 when anything."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.model import EventInfo, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.rating_report import report_problems

W = Result.WHITE_WINS


def event(*players: Player, arbiter: str = "A. Arbiter", rated: bool = True) -> Tournament:
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
