"""``sheetpair addin``: one ``sheetpair.xlam`` with the whole ribbon and the VBA behind it, read back with
oletools (the VBA), olefile (the compound file), ElementTree (the ribbon) and openpyxl (the workbook)."""

from __future__ import annotations

import html
import io
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import olefile
import openpyxl
import pytest
import xlwings
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from oletools.olevba import VBA_Parser, decompress_stream

from sheetpair.cli import cli
from sheetpair.excel import buttons as addin
from sheetpair.excel.cfb import write_compound_file
from sheetpair.excel.ovba import VbaModule, compress, encrypt, vba_project_streams
from sheetpair.excel.package import XLAM_NAME, configure_user
from sheetpair.excel.xlam import CUSTOM_UI_NAMESPACE, CUSTOM_UI_PART, PROJECT_ID, RIBBON_MODULE, SETTINGS_SHEET

from .memxw import new_book

UI = "{" + CUSTOM_UI_NAMESPACE + "}"
MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
RELS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
WHEEL = "sheetpair-0.1.0-py3-none-any.whl"
CALL = re.compile(r"""^\s*RunPython "import sheetpair\.excel\.buttons; """
                  r"""sheetpair\.excel\.buttons\.(\w+)\('(\w+)'\)"\s*$""")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``sheetpair addin -o DIR`` with a stand-in wheel (building the real one is tests/test_install.py's)."""
    out = tmp_path_factory.mktemp("addin")
    wheel = tmp_path_factory.mktemp("wheel") / WHEEL
    wheel.write_bytes(b"stand-in")
    with pytest.MonkeyPatch.context() as patch:  # the wheels' download is tests/test_addin_folder.py's
        patch.setattr("sheetpair.excel.package.download_wheels", lambda *args: None)
        result = CliRunner().invoke(cli, ["addin", "-o", str(out / "sheetpair-addin"), "--wheel", str(wheel),
                                          "--platform", "windows", "--python", r"C:\Python313\python.exe"])
    assert result.exit_code == 0, result.output
    return out / "sheetpair-addin"


@pytest.fixture(scope="module")
def modules(folder: Path) -> dict[str, str]:
    parser = VBA_Parser(str(folder / XLAM_NAME))
    try:
        return {name: code for _, _, name, code in parser.extract_macros()}
    finally:
        parser.close()


@pytest.fixture(scope="module")
def ribbon(folder: Path) -> ET.Element:
    with zipfile.ZipFile(folder / XLAM_NAME) as package:
        return ET.fromstring(package.read(CUSTOM_UI_PART))


def test_the_folder_holds_what_an_arbiter_needs(folder: Path) -> None:
    assert sorted(p.name for p in folder.iterdir()) == sorted([XLAM_NAME, "wheels", "install.cmd", "INSTALL.txt"])
    assert [p.name for p in (folder / "wheels").iterdir()] == [WHEEL]
    assert b"\r\n" in (folder / "install.cmd").read_bytes()


def test_one_tab_holds_every_button(ribbon: ET.Element) -> None:
    (tab,) = ribbon.iter(f"{UI}tab")
    buttons = list(ribbon.iter(f"{UI}button"))
    assert tab.get("label") == "sheetpair"
    assert [b.get("id") for b in buttons] == [b.name for b in addin.BUTTONS]
    assert [b.get("label") for b in buttons] == [b.label for b in addin.BUTTONS]
    assert [b.get("imageMso") for b in buttons] == [b.image for b in addin.BUTTONS]
    # every tooltip whole: the catalogue's full sentences, none cut (Office shows up to 1024 characters)
    assert [b.get("supertip") for b in buttons] == [b.tip for b in addin.BUTTONS]
    assert all(b.tip.endswith(".") and len(b.tip) <= 1024 for b in addin.BUTTONS)


def test_the_ribbon_xml_has_the_shape_office_2010_reads(folder: Path, ribbon: ET.Element) -> None:
    """customUI14: customUI > ribbon > tabs > tab > group > button; ids unique XML names; the package's
    relationship of the 2010 type points at the part."""
    assert ribbon.tag == f"{UI}customUI"
    path = ["ribbon", "tabs", "tab", "group", "button"]
    node = ribbon
    for tag in path:
        children = list(node)
        assert children and all(c.tag == f"{UI}{tag}" for c in children), tag
        node = children[0]
    ids = [e.get("id", "") for e in ribbon.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) and all(re.fullmatch(r"[A-Za-z_][\w.-]*", i) for i in ids)
    for button in ribbon.iter(f"{UI}button"):
        assert set(button.attrib) <= {"id", "label", "size", "imageMso", "screentip", "supertip", "onAction"}
        assert 0 < len(button.get("label", "")) <= 1024 and len(button.get("supertip", "")) <= 1024
    with zipfile.ZipFile(folder / XLAM_NAME) as package:
        rels = ET.fromstring(package.read("_rels/.rels"))
    (ui,) = [r for r in rels.iter(f"{RELS}Relationship") if r.get("Target") == CUSTOM_UI_PART]
    assert ui.get("Type") == "http://schemas.microsoft.com/office/2007/relationships/ui/extensibility"


def test_every_on_action_has_a_sub_that_runs_an_add_in_function(ribbon: ET.Element, modules: dict[str, str]) -> None:
    code = modules[f"{RIBBON_MODULE}.bas"]
    subs = dict(re.findall(r"^Sub (\w+)\(control As IRibbonControl\)\n(.*?)^End Sub", code.replace("\r\n", "\n"),
                           flags=re.M | re.S))
    for button in ribbon.iter(f"{UI}button"):
        module, sub = button.get("onAction", "").split(".")
        assert module == RIBBON_MODULE and sub in subs
        (line,) = subs[sub].strip().splitlines()
        function, name = CALL.match(line).groups()  # type: ignore[union-attr]
        assert callable(getattr(addin, function)) and name == sub
        assert name in {b.name for b in addin.BUTTONS}


def test_a_sub_runs_its_button_as_run_python_does(modules: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``RunPython`` executes the statement in the add-in's Python with the active workbook as caller."""
    (statement,) = re.findall(r'RunPython "(.*import_trf_csv.*)"', modules[f"{RIBBON_MODULE}.bas"])
    book = new_book("Club.xlsx")
    monkeypatch.setattr(xlwings.Book, "caller", classmethod(lambda cls: book))
    exec(statement, {})
    assert "Import" in [s.name for s in book.sheets]


def test_xlwings_vba_reads_the_sheetpair_settings(modules: dict[str, str]) -> None:
    assert set(modules) == {"ThisWorkbook.cls", "Sheet1.cls", "xlwings.bas", "Dictionary.cls", f"{RIBBON_MODULE}.bas"}
    assert 'Public Const PROJECT_NAME As String = "sheetpair"' in modules["xlwings.bas"]
    assert "Public Function RunPython(PythonCommand As String)" in modules["xlwings.bas"]
    assert 'Attribute VB_Name = "Dictionary"' in modules["Dictionary.cls"]
    assert "VERSION 1.0 CLASS" not in modules["Dictionary.cls"]


def as_workbook(xlam: Path, target: Path) -> Path:
    """The add-in's package declared as a macro workbook: openpyxl and LibreOffice open workbooks, not add-ins."""
    with zipfile.ZipFile(xlam) as source, zipfile.ZipFile(target, "w") as out:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"ms-excel.addin.macroEnabled.main", b"ms-excel.sheet.macroEnabled.main")
            out.writestr(item, data)
    return target


def test_the_settings_sheet_holds_only_the_settings_given(folder: Path) -> None:
    workbook = openpyxl.load_workbook(as_workbook(folder / XLAM_NAME, folder.parent / "settings.xlsm"), keep_vba=True)
    assert workbook.sheetnames == [SETTINGS_SHEET]
    rows = [[c.value for c in row] for row in workbook[SETTINGS_SHEET].iter_rows()]
    assert rows == [["Interpreter_Win", r"C:\Python313\python.exe"]]  # the folder was made for Windows
    with zipfile.ZipFile(folder / XLAM_NAME) as package:
        workbook_xml = ET.fromstring(package.read("xl/workbook.xml"))
        types = package.read("[Content_Types].xml").decode()
    properties = workbook_xml.find(f"{MAIN}workbookPr")
    assert properties is not None and properties.get("codeName") == "ThisWorkbook"
    assert "application/vnd.ms-excel.addin.macroEnabled.main+xml" in types


def _decrypt(field: str) -> bytes:
    """The inverse of the PROJECT stream's obfuscation, written from the format description."""
    data = bytes.fromhex(field)
    salt, version_enc, key_enc = data[:3]
    assert salt ^ version_enc == 2
    plain_before, enc_before, enc_two_before = salt ^ key_enc, key_enc, version_enc
    plain = bytearray()
    for byte in data[3:]:
        plain.append(byte ^ ((enc_two_before + plain_before) & 0xFF))
        enc_two_before, enc_before, plain_before = enc_before, byte, plain[-1]
    rest = bytes(plain[(salt & 6) // 2:])
    (length,) = struct.unpack("<I", rest[:4])
    assert len(rest) == 4 + length
    return rest[4:]


@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed (.ci/run installs it)")
def test_libreoffice_imports_every_module(folder: Path, modules: dict[str, str], tmp_path: Path) -> None:
    """A second, independent reader of the VBA project: LibreOffice imports it as a Basic library
    named after the project, one module per VBA module, with the same source."""
    book = as_workbook(folder / XLAM_NAME, tmp_path / "addin.xlsm")
    command = ["soffice", "--headless", "--norestore", "--convert-to", "ods", "--outdir", str(tmp_path), str(book)]
    subprocess.run(command, check=True, capture_output=True, env=dict(os.environ, HOME=str(tmp_path)), timeout=180)
    with zipfile.ZipFile(tmp_path / "addin.ods") as ods:
        library = {Path(n).stem: ods.read(n).decode() for n in ods.namelist() if n.startswith("Basic/sheetpair/")}
    assert set(library) - {"script-lb"} == {Path(name).stem for name in modules}
    ribbon = html.unescape(library[RIBBON_MODULE])
    for line in modules[f"{RIBBON_MODULE}.bas"].splitlines()[1:]:
        assert line in ribbon


def test_the_project_is_unprotected_and_visible(folder: Path) -> None:
    with zipfile.ZipFile(folder / XLAM_NAME) as package:
        ole = olefile.OleFileIO(io.BytesIO(package.read("xl/vbaProject.bin")))
    project = dict(line.split("=", 1) for line in ole.openstream("PROJECT").read().decode("cp1252").splitlines()
                   if "=" in line and not line.startswith("&H"))
    assert project["ID"] == f'"{PROJECT_ID}"'
    assert _decrypt(project["CMG"].strip('"')) == bytes(4)  # not protected
    assert _decrypt(project["DPB"].strip('"')) == b"\0"  # no password
    assert _decrypt(project["GC"].strip('"')) == b"\xff"  # visible
    assert ole.openstream("VBA/_VBA_PROJECT").read()[:4] == bytes.fromhex("cc61ffff")  # compiled from source


def test_the_encryption_matches_a_project_office_wrote() -> None:
    """xlwings' own template was saved by Office; its fields decrypt to the same values ours do."""
    office = "5D5F8AADDAA8DEA8DEA8DEA8DE"
    ours = encrypt(bytes(4), "{318BEE36-5BE1-492A-826D-473DB19B0F30}")
    assert ours[:6] == office[:6] and _decrypt(ours) == _decrypt(office) == bytes(4)


def test_configure_writes_the_python_for_the_add_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    written = configure_user(r"C:\Python313\python.exe")
    key = "Interpreter_Mac" if sys.platform == "darwin" else "Interpreter_Win"
    assert written.read_text() == f'"{key}","C:\\Python313\\python.exe"\n'
    assert written.is_relative_to(tmp_path)


def test_without_xlwings_one_sentence_and_nothing_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "xlwings", None)  # import xlwings now fails as if it were not installed
    result = CliRunner().invoke(cli, ["addin", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output == 'Error: The Excel add-in needs xlwings: pip install "sheetpair[excel]"\n'
    assert not (tmp_path / "out").exists()


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.binary(max_size=9000),
                 st.lists(st.sampled_from([b"Sub ", b"End Sub\r\n", b"RunPython ", b"'", b"x"]), max_size=2000)
                 .map(b"".join)))
def test_compression_round_trips_through_an_independent_decompressor(data: bytes) -> None:
    out = bytes(decompress_stream(bytearray(compress(data))))
    assert out[:len(data)] == data and not out[len(data):].strip(b"\0")  # a raw last chunk is zero-padded


def test_text_compresses() -> None:
    source = (Path(xlwings.__file__).parent / "xlwings_custom_addin.bas").read_bytes()
    assert len(compress(source)) < len(source) // 2


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.sampled_from(["PROJECT", "PROJECTwm", "VBA/dir", "VBA/_VBA_PROJECT", "VBA/Module1",
                                        "VBA/ThisWorkbook", "Other/A", "Other/Deep/B"]),
                       st.tuples(st.integers(0, 255), st.integers(0, 12000)), min_size=1))
def test_compound_files_read_back_with_olefile(shapes: dict[str, tuple[int, int]]) -> None:
    """Streams of every size around the 4096-byte cut between mini stream and sectors."""
    streams = {path: bytes((first + i) % 256 for i in range(size)) for path, (first, size) in shapes.items()}
    ole = olefile.OleFileIO(io.BytesIO(write_compound_file(streams)))
    assert sorted("/".join(e) for e in ole.listdir()) == sorted(streams)
    for path, data in streams.items():
        assert ole.openstream(path).read() == data


def test_source_outside_the_code_page_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="VBA module Arrows: '→' is not in code page 1252"):
        vba_project_streams("p", PROJECT_ID, [VbaModule("Arrows", "module", 'Attribute VB_Name = "Arrows"\n\' →\n')])


def test_a_long_name_is_refused() -> None:
    with pytest.raises(ValueError, match="31 characters"):
        write_compound_file({"VBA/" + "M" * 32: b"x"})


def test_lite_files_are_still_written(tmp_path: Path) -> None:
    wheel = tmp_path / "in" / WHEEL
    wheel.parent.mkdir()
    wheel.write_bytes(b"stand-in")
    result = CliRunner().invoke(cli, ["addin", "--lite", "-o", str(tmp_path / "out"), "--wheel", str(wheel)])
    names = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert result.exit_code == 0 and names == ["main.py", "requirements.txt", WHEEL]
    shutil.rmtree(tmp_path)
