"""The xlwings port stores exactly what the core gives it, whatever Excel would make of typed text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.io.port import SheetSpec
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
