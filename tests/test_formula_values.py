"""A formula in the arbiter's own Players columns keeps its calculated value through every save, so the
next command reads it (it used to exit 65 every second command)."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.io.formula_values import keep_values
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .safety_support import rezip, write_event


def _as_excel_saved_it(book: Path, tmp_path: Path) -> Path:
    """The event with the first player's rating and an own column ``Note`` as formulas, carrying the values a
    spreadsheet program calculated (openpyxl writes formulas without values; Excel writes both)."""
    raw = openpyxl.load_workbook(book)
    players = raw["Players"]
    players["C2"] = "=1800+50"
    players["N1"] = "Note"
    players["N2"] = '=IF(C2>1000,"rated","new")'
    raw.save(book)
    number = [sheet.title for sheet in raw.worksheets].index("Players") + 1
    part = f"xl/worksheets/sheet{number}.xml"
    with zipfile.ZipFile(book) as package:
        xml = package.read(part)
    xml = xml.replace(b"<f>1800+50</f><v></v>", b"<f>1800+50</f><v>1850</v>")
    xml = re.sub(rb'(<c r="N2"[^>]*)><f>(.*?)</f><v></v>', rb'\1 t="str"><f>\2</f><v>rated</v>', xml)
    return rezip(book, tmp_path / "calculated.xlsx", {part: xml})


def test_a_formula_in_the_players_sheet_survives_every_save(tmp_path: Path) -> None:
    book = _as_excel_saved_it(write_event(tmp_path / "event.xlsx"), tmp_path)
    runner = CliRunner()
    for board in (1, 2, 3):
        outcome = runner.invoke(cli, ["result", str(book), "--round", "1", "--board", str(board), "1-0"])
        assert outcome.exit_code == 0, outcome.output
        assert load_tournament(OpenpyxlPort(book)).players[0].rating == 1850
    values = openpyxl.load_workbook(book, data_only=True)["Players"]
    formulas = openpyxl.load_workbook(book)["Players"]
    assert (values["C2"].value, values["N2"].value) == (1850, "rated")
    assert (formulas["C2"].value, formulas["N2"].value) == ("=1800+50", '=IF(C2>1000,"rated","new")')


def test_keep_values_leaves_a_package_without_formulas_as_it_is() -> None:
    assert keep_values(b"not even a zip", {}) == b"not even a zip"
