"""A sheet's rows written as one piece of XML text, the XML openpyxl's own writer gives.

openpyxl writes a sheet cell by cell: for each cell it builds a dictionary of attributes, looks its style up,
and has lxml open and close an element for the cell and one for its value. On a 2000-player event after 10
rounds the three sheets a command rebuilds hold 50 000 cells, and that was a third of a second of every save.
Here the cells of a row become text in one pass; openpyxl writes the rest of the sheet with a mark where its
cells go, and the text takes the mark's place. The text is what lxml writes for the same elements (characters
beyond ASCII as references, as lxml writes them for openpyxl), but that an element with nothing inside is
closed as ``<c r="A1" s="2" t="n"/>`` (``tests/test_sheet_rows.py`` compares the two in canonical form).

Only what sheetpair's sheets hold takes this way: text, numbers and booleans, with their styles. A sheet
with any other cell (a formula, a date, an error code, rich text, a comment or a link, whose writing has
side effects in openpyxl) or a character no XML file may hold is written by openpyxl, as is every sheet when
lxml is absent (openpyxl then writes through the standard library, in another form).
"""

from __future__ import annotations

from math import isinf, isnan
from pathlib import Path
from typing import Any

from openpyxl import LXML
from openpyxl.cell.cell import Cell
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils.cell import get_column_letter
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.worksheet.worksheet import Worksheet

from .port import CONTROL_CHARACTERS

_KINDS = {"s": "inlineStr", "n": "n", "b": "b"}
"""The ``t`` attribute of each data type written here."""
_NUMBERS = (int, float)
"""The values of number and boolean cells written here (a ``bool`` is an ``int``)."""
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", '"': "&quot;", "\t": "&#9;", "\n": "&#10;",
                                    "\r": "&#13;"})


class RowsAtOnce(WorksheetWriter):  # type: ignore[misc]  # openpyxl is untyped
    """openpyxl's sheet writer, writing the rows of a sheet that :func:`plain_cells` accepts in one piece;
    :meth:`part` gives the sheet's part once :meth:`write` has run."""

    written_rows: bytes | None = None
    """The ``sheetData`` element, when written at once (``rows`` is openpyxl's own method)."""

    def write_rows(self) -> None:
        text = sheet_data(self.ws) if LXML else None
        if text is None or CONTROL_CHARACTERS.search(text):
            super().write_rows()
            return
        from lxml.etree import Comment  # present: openpyxl writes through lxml (LXML)

        self.written_rows = text.encode("ascii", "xmlcharrefreplace")
        xf = self.xf.send(True)
        xf.write(Comment(_MARK))
        self.xf.send(None)

    def part(self) -> bytes:
        """The sheet's part as written, its rows in place of the mark."""
        data = Path(self.out).read_bytes()
        return data if self.written_rows is None else data.replace(f"<!--{_MARK}-->".encode(), self.written_rows, 1)


_MARK = "sheetpair rows"
"""The comment written where the rows go: openpyxl writes none before a sheet's cells."""


def sheet_data(sheet: Worksheet) -> str | None:
    """The ``sheetData`` element of ``sheet`` as XML text, or ``None`` when a cell is not :func:`plain_cells`'."""
    rows = plain_cells(sheet)
    if rows is None:
        return None
    styles = sheet.parent._cell_styles
    style_ids: dict[bytes, int] = {}
    letters: dict[int, str] = {}
    dimensions = sheet.row_dimensions
    out = ["<sheetData>"]
    for row, cells in rows:
        extra = "".join(f' {key}="{value.translate(_ATTRIBUTE_ESCAPES)}"'
                        for key, value in dimensions.get(row, {}))
        out.append(f'<row r="{row}"{extra}>')
        for cell in cells:
            style = cell._style
            if cell._value is None and (style is None or not any(style)):
                continue  # as openpyxl: an empty cell without a style is not written
            column = cell.column
            letter = letters.get(column) or letters.setdefault(column, get_column_letter(column))
            out.append(f'<c r="{letter}{row}"{_style_attribute(style, styles, style_ids)} '
                       f't="{_KINDS[cell.data_type]}"{_content(cell)}')
        out.append("</row>")
    out.append("</sheetData>")
    return "".join(out)


def plain_cells(sheet: Worksheet) -> list[tuple[int, list[Cell]]] | None:
    """The rows of ``sheet`` with their cells, in order, as openpyxl's writer visits them (rows that hold
    only a height or a format included), or ``None`` when some cell is not plain: of a data type other than
    text, number or boolean, holding other than text (a text cell) or an ``int``, ``float`` or ``bool`` (a
    number or boolean cell), or with a comment or a link."""
    rows: dict[int, list[Cell]] = {}
    for (row, _), cell in sorted(sheet._cells.items()):
        value, kind = cell._value, cell.data_type
        if (kind not in _KINDS or cell._comment is not None or cell.hyperlink is not None
                or (value is not None and not isinstance(value, str if kind == "s" else _NUMBERS))):
            return None
        rows.setdefault(row, []).append(cell)
    for row in sheet.row_dimensions.keys() - rows.keys():
        rows[row] = []
    return sorted(rows.items())


def _style_attribute(style: StyleArray | None, styles: Any, known: dict[bytes, int]) -> str:
    """`` s="n"`` for a styled cell (its index in the workbook's cell formats, added there when new)."""
    if style is None or not any(style):
        return ""
    key = style.tobytes()
    index = known.get(key)
    if index is None:
        index = known[key] = styles.add(style)
    return f' s="{index}"'


def _content(cell: Cell) -> str:
    """The rest of a cell's element after its attributes: ``/>`` when empty, else its value and end tag."""
    value = cell._value
    if value is None or value == "":
        return "/>"
    if cell.data_type == "s":
        space = ' xml:space="preserve"' if value != value.strip() else ""
        return f"><is><t{space}>{value.translate(_TEXT_ESCAPES)}</t></is></c>"
    return f"><v>{_number(value)}</v></c>"


def _number(value: Any) -> str:
    """A number as openpyxl writes it (``safe_string``): 16 significant digits; NaN and infinities empty."""
    if isinstance(value, float) and (isnan(value) or isinf(value)):
        return ""
    return "%.16g" % value

