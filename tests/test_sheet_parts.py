"""Sheets kept as their XML part: read as openpyxl reads them, saved byte for byte, and read in full by
openpyxl whenever their part does not stand alone or sheetpair changes them."""

from __future__ import annotations

import datetime as dt
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.comments import Comment

from sheetpair.core.errors import WorkbookError
from sheetpair.core.model import Result
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.sheet_parts import Formula, _cells_given, _parsed_cells, _plain_cells, _scan, can_keep, open_book
from sheetpair.io.workbook import load_tournament

from .safety_support import save_event, set_result, tournament, write_event

_NOTES = "xl/worksheets/sheet2.xml"
_CELLS = (
    '<row r="1"><c r="A1" t="inlineStr"><is><t xml:space="preserve"> lead </t></is></c>'
    '<c r="B1" t="inlineStr"><is><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r></is></c>'
    '<c r="C1"><v>42</v></c><c r="D1"><v>2.5</v></c><c r="E1"><v>1E3</v></c>'
    '<c r="F1" s="{date}"><v>45000</v></c><c r="G1" t="b"><v>1</v></c><c r="H1" t="e"><v>#N/A</v></c>'
    '{formulas}<c r="L1" s="{date}"/><c r="M1" t="inlineStr"><is><t>&lt;&amp;&gt; &#189;</t></is></c></row>'
    '<row><c t="inlineStr"><is><t>no address</t></is></c><c><v>7</v></c></row>'
    '<row r="9" ht="30" customHeight="1"><c r="B9" t="inlineStr"><is><t>far</t></is></c></row>'
)
_CALCULATED = '<c r="I1" t="str"><f>UPPER("x")</f><v>X</v></c><c r="J1"><f>1+1</f><v>2</v></c>'
_UNCALCULATED = '<c r="K1"><f>2+2</f></c>'


def _with_notes(tmp_path: Path, formulas: str = _CALCULATED + _UNCALCULATED, *, cells: str = _CELLS,
                extra: str = "") -> Path:
    """A workbook with a sheet of the arbiter's ("Notes") whose part holds ``cells`` as written by hand."""
    book = openpyxl.Workbook()
    book.active.title = "Front"
    notes = book.create_sheet("Notes")
    notes["A1"].number_format = "yyyy-mm-dd"  # registers a date style
    path = tmp_path / "notes.xlsx"
    book.save(path)
    date_style = openpyxl.load_workbook(path)["Notes"]["A1"]._style
    styles = openpyxl.load_workbook(path)._cell_styles
    index = styles.index(date_style)
    xml = ('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
           f'{cells.format(date=index, formulas=formulas)}</sheetData>{extra}</worksheet>').encode()
    _replace_part(path, _NOTES, xml)
    return path


def _replace_part(path: Path, part: str, data: bytes) -> None:
    with zipfile.ZipFile(path) as source:
        parts = {name: source.read(name) for name in source.namelist()}
    parts[part] = data
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as target:
        for name, content in parts.items():
            target.writestr(name, content)


def _part(path: Path, part: str) -> bytes:
    with zipfile.ZipFile(path) as package:
        return package.read(part)


def test_a_kept_part_reads_cell_for_cell_as_openpyxl_reads_it(tmp_path: Path) -> None:
    path = _with_notes(tmp_path)
    theirs = openpyxl.load_workbook(path)
    book, kept = open_book(path, keep_vba=False)
    assert kept.holds("Notes", book["Notes"]) and not book["Notes"]._cells
    mine = {(row, column): (value, kind, style)
            for row, column, value, kind, style in _scan(_part(path, _NOTES), book)}
    expected = {where: (cell.value, cell.data_type, cell._style) for where, cell in theirs["Notes"]._cells.items()}
    assert set(mine) == set(expected)
    for where, (value, kind, style) in mine.items():
        shown = value.text if isinstance(value, Formula) else value
        assert (shown, kind, book._cell_styles[style]) == expected[where], where
    assert mine[(1, 6)][0] == dt.datetime(2023, 3, 15) and mine[(1, 2)][0] == "rich text"
    assert mine[(1, 9)][0] == Formula('=UPPER("x")', "X") and mine[(2, 2)][0] == 7


_PLAIN = (
    '<row r="1" spans="1:9"><c r="A1" s="{date}" t="n"><v>45000</v></c><c r="B1" t="inlineStr"><is>'
    '<t xml:space="preserve"> lead </t></is></c><c r="C1" t="inlineStr"><is><t>&lt;&amp;&gt;&quot;&apos; &#189;&#xBD;'
    '</t></is></c><c r="D1" t="inlineStr"><is><t>two\r\nlines\rthree&#13;</t></is></c><c r="E1" t="b"><v>0</v></c>'
    '<c r="F1" t="e"><v>#DIV/0!</v></c><c r="G1" s="{date}"/><c r="H1" t="inlineStr"></c><c r="I1" t="n"></c></row>'
    '<row r="2"/><row r="3" ht="30" customHeight="1"><c r="AB3"><v>1E3</v></c><c r="AC3" t="n"><v>-2.5</v></c>'
    '<c r="AD3" t="inlineStr"><is><t></t></is></c><c r="AE3" t="str"><v>text</v></c><c r="AF3" t="n"><is><t>x</t>'
    '</is></c><c r="AG3" t="inlineStr"><v>5</v></c></row>'
)


def test_a_plain_part_is_read_without_the_tree_and_gives_the_same_cells(tmp_path: Path) -> None:
    path = _with_notes(tmp_path, cells=_PLAIN)
    data = _part(path, _NOTES)
    book, _ = open_book(path, keep_vba=False)
    assert _plain_cells(data) is not None
    cells = _scan(data, book)
    assert cells == list(_parsed_cells(data, book)) and len(cells) == 15
    values = {(row, column): value for row, column, value, _, _ in cells}
    assert values[(1, 1)] == dt.datetime(2023, 3, 15) and values[(1, 7)] is None and values[(3, 31)] == "text"
    assert values[(1, 3)] == "<&>\"' ½½" and values[(1, 4)] == "two\nlines\nthree\r" and values[(3, 28)] == 1000.0
    written = write_event(tmp_path / "event.xlsx", tournament(players=8, rounds=2))
    with zipfile.ZipFile(written) as package:  # every sheet sheetpair writes is plain
        sheets = [package.read(name) for name in package.namelist() if name.startswith("xl/worksheets/sheet")]
    assert sheets and all(_plain_cells(sheet) is not None for sheet in sheets)


@pytest.mark.parametrize("cells", [
    _CALCULATED,  # a formula
    '<c r="A1" t="inlineStr"><is><r><t>rich</t></r></is></c>',  # runs
    '<c r="A1" t="n" s="1"><v>1</v></c>',  # attributes in another order
    "<c r='A1'><v>1</v></c>",  # other quotes
    '<c r="A1"><v>1</v></c><!-- a comment -->',
    '<c r="A1"><v><![CDATA[1]]></v></c>',
    '<c r="A1" xmlns="urn:other"><v>1</v></c>',
    '<c r="A1"><v>1</v><x:y xmlns:x="urn:x"/></c>',
    '<c><v>1</v></c>',  # no address
])
def test_a_part_in_any_other_form_goes_through_the_parser(tmp_path: Path, cells: str) -> None:
    path = _with_notes(tmp_path, cells=f'<row r="1">{cells}</row>')
    data = _part(path, _NOTES)
    assert _plain_cells(data) is None
    book, _ = open_book(path, keep_vba=False)
    assert _scan(data, book) == list(_parsed_cells(data, book))


def test_a_plain_part_that_is_not_well_formed_is_named_by_the_parser(tmp_path: Path) -> None:
    for extra in ('<pageMargins left="1"', '<x:pageMargins/>', '<row r="5"/>'):  # unclosed, unbound, a stray row
        path = _with_notes(tmp_path, cells='<row r="1"><c r="A1"><v>1</v></c></row>', extra=extra)
        assert _plain_cells(_part(path, _NOTES)) is None, extra
    path = _with_notes(tmp_path, cells='<row r="1"><c r="A1"><v>1</v></c></row>', extra='<pageMargins left="1"')
    with pytest.raises(WorkbookError, match=r"^Notes: this sheet cannot be read \(ParseError"):
        OpenpyxlPort(path).read_sheet("Notes")


def test_the_port_reads_a_kept_sheet_with_its_formulas_values(tmp_path: Path) -> None:
    path = _with_notes(tmp_path, _CALCULATED)
    rows = OpenpyxlPort(path).read_sheet("Notes")
    assert rows[0][:10] == [" lead ", "rich text", 42, 2.5, 1000.0, dt.datetime(2023, 3, 15), True, "#N/A", "X", 2]
    assert rows[0][12] == "<&> ½" and rows[1][:2] == ["no address", 7] and rows[8][1] == "far"


def test_a_formula_never_calculated_is_named_by_its_cell(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match=r"Notes!K1: this cell holds a formula whose value was never calculated"):
        OpenpyxlPort(_with_notes(tmp_path)).read_sheet("Notes")


def test_a_damaged_kept_part_is_one_sentence_naming_its_sheet(tmp_path: Path) -> None:
    path = _with_notes(tmp_path, cells='<row r="1"><c r="A1"><v>1</v></c>')  # the row is never closed
    with pytest.raises(WorkbookError, match=r"^Notes: this sheet cannot be read \(ParseError"):
        OpenpyxlPort(path).read_sheet("Notes")


def test_a_sheet_sheetpair_does_not_change_is_saved_byte_for_byte(tmp_path: Path) -> None:
    event = tournament(players=8, rounds=3)
    for rnd in event.rounds:
        for game in rnd.games:
            game.result = Result.WHITE_WINS
    path = write_event(tmp_path / "event.xlsx", event)
    names = openpyxl.load_workbook(path).sheetnames
    parts = {name: f"xl/worksheets/sheet{number}.xml" for number, name in enumerate(names, start=1)}
    for name in ("Round 1", "Round 2", "Round 3"):  # a mark openpyxl would drop in writing the sheet again
        _replace_part(path, parts[name], _part(path, parts[name]).replace(b"<sheetData>", b"<!--kept--><sheetData>"))
    before = {name: _part(path, part) for name, part in parts.items()}
    set_result(path, 1, Result.DRAW, round_number=3)
    assert openpyxl.load_workbook(path).sheetnames == names
    assert _part(path, parts["Round 1"]) == before["Round 1"] and _part(path, parts["Round 2"]) == before["Round 2"]
    assert b"<!--kept-->" not in _part(path, parts["Round 3"])  # its result changed: written again
    assert OpenpyxlPort(path).read_sheet("Round 3")[1][6] == "½-½"


def test_a_part_that_does_not_stand_alone_is_read_in_full(tmp_path: Path) -> None:
    assert not can_keep(b'<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData>')  # the string table
    assert can_keep(b'<sheetData><row r="1"><c r="A1" t="str"><f>A2</f><v>0</v></c></row></sheetData>')
    filtered = _with_notes(tmp_path, extra='<autoFilter ref="A1:B9"/>')
    commented = tmp_path / "commented.xlsx"
    book = openpyxl.Workbook()
    book.active.title = "Notes"
    book.active["A1"] = "note"
    book.active["A1"].comment = Comment("the arbiter's", "IA")
    book.save(commented)
    for path in (filtered, commented):
        opened, kept = open_book(path, keep_vba=False)
        assert not kept.holds("Notes", opened["Notes"]), path.name


def test_a_kept_sheet_read_in_full_for_a_change_keeps_what_openpyxl_reads(tmp_path: Path) -> None:
    path = _with_notes(tmp_path, "", extra='<mergeCells count="1"><mergeCell ref="C9:D9"/></mergeCells>')
    port = OpenpyxlPort(path)
    port.update_cells("Notes", {(20, 1): "added"})
    port.save()
    theirs = openpyxl.load_workbook(path)["Notes"]
    assert theirs["A20"].value == "added" and theirs["B9"].value == "far"
    assert theirs["F1"].value == dt.datetime(2023, 3, 15)
    assert str(theirs.merged_cells) == "C9:D9" and theirs.row_dimensions[9].height == 30


def test_a_kept_sheet_rebuilt_keeps_the_arbiters_cells_outside_its_block(tmp_path: Path) -> None:
    path = write_event(tmp_path / "event.xlsx", tournament(rounds=1))
    names = openpyxl.load_workbook(path).sheetnames
    part = f"xl/worksheets/sheet{names.index('Crosstable') + 1}.xml"
    data = _part(path, part)
    row_2_end = data.index(b"</row>", data.index(b'<row r="2"'))
    note = b'<c r="Z2" t="inlineStr"><is><t>note</t></is></c>'
    below = b'<row r="30"><c r="B30" t="inlineStr"><is><t>below</t></is></c></row>'
    data = data[:row_2_end] + note + data[row_2_end:]
    data = data.replace(b"</sheetData>", below + b"</sheetData>")
    _replace_part(path, part, data)
    opened, kept = open_book(path, keep_vba=False)
    assert kept.holds("Crosstable", opened["Crosstable"])  # kept, then rebuilt from its cells outside the block
    port = OpenpyxlPort(path)
    event = load_tournament(port)
    event.rounds.append(tournament(rounds=2).rounds[1])  # a round column more: what lies right of it moves
    save_event(port, event, previous_rounds=1)
    port.save()
    after = openpyxl.load_workbook(path)["Crosstable"]
    assert after["AA2"].value == "note" and after["Z2"].value is None
    assert after["B30"].value == "below"
    assert after["C2"].value == "Player 001" and after["F1"].value == "R2"


def _roster_cells(book: openpyxl.Workbook) -> dict[tuple[int, int], tuple[object, str, object]]:
    return {where: (cell.value, cell.data_type, cell._style) for where, cell in book["Players"]._cells.items()}


@pytest.mark.parametrize("merged", [False, True])
def test_a_roster_with_its_table_reads_cell_for_cell_as_openpyxl_reads_it(tmp_path: Path, merged: bool) -> None:
    """The roster's table keeps it from being kept as its part; openpyxl then reads it without its cells, which
    come from the scan (unless merged cells ask for openpyxl's own reading): the same cells either way."""
    path = write_event(tmp_path / "event.xlsx", tournament(players=8, rounds=2))
    if merged:
        book = openpyxl.load_workbook(path)
        book["Players"]["K20"] = "note"
        book["Players"].merge_cells("K20:L21")
        book.save(path)
    data = _part(path, next(name for name in zipfile.ZipFile(path).namelist() if name.endswith("sheet2.xml")))
    theirs = openpyxl.load_workbook(path)
    mine, kept = open_book(path, keep_vba=False)
    assert not kept.holds("Players", mine["Players"]) and list(mine["Players"].tables) == ["Players"]
    assert (_cells_given(data, mine) is None) == merged
    assert _roster_cells(mine) == _roster_cells(theirs) and len(_roster_cells(mine)) > 8
    assert {row: dict(dim) for row, dim in mine["Players"].row_dimensions.items()} == {
        row: dict(dim) for row, dim in theirs["Players"].row_dimensions.items()}
