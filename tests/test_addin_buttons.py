"""The buttons beyond pairing and standings: enter results, export TRF, undo a round, explain a pairing —
each in the classic add-in and in xlwings Lite's semantics (no file system, no message box)."""

from __future__ import annotations

import pytest

from sheetpair.excel import buttons as addin
from sheetpair.io.trf import read_trf
from sheetpair.io.workbook import load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import new_book
from .test_addin import _import_roster, press, type_results


@pytest.fixture(params=[False, True], ids=["classic", "lite"])
def lite(request: pytest.FixtureRequest) -> bool:
    return bool(request.param)


def paired_book(lite: bool):
    book = new_book("Club.xlsx")
    _import_roster(book)
    press(book, addin.pair_next_round, lite=lite)
    return book


def test_enter_results_says_which_boards_are_missing(lite: bool) -> None:
    book = paired_book(lite)
    type_results(book, 1, ["1-0", "½-½"])
    message = press(book, addin.enter_results, lite=lite)
    assert message.startswith("Round 1: 2 of 4 result(s) in; still without a result: board(s) 3, 4.")
    type_results(book, 1, ["1-0", "½-½", "0-1", "1-0"])
    assert "the round is complete" in press(book, addin.enter_results, lite=lite)


def test_export_trf_lands_in_a_sheet_without_a_file_system(lite: bool) -> None:
    book = paired_book(lite)
    message = press(book, addin.export_trf, lite=lite)
    assert "TRF sheet" in message  # the in-memory book was never saved: no folder to write beside
    lines = book.sheets["TRF"].used_range.value[1:]  # one column: xlwings gives a flat list
    exported = read_trf("\n".join(lines))
    assert exported.current_round == 1 and len(exported.players) == 8


def test_undo_keeps_a_round_that_has_results(lite: bool) -> None:
    book = paired_book(lite)
    type_results(book, 1, ["1-0"])
    message = press(book, addin.undo_round, lite=lite)
    assert "has 1 result(s): clear them" in message
    assert load_tournament(XlwingsPort(book)).current_round == 1
    type_results(book, 1, [""])
    assert press(book, addin.undo_round, lite=lite) == "Round 1 is removed."
    assert load_tournament(XlwingsPort(book)).current_round == 0


def test_explain_writes_the_round_board_by_board(lite: bool) -> None:
    book = paired_book(lite)
    message = press(book, addin.explain_round, lite=lite)
    assert "explanation of round 1" in message
    lines = book.sheets["Explanation"].used_range.value[1:]
    assert lines[0] == "Round 1 (berger)"
    assert any("table" in line for line in lines)


def test_every_button_is_in_the_ribbon_table() -> None:
    names = {b.name for b in addin.BUTTONS}
    assert all(callable(getattr(addin, name)) and getattr(addin, name).__doc__ for name in names)
    assert {"pair_next_round", "enter_results", "update_standings", "make_reports", "import_trf_csv",
            "export_trf", "undo_round", "explain_round"} <= names
