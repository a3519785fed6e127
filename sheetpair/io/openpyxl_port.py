"""The workbook port over an ``.xlsx`` file, through openpyxl.

Loading first inspects the zip package (:mod:`sheetpair.io.package`: damaged parts, zip bombs, encrypted or
non-xlsx files become one sentence), then goes through openpyxl with defusedxml installed (openpyxl then
parses XML safely). Saving goes through :mod:`sheetpair.io.savefile`: a temporary file beside the workbook
replaces the original in one step, so a failure never leaves a half-written workbook. Sheets sheetpair does
not own are never touched; owned sheets are rebuilt in place (same position, keeping the arbiter's
pictures, charts, protection, comments, links, notes beside the table, conditional formats and
validations) with a frozen header, text-formatted entry columns and a results dropdown
fed by the defined name ``ResultCodes`` on a hidden ``Lists`` sheet. A sheet whose part stands alone is read
from its XML and, unless sheetpair changes it, saved as that same part (:mod:`sheetpair.io.sheet_parts`).
"""

from __future__ import annotations

import io
import os
import posixpath
import re
import warnings
import zipfile
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Sequence
from copy import copy
from pathlib import Path
from xml.etree import ElementTree

from openpyxl import Workbook, load_workbook
from openpyxl.cell.cell import Cell, MergedCell
from openpyxl.chartsheet import Chartsheet
from openpyxl.styles import Alignment, Border, Font, PatternFill, Protection, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import column_index_from_string
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.table import Table, TableColumn, TableStyleInfo
from openpyxl.worksheet.worksheet import Worksheet

from ..core.errors import WorkbookError
from .formula_values import keep_values
from .package import inspect_workbook_file
from .port import (
    CONTROL_CHARACTERS,
    MAX_COLUMNS,
    MAX_ROWS,
    CellValue,
    SheetSpec,
    column_letter,
    owned_block,
    visible_text,
)
from .savefile import save_atomically, save_failure, side_copy_path
from .sheet_parts import Formula, KeptParts, StoredValue, open_book, save_book
from .unchanged import fingerprint, holds, read_fingerprints, store_fingerprints

LISTS_SHEET = "Lists"
RESULT_CODES_NAME = "ResultCodes"
_FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
"""What makes Excel or a CSV importer read text as a formula (OWASP's list for CSV injection)."""
_HEADER_FONT = Font(bold=True)
_HEADER_FILL = PatternFill("solid", fgColor="DDEBF7")
_THIN = Side(style="thin", color="808080")
_CELL_BORDER = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
_UNLOCKED = Protection(locked=False)
_CENTRED = Alignment(horizontal="center")


class OpenpyxlPort:
    """A workbook file opened for reading and writing; call :meth:`save` to write it back atomically.

    openpyxl silently drops some Excel features on a round trip (Excel 2010 conditional formats and data
    bars, sparklines, add-in parts). Before overwriting a workbook, :meth:`save` checks that nothing of the
    original would be lost; if something would, the original stays as it is and the result goes to a copy
    beside it, and :class:`LossySaveError` says what would have been lost.
    """

    def __init__(self, path: str | os.PathLike[str], *, create: bool = False) -> None:
        self.path = Path(path)
        self._original_parts: set[str] = set()
        self._original_features: Counter[tuple[str, str]] = Counter()
        self._dropped: list[str] = []
        self._image_bytes: dict[int, bytes] = {}
        self._cached: dict[str, dict[tuple[int, int], CellValue]] = {}
        self._read_sheets: list[Worksheet | Chartsheet] = []
        self._source = self.path
        self._fingerprints: dict[str, str] = {}
        """Owned sheet → fingerprint of the spec it was last written from (:mod:`sheetpair.io.unchanged`)."""
        self._kept = KeptParts([])
        """Sheets still their original XML part (:mod:`sheetpair.io.sheet_parts`): read from it, saved as it."""
        if create and not self.path.exists():
            self.book = Workbook()
            self.book.remove(self.book.active)
            return
        if not self.path.exists():
            raise WorkbookError(f"no workbook at {self.path}")
        inspect_workbook_file(self.path)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                self.book, self._kept = open_book(self.path, keep_vba=self.path.suffix.lower() == ".xlsm")
            self._note_dropped(caught)
            self._read_sheets = list(self.book.worksheets)  # their formulas' values are kept (formula_values)
            self._fingerprints = read_fingerprints(self.book)
            with zipfile.ZipFile(self.path) as package:
                self._original_parts = _comparable_parts(package.namelist())
                self._original_features = sheet_features(package, skip=self._kept.originals)  # counted at save
        except Exception as error:  # the package passed inspection; openpyxl fails on content in many ways
            raise WorkbookError(f"{self.path} is not a readable .xlsx workbook: openpyxl cannot read it "
                                f"({type(error).__name__}: {_first_line(error)})") from None

    def sheet_names(self) -> list[str]:
        return list(self.book.sheetnames)

    def read_sheet(self, name: str) -> list[list[CellValue]]:
        """The sheet's values up to its last used row and column, read from the cells that exist.

        openpyxl's row iteration walks every row up to the farthest one ever touched, creating cells as it
        goes: one stray value in row 1 048 576 took minutes and ended in a MemoryError. Here only stored
        cells are visited, and a value beyond :data:`MAX_ROWS` or :data:`MAX_COLUMNS` is refused by its
        address. A formula gives the value the spreadsheet program last calculated for it.

        :raises WorkbookError: naming a cell beyond the limits, or a formula that was never calculated.
        """
        sheet = self.book[name]
        if not isinstance(sheet, Worksheet):
            raise WorkbookError("this is a chart sheet, not a sheet of cells; rename it or move the chart",
                                sheet=name)
        used: dict[int, dict[int, CellValue]] = {}
        for (row, column), value in self._stored(name, sheet).items():
            if row > MAX_ROWS or column > MAX_COLUMNS:
                raise WorkbookError(f"a value far outside the data (sheetpair reads up to row {MAX_ROWS} and "
                                    f"column {column_letter(MAX_COLUMNS)}); delete it or move it up",
                                    sheet=name, cell=f"{column_letter(column)}{row}")
            if isinstance(value, Formula):
                value = self._calculated(name, value, row, column)
            used.setdefault(row, {})[column] = value
        width = max((max(cells) for cells in used.values()), default=0)
        return [[used.get(row, {}).get(column) for column in range(1, width + 1)]
                for row in range(1, max(used, default=0) + 1)]

    def _stored(self, name: str, sheet: Worksheet) -> dict[tuple[int, int], StoredValue]:
        """The sheet's non-empty cells, a formula as :class:`~sheetpair.io.sheet_parts.Formula` (whose value,
        for a sheet read in full by openpyxl, is looked up only when needed)."""
        if self._kept.holds(name, sheet):
            return self._kept.values(name)
        return {where: Formula(str(cell.value), None) if cell.data_type == "f" else cell.value
                for where, cell in sheet._cells.items() if cell.value is not None and cell.value != ""}

    def _calculated(self, name: str, formula: Formula, row: int, column: int) -> CellValue:
        """The value a formula had when Excel or LibreOffice last saved the file (openpyxl calculates none)."""
        value = formula.calculated
        if value is None:
            if name not in self._cached:
                self._cached[name] = _cached_values(self.path, name)
            value = self._cached[name].get((row, column))
        if value is None:
            raise WorkbookError("this cell holds a formula whose value was never calculated (the file was not "
                                "saved by Excel or LibreOffice since); type the value itself, or open and save "
                                "the workbook in your spreadsheet program", sheet=name,
                                cell=f"{column_letter(column)}{row}")
        return value

    def _read_in_full(self, name: str, *, outside: tuple[int, int] | None = None) -> None:
        """Has openpyxl read the sheet ``name`` cell by cell when it is still its kept part, before a change
        (only the cells ``outside`` the owned block of that size, for a sheet about to be rebuilt)."""
        if self._kept.holds(name, self.book[name]):
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                self._kept.materialise(name, outside=outside)
            self._note_dropped(caught)

    def _note_dropped(self, caught: list[warnings.WarningMessage]) -> None:
        """Remembers what openpyxl said it will not keep of what it read (an Excel 2010 extension...)."""
        messages = {str(w.message) for w in caught if "will be removed" in str(w.message)}
        self._dropped = sorted(messages.union(self._dropped))

    def write_sheet(self, spec: SheetSpec) -> None:
        """Rebuilds the sheet, unless it already holds what ``spec`` describes (laid out from an identical
        spec, and its owned cells hold the spec's values): then it stays as it is."""
        names = self.book.sheetnames
        previous = self.book[spec.name] if spec.name in names else None
        digest = fingerprint(spec)
        if (isinstance(previous, Worksheet) and self._fingerprints.get(spec.name) == digest
                and holds(self._stored(spec.name, previous), previous.sheet_state == "hidden", spec)):
            return
        owned = None
        if previous is not None and self._kept.holds(spec.name, previous):
            owned = owned_block(self._kept.values(spec.name))  # what the rebuild replaces need not be read
        if previous is not None:
            self._read_in_full(spec.name, outside=owned)
        self._fingerprints.pop(spec.name, None)
        if not spec.table_name:  # the roster's table is the arbiter's once made: only update_cells writes it
            self._fingerprints[spec.name] = digest
        index = names.index(spec.name) if previous is not None else None
        if previous is None and spec.before in names:
            index = names.index(spec.before)
        elif previous is not None:
            self._drop_tables_named(spec.table_name)
            self.book.remove(previous)
        sheet = self.book.create_sheet(spec.name, index)
        if previous is not None:
            _carry_over(previous, sheet)
        for col, title in enumerate(spec.header, start=1):
            cell = sheet.cell(1, col, title)
            cell.font = _HEADER_FONT
            cell.fill = _HEADER_FILL
        text_cols = {i for i, h in enumerate(spec.header, start=1) if h in spec.text_columns}
        formats = {i: spec.number_formats[h] for i, h in enumerate(spec.header, start=1) if h in spec.number_formats}
        for r, row in enumerate(spec.rows, start=2):
            for c, value in enumerate(row, start=1):
                cell = _set(sheet, r, c, value, as_text=c in text_cols)
                if c in formats and isinstance(value, (int, float)):
                    cell.number_format = formats[c]
        last_row = max(len(spec.rows) + 1, 2)
        self._format(sheet, spec, last_row)
        _dress_for_print(sheet, spec)
        _keep_what_the_arbiter_added(previous, sheet, (len(spec.rows) + 1, len(spec.header)), owned)
        if spec.hidden:
            sheet.sheet_state = "hidden"

    def update_cells(
        self, name: str, cells: dict[tuple[int, int], CellValue], *, table_name: str | None = None
    ) -> None:
        self._read_in_full(name)
        sheet = self.book[name]
        merged = {(row, col): span.coord for span in sheet.merged_cells.ranges for row, col in cells
                  if span.min_row <= row <= span.max_row and span.min_col <= col <= span.max_col
                  and (row, col) != (span.min_row, span.min_col)}
        if merged:
            (row, col), span = min(merged.items())
            raise WorkbookError(f"sheetpair must write this cell, but it is inside the merged cells {span}; "
                                "unmerge them", sheet=name, cell=f"{column_letter(col)}{row}")
        self._fingerprints.pop(name, None)
        for (row, col), value in cells.items():
            _set(sheet, row, col, value, as_text=isinstance(value, str))
        if table_name and table_name in sheet.tables and cells:
            table = sheet.tables[table_name]
            last_row = max(sheet.max_row, max(r for r, _ in cells))
            last_col = max(_table_last_column(table.ref), max(c for _, c in cells))
            table.ref = f"A1:{column_letter(last_col)}{last_row}"
            if table.autoFilter is not None:
                table.autoFilter.ref = table.ref
            _sync_table_columns(sheet, table, last_col)

    def delete_sheet(self, name: str) -> None:
        self._fingerprints.pop(name, None)
        self._kept.forget(name)
        if name in self.book.sheetnames:
            self.book.remove(self.book[name])

    def save(self, path: str | os.PathLike[str] | None = None) -> None:
        """Writes the workbook to ``path`` (default: where it came from) through a temporary file.

        The book is serialised once, in memory; the loss check reads that package and the same bytes are
        written, so a save costs one serialisation.

        :raises LossySaveError: when overwriting the original would lose some of its content; the result
            is then saved beside it as ``<name>-sheetpair.xlsx`` (``-sheetpair-2.xlsx``... when that
            exists) and the original is left untouched.
        :raises WorkbookError: when the file cannot be written (disk full, no permission); nothing changed.
        """
        target = Path(path) if path is not None else self.path
        try:
            package = self._serialised()
        except OSError as error:  # openpyxl serialises through temporary files, which can fail too
            raise WorkbookError(save_failure(target, error)) from None
        losses = self._losses(package)
        if losses and target.resolve() == self.path.resolve():
            side = side_copy_path(target)
            try:
                save_atomically(side, lambda handle: handle.write(package))
            except WorkbookError:
                side.unlink(missing_ok=True)  # the name was reserved empty; leave no empty copy behind
                raise
            raise LossySaveError(
                f"{target.name} was left unchanged because saving it would lose: {'; '.join(losses)}. "
                f"The updated workbook was written to {side.name}; continue with that file."
            )
        save_atomically(target, lambda handle: handle.write(package))
        self.path = target

    def _serialised(self) -> bytes:
        """The book as ``.xlsx`` bytes; images are given fresh streams first, as openpyxl consumes them."""
        self._rewind_images()
        store_fingerprints(self.book, self._fingerprints)
        return keep_values(save_book(self.book, self._kept.parts(self.book)), self._formula_values())

    def _formula_values(self) -> dict[str, dict[str, CellValue]]:
        """The calculated value of every formula in the sheets read from the file and not rebuilt, by the
        part openpyxl writes each worksheet to (``sheet<n>.xml``, numbered in the book's order)."""
        values: dict[str, dict[str, CellValue]] = {}
        for number, sheet in enumerate(self.book.worksheets, start=1):
            if not any(sheet is read for read in self._read_sheets):
                continue
            formulas = [cell for cell in sheet._cells.values() if cell.data_type == "f"]
            if not formulas:
                continue
            if sheet.title not in self._cached:
                self._cached[sheet.title] = _cached_values(self._source, sheet.title)
            known = self._cached[sheet.title]
            values[f"xl/worksheets/sheet{number}.xml"] = {
                cell.coordinate: known[(cell.row, cell.column)]
                for cell in formulas if (cell.row, cell.column) in known}
        return values

    def _rewind_images(self) -> None:
        """openpyxl reads each image from a stream it closes after the first save, so a second save (the
        loss check was one) failed with "I/O operation on closed file": keep the bytes and hand every save
        a new stream."""
        for sheet in self.book.worksheets:
            for image in sheet._images:
                data = self._image_bytes.get(id(image))
                if data is None:
                    data = self._image_bytes[id(image)] = image._data()
                image.ref = io.BytesIO(data)

    def _losses(self, package: bytes) -> list[str]:
        """What of the original file saving ``package`` would drop: unsupported extensions and whole parts."""
        if not self._original_parts:
            return []
        unchanged = self._kept.names(self.book)  # the same bytes as read, without relationships before or after
        before = self._original_features.copy()
        for title, data in self._kept.originals.items():
            if title not in unchanged:
                before.update(part_features(title, data))
        with zipfile.ZipFile(io.BytesIO(package)) as saved:
            kept = _comparable_parts(saved.namelist())
            features = _lost_features(before, sheet_features(saved, skip=unchanged))
        lost = sorted(self._original_parts - kept)
        return self._dropped + ([f"parts {', '.join(lost)}"] if lost else []) + features

    def _format(self, sheet: Worksheet, spec: SheetSpec, last_row: int) -> None:
        sheet.freeze_panes = spec.freeze
        sheet.print_title_rows = "1:1"
        sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
        sheet.page_setup.orientation = "landscape" if spec.landscape else "portrait"
        sheet.page_setup.fitToWidth = 1
        sheet.page_setup.fitToHeight = 0
        sheet.sheet_properties.pageSetUpPr.fitToPage = True
        sheet.oddFooter.center.text = "&A – page &P of &N"
        for col, title in enumerate(spec.header, start=1):
            shown = [_shown(row[col - 1], spec.number_formats.get(title)) for row in spec.rows if len(row) >= col]
            width = spec.column_widths.get(title) or min(max(len(v) for v in [title, *shown]) + 2, 50)
            sheet.column_dimensions[column_letter(col)].width = width
        if spec.table_name:
            ref = f"A1:{column_letter(len(spec.header))}{last_row}"
            table = Table(displayName=spec.table_name, ref=ref)
            table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True)
            sheet.add_table(table)
        if spec.dropdown_column and spec.dropdown_column in spec.header:
            self._add_dropdown(sheet, spec, spec.header.index(spec.dropdown_column) + 1, last_row)

    def _add_dropdown(self, sheet: Worksheet, spec: SheetSpec, column: int, last_row: int) -> None:
        self._ensure_result_list(spec.dropdown_values)
        col = column_letter(column)
        validation = DataValidation(
            type="list", formula1=RESULT_CODES_NAME, allow_blank=True, showErrorMessage=False,
        )
        validation.add(f"{col}2:{col}{last_row}")
        sheet.add_data_validation(validation)
        _restyle((_cell(sheet, row, column) for row in range(2, last_row + 1)), _typed_here)

    def _ensure_result_list(self, codes: tuple[str, ...]) -> None:
        if LISTS_SHEET in self.book.sheetnames:
            lists = self.book[LISTS_SHEET]
        else:
            lists = self.book.create_sheet(LISTS_SHEET)
            lists.sheet_state = "hidden"
        for row, code in enumerate(codes, start=1):
            _set(lists, row, 1, code, as_text=True)
        ref = f"{LISTS_SHEET}!$A$1:$A${len(codes)}"
        if RESULT_CODES_NAME in self.book.defined_names:
            del self.book.defined_names[RESULT_CODES_NAME]
        self.book.defined_names[RESULT_CODES_NAME] = DefinedName(RESULT_CODES_NAME, attr_text=ref)

    def _drop_tables_named(self, table_name: str | None) -> None:
        if not table_name:
            return
        for sheet in self.book.worksheets:
            if table_name in sheet.tables:
                del sheet.tables[table_name]


class LossySaveError(WorkbookError):
    """Saving in place would drop content openpyxl cannot keep; the result went to a copy instead."""


_RENAMED_PARTS = (
    (re.compile(r"^xl/comments/comment\d*\.xml$|^xl/comments\d*\.xml$"), "comments"),
    (re.compile(r"^xl/drawings/(vmlDrawing|commentsDrawing)\d*\.vml$"), "vml drawing"),
    (re.compile(r"^xl/sharedStrings\.xml$|^docProps/|^\[Content_Types\]|_rels/|^xl/styles\.xml$|^xl/theme/"), ""),
    (re.compile(r"^xl/worksheets/sheet\d+\.xml$|^xl/tables/table\d+\.xml$|^xl/calcChain\.xml$"), ""),
)


_FEATURES = (
    ("comments", b"comment", re.compile(rb"<(?:\w+:)?comment\b")),
    ("conditional format rules", b"cfRule", re.compile(rb"<(?:\w+:)?cfRule\b")),
    ("data validations", b"dataValidation", re.compile(rb"<(?:\w+:)?dataValidation\b")),
    ("links", b"hyperlink", re.compile(rb"<(?:\w+:)?hyperlink\b")),
    ("sheet protection", b"sheetProtection", re.compile(rb"<(?:\w+:)?sheetProtection\b")),
    ("sheet password", b"sheetProtection", re.compile(rb"<(?:\w+:)?sheetProtection\b[^>]*\b(?:password|hashValue)=")),
)
"""What the loss check counts per sheet: the arbiter's additions openpyxl may keep or drop sheet by sheet, each
with the word its pattern holds (a part without the word is not searched)."""
_RELATIONSHIPS = "{http://schemas.openxmlformats.org/package/2006/relationships}Relationship"
_SHEET_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def sheet_features(package: zipfile.ZipFile, *, skip: Collection[str] = ()) -> Counter[tuple[str, str]]:
    """How many comments, conditional format rules, validations, links and protections each sheet of
    ``package`` holds, by ``(sheet name, kind)``; the sheets named in ``skip`` are left out (a sheet saved as
    the very part it was read from holds what it held).

    Counting per sheet matters: a comment dropped from a round sheet while another sheet kept one used to
    pass a check that only asked whether the package still had comments at all. The sheets' XML was
    inspected when the package was opened (no document type), so the standard parser is safe here.
    """
    found: Counter[tuple[str, str]] = Counter()
    names = set(package.namelist())
    targets = _relationship_targets(package, "xl/workbook.xml")
    for entry in ElementTree.fromstring(package.read("xl/workbook.xml")).iter():
        part = targets.get(entry.get(_SHEET_ID, ""), "")
        if not entry.tag.endswith("}sheet") or part not in names:
            continue
        title = entry.get("name", "")
        if title in skip:
            continue
        comments = [package.read(target) for target in _relationship_targets(package, part).values()
                    if "/comments" in target and target in names]
        found.update(part_features(title, package.read(part), comments))
    return found


def part_features(title: str, xml: bytes, comments: Sequence[bytes] = ()) -> Counter[tuple[str, str]]:
    """:func:`sheet_features` of one sheet ``title``: its part ``xml`` and its ``comments`` parts."""
    found: Counter[tuple[str, str]] = Counter()
    for kind, word, pattern in _FEATURES:
        texts = comments if kind == "comments" else [xml]
        found[(title, kind)] = sum(len(pattern.findall(text)) for text in texts if word in text)
    return found


def _relationship_targets(package: zipfile.ZipFile, part: str) -> dict[str, str]:
    """The part names ``part`` refers to, by relationship id (empty when it has no relationships)."""
    folder, name = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", f"{name}.rels")
    if rels not in package.namelist():
        return {}
    return {link.get("Id", ""): posixpath.normpath(posixpath.join("/" + folder, link.get("Target", ""))).lstrip("/")
            for link in ElementTree.fromstring(package.read(rels)).iter(_RELATIONSHIPS)}


def _lost_features(before: Counter[tuple[str, str]], after: Counter[tuple[str, str]]) -> list[str]:
    """Each kind of thing a sheet present before and after held more of before, as "comments on Round 1 (2,
    then 1)". A sheet sheetpair removed (a round undone) takes its content with it and is not counted."""
    kept_sheets = {title for title, _ in after}
    return [f"{kind} on {title} ({count}, then {after[(title, kind)]})"
            for (title, kind), count in sorted(before.items())
            if title in kept_sheets and count > after[(title, kind)]]


def _comparable_parts(names: list[str]) -> set[str]:
    """Package part names, with the parts openpyxl renumbers or regenerates folded or left out."""
    parts = set()
    for name in names:
        for pattern, label in _RENAMED_PARTS:
            if pattern.search(name):
                if label:
                    parts.add(label)
                break
        else:
            parts.add(name)
    return parts


def _carry_over(previous: Worksheet | Chartsheet, sheet: Worksheet) -> None:
    """What the arbiter added to a sheet sheetpair rebuilds stays: pictures (a club logo on the standings),
    charts, and the sheet's protection (arbiters protect round sheets so only the unlocked Result column
    can be typed into). A chart sheet under an owned name gives its charts."""
    for chart in previous._charts:
        sheet.add_chart(chart)
    if isinstance(previous, Worksheet):
        for image in previous._images:
            sheet.add_image(image)
        sheet.protection = copy(previous.protection)


def _dress_for_print(sheet: Worksheet, spec: SheetSpec) -> None:
    """What makes an owned sheet print well (:class:`~sheetpair.io.port.SheetSpec`'s ``print_header``,
    ``borders``, ``font_size``, ``centred`` and ``legend``): the title at the top of each page, ruled cells,
    a larger font, header titles wrapped into narrow fixed columns, codes centred, the legend under the
    table."""
    if spec.print_header:
        sheet.oddHeader.center.text = spec.print_header.replace("&", "&&")
        sheet.oddHeader.center.size = 14
        sheet.oddHeader.right.text = "&D"
    last_row = len(spec.rows) + 1

    def dress(cell: Cell) -> None:
        if spec.borders:
            cell.border = _CELL_BORDER
        if spec.font_size is not None:
            font = copy(cell.font)
            font.sz = spec.font_size
            font.name = font.name or "Calibri"  # the header's bold font names none: keep one face
            cell.font = font

    if spec.borders or spec.font_size is not None:
        _restyle((_cell(sheet, row, column) for row in range(1, last_row + 1)
                  for column in range(1, len(spec.header) + 1)), dress)
    if spec.column_widths:  # fixed widths: a long title takes two lines rather than widening its column
        for cell in sheet[1]:
            cell.alignment = Alignment(wrap_text=True, vertical="center", horizontal="center")
        sheet.row_dimensions[1].height = 2.8 * (spec.font_size or 11)
    centred = [column for column, title in enumerate(spec.header, start=1) if title in spec.centred]
    _restyle((_cell(sheet, row_number, column) for column in centred for row_number in range(2, last_row + 1)),
             _centre)
    for offset, line in enumerate(spec.legend, start=2):
        _set(sheet, last_row + offset, 1, line, as_text=True)


def _centre(cell: Cell) -> None:
    cell.alignment = _CENTRED


def _typed_here(cell: Cell) -> None:
    """A cell the arbiter types into: unlocked on a protected sheet, and Text, so ``1/2`` stays a result."""
    cell.protection = _UNLOCKED
    cell.number_format = "@"


def _restyle(cells: Iterable[Cell], change: Callable[[Cell], None]) -> None:
    """Applies ``change`` to the first cell of each style met and gives the other cells of that style the
    result. openpyxl registers a style on every assignment, comparing it part by part with those it has:
    styling the 130 000 cells of a 2000-player event one by one took 22 s, this way about 0.4 s
    (``benchmarks/bench_cli.py``: write 3.85 s against 3.46 s unstyled)."""
    dressed: dict[bytes, StyleArray] = {}
    for cell in cells:
        key = cell._style.tobytes() if cell._style is not None else b""  # None: a new cell's default style
        done = dressed.get(key)
        if done is not None:
            cell._style = StyleArray(done)  # a copy, made directly (copy() looks up how to copy each time)
        else:
            change(cell)
            dressed[key] = StyleArray(cell._style)


def _keep_what_the_arbiter_added(previous: Worksheet | Chartsheet | None, sheet: Worksheet,
                                  block: tuple[int, int], owned: tuple[int, int] | None = None) -> None:
    """Carries the arbiter's own content from the sheet being replaced into its rebuilt ``sheet``.

    ``block`` is the height and width of what sheetpair wrote (header included). Comments stay on their
    cells; notes outside the block sheetpair owned before move with the block's edge (as when Excel inserts
    rows or columns), so a crosstable that grows a round column never covers them; conditional formats and
    validations are applied again, except sheetpair's own result list, which :meth:`OpenpyxlPort._format`
    has just written. See docs/robustness.md, "Nothing of the arbiter's is lost". ``owned`` is the block
    sheetpair owned before, when it was found from the values of a kept part whose cells inside it were
    not read (they hold no comment: a kept part has no relationships; a link is made on its cell by the
    reader).
    """
    if not isinstance(previous, Worksheet):
        return
    height, width = owned or _owned_block(previous)
    shift = (block[0] - height, block[1] - width)
    for (row, column), cell in previous._cells.items():
        if row > height or column > width:
            _move_cell(cell, sheet, (row + shift[0] * (row > height), column + shift[1] * (column > width)))
        elif cell.comment is not None or cell.hyperlink is not None:
            _annotate(sheet.cell(row, column), cell)
    for span in previous.merged_cells.ranges:
        if span.min_row > height or span.min_col > width:
            span.shift(shift[1] * (span.min_col > width), shift[0] * (span.min_row > height))
            sheet.merge_cells(span.coord)
    for letter, dimension in previous.column_dimensions.items():
        if letter.isalpha() and column_index_from_string(letter) > width and dimension.customWidth:
            sheet.column_dimensions[column_letter(column_index_from_string(letter) + shift[1])].width = dimension.width
    for formats in previous.conditional_formatting:
        for rule in formats.rules:
            sheet.conditional_formatting.add(str(formats.sqref), rule)
    for validation in previous.data_validations.dataValidation:
        if validation.formula1 != RESULT_CODES_NAME:
            sheet.add_data_validation(copy(validation))


def _owned_block(sheet: Worksheet) -> tuple[int, int]:
    """Height and width of the block sheetpair wrote into ``sheet`` (:func:`~sheetpair.io.port.owned_block`)."""
    return owned_block({where: cell.value for where, cell in sheet._cells.items()})


def _move_cell(cell: Cell | MergedCell, sheet: Worksheet, where: tuple[int, int]) -> None:
    """Puts a cell of the arbiter's, with its value, style, link and comment, at ``where`` in ``sheet``."""
    if isinstance(cell, MergedCell):
        return  # the range is merged again as a whole; only its top-left cell holds anything
    target = sheet.cell(*where)
    target._value, target.data_type = cell._value, cell.data_type
    if cell.has_style:
        target._style = copy(cell._style)
    _annotate(target, cell)


def _annotate(target: Cell, cell: Cell) -> None:
    """Gives ``target`` the comment and the link of ``cell``; a link only to a cell with a value, since
    openpyxl would otherwise show the link's address as the value."""
    if cell.comment is not None:
        target.comment = copy(cell.comment)
    if cell.hyperlink is not None and target.value is not None:
        target.hyperlink = copy(cell.hyperlink)


def _cached_values(path: Path, name: str) -> dict[tuple[int, int], CellValue]:
    """The calculated values of one sheet, from a second, read-only pass over the file."""
    book = load_workbook(path, read_only=True, data_only=True)
    try:
        return {(cell.row, cell.column): cell.value
                for row in book[name].iter_rows(max_row=MAX_ROWS, max_col=MAX_COLUMNS)
                for cell in row if getattr(cell, "value", None) is not None}
    finally:
        book.close()


def _first_line(error: Exception) -> str:
    """An exception's message reduced to its first line, so the arbiter still gets one sentence."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else ""


def _shown(value: CellValue, number_format: str | None) -> str:
    """Roughly the text Excel shows for a value, to size its column."""
    if value is None:
        return ""
    if isinstance(value, float) and not isinstance(value, bool):
        if number_format == "0.00":
            return f"{value:.2f}"
        return f"{value:.10g}" if not value.is_integer() else str(int(value))
    return str(value)


def _set(sheet: Worksheet, row: int, col: int, value: CellValue, *, as_text: bool) -> Cell:
    """Writes a value and returns its cell; text never becomes a formula, whatever it starts with, and
    characters no ``.xlsx`` can hold (see :data:`~sheetpair.io.port.CONTROL_CHARACTERS`) become a visible
    mark, with a warning naming the cell (named only then: a save writes a hundred thousand cells).

    Text kept as text, numbers and booleans are stored as openpyxl's value setter stores them, without
    its checks, which these values pass (a tenth of a second of a 2000-player event's write); any other
    value goes through the setter."""
    cell = _cell(sheet, row, col)
    if isinstance(value, str):
        if CONTROL_CHARACTERS.search(value):
            value = visible_text(value, source=f"{sheet.title}!{cell.coordinate}")
        if as_text or value.startswith(_FORMULA_PREFIXES):
            cell._value, cell.data_type = value[:MAX_TEXT], "s"
            if value.startswith(_FORMULA_PREFIXES):
                cell.quotePrefix = True
            return cell
    kind = _PLAIN_KINDS.get(type(value))
    if kind is not None:
        cell._value, cell.data_type = value, kind
    else:
        cell.value = value
    return cell


_PLAIN_KINDS: dict[type, str] = {int: "n", float: "n", bool: "b", type(None): "n"}
"""The data type openpyxl gives a number, a boolean or no value."""
MAX_TEXT = 32_767
"""The longest text a cell holds (Excel's limit; openpyxl cuts a longer one there)."""


def _cell(sheet: Worksheet, row: int, col: int) -> Cell:
    """The sheet's cell at (``row``, ``col``), made when it does not exist yet."""
    cell: Cell | None = sheet._cells.get((row, col))
    return cell if cell is not None else sheet.cell(row, col)


def _table_last_column(ref: str) -> int:
    end = ref.split(":")[-1]
    letters = "".join(ch for ch in end if ch.isalpha())
    number = 0
    for ch in letters:
        number = number * 26 + ord(ch.upper()) - 64
    return number


def _sync_table_columns(sheet: Worksheet, table: Table, last_col: int) -> None:
    """Keeps the table's column names equal to the header cells, as Excel requires."""
    names = []
    for col in range(1, last_col + 1):
        value = sheet.cell(1, col).value
        names.append(str(value) if value not in (None, "") else f"Column{col}")
    table.tableColumns = [TableColumn(id=i, name=n) for i, n in enumerate(names, start=1)]
