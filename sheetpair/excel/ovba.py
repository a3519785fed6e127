"""A VBA project written from its modules' source: the streams of ``vbaProject.bin``.

Office keeps a VBA project as a storage ``VBA`` (the compressed ``dir`` stream describing the project,
``_VBA_PROJECT``, and one stream per module holding its compressed source) beside the text stream
``PROJECT`` (module list and protection fields) and ``PROJECTwm`` (module names in UTF-16). Office
compiles a project whose ``_VBA_PROJECT`` version is ``0xFFFF`` from the modules' source when it opens
it, which is what xlwings' own add-in templates ship, so no compiled code (p-code) is written here.

The pieces, described in docs/development.md ("The classic add-in file"):

* :func:`compress`: the run-length compression of module source and the ``dir`` stream (chunks of 4096
  bytes; a flag byte before every eight tokens; a token is a literal byte or a two-byte back-reference
  whose split between offset and length bits grows with the position in the chunk);
* :func:`encrypt`: the obfuscation of the ``CMG``, ``DPB`` and ``GC`` fields of ``PROJECT`` (unprotected,
  no password, visible);
* :func:`vba_project_streams`: every stream of the project, for :func:`~.cfb.write_compound_file`.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

CHUNK = 4096
ENCODING = "cp1252"
"""The project's code page (1252, Western European) for names and source text."""
CODE_PAGE = 1252
LCID_EN_US = 0x0409
VBA_PROJECT_SOURCE_ONLY = bytes.fromhex("cc61ffff000100")
"""``_VBA_PROJECT``: reserved 0x61CC, version 0xFFFF (no compiled code: Office compiles the source)."""
HOST_EXTENDER = "&H00000001={3832D640-CF90-11CF-8E43-00A0C911005A};VBE;&H00000000"
"""The one host extender every Office VBA project lists (the VB editor's)."""

ModuleKind = Literal["module", "class", "document"]


@dataclass(frozen=True)
class VbaModule:
    """One module of a VBA project: its name, what it is, and its source (``Attribute`` lines first)."""

    name: str
    kind: ModuleKind
    source: str


@dataclass(frozen=True)
class Reference:
    """A registered type library the project refers to (``*\\G{guid}#version#lcid#path#description``)."""

    name: str
    libid: str


OFFICE_LIBRARY = Reference(
    "Office",
    "*\\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#0#"
    "C:\\Program Files\\Common Files\\Microsoft Shared\\OFFICE16\\MSO.DLL#Microsoft Office 16.0 Object Library",
)
"""The Office type library: ``IRibbonControl``, the type of a ribbon callback's argument."""


# --- compression -------------------------------------------------------------------------------------

def compress(data: bytes) -> bytes:
    """``data`` as a compressed container: the signature byte 1, then one chunk per 4096 bytes."""
    out = bytearray(b"\x01")
    for start in range(0, len(data), CHUNK):
        out += _compress_chunk(data[start:start + CHUNK])
    return bytes(out)


def _compress_chunk(chunk: bytes) -> bytes:
    """One chunk: two header bytes, then flag bytes each followed by up to eight tokens.

    A chunk that would not shrink is stored raw: 4096 bytes, padded with zeros.
    """
    tokens = bytearray()
    position = 0
    seen: dict[bytes, list[int]] = {}
    while position < len(chunk):
        flag_at = len(tokens)
        tokens.append(0)
        for bit in range(8):
            if position >= len(chunk):
                break
            offset, length = _longest_match(chunk, position, seen)
            if length:
                bits = max((position - 1).bit_length(), 4)
                tokens += struct.pack("<H", ((offset - 1) << (16 - bits)) | (length - 3))
                tokens[flag_at] |= 1 << bit
            else:
                length = 1
                tokens.append(chunk[position])
            for index in range(position, min(position + length, len(chunk) - 2)):
                seen.setdefault(chunk[index:index + 3], []).append(index)
            position += length
    if len(tokens) + 2 <= CHUNK + 2:
        return struct.pack("<H", 0xB000 | (len(tokens) - 1)) + bytes(tokens)
    return struct.pack("<H", 0x3000 | (CHUNK - 1)) + chunk.ljust(CHUNK, b"\0")


def _longest_match(chunk: bytes, position: int, seen: dict[bytes, list[int]]) -> tuple[int, int]:
    """The nearest longest earlier copy of the bytes at ``position`` (offset, length), or (0, 0).

    The longest copy a token can express shrinks as the position grows (more bits go to the offset);
    copies may overlap the bytes they produce, as the decompressor copies byte by byte.
    """
    candidates = seen.get(chunk[position:position + 3])
    if not candidates:
        return 0, 0
    bits = max((position - 1).bit_length(), 4)
    limit = min((0xFFFF >> bits) + 3, len(chunk) - position)
    best_offset, best_length = 0, 0
    for start in reversed(candidates[-64:]):
        length = 3
        while length < limit and chunk[start + length] == chunk[position + length]:
            length += 1
        if length > best_length:
            best_offset, best_length = position - start, length
            if length == limit:
                break
    return best_offset, best_length


# --- the PROJECT stream's protection fields ----------------------------------------------------------

def encrypt(data: bytes, project_id: str, *, salt: int = 0x5D) -> str:
    """``data`` obfuscated as the ``CMG``/``DPB``/``GC`` fields of ``PROJECT`` expect, in upper-case hex.

    The key is the sum of the project ID's characters (braces included); each byte is XORed with the sum
    of the previous encrypted byte but one and the previous plain byte. ``salt`` decides how many ignored
    bytes precede the length; a fixed salt makes the add-in file reproducible (Office picks it at random).
    """
    key = sum(project_id.encode(ENCODING)) & 0xFF
    version = 2
    out = bytearray([salt, salt ^ version, salt ^ key])
    plain_before, encrypted_before, encrypted_two_before = key, out[2], out[1]
    ignored = bytes((salt & 6) // 2)
    for byte in ignored + struct.pack("<I", len(data)) + data:
        encrypted = byte ^ ((encrypted_two_before + plain_before) & 0xFF)
        out.append(encrypted)
        encrypted_two_before, encrypted_before, plain_before = encrypted_before, encrypted, byte
    return out.hex().upper()


# --- the streams -------------------------------------------------------------------------------------

def vba_project_streams(project_name: str, project_id: str, modules: Sequence[VbaModule],
                        references: Sequence[Reference] = (OFFICE_LIBRARY,)) -> dict[str, bytes]:
    """Every stream of a VBA project, keyed by its path in the compound file.

    ``project_id`` is a GUID in braces. Document modules must be named as the workbook's ``codeName``s.

    :raises ValueError: for module source with a character outside code page 1252.
    """
    streams = {
        "PROJECT": _project_text(project_name, project_id, modules),
        "PROJECTwm": b"".join(m.name.encode(ENCODING) + b"\0" + m.name.encode("utf-16-le") + b"\0\0"
                              for m in modules) + b"\0\0",
        "VBA/_VBA_PROJECT": VBA_PROJECT_SOURCE_ONLY,
        "VBA/dir": compress(_dir_stream(project_name, modules, references)),
    }
    for module in modules:
        text = _crlf(module.source)
        try:
            source = text.encode(ENCODING)
        except UnicodeEncodeError as error:
            character = text[error.start]
            raise ValueError(f"VBA module {module.name}: {character!r} is not in code page {CODE_PAGE}") from None
        streams[f"VBA/{module.name}"] = compress(source)
    return streams


def _crlf(text: str) -> str:
    return "\r\n".join(text.splitlines()) + "\r\n"


def _project_text(project_name: str, project_id: str, modules: Sequence[VbaModule]) -> bytes:
    declared = {"module": "Module={}", "class": "Class={}", "document": "Document={}/&H00000000"}
    lines = [f'ID="{project_id}"', *(declared[m.kind].format(m.name) for m in modules),
             f'Name="{project_name}"', 'HelpContextID="0"', 'VersionCompatible32="393222000"',
             f'CMG="{encrypt(bytes(4), project_id)}"',  # protection state: none
             f'DPB="{encrypt(bytes(1), project_id)}"',  # password: none
             f'GC="{encrypt(bytes([0xFF]), project_id)}"',  # visibility: visible
             "", "[Host Extender Info]", HOST_EXTENDER, "", "[Workspace]",
             *(f"{m.name}=0, 0, 0, 0, C" for m in modules)]
    return _crlf("\n".join(lines)).encode(ENCODING)


def _record(identifier: int, data: bytes) -> bytes:
    return struct.pack("<HI", identifier, len(data)) + data


def _text_records(identifier: int, unicode_identifier: int, text: str) -> bytes:
    """A string record followed by its UTF-16 twin (the twin's id is written where its size field's
    reserved id goes)."""
    return _record(identifier, text.encode(ENCODING)) + _record(unicode_identifier, text.encode("utf-16-le"))


def _dir_stream(project_name: str, modules: Sequence[VbaModule], references: Sequence[Reference]) -> bytes:
    """The project information, references and module records (uncompressed)."""
    out = bytearray()
    out += _record(0x0001, struct.pack("<I", 1))  # SysKind: 32-bit Windows (every Office reads it)
    out += _record(0x0002, struct.pack("<I", LCID_EN_US))
    out += _record(0x0014, struct.pack("<I", LCID_EN_US))
    out += _record(0x0003, struct.pack("<H", CODE_PAGE))
    out += _record(0x0004, project_name.encode(ENCODING))
    out += _text_records(0x0005, 0x0040, "")  # doc string
    out += _text_records(0x0006, 0x003D, "")  # help file
    out += _record(0x0007, struct.pack("<I", 0))  # help context
    out += _record(0x0008, struct.pack("<I", 0))  # library flags
    out += struct.pack("<HIIH", 0x0009, 4, 1, 0)  # version 1.0 (the reserved field is 4, not a size)
    out += _text_records(0x000C, 0x003C, "")  # conditional compilation constants
    for reference in references:
        out += _text_records(0x0016, 0x003E, reference.name)
        libid = reference.libid.encode(ENCODING)
        out += struct.pack("<HII", 0x000D, 4 + len(libid) + 6, len(libid)) + libid + bytes(6)
    out += _record(0x000F, struct.pack("<H", len(modules)))
    out += _record(0x0013, struct.pack("<H", 0xFFFF))  # project cookie
    for module in modules:
        out += _record(0x0019, module.name.encode(ENCODING))
        out += _record(0x0047, module.name.encode("utf-16-le"))
        out += _text_records(0x001A, 0x0032, module.name)  # stream name
        out += _text_records(0x001C, 0x0048, "")  # doc string
        out += _record(0x0031, struct.pack("<I", 0))  # source starts at offset 0: no compiled code before it
        out += _record(0x001E, struct.pack("<I", 0))  # help context
        out += _record(0x002C, struct.pack("<H", 0xFFFF))  # module cookie
        out += struct.pack("<HI", 0x0021 if module.kind == "module" else 0x0022, 0)
        out += struct.pack("<HI", 0x002B, 0)  # end of module
    out += struct.pack("<HI", 0x0010, 0)  # end of dir
    return bytes(out)
