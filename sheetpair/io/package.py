"""Looking inside a workbook file before openpyxl opens it, so a hostile or damaged file gets one sentence.

An ``.xlsx`` file is a zip package of XML parts. openpyxl trusts the package: a damaged part ends in a
``zlib.error`` traceback, a part that unpacks from kilobytes to gigabytes fills the memory, and files that
are no package at all (an encrypted workbook, an old ``.xls`` or an ``.ods`` renamed to ``.xlsx``) give
messages about zip internals. :func:`inspect_workbook_file` reads the package's directory and refuses, with
a :class:`~sheetpair.core.errors.WorkbookError` in the arbiter's words, anything that is not a plain
workbook of reasonable size, *before* a single part is inflated into memory. It then streams every part
once (a megabyte at a time, so memory stays small) to verify its checksum and to refuse XML that declares
a document type: Excel and LibreOffice never write one, and a document type is how entity expansion
attacks ("billion laughs", external entities) start. openpyxl additionally parses through defusedxml.

The limits are documented in ``docs/robustness.md``; a 20 000-player event stays far below them.
"""

from __future__ import annotations

import zipfile
import zlib
from pathlib import Path
from xml.etree import ElementTree

from ..core.errors import WorkbookError

MAX_UNPACKED_BYTES = 300 * 1024 * 1024
"""Largest total size of all parts once unpacked (a 20 000-player event with 15 rounds unpacks to ~60 MB)."""
MAX_RATIO = 100
"""Largest unpacked/packed ratio of a part over :data:`RATIO_FLOOR` bytes; sheet XML compresses ~5-20x."""
RATIO_FLOOR = 1024 * 1024
MAX_PARTS = 10_000
"""Most parts in one package (a workbook with a hundred sheets has a few hundred)."""
_CHUNK = 1024 * 1024
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTION_STREAM = "EncryptionInfo".encode("utf-16-le")
_XML_SUFFIXES = (".xml", ".rels", ".vml")
_STRICT_NAMESPACE = b"http://purl.oclc.org/ooxml/spreadsheetml/main"
"""The main namespace of ISO/IEC 29500 Strict, an Excel "Save As" choice that openpyxl does not read (it
finds no sheets, so the workbook would look like no tournament)."""


def package_sheet_names(path: Path) -> list[str]:
    """The names of the sheets ``xl/workbook.xml`` lists, read without opening any sheet: a door asks it
    before it chooses how to open the workbook (a team event's or an individual one's). Anything that is no
    readable package lists no sheet; opening it then says what is wrong."""
    try:
        with zipfile.ZipFile(path) as package:
            text = package.read("xl/workbook.xml")
    except (OSError, KeyError, zipfile.BadZipFile, zlib.error, RuntimeError, NotImplementedError):
        return []
    if b"<!DOCTYPE" in text:
        return []
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError:
        return []
    return [element.get("name", "") for element in root.iter() if element.tag.endswith("}sheet")]


def inspect_workbook_file(path: Path) -> None:
    """Refuses a file that is not a plain, intact, reasonably sized ``.xlsx``/``.xlsm`` package.

    :raises WorkbookError: one sentence naming the file (and the part) and what to do about it.
    """
    if path.is_dir():
        raise WorkbookError(f"{path} is a folder, not a workbook")
    if not path.is_file():  # opening a named pipe would wait forever for a writer
        raise WorkbookError(f"{path} is not a regular file (a pipe or a device?), so not a workbook")
    with path.open("rb") as handle:
        start = handle.read(8)
    if not start:
        raise WorkbookError(f"{path} is empty (0 bytes): it is not a workbook; restore it from a copy")
    if start == _OLE_MAGIC:
        raise WorkbookError(_ole_sentence(path))
    try:
        package = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, NotImplementedError, ValueError, EOFError, OSError):  # a damaged directory
        raise WorkbookError(
            f"{path} is not an .xlsx workbook, or it is damaged or incomplete (a truncated download or copy?)"
        ) from None
    with package:
        _check_directory(path, package)
        for info in package.infolist():
            _check_part(path, package, info)


def _ole_sentence(path: Path) -> str:
    """An OLE compound file is either a password-protected workbook or an Excel 97-2003 ``.xls``."""
    if _ENCRYPTION_STREAM in path.read_bytes()[: 16 * 1024 * 1024]:
        return (f"{path} is protected with a password (encrypted); open it in Excel, remove the password "
                "(File ▸ Info ▸ Protect Workbook) and save it again")
    return f"{path} is an old Excel 97-2003 (.xls) file; open it in Excel or LibreOffice and save it as .xlsx"


def _check_directory(path: Path, package: zipfile.ZipFile) -> None:
    """Decides from the zip directory alone, before anything is unpacked."""
    infos = package.infolist()
    names = {info.filename for info in infos}
    if "mimetype" in names and "content.xml" in names:
        raise WorkbookError(f"{path} is an OpenDocument spreadsheet (.ods); save it as .xlsx in LibreOffice")
    if "[Content_Types].xml" not in names or "xl/workbook.xml" not in names:
        raise WorkbookError(f"{path} is a zip file but not an Excel workbook (it has no xl/workbook.xml)")
    if len(infos) > MAX_PARTS:
        raise WorkbookError(f"{path} has {len(infos)} parts, more than the {MAX_PARTS} a workbook can have")
    total = sum(info.file_size for info in infos)
    if total > MAX_UNPACKED_BYTES:
        raise WorkbookError(f"{path} would unpack to {total // 2**20} MB, more than the "
                            f"{MAX_UNPACKED_BYTES // 2**20} MB sheetpair accepts; it is not a tournament workbook")
    for info in infos:
        if info.flag_bits & 0x1:
            raise WorkbookError(f"{path}: the part {info.filename} is encrypted; save the workbook without a password")
        packed = max(info.compress_size, 1)
        if info.file_size > RATIO_FLOOR and info.file_size / packed > MAX_RATIO:
            raise WorkbookError(f"{path}: the part {info.filename} unpacks {info.file_size // packed} times its "
                                "packed size (a zip bomb?); refused")


def _check_part(path: Path, package: zipfile.ZipFile, info: zipfile.ZipInfo) -> None:
    """Streams one part: its checksum must match, and XML must not declare a document type."""
    try:
        with package.open(info) as stream:
            head = stream.read(_CHUNK)
            while stream.read(_CHUNK):
                pass
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, NotImplementedError, RuntimeError):
        raise WorkbookError(f"{path}: the part {info.filename} is damaged; restore the workbook from a copy "
                            "(Excel's Open and Repair may save what is left)") from None
    if info.filename.lower().endswith(_XML_SUFFIXES) and b"<!DOCTYPE" in head.upper():
        raise WorkbookError(f"{path}: the part {info.filename} declares an XML document type (entity "
                            "definitions), which no spreadsheet program writes; refused as unsafe")
    if info.filename == "xl/workbook.xml" and _STRICT_NAMESPACE in head:
        raise WorkbookError(f"{path} is saved as a Strict Open XML Spreadsheet, which sheetpair cannot read; in "
                            "Excel, save it again with File ▸ Save As ▸ Excel Workbook (.xlsx)")
