"""``sheetpair addin``: ribbon add-ins made from xlwings' template, and the xlwings Lite files."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest
import xlwings
from click.testing import CliRunner

from sheetpair import addin
from sheetpair.cli import cli
from sheetpair.cli.addin import CONFIG_SHEET, TEMPLATE_CALLBACK, TEMPLATE_NAME, write_classic
from sheetpair.io.workbook import load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import new_book, run_like_lite
from .test_addin import ROSTER, SEED

TEMPLATE = Path(xlwings.__file__).parent / TEMPLATE_NAME
CUSTOM_UI = "{http://schemas.microsoft.com/office/2006/01/customui}"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"


@pytest.fixture(scope="module")
def classic(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("addin")
    result = CliRunner().invoke(cli, ["addin", "-o", str(folder)])
    assert result.exit_code == 0, result.output
    return folder


def test_one_add_in_and_module_per_button(classic: Path) -> None:
    names = sorted(p.name for p in classic.iterdir())
    expected = sorted([f"sheetpair_{b.name}.{ext}" for b in addin.BUTTONS for ext in ("xlam", "py")] + ["INSTALL.txt"])
    assert names == expected


@pytest.mark.parametrize("button", addin.BUTTONS, ids=lambda b: b.name)
def test_the_ribbon_button_runs_the_template_callback(classic: Path, button: addin.Button) -> None:
    with zipfile.ZipFile(classic / f"sheetpair_{button.name}.xlam") as package:
        ribbon = ET.fromstring(package.read("customUI/customUI.xml"))
        (tab,) = ribbon.iter(f"{CUSTOM_UI}tab")
        (xml_button,) = ribbon.iter(f"{CUSTOM_UI}button")
        with zipfile.ZipFile(TEMPLATE) as template:
            assert package.read("xl/vbaProject.bin") == template.read("xl/vbaProject.bin")
            assert sorted(package.namelist()) == sorted(template.namelist())
    assert tab.get("idQ") == "sp:sheetpairTab" and tab.get("label") == "sheetpair"
    assert xml_button.get("label") == button.label and xml_button.get("onAction") == TEMPLATE_CALLBACK
    assert xml_button.get("supertip") == button.run.__doc__.strip().splitlines()[0].replace("``", "")


def test_the_settings_sheet_is_switched_on_and_points_python_here(classic: Path) -> None:
    with zipfile.ZipFile(classic / "sheetpair_pair_next_round.xlam") as package:
        workbook = ET.fromstring(package.read("xl/workbook.xml"))
        sheet = ET.fromstring(package.read("xl/worksheets/sheet1.xml"))
    assert [s.get("name") for s in workbook.iter(f"{MAIN}sheet")] == [CONFIG_SHEET]
    (cell,) = [c for c in sheet.iter(f"{MAIN}c") if c.get("r") == "B3"]  # row 3: PYTHONPATH
    assert cell.find(f"{MAIN}is/{MAIN}t").text == str(classic.resolve())


def test_the_interpreter_goes_into_this_platforms_key(tmp_path: Path) -> None:
    write_classic(tmp_path, interpreter_key="Interpreter_Win", interpreter=r"C:\Python311\pythonw.exe")
    with zipfile.ZipFile(tmp_path / "sheetpair_update_standings.xlam") as package:
        sheet = ET.fromstring(package.read("xl/worksheets/sheet1.xml"))
    (cell,) = [c for c in sheet.iter(f"{MAIN}c") if c.get("r") == "B1"]  # row 1: Interpreter_Win
    assert cell.find(f"{MAIN}is/{MAIN}t").text == r"C:\Python311\pythonw.exe"


def test_the_module_beside_the_add_in_runs_its_button(classic: Path, monkeypatch) -> None:
    """What RunMain does: ``import sheetpair_update_standings; sheetpair_update_standings.main()``."""
    spec = importlib.util.spec_from_file_location("sheetpair_import_trf_csv", classic / "sheetpair_import_trf_csv.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    book = new_book("Club.xlsx")
    monkeypatch.setattr(xlwings.Book, "caller", classmethod(lambda cls: book))
    module.main()
    assert "Import" in [s.name for s in book.sheets]


def test_lite_main_runs_each_button_in_lite_semantics(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["addin", "--lite", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "requirements.txt").read_text() == f"sheetpair=={__import__('sheetpair').__version__}\n"
    namespace: dict[str, object] = {}
    exec(compile((tmp_path / "main.py").read_text(), "main.py", "exec"), namespace)  # @script is a no-op off Lite
    assert [name for name in namespace if name in {b.name for b in addin.BUTTONS}] == [b.name for b in addin.BUTTONS]
    book = new_book("Club.xlsx")
    run_like_lite(book, namespace["import_trf_csv"])
    sheet = book.sheets["Import"]
    sheet["B2"].value, sheet["B5"].value = "berger", SEED
    sheet.range((10, 1)).value = [[line] for line in ROSTER.read_text(encoding="utf-8").splitlines()]
    for name in ("import_trf_csv", "pair_next_round", "update_standings", "make_reports"):
        run_like_lite(book, namespace[name])
    assert load_tournament(XlwingsPort(book)).current_round == 1
    assert "Report" in [s.name for s in book.sheets]


def test_lite_code_imports_nothing_lite_cannot_load() -> None:
    """Pyodide has no WeasyPrint, and sheetpair's Lite path needs no file libraries: beyond what xlwings itself
    loads (it brings pandas where installed), the add-in imports none of them. Jinja2, pure Python and part
    of Pyodide, renders the same HTML report the command line makes."""
    from .test_imports import _loaded_after

    extra = _loaded_after("import sheetpair.addin") - _loaded_after("import xlwings")
    assert not extra & {"weasyprint", "pandas", "openpyxl", "click", "defusedxml"}


def test_the_template_vba_runs_the_module_named_after_the_add_in() -> None:
    """What the one-add-in-per-button design rests on, read from the compiled VBA of xlwings' template.

    oletools is not a sheetpair dependency; where it is missing the assumption is checked by hand
    (docs/excel.md, smoke checklist item 1).
    """
    olevba = pytest.importorskip("oletools.olevba")
    modules = {name: code for _, _, name, code in olevba.VBA_Parser(str(TEMPLATE)).extract_macros()}
    ribbon = modules["RibbonMyAddin.bas"]
    assert "Sub RunMain(control As IRibbonControl)" in ribbon
    assert 'mymodule = Left(ThisWorkbook.Name, (InStrRev(ThisWorkbook.Name, ".", -1, vbTextCompare) - 1))' in ribbon
    assert 'RunPython "import " & mymodule & ";" & mymodule & ".main()"' in ribbon
    assert f'Public Const PROJECT_NAME As String = "{CONFIG_SHEET.removesuffix(".conf")}"' in modules["xlwings.bas"]
