"""A result typed over in a round sheet, in a round the next round was paired from, is guarded as the
``result`` command guards it: refused (exit 4) until confirmed with ``result ... --force``."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.model import Game, Result, Round
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .safety_support import tournament, write_event


def _two_rounds(tmp_path: Path) -> Path:
    event = tournament(8)
    for game in event.rounds[0].games:
        game.result = Result.WHITE_WINS
    event.rounds.append(Round(2, [Game(1, 3, 1), Game(2, 2, 4), Game(3, 7, 5), Game(4, 6, 8)]))
    return write_event(tmp_path / "event.xlsx", event)


def _type_result(book: Path, round_number: int, board: int, text: str) -> None:
    raw = openpyxl.load_workbook(book)
    sheet = raw[f"Round {round_number}"]
    header = [cell.value for cell in sheet[1]]
    column = header.index("Result") + 1
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == board)
    sheet.cell(row, column).value = text
    raw.save(book)


def test_a_typed_correction_under_a_paired_round_needs_force(tmp_path: Path) -> None:
    book = _two_rounds(tmp_path)
    _type_result(book, 1, 1, "0-1")
    runner = CliRunner()
    refused = runner.invoke(cli, ["standings", str(book)])
    assert refused.exit_code == 4, refused.output
    assert "round 1 board 1 was 1-0, typed 0-1" in refused.output and "--force" in refused.output
    refused = runner.invoke(cli, ["result", str(book), "--round", "2", "--board", "2", "1-0"])
    assert refused.exit_code == 4, refused.output
    confirmed = runner.invoke(cli, ["result", str(book), "--round", "1", "--board", "1", "0-1", "--force"])
    assert confirmed.exit_code == 0, confirmed.output
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[0].result is Result.BLACK_WINS
    assert runner.invoke(cli, ["standings", str(book)]).exit_code == 0


def test_results_typed_into_the_last_round_are_entered_as_always(tmp_path: Path) -> None:
    book = _two_rounds(tmp_path)
    _type_result(book, 2, 1, "1-0")
    outcome = CliRunner().invoke(cli, ["standings", str(book)])
    assert outcome.exit_code == 0, outcome.output
    assert load_tournament(OpenpyxlPort(book)).rounds[1].games[0].result is Result.WHITE_WINS


def _type_into(book: Path, round_number: int, board: int, column_title: str, value: object) -> None:
    raw = openpyxl.load_workbook(book)
    sheet = raw[f"Round {round_number}"]
    column = [cell.value for cell in sheet[1]].index(column_title) + 1
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == board)
    sheet.cell(row, column).value = value
    raw.save(book)


def test_a_result_typed_into_the_black_points_column_is_named_in_a_warning(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    book = _two_rounds(tmp_path)
    load_tournament(OpenpyxlPort(book))
    assert "typed into" not in caplog.text  # the points sheetpair wrote are not taken for typed ones
    _type_into(book, 2, 1, "Black points", "1-0")
    _type_into(book, 2, 2, "White points", 3)
    outcome = CliRunner().invoke(cli, ["result", str(book), "--board", "3", "1-0"])  # a command that saves
    assert outcome.exit_code == 0, outcome.output
    assert "Round 2!H2: '1-0' typed into Black points" in caplog.text
    assert "Round 2!F3: 3 typed into White points" in caplog.text and "Result column" in caplog.text
    caplog.clear()
    load_tournament(OpenpyxlPort(book))
    assert "typed into" not in caplog.text  # said once: the save wrote the points again


def test_points_before_a_postponed_game_counted_as_a_draw_are_not_taken_for_typed_ones(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    event = tournament(8)
    for game in event.rounds[0].games:
        game.result = Result.WHITE_WINS
    event.rounds[0].games[0].result = Result.POSTPONED  # 1 - 2: a provisional draw where the system says so
    event.rounds.append(Round(2, [Game(1, 3, 1), Game(2, 2, 4), Game(3, 7, 5), Game(4, 6, 8)]))
    book = write_event(tmp_path / "event.xlsx", event)
    _type_into(book, 2, 1, "Black points", 0.5)
    load_tournament(OpenpyxlPort(book))
    assert "typed into" not in caplog.text
    _type_into(book, 2, 1, "Black points", 1.5)
    load_tournament(OpenpyxlPort(book))
    assert "Round 2!H2: 1.5 typed into Black points" in caplog.text
