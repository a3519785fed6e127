"""The rows written at once (``sheetpair.io.sheet_rows``) are the XML openpyxl's own writer gives."""

from __future__ import annotations

from pathlib import Path
from xml.etree.ElementTree import canonicalize

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Border, Font, Side
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.worksheet import Worksheet

from sheetpair.io.sheet_rows import RowsAtOnce, sheet_data

pytest.importorskip("lxml")

_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00\x01\x02\x03\x04\x05\x06\x07"
                              "\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f"
                              "\ufffe\uffff"), max_size=12)
_VALUES = st.one_of(st.none(), _TEXT, st.integers(-10**20, 10**20), st.booleans(),
                    st.floats(allow_nan=True, allow_infinity=True))
_STYLES = [None, Font(bold=True), Border(left=Side(style="thin")), Alignment(horizontal="center")]


def _written(sheet: Worksheet, writer: type[WorksheetWriter], folder: Path) -> str:
    """The sheet's part as ``writer`` writes it, in canonical form (how empty elements close aside)."""
    out = folder / f"{writer.__name__}.xml"
    rows = writer(sheet, out=str(out))
    rows.write()
    return canonicalize((rows.part() if isinstance(rows, RowsAtOnce) else out.read_bytes()).decode("ascii"))


def _sheet(cells: dict[tuple[int, int], tuple[object, int]], heights: dict[int, float]) -> Worksheet:
    book = Workbook()
    sheet = book.active
    for (row, column), (value, style) in cells.items():
        cell = sheet.cell(row, column, value)
        if style == 1:
            cell.font = _STYLES[1]
        elif style == 2:
            cell.border = _STYLES[2]
        elif style == 3:
            cell.alignment = _STYLES[3]
    for row, height in heights.items():
        sheet.row_dimensions[row].height = height
    return sheet


@settings(max_examples=60, deadline=None)
@given(cells=st.dictionaries(st.tuples(st.integers(1, 30), st.integers(1, 30)), st.tuples(_VALUES, st.integers(0, 3)),
                             max_size=40),
       heights=st.dictionaries(st.integers(1, 40), st.floats(5, 60), max_size=3))
def test_rows_written_at_once_are_the_xml_openpyxl_writes(cells: dict[tuple[int, int], tuple[object, int]],
                                                              heights: dict[int, float], tmp_path_factory:
                                                              pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("rows")
    ours = _written(_sheet(cells, heights), RowsAtOnce, folder)
    theirs = _written(_sheet(cells, heights), WorksheetWriter, folder)
    assert ours == theirs


def test_merged_cells_are_written_as_openpyxl_writes_them(tmp_path: Path) -> None:
    def merged() -> Worksheet:
        sheet = _sheet({(1, 1): ("Standings", 1), (2, 2): (3.5, 2), (4, 1): ("note", 0)}, {})
        sheet.merge_cells("A1:C2")
        return sheet

    assert sheet_data(merged()) is not None
    assert _written(merged(), RowsAtOnce, tmp_path) == _written(merged(), WorksheetWriter, tmp_path)


def test_a_sheet_with_a_formula_or_a_comment_is_left_to_openpyxl() -> None:
    sheet = Workbook().active
    sheet["A1"] = "=1+1"
    assert sheet_data(sheet) is None
    plain = Workbook().active
    plain["A1"] = "note"
    assert sheet_data(plain) is not None
    plain["A1"].comment = Comment("typed by the arbiter", "Chief")
    assert sheet_data(plain) is None
