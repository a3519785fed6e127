"""The workbook's own sheets print well: Round sheets as a pairing list to pin on the wall, Standings and
Crosstable in the reports' number style with the tie-breaks named (see ``docs/excel.md``, "Printing the
sheets"). Everything is read back from the saved file with openpyxl, as a spreadsheet program would see it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl.worksheet.worksheet import Worksheet

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.session import write
from sheetpair.core.model import ByeKind, EventInfo, Player, Result, Settings, Tournament
from sheetpair.core.results import BYE_LABELS
from sheetpair.core.tiebreaks import describe
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.port import SheetSpec
from sheetpair.io.workbook import ROUND_COLUMNS, load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import engine_of, new_book, run_like_lite

POINTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "½-½": (0.5, 0.5), "+/-": (1.0, 0.0), "-/+": (0.0, 1.0)}
"""What a result typed in the sheet gives each player: the test's own reading, independent of the core."""
BYE_POINTS = {"1": 1.0, "½": 0.5, "0": 0.0}


def swiss_event(path: Path, *, players: int = 7, rounds: int = 3, seed: int = 5, tiebreaks: tuple[str, ...] = ("BH",),
                name: str = "Spring Open & Rapid") -> Tournament:
    """An odd-sized Dutch event (so every round has a bye) with ``rounds`` played and one more paired."""
    roster = [Player(0, f"Player {i}", 2300 - 37 * i, title="FM" if i == 1 else "") for i in range(players)]
    tournament = new_tournament(roster, Settings("dutch", rounds + 2, seed=seed, tiebreaks=tiebreaks,
                                                 event=EventInfo(name=name)))
    rng = random.Random(seed)
    for _ in range(rounds):
        for game in operations.pair_next_round(tournament).games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
    operations.pair_next_round(tournament)
    port = OpenpyxlPort(path, create=True)
    write(port, tournament)
    port.save()
    return tournament


@pytest.fixture
def event(tmp_path: Path) -> Path:
    path = tmp_path / "open.xlsx"
    swiss_event(path)
    return path


def rows_of(sheet: Worksheet) -> list[dict[str, Any]]:
    header = [cell.value for cell in sheet[1]]
    rows = [dict(zip(header, row)) for row in sheet.iter_rows(min_row=2, values_only=True)]
    return [row for row in rows if row.get("White TPN", row.get("TPN")) is not None]


def test_each_page_of_a_round_sheet_says_event_round_and_date(event: Path) -> None:
    sheet = openpyxl.load_workbook(event)["Round 2"]
    assert sheet.oddHeader.center.text == "Spring Open && Rapid – Round 2"  # & doubled: Excel's header code
    assert sheet.oddHeader.right.text == "&D"
    assert sheet.print_title_rows == "$1:$1"  # the header row repeats on every printed page
    assert sheet.page_setup.fitToWidth == 1 and sheet.sheet_properties.pageSetUpPr.fitToPage
    assert sheet.page_setup.orientation == "landscape"


def test_a_round_sheet_has_fixed_columns_ruled_cells_and_a_readable_size(event: Path) -> None:
    sheet = openpyxl.load_workbook(event)["Round 1"]
    assert [cell.value for cell in sheet[1]] == list(ROUND_COLUMNS)
    widths = {title: sheet.column_dimensions[openpyxl.utils.get_column_letter(c)].width
              for c, title in enumerate(ROUND_COLUMNS, start=1)}
    assert widths == ROUND_COLUMNS
    table = list(sheet.iter_rows(min_row=1, max_row=sheet.max_row, max_col=len(ROUND_COLUMNS)))
    assert all(cell.border.left.style == cell.border.bottom.style == "thin" for row in table for cell in row)
    assert all(cell.font.sz == 12 for row in table for cell in row)
    assert sheet.cell(1, 1).font.b and sheet.cell(1, 1).alignment.wrap_text
    centred = {title for c, title in enumerate(ROUND_COLUMNS, start=1)
               if sheet.cell(2, c).alignment.horizontal == "center"}
    assert centred == {"White title", "Result", "Black title"}  # codes stand clear of the numbers beside them
    assert sheet.cell(sheet.max_row + 1, 1).border.left.style is None  # the rules stop with the table


def test_the_result_column_stays_the_one_arbiters_type_into(event: Path) -> None:
    sheet = openpyxl.load_workbook(event)["Round 4"]
    result = openpyxl.utils.get_column_letter(list(ROUND_COLUMNS).index("Result") + 1)
    boards = sum(1 for row in rows_of(sheet) if isinstance(row["Black TPN"], int))
    assert all(sheet[f"{result}{r}"].number_format == "@" and not sheet[f"{result}{r}"].protection.locked
               for r in range(2, boards + 2))
    assert [str(v.sqref) for v in sheet.data_validations.dataValidation] == [f"{result}2:{result}{sheet.max_row}"]


@pytest.mark.parametrize("typed", ["1/2", "½-½", "1-0", "+/-"])
def test_a_result_typed_into_the_new_layout_reads_back(event: Path, typed: str) -> None:
    book = openpyxl.load_workbook(event)
    book["Round 4"]["G2"] = typed
    book.save(event)
    game = load_tournament(OpenpyxlPort(event)).round(4).game_on_board(1)
    assert game is not None and game.result.value == {"1/2": "½-½"}.get(typed, typed)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(7, 11))
def test_points_before_the_round_are_the_sum_of_the_earlier_sheets(tmp_path_factory: pytest.TempPathFactory, seed: int,
                                                                   players: int) -> None:
    path = tmp_path_factory.mktemp("print") / "open.xlsx"
    swiss_event(path, players=players, seed=seed)
    book = openpyxl.load_workbook(path)
    total: dict[int, float] = dict.fromkeys(range(1, players + 1), 0.0)
    for number in range(1, 5):
        rows = rows_of(book[f"Round {number}"])
        for row in rows:
            assert row["White points"] == total[row["White TPN"]]
            if isinstance(row["Black TPN"], int):
                assert row["Black points"] == total[row["Black TPN"]]
        for row in rows:  # then add this round, as read from the sheet
            if isinstance(row["Black TPN"], int):
                if row["Result"]:
                    white, black = POINTS[row["Result"]]
                    total[row["White TPN"]] += white
                    total[row["Black TPN"]] += black
            else:
                total[row["White TPN"]] += BYE_POINTS[row["Result"]]


def test_a_bye_stands_below_the_boards_with_its_points_and_reads_back(event: Path) -> None:
    rows = rows_of(openpyxl.load_workbook(event)["Round 1"])
    assert [isinstance(row["Black TPN"], int) for row in rows] == [True, True, True, False]
    bye = rows[-1]
    assert (bye["Result"], bye["Black"], bye["Black points"]) == ("1", BYE_LABELS[ByeKind.PAB], None)
    assert len(load_tournament(OpenpyxlPort(event)).round(1).byes) == 1


def test_a_workbook_with_the_old_six_column_round_sheets_still_loads(event: Path) -> None:
    """Workbooks saved before the print layout: Board, White TPN, White, Result, Black TPN, Black."""
    expected = load_tournament(OpenpyxlPort(event))
    book = openpyxl.load_workbook(event)
    for number in range(1, 5):
        sheet = book[f"Round {number}"]
        keep = [c for c, cell in enumerate(sheet[1], start=1)
                if cell.value in ("Board", "White TPN", "White", "Result", "Black TPN", "Black")]
        for column in sorted(set(range(1, len(ROUND_COLUMNS) + 1)) - set(keep), reverse=True):
            sheet.delete_cols(column)
        assert [cell.value for cell in sheet[1]] == ["Board", "White TPN", "White", "Result", "Black TPN", "Black"]
    book["Round 4"]["D2"] = "0-1"  # typed into the old Result column
    book.save(event)
    loaded = load_tournament(OpenpyxlPort(event))
    assert loaded.rounds[:3] == expected.rounds[:3]
    game = loaded.round(4).game_on_board(1)
    assert game is not None and game.result is Result.BLACK_WINS


def test_standings_print_in_the_reports_number_style_with_the_tiebreaks_named(tmp_path: Path) -> None:
    path = tmp_path / "open.xlsx"
    swiss_event(path, tiebreaks=("BH", "SB", "WNT", "WIN"))
    book = openpyxl.load_workbook(path)
    for name in ("Standings", "Crosstable"):
        sheet = book[name]
        header = [cell.value for cell in sheet[1]]
        lines = rows_of(sheet)[:7]
        for title in ("Points", "BH", "SB", "WNT", "WIN"):
            values = [line[title] for line in lines]
            halves = all(float(v * 2).is_integer() for v in values)
            expected = "# ?/2" if halves else "0.00"  # one style per column: 3 1/2 as a number, else decimals
            column = header.index(title) + 1
            assert {sheet.cell(r, column).number_format for r in range(2, 9)} == {expected}, (name, title)
        assert sheet.oddHeader.center.text.startswith("Spring Open && Rapid – ")
        legend = [sheet.cell(r, 1).value for r in range(10, sheet.max_row + 1)]
        assert sheet.cell(9, 1).value is None
        assert legend == [f"{code}: {describe(code)}" for code in ("BH", "SB", "WNT", "WIN")]
        assert sheet.cell(2, 1).border.top.style == "thin"
    wnt = [line["WNT"] for line in rows_of(book["Standings"])[:7]]
    assert any(not float(v * 2).is_integer() for v in wnt), "the event should give WNT a fraction"


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_the_excel_port_writes_the_legend_and_the_font_size_and_skips_the_rest(lite: bool) -> None:
    book = new_book()
    spec = SheetSpec("Standings", ["Rank", "Points"], [[1, 2.5], [2, 2.0]], legend=["SB: Sonneborn-Berger"],
                     font_size=12, borders=True, print_header="Open – Standings")

    def write_it(b: Any) -> None:
        port = XlwingsPort(b)
        port.write_sheet(spec)
        port.commit()

    run_like_lite(book, write_it) if lite else write_it(book)
    assert XlwingsPort(book).read_sheet("Standings") == [["Rank", "Points"], [1.0, 2.5], [2.0, 2.0], [None, None],
                                                        ["SB: Sonneborn-Berger", None]]
    assert not engine_of(book).sheet_named("Standings").formulas
