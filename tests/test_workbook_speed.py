"""The shortcuts that make a one-round command on a big event fast give the same answers as the long way."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl
from openpyxl.styles import Font

from sheetpair.app.session import write
from sheetpair.core.model import Player, Result, Settings, Tournament
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.port import CellValue, SheetSpec
from sheetpair.io.unchanged import PROPERTY, fingerprint, holds, read_fingerprints
from sheetpair.io.workbook import META_SHEET, load_tournament

from .safety_support import set_result, tournament, write_event


def test_has_player_follows_the_roster_list_through_its_index() -> None:
    tournament = Tournament(Settings("dutch", 5), [Player(i, f"P{i}") for i in (1, 2, 3)])
    assert tournament.has_player(2) and not tournament.has_player(4)
    tournament.players.append(Player(4, "P4"))
    tournament.players.pop(0)
    assert tournament.has_player(4) and not tournament.has_player(1)


def _rows(path: Path) -> dict[str, list[list[CellValue]]]:
    port = OpenpyxlPort(path)
    return {name: port.read_sheet(name) for name in port.sheet_names()}


def _untimed(rows: list[list[CellValue]]) -> str:
    return re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "TIME", repr(rows))


def _three_rounds(tmp_path: Path) -> Path:
    event = tournament(players=8, rounds=3)
    for rnd in event.rounds:
        for game in rnd.games:
            game.result = Result.WHITE_WINS
    return write_event(tmp_path / "event.xlsx", event)


def _bold_name(path: Path, sheet: str) -> None:
    """A formatting mark inside sheetpair's own block: a rebuilt sheet loses it, a kept one has it."""
    raw = openpyxl.load_workbook(path)
    raw[sheet]["D2"].font = Font(bold=True)
    raw.save(path)


def _is_bold(path: Path, sheet: str) -> bool:
    return bool(openpyxl.load_workbook(path)[sheet]["D2"].font.b)


def test_a_result_of_the_last_round_leaves_the_earlier_round_sheets_as_they_were(tmp_path: Path) -> None:
    book = _three_rounds(tmp_path)
    _bold_name(book, "Round 1")
    _bold_name(book, "Round 3")
    set_result(book, 1, Result.DRAW, round_number=3)
    assert _is_bold(book, "Round 1")  # kept: its spec and values are those stored
    assert not _is_bold(book, "Round 3")  # rebuilt: its result changed
    assert load_tournament(OpenpyxlPort(book)).round(3).games[0].result is Result.DRAW


def test_kept_sheets_read_exactly_as_rebuilt_ones(tmp_path: Path) -> None:
    book = _three_rounds(tmp_path)
    rebuilt = tmp_path / "rebuilt.xlsx"
    shutil.copy(book, rebuilt)
    raw = openpyxl.load_workbook(rebuilt)
    del raw.custom_doc_props[PROPERTY]  # no fingerprints: every sheet is rebuilt, as before
    raw.save(rebuilt)
    for path in (book, rebuilt):
        set_result(path, 2, Result.BLACK_WINS, round_number=2)
    kept, made = _rows(book), _rows(rebuilt)
    assert _untimed(kept.pop(META_SHEET)) == _untimed(made.pop(META_SHEET))  # the journal times its entries
    assert kept == made
    kept_prints, made_prints = (read_fingerprints(openpyxl.load_workbook(path)) for path in (book, rebuilt))
    assert kept_prints.pop(META_SHEET) and made_prints.pop(META_SHEET)  # its spec holds the journal's times
    assert kept_prints == made_prints


def test_a_value_typed_over_in_a_kept_sheet_has_it_rebuilt(tmp_path: Path) -> None:
    book = _three_rounds(tmp_path)
    raw = openpyxl.load_workbook(book)
    name = raw["Round 1"]["D2"].value
    raw["Round 1"]["D2"].value = "typed over"
    raw["Round 1"]["Z40"].value = None
    raw.save(book)
    set_result(book, 1, Result.DRAW, round_number=3)
    assert openpyxl.load_workbook(book)["Round 1"]["D2"].value == name


def test_a_changed_spec_has_the_sheet_rebuilt(tmp_path: Path) -> None:
    book = _three_rounds(tmp_path)
    _bold_name(book, "Round 1")
    port = OpenpyxlPort(book)
    event = load_tournament(port)
    event.settings.event.name = "Renamed Open"
    write(port, event, previous_rounds=3)
    port.save()
    assert not _is_bold(book, "Round 1")
    assert "Renamed Open" in openpyxl.load_workbook(book)["Round 1"].oddHeader.center.text


def test_a_fingerprint_does_not_depend_on_set_order_or_process() -> None:
    one = SheetSpec("S", ["a", "b"], [[1, "x"]], text_columns=frozenset({"a", "b"}))
    two = SheetSpec("S", ["a", "b"], [[1, "x"]], text_columns=frozenset({"b", "a"}))
    assert fingerprint(one) == fingerprint(two)
    assert fingerprint(one) != fingerprint(SheetSpec("S", ["a", "b"], [[1.0, "x"]]))


def test_a_sheet_holds_its_spec_only_with_nothing_else_inside_the_block() -> None:
    spec = SheetSpec("S", ["A", "B", "C"], [[1, "x", None], [2, "y"], [3, "", "\x07"]], legend=["note"])
    cells: dict[tuple[int, int], object] = {(1, 1): "A", (1, 2): "B", (1, 3): "C", (2, 1): 1, (2, 2): "x",
                                            (3, 1): 2, (3, 2): "y", (4, 1): 3, (4, 3): "\ufffd", (6, 1): "note"}
    assert holds(cells, False, spec) and not holds(cells, True, spec)
    for outside in ((7, 1), (2, 4), (9, 9)):  # under the legend, right of the header: the arbiter's
        assert holds({**cells, outside: "mine"}, False, spec), outside
    for inside in ((2, 3), (3, 3), (4, 2), (5, 1), (5, 3), (6, 2)):  # empty in the spec, typed into by hand
        assert not holds({**cells, inside: "typed"}, False, spec), inside
    assert not holds({**cells, (3, 2): "z"}, False, spec) and not holds({**cells, (6, 1): "other"}, False, spec)
    assert not holds({where: value for where, value in cells.items() if where != (2, 2)}, False, spec)
