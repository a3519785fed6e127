"""Sheets kept as the XML part they were read from: read quickly, written back byte for byte.

openpyxl turns every cell of every sheet into an object when a workbook opens, and every object back into
XML when it is saved. On a 2000-player event after 10 rounds that was about 4 s of a command's 7, spent mostly
on round sheets the command only reads. Here a sheet whose part stands alone (:func:`can_keep`) is opened
empty and its XML kept: its values come from one pass of the standard library's XML parser over that part
(:func:`_scan`, the same values openpyxl gives), and a save writes the kept part itself in place of
the empty sheet (:func:`save_book`). A sheet sheetpair must change is first read in full by openpyxl
(:meth:`KeptParts.materialise`), as every sheet was before.

A part stands alone when nothing outside it gives it meaning that openpyxl would renumber or drop: it has no
relationships (comments, pictures, tables, links to other parts), no cell refers to the shared-string table
(openpyxl writes every string inline and no table), and it has no filter (whose hidden defined name openpyxl
writes from the sheet it read). Cell styles are indices into the workbook's list of cell formats, which
openpyxl reads and writes in the same order, adding new formats at its end; the workbook-level parts
(sheet names, visibility, print titles, defined names) are written by openpyxl as for any sheet.

A sheet that does not stand alone only because of a table (the roster's) is read by openpyxl from its part
without its cells, which come from the same scan (:func:`_cells_given`): openpyxl still reads its table,
rows, formats and validations, and saves it from its cells.

The package was inspected before (:func:`~sheetpair.io.package.inspect_workbook_file`: no part declares a
document type), so the standard parser is safe here.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.parsers import expat
from zipfile import ZIP_DEFLATED, ZipFile

from openpyxl import Workbook
from openpyxl.cell.cell import Cell
from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
from openpyxl.packaging.relationship import RelationshipList, get_dependents, get_rels_path
from openpyxl.reader.excel import ExcelReader
from openpyxl.utils.cell import column_index_from_string
from openpyxl.utils.datetime import from_excel, from_ISO8601
from openpyxl.worksheet._reader import WorksheetReader, _cast_number
from openpyxl.worksheet.worksheet import Worksheet
from openpyxl.writer.excel import ExcelWriter

from ..core.errors import WorkbookError
from .port import CellValue
from .sheet_rows import RowsAtOnce

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_ROW, _VALUE, _FORMULA, _INLINE, _TEXT, _RUN = (f"{_MAIN}{tag}" for tag in ("row", "v", "f", "is", "t", "r"))
_SHARED_STRING_CELL = re.compile(rb"""\st\s*=\s*["']s["']""")
_SHARED_STRING_QUOTES = (b'"s"', b"'s'", b"\"s'", b"'s\"")
"""The quoted ``s`` one of which every match of :data:`_SHARED_STRING_CELL` contains."""
_FILTER = re.compile(rb"<(?:\w+:)?autoFilter\b")
_CELL_ELEMENT = re.compile(rb"<c\b[^>]*?/>|<c\b[^>]*>.*?</c>", re.DOTALL)
_FORMULA_ELEMENT = re.compile(rb"<(?:\w+:)?f\b")
_DIGITS = "0123456789"


@dataclass(frozen=True)
class Formula:
    """A formula cell of a kept part: its text and the value the spreadsheet program last calculated."""

    text: str
    calculated: CellValue


StoredValue = CellValue | Formula
"""A kept part's cell: a value, or a formula with its calculated value."""


_Scanned = list[tuple[int, int, StoredValue, str, int]]
"""A part's cells as :func:`_scan` gives them: row, column, value, data type, style index."""


@dataclass
class _Kept:
    sheet: Worksheet
    data: bytes
    scanned: _Scanned | None = None
    values: dict[tuple[int, int], StoredValue] | None = None

    def cells(self) -> _Scanned:
        """The part's cells, scanned once.

        :raises WorkbookError: when the part is not well-formed sheet XML (openpyxl refused such a workbook
            on opening; the part is now read only when the sheet is).
        """
        if self.scanned is None:
            try:
                self.scanned = _scan(self.data, self.sheet.parent)
            except (ElementTree.ParseError, ValueError, OverflowError, TypeError) as error:
                raise WorkbookError(f"this sheet cannot be read ({type(error).__name__}: {error}); open and save "
                                    "the workbook in Excel or LibreOffice, or restore it from a copy",
                                    sheet=self.sheet.title) from None
        return self.scanned


class KeptParts:
    """The sheets of one opened workbook that are still their original XML part, by name."""

    def __init__(self, shared_strings: list[str]) -> None:
        self._kept: dict[str, _Kept] = {}
        self._shared_strings = shared_strings
        self.originals: dict[str, bytes] = {}
        """The part every sheet kept on opening was read from, by its name then, kept or not since."""

    def add(self, sheet: Worksheet, data: bytes) -> None:
        self._kept[sheet.title] = _Kept(sheet, data)
        self.originals[sheet.title] = data

    def holds(self, name: str, sheet: object) -> bool:
        """Whether ``sheet`` (the book's sheet called ``name``) is still its original part."""
        kept = self._kept.get(name)
        return kept is not None and kept.sheet is sheet

    def values(self, name: str) -> dict[tuple[int, int], StoredValue]:
        """The non-empty cells of the kept sheet ``name``, by (row, column); read once."""
        kept = self._kept[name]
        if kept.values is None:
            kept.values = _non_empty(kept.cells())
        return kept.values

    def materialise(self, name: str, *, outside: tuple[int, int] | None = None) -> None:
        """Reads the kept sheet ``name`` into its openpyxl sheet, which from now on is saved from its cells.

        openpyxl's parser turns each cell into a dictionary on its way to a cell (0.6 s for a 30 000-cell
        crosstable): unless the part holds formulas (whose shared and array forms only openpyxl's parser
        unfolds), openpyxl reads the part without its cells, for all the rest (rows, columns, merged cells,
        formats, validations, protection, page setup), and the cells come from the scan :func:`_scan`
        makes, with their styles. A sheet about to be rebuilt needs only the cells ``outside`` the block of
        that height and width (what the rebuild carries over): only those are made then.
        """
        kept = self._kept.pop(name)
        apart = _cells_apart(kept.data, kept.cells)
        if apart is not None:
            without_cells, cells = apart
            if outside is not None:
                height, width = outside
                cells = [cell for cell in cells if cell[0] > height or cell[1] > width]
            _GivenCells(kept.sheet, without_cells, self._shared_strings, cells).bind_all()
        else:
            WorksheetReader(kept.sheet, io.BytesIO(kept.data), self._shared_strings, False, False).bind_all()
        kept.sheet.legacy_drawing = None  # as openpyxl does for a sheet without relationships

    def forget(self, name: str) -> None:
        """The sheet ``name`` was removed from the book."""
        self._kept.pop(name, None)

    def parts(self, book: Workbook) -> dict[int, bytes]:
        """The original part of every sheet of ``book`` still kept, by the sheet's identity."""
        return {id(kept.sheet): kept.data for name, kept in self._kept.items()
                if name in book.sheetnames and book[name] is kept.sheet}

    def names(self, book: Workbook) -> set[str]:
        """The names of the sheets of ``book`` still kept (saved as the part they were read from)."""
        return {name for name, kept in self._kept.items() if name in book.sheetnames and book[name] is kept.sheet}


class _GivenCells(WorksheetReader):  # type: ignore[misc]  # openpyxl is untyped
    """openpyxl's sheet reader over a part without its cells, given the cells it would have read."""

    def __init__(self, sheet: Worksheet, without_cells: bytes, shared_strings: list[str],
                 cells: _Scanned) -> None:
        super().__init__(sheet, io.BytesIO(without_cells), shared_strings, False, False)
        self._given = cells

    def bind_cells(self) -> None:
        for _ in self.parser.parse():  # what is not a cell is read on the way; rows give their heights
            pass
        _bind(self.ws, self._given)


def _bind(sheet: Worksheet, cells: _Scanned) -> None:
    """Makes the scanned ``cells`` the sheet's, with their styles, as openpyxl's sheet reader makes them."""
    styles = sheet.parent._cell_styles
    for row, column, value, data_type, style in cells:
        cell = Cell(sheet, row=row, column=column, style_array=styles[style])
        cell._value, cell.data_type = value, data_type
        sheet._cells[(row, column)] = cell
    if sheet._cells:
        sheet._current_row = sheet.max_row


def _cells_given(data: bytes, book: Workbook) -> tuple[bytes, _Scanned] | None:
    """A part read in full whose cells the scan can give: the part without its cells, which openpyxl reads
    for all the rest, and the cells. ``None`` when openpyxl must read the cells: a formula (whose shared forms
    only its parser unfolds), a shared string, merged cells (whose edges take the first cell's borders as
    the reader meets them) or a link (which the reader puts on its cell)."""
    if not can_keep(data) or b"<mergeCell" in data or b"<hyperlink" in data:
        return None
    return _cells_apart(data, lambda: _scan(data, book))


def _cells_apart(data: bytes, scan: Callable[[], _Scanned]) -> tuple[bytes, _Scanned] | None:
    """The part without its cells, and its cells as ``scan`` gives them; ``None`` for a part with formulas
    (whose shared and array forms only openpyxl's parser unfolds), without cells, or whose cells the scan
    does not give one for one."""
    if _FORMULA_ELEMENT.search(data):
        return None
    cells = scan()
    without_cells, count = _CELL_ELEMENT.subn(b"", data)
    return (without_cells, cells) if cells and len(cells) == count else None


def can_keep(data: bytes) -> bool:
    """Whether a sheet part without relationships can be written back as it is (see the module's note), and
    read by the standard parser: UTF-8 (the encoding every spreadsheet program writes) without a document
    type, which the package's inspection refused already, checked again on the bytes read here."""
    return (data.lstrip(b"\xef\xbb\xbf").startswith(b"<") and b"<!DOCTYPE" not in data
            and not _holds(data, _SHARED_STRING_QUOTES, _SHARED_STRING_CELL)
            and not _holds(data, (b"autoFilter",), _FILTER))


def _holds(data: bytes, literals: tuple[bytes, ...], pattern: re.Pattern[bytes]) -> bool:
    """Whether ``pattern`` occurs in ``data``; every match contains one of ``literals``, which are looked for
    first (a search for plain bytes is several times faster than the pattern's over a 2000-player sheet)."""
    return any(literal in data for literal in literals) and pattern.search(data) is not None


class _KeepingReader(ExcelReader):  # type: ignore[misc]  # openpyxl is untyped
    """openpyxl's reader, opening the sheets whose part can be kept empty and keeping their parts."""

    def __init__(self, path: Path, keep_vba: bool) -> None:
        super().__init__(path, keep_vba=keep_vba)
        self.archive: ZipFile
        self.kept = KeptParts([])

    def read_worksheets(self) -> None:
        every = [(sheet, rel) for sheet, rel in self.parser.find_sheets() if rel.target in self.valid_files]
        parts = {rel.target: self.archive.read(rel.target) for _, rel in every
                 if "chartsheet" not in rel.Type and get_rels_path(rel.target) not in self.valid_files}
        parts = {target: data for target, data in parts.items() if can_keep(data)}
        read_in_full = [(sheet, rel) for sheet, rel in every if rel.target not in parts]
        given = {rel.target: found for _, rel in read_in_full if "chartsheet" not in rel.Type
                 and self._tables_alone(rel.target) and (found := _cells_given(self.archive.read(rel.target), self.wb))}
        self.parser.find_sheets = lambda: iter(read_in_full)
        original: ZipFile = self.archive
        replacing: Any = _Replacing(original, {target: part for target, (part, _) in given.items()})
        self.archive = replacing
        try:
            super().read_worksheets()
        finally:
            self.archive = original
        for sheet, rel in read_in_full:
            if rel.target in given:
                _bind(self.wb[sheet.name], given[rel.target][1])
        self.kept = KeptParts(self.shared_strings)  # read by now
        loaded: Iterator[Any] = iter(self.wb._sheets)
        ordered = []
        for sheet, rel in every:
            if rel.target not in parts:
                ordered.append(next(loaded))
                continue
            empty = Worksheet(self.wb, title=sheet.name)
            empty._rels = RelationshipList()
            empty.sheet_state = sheet.state
            self.kept.add(empty, parts[rel.target])
            ordered.append(empty)
        self.wb._sheets = ordered


    def _tables_alone(self, target: str) -> bool:
        """Whether the sheet part ``target`` relates to tables alone (a roster's): no comment, picture or
        drawing, which openpyxl's reader ties to cells."""
        rels = get_rels_path(target)
        return rels not in self.valid_files or all(
            rel.Type.endswith("/table") for rel in get_dependents(self.archive, rels))


class _Replacing:
    """A package read through ``archive``, but for the parts given here by name."""

    def __init__(self, archive: ZipFile, parts: dict[str, bytes]) -> None:
        self._archive = archive
        self._parts = parts

    def open(self, name: str, *args: Any, **kwargs: Any) -> Any:
        return io.BytesIO(self._parts[name]) if name in self._parts else self._archive.open(name, *args, **kwargs)

    def read(self, name: str) -> bytes:
        return self._parts.get(name) or self._archive.read(name)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._archive, name)


def open_book(path: Path, *, keep_vba: bool) -> tuple[Workbook, KeptParts]:
    """The workbook at ``path`` as openpyxl reads it, with the sheets that can be kept opened empty."""
    reader = _KeepingReader(path, keep_vba)
    reader.read()
    return reader.wb, reader.kept


def save_book(book: Workbook, kept: Mapping[int, bytes]) -> bytes:
    """``book`` as ``.xlsx`` bytes, each sheet named in ``kept`` (by identity) written as its kept part."""
    buffer = io.BytesIO()
    with ZipFile(buffer, "w", ZIP_DEFLATED, allowZip64=True) as archive:
        book.properties.modified = dt.datetime.now(tz=dt.timezone.utc).replace(tzinfo=None)
        _KeepingWriter(book, archive, kept).write_data()
    return buffer.getvalue()


class _KeepingWriter(ExcelWriter):  # type: ignore[misc]  # openpyxl is untyped
    def __init__(self, book: Workbook, archive: ZipFile, kept: Mapping[int, bytes]) -> None:
        super().__init__(book, archive)
        self._kept = kept

    def write_worksheet(self, ws: Worksheet) -> None:
        data = self._kept.get(id(ws))
        if data is None:
            self._write_rebuilt(ws)
            return
        ws._drawing = None
        ws._rels = RelationshipList()
        self._archive.writestr(ws.path[1:], data)
        self.manifest.append(ws)

    def _write_rebuilt(self, ws: Worksheet) -> None:
        """openpyxl's ``ExcelWriter.write_worksheet`` for a sheet of a book opened for editing, with its rows
        written at once (:mod:`.sheet_rows`)."""
        ws._drawing = SpreadsheetDrawing()
        ws._drawing.charts = ws._charts
        ws._drawing.images = ws._images
        writer = RowsAtOnce(ws)
        writer.write()
        ws._rels = writer._rels
        self._archive.writestr(ws.path[1:], writer.part())
        self.manifest.append(ws)
        writer.cleanup()


def _non_empty(cells: Iterable[tuple[int, int, StoredValue, str, int]]) -> dict[tuple[int, int], StoredValue]:
    return {(row, column): value for row, column, value, _, _ in cells if value is not None and value != ""}


def _scan(data: bytes, book: Workbook) -> _Scanned:
    """Every cell of a sheet part: row, column, value, data type and style index, as openpyxl's sheet parser
    gives them: numbers as ``int`` or ``float``, date-formatted numbers as dates, booleans, error codes as
    text, inline strings with their runs joined; a formula's value is a :class:`Formula`, which holds the
    value calculated when the file was last saved.

    A part whose cells are all in the plain form sheetpair (openpyxl) writes is read by :func:`_plain_cells`
    (a quarter of the time); any other goes through the standard parser's tree (:func:`_parsed_cells`)."""
    plain = _plain_cells(data)
    if plain is None:
        return list(_parsed_cells(data, book))
    convert, dates = _converter(book), book._date_formats
    columns: dict[bytes, int] = {}
    rows: dict[bytes, int] = {}
    kinds: dict[bytes, str] = {}
    styles: dict[bytes, int] = {}
    cells: _Scanned = []
    for _, letters, digits, style_text, kind_text, text, inline, inline_text in plain:
        if not letters:
            continue  # a row's tag
        column = columns.get(letters) or columns.setdefault(letters, column_index_from_string(letters.decode("ascii")))
        row = rows.get(digits) or rows.setdefault(digits, int(digits))
        kind = kinds.get(kind_text) or kinds.setdefault(kind_text, kind_text.decode("ascii") or "n")
        style = styles.get(style_text)
        if style is None:
            style = styles[style_text] = int(style_text or 0)
        if kind == "inlineStr":
            cells.append((row, column, _plain_text(inline_text) if inline else None, "s" if inline else kind, style))
        elif kind == "n" and text and style not in dates:  # a number, most cells after text: converted here
            cells.append((row, column, _cast_number(_plain_text(text)), kind, style))
        else:
            cells.append((row, column, *convert(_plain_text(text) if text else None, kind, style), style))
    return cells


_PLAIN_TOKEN = (rb'(<c r="([A-Z]{1,3})([1-9][0-9]{0,6})"(?: s="([0-9]{1,9})")?(?: t="([a-zA-Z]{1,9})")?'
                rb'(?:/>|>(?:<v>([^<]*)</v>|(<is><t(?: xml:space="preserve")?>)([^<]*)</t></is>)?</c>)'
                rb'|<row(?: [a-zA-Z]+="[^"<>]*")*(?:/>|>)|</row>)')
_PLAIN_CELLS = re.compile(_PLAIN_TOKEN)
_ROW_TAG = re.compile(rb"<row[\s/>]")
_MAIN_ROOT = re.compile(rb'(?:\xef\xbb\xbf)?(?:<\?xml version="1\.0"(?: encoding="[Uu][Tt][Ff]-8")?'
                        rb'(?: standalone="(?:yes|no)")?\s*\?>\s*)?<worksheet xmlns="MAIN"[ >]'
                        .replace(b"MAIN", re.escape(_MAIN[1:-1]).encode()))
_REFERENCE = re.compile(r"&(?:#x([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}

_PlainToken = tuple[bytes, bytes, bytes, bytes, bytes, bytes, bytes, bytes]


def _plain_cells(data: bytes) -> list[_PlainToken] | None:
    """The rows and cells of a part written in the plain form openpyxl writes (one ``sheetData``, each cell
    with its address, then its style and type, holding one value or one unformatted inline string; no
    formulas), as the matched bytes: the token, then for a cell its column letters, row digits, style, type,
    value text, inline string's tag and text (empty when absent). ``None`` when the part is in any other
    form, or is not well-formed (the standard parser then reads it, or names its fault). Every byte of
    ``sheetData`` must be such a token and no row may stand outside it, so nothing the parser reads is
    skipped."""
    if _MAIN_ROOT.match(data) is None or b"<!" in data:  # a comment or CDATA section: the parser's work
        return None
    start, end = data.find(b"<sheetData>") + len(b"<sheetData>"), data.find(b"</sheetData>")
    if start < len(b"<sheetData>"):
        start = end = data.find(b"<sheetData/>")
    if end < 0 or start > end or b"xmlns" in data[start:end] or _ROW_TAG.search(data, 0, start) \
            or _ROW_TAG.search(data, end):
        return None
    tokens: list[_PlainToken] = _PLAIN_CELLS.findall(data, start, end)
    if sum(len(token[0]) for token in tokens) != end - start or not _well_formed(data):
        return None  # a byte between two tokens (the tokens found one after another cover the whole span)
    return tokens


def _well_formed(data: bytes) -> bool:
    parser = expat.ParserCreate(namespace_separator="}")  # as the standard parser: unbound prefixes are faults
    try:
        parser.Parse(data, True)
    except expat.ExpatError:
        return False
    return True


def _plain_text(raw: bytes) -> str:
    """A value's text as the XML parser gives it: line ends made ``\\n``, character references resolved."""
    text = raw.decode("utf-8")
    if "\r" not in text and "&" not in text:
        return text
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _REFERENCE.sub(_resolve, text) if "&" in text else text


def _resolve(reference: re.Match[str]) -> str:
    hexadecimal, decimal, name = reference.groups()
    if name:
        return _NAMED[name]
    return chr(int(hexadecimal, 16) if hexadecimal else int(decimal))


def _parsed_cells(data: bytes, book: Workbook) -> Iterator[tuple[int, int, StoredValue, str, int]]:
    """:func:`_scan` by the standard parser's tree, for a part in any form."""
    convert = _converter(book)
    columns: dict[str, int] = {}
    row_number = 0
    for _, element in ElementTree.iterparse(io.BytesIO(data)):
        if element.tag != _ROW:
            continue
        row_number = _row_number(element.get("r"), row_number)
        column = 0
        for cell in element:
            attributes = cell.attrib
            reference = attributes.get("r")
            if reference:
                letters = reference.rstrip(_DIGITS)
                if letters not in columns:
                    columns[letters] = column_index_from_string(letters)
                row, column = int(reference[len(letters):]), columns[letters]
            else:
                row, column = row_number, column + 1
            kind, style = attributes.get("t", "n"), int(attributes.get("s") or 0)
            text = formula = inline = None
            for child in cell:
                if child.tag == _VALUE:
                    text = child.text if text is None else text
                elif child.tag == _FORMULA:
                    formula = child if formula is None else formula
                elif child.tag == _INLINE:
                    inline = child if inline is None else inline
            value: CellValue
            if kind == "inlineStr":
                value, data_type = (None, kind) if inline is None else (_inline_text(inline), "s")
            else:
                value, data_type = convert(text or None, kind, style)
            if formula is not None:
                yield row, column, Formula("=" + (formula.text or ""), value), "f", style
            else:
                yield row, column, value, data_type, style
        element.clear()


def _row_number(attribute: str | None, previous: int) -> int:
    if attribute is None:
        return previous + 1
    number = float(attribute)
    if not number.is_integer():
        raise ValueError(f"row number {attribute!r} is not a whole number")
    return int(number)


def _inline_text(element: ElementTree.Element) -> str:
    plain = element.findtext(_TEXT)
    runs = [run.findtext(_TEXT) or "" for run in element.iter(_RUN)]
    return (plain or "") + "".join(runs)


def _converter(book: Workbook) -> Callable[[str | None, str, int], tuple[CellValue, str]]:
    """Turns a cell's stored text, type and style into its value and data type, as openpyxl's parser does."""
    dates, durations, epoch = book._date_formats, book._timedelta_formats, book.epoch

    def convert(text: str | None, kind: str, style: int) -> tuple[CellValue, str]:
        if text is None:
            return None, kind
        if kind == "n":
            number = _cast_number(text)
            if style not in dates:
                return number, kind
            try:
                return from_excel(number, epoch, timedelta=style in durations), "d"
            except (OverflowError, ValueError):
                return "#VALUE!", "e"
        if kind == "b":
            return bool(int(text)), kind
        if kind == "d":
            return from_ISO8601(text), kind
        return text, "s" if kind == "str" else kind  # "str": a formula's text; "e": an error code

    return convert
