"""The xlwings port stores exactly what the core gives it, whatever Excel would make of typed text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.io.port import SheetSpec, column_letter
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import engine_of, new_book, run_like_lite

TRICKY = st.sampled_from(["=SUM(A1)", "+/-", "-/+", "-", "@home", "'t Hooft", "''", "007", "1990-05-01", "½-½", " "])
VALUES = st.one_of(st.none(), st.integers(-10**6, 10**6), st.floats(-1e6, 1e6, allow_nan=False),
                   st.text(min_size=1, max_size=8), TRICKY)


@settings(max_examples=60, deadline=None)
@given(
    header=st.lists(st.text("ABCDEFGH", min_size=1, max_size=4), min_size=1, max_size=4, unique=True),
    rows=st.lists(st.lists(VALUES, max_size=5), max_size=6),
    text_mask=st.lists(st.booleans(), min_size=4, max_size=4),
    lite=st.booleans(),
    update=st.tuples(st.integers(2, 7), st.integers(1, 4), VALUES),
)
def test_what_is_written_reads_back_unchanged(header, rows, text_mask, lite, update) -> None:
    rows = [row[: len(header)] for row in rows]
    text = frozenset(h for h, is_text in zip(header, text_mask) if is_text)
    book = new_book()

    def write(b):
        port = XlwingsPort(b)
        port.write_sheet(SheetSpec("Data", header, rows, text_columns=text, dropdown_column=header[0],
                                   dropdown_values=("1-0", "0-1")))
        port.update_cells("Data", {update[:2]: update[2]})
        assert port.pending == 2 and "Data" not in [s.name for s in b.sheets]  # nothing sent before commit
        port.commit()

    run_like_lite(book, write) if lite else write(book)
    cells = {(r, c): v for r, row in enumerate([header, *rows], start=1) for c, v in enumerate(row, start=1)}
    cells[update[:2]] = update[2]
    filled = [cell for cell, v in cells.items() if v is not None]
    height, width = max(r for r, _ in filled), max(c for _, c in filled)
    expected = [[_as_excel(cells.get((r, c))) for c in range(1, width + 1)] for r in range(1, height + 1)]
    assert XlwingsPort(book).read_sheet("Data") == expected
    assert not engine_of(book).sheet_named("Data").formulas


def _as_excel(value):
    """Excel keeps no integers."""
    return float(value) if isinstance(value, int) else value


def _rebuild(book, height: int, width: int, *, lite: bool) -> None:
    """sheetpair rebuilds the owned sheet "Data" as a block of ``height`` rows (header included) by ``width``."""
    header = [f"H{c}" for c in range(1, width + 1)]
    rows = [[f"{r}.{c}" for c in range(1, width + 1)] for r in range(2, height + 1)]

    def write(b):
        port = XlwingsPort(b)
        port.write_sheet(SheetSpec("Data", header, rows, dropdown_column="H1", dropdown_values=("1-0", "0-1")))
        port.commit()

    run_like_lite(book, write) if lite else write(book)


@settings(max_examples=80, deadline=None)
@given(before=st.tuples(st.integers(2, 6), st.integers(2, 5)), after=st.tuples(st.integers(2, 6), st.integers(2, 5)),
       note=st.tuples(st.integers(1, 9), st.integers(1, 8)), lite=st.booleans())
def test_what_the_arbiter_added_outside_the_block_moves_with_its_edge(before, after, note, lite) -> None:
    """A note, its fill and comment, a validation and a conditional format the arbiter put outside the block
    stay together and move with the block's edge when the block grows; when it shrinks, what lay under it
    moves up with it and what lay beside it stays. The block itself reads back as written."""
    book = new_book()
    _rebuild(book, *before, lite=False)
    sheet = engine_of(book).sheet_named("Data")
    row, column = note
    if row <= before[0] and column <= before[1]:
        row = before[0] + 1 + row % 3  # a note inside the block would be part of the table
    if row == 1 and column == before[1] + 1:
        column += 1  # so would a title just right of the header
    sheet.cells_store[(row, column)] = "prize: best junior"
    sheet.decorations[(row, column)] = "yellow fill, comment"
    sheet.validations[f"${column_letter(column)}${row}"] = ["yes", "no"]
    sheet.conditional_formats[f"${column_letter(column)}${row}"] = "red if no"

    _rebuild(book, *after, lite=lite)

    (height, width), (grow_down, grow_right) = before, (after[0] - before[0], after[1] - before[1])
    if row > height and (grow_down >= 0 or column <= width):  # rows are inserted whole, deleted in the block
        row += grow_down
    if column > width and (grow_right >= 0 or row <= after[0]):
        column += grow_right
    where = (row, column)
    address = f"${column_letter(where[1])}${where[0]}"
    assert sheet.cells_store[where] == "prize: best junior" and sheet.decorations[where] == "yellow fill, comment"
    assert sheet.validations[address] == ["yes", "no"] and sheet.conditional_formats[address] == "red if no"
    assert sheet.cells_store[(after[0], after[1])] == f"{after[0]}.{after[1]}"
    assert (after[0] + 1, 1) not in sheet.cells_store or where == (after[0] + 1, 1)
