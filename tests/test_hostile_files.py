"""Files that are not what they claim, damaged, or built to hurt: each gives one sentence and exit 65."""

from __future__ import annotations

import os
import tracemalloc
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.errors import WorkbookError
from sheetpair.io import package
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.roster import read_roster
from sheetpair.io.workbook import load_tournament

from .safety_support import rezip, write_event

LAUGHS = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
          + b"".join(b'<!ENTITY lol%d "%s">' % (n, (b"&lol%d;" % (n - 1) if n > 1 else b"&lol;") * 10)
                     for n in range(1, 10))
          + b']><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">&lol9;</workbook>')
EXTERNAL = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
            b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&xxe;</t></si></sst>')


@pytest.fixture
def good(tmp_path: Path) -> Path:
    return write_event(tmp_path / "good.xlsx")


def _damaged(good: Path, target: Path) -> Path:
    """The workbook with a few bytes of one deflated part overwritten (a bad sector, a broken transfer)."""
    data = bytearray(good.read_bytes())
    with zipfile.ZipFile(good) as book:
        info = book.getinfo("xl/worksheets/sheet2.xml")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for offset in range(start + 5, start + min(info.compress_size, 40)):
        data[offset] ^= 0x5A
    target.write_bytes(bytes(data))
    return target


def _impossible_version(good: Path, target: Path) -> Path:
    """The workbook with a zip directory entry asking for zip version 24.1 (found by the atheris fuzzer)."""
    data = bytearray(good.read_bytes())
    entry = data.index(b"PK\x01\x02")
    data[entry + 6:entry + 8] = (241).to_bytes(2, "little")
    target.write_bytes(bytes(data))
    return target


def _write_zip(target: Path, parts: dict[str, str]) -> Path:
    with zipfile.ZipFile(target, "w") as package:
        for name, text in parts.items():
            package.writestr(name, text)
    return target


def _strict(good: Path, target: Path) -> Path:
    """The workbook as Excel's "Strict Open XML Spreadsheet" would name it: the ISO namespaces, which
    openpyxl does not know (it read no sheet at all, and the event looked like no tournament)."""
    transitional = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    with zipfile.ZipFile(good) as book:
        parts = {name: book.read(name).replace(transitional, b"http://purl.oclc.org/ooxml/spreadsheetml/main")
                 for name in book.namelist() if name.endswith(".xml")}
    return rezip(good, target, parts)


OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
BUILDERS: dict[str, Callable[[Path, Path], object]] = {
    "damaged part": lambda good, target: _damaged(good, target),
    "truncated": lambda good, target: target.write_bytes(good.read_bytes()[: good.stat().st_size // 2]),
    "empty": lambda good, target: target.write_bytes(b""),
    "text": lambda good, target: target.write_text("Name;Elo\nAlice;2000\n"),
    "encrypted": lambda good, target: target.write_bytes(OLE + b"\0" * 504 + "EncryptionInfo".encode("utf-16-le")),
    "xls": lambda good, target: target.write_bytes(OLE + b"\0" * 1024),
    "ods": lambda good, target: _write_zip(target, {"mimetype": "application/vnd.oasis.opendocument.spreadsheet",
                                                    "content.xml": "<office:document-content/>"}),
    "plain zip": lambda good, target: _write_zip(target, {"readme.txt": "hello"}),
    "billion laughs": lambda good, target: rezip(good, target, {"xl/workbook.xml": LAUGHS}),
    "external entity": lambda good, target: rezip(good, target, {"xl/sharedStrings.xml": EXTERNAL}),
    "folder": lambda good, target: target.mkdir(),
    "pipe": lambda good, target: os.mkfifo(target),
    "zip version": _impossible_version,
    "strict": lambda good, target: _strict(good, target),
}


def _hostile(kind: str, good: Path, tmp: Path) -> Path:
    target = tmp / f"{kind}.xlsx"
    BUILDERS[kind](good, target)
    return target


KINDS = list(BUILDERS)
SENTENCES = {"damaged part": "damaged", "truncated": "damaged or incomplete", "empty": "empty",
             "text": "not an .xlsx", "encrypted": "password", "xls": "97-2003", "ods": "OpenDocument",
             "plain zip": "not an Excel workbook", "billion laughs": "document type",
             "external entity": "document type", "folder": "folder", "pipe": "not a regular file",
             "zip version": "damaged or incomplete", "strict": "Strict Open XML"}


@pytest.mark.parametrize("kind", KINDS)
def test_a_hostile_file_is_refused_with_one_sentence(kind: str, good: Path, tmp_path: Path) -> None:
    path = _hostile(kind, good, tmp_path)
    with pytest.raises(WorkbookError, match=SENTENCES[kind]) as raised:
        OpenpyxlPort(path)
    assert "\n" not in str(raised.value) and str(path) in str(raised.value)


@pytest.mark.parametrize("kind", ["damaged part", "encrypted", "billion laughs"])
def test_the_command_line_exits_65_without_a_traceback(kind: str, good: Path, tmp_path: Path) -> None:
    path = _hostile(kind, good, tmp_path)
    result = CliRunner().invoke(cli, ["standings", str(path)])
    assert result.exit_code == 65
    assert "Traceback" not in result.output and result.output.startswith("Error: ")


def test_a_damaged_part_used_to_reach_openpyxl_as_a_zlib_error(good: Path, tmp_path: Path) -> None:
    """The failure before the fix: openpyxl inflates the part and zlib raises."""
    path = _damaged(good, tmp_path / "damaged.xlsx")
    with zipfile.ZipFile(path) as book, pytest.raises((zlib.error, zipfile.BadZipFile)):
        book.read("xl/worksheets/sheet2.xml")


def test_entities_are_refused_even_past_the_doctype_scan(good: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """defusedxml is the second line: without the package scan, openpyxl's parser still refuses entities."""
    monkeypatch.setattr("sheetpair.io.openpyxl_port.inspect_workbook_file", lambda path: None)
    with pytest.raises(WorkbookError, match="openpyxl cannot read it"):
        OpenpyxlPort(rezip(good, tmp_path / "laughs.xlsx", {"xl/workbook.xml": LAUGHS}))


def _bomb(good: Path, target: Path, megabytes: int) -> Path:
    """The workbook with a sheet of ``megabytes`` MB of spaces that packs to a few hundred kilobytes."""
    rezip(good, target, {})
    with zipfile.ZipFile(target, "a", zipfile.ZIP_DEFLATED) as book:
        with book.open("xl/worksheets/sheet99.xml", "w", force_zip64=True) as part:
            block = b" " * 2**20
            for _ in range(megabytes):
                part.write(block)
    return target


def test_a_compressed_bomb_is_refused_before_it_is_inflated(good: Path, tmp_path: Path) -> None:
    path = _bomb(good, tmp_path / "bomb.xlsx", 400)
    assert path.stat().st_size < 2 * 2**20
    tracemalloc.start()
    try:
        with pytest.raises(WorkbookError, match="zip bomb|MB sheetpair accepts"):
            OpenpyxlPort(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20 * 2**20


def test_too_much_unpacked_content_is_refused_whatever_the_ratio(good: Path, tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(package, "MAX_UNPACKED_BYTES", 10_000)
    with pytest.raises(WorkbookError, match="MB sheetpair accepts"):
        OpenpyxlPort(good)


def test_a_good_workbook_passes_inspection(good: Path) -> None:
    package.inspect_workbook_file(good)
    assert load_tournament(OpenpyxlPort(good)).players


def test_an_xlsx_roster_is_inspected_like_a_workbook(good: Path, tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match="zip bomb|MB sheetpair accepts"):
        read_roster(_bomb(good, tmp_path / "roster.xlsx", 200))
    with pytest.raises(WorkbookError, match="damaged"):
        read_roster(_damaged(good, tmp_path / "damaged.xlsx"))


def test_an_xlsx_roster_with_a_stray_far_value_reads_its_players(tmp_path: Path) -> None:
    raw = openpyxl.Workbook()
    sheet = raw.active
    sheet.append(["Name", "Elo"])
    sheet.append(["Alice", 2000])
    sheet.append(["Bob", 1900])
    sheet["A1048576"] = "stray"
    sheet["XFD2"] = "stray"
    raw.save(tmp_path / "roster.xlsx")
    assert [p.name for p in read_roster(tmp_path / "roster.xlsx")] == ["Alice", "Bob"]
