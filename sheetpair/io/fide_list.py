"""FIDE's combined rating list, read as a stream: the XML file or the fixed-width TXT file, zipped or not.

FIDE publishes the list as ``players_list_xml_foa.xml`` and ``players_list_foa.txt`` (several hundred MB
unpacked), each also zipped. Neither is ever loaded whole: the XML is walked with ``iterparse``, each
``<player>`` element cleared once read, and the TXT is read line by line with its columns found from its
header line (so a list with or without the FOA column reads alike). Only the entries the caller asks for are
kept: those whose FIDE id is wanted, and those whose name is (see :func:`name_key`).
"""

from __future__ import annotations

import io
import re
import unicodedata
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from ..core.errors import InputError

RATING_LISTS = ("standard", "rapid", "blitz")
CHUNK = 1 << 20
"""The progress callback is called once per this many bytes of the file read."""

TXT_COLUMNS = ("ID Number", "Name", "Fed", "Sex", "Tit", "WTit", "OTit", "FOA", "SRtng", "SGm", "SK", "RRtng", "RGm",
               "Rk", "BRtng", "BGm", "BK", "B-day", "Flag")
"""The TXT list's column headers, in file order; a column's text runs from its header to the next one's."""

_TXT_FIELDS = {"ID Number": "fideid", "Name": "name", "Fed": "country", "Sex": "sex", "Tit": "title",
               "WTit": "w_title", "SRtng": "rating", "SK": "k", "RRtng": "rapid_rating", "Rk": "rapid_k",
               "BRtng": "blitz_rating", "BK": "blitz_k", "B-day": "birthday", "Flag": "flag"}


@dataclass(frozen=True)
class ListEntry:
    """One player of the FIDE list, with the rating and K of each list (0 and ``None`` when not rated)."""

    fide_id: str
    name: str
    federation: str
    sex: str
    title: str
    birth_year: str
    ratings: dict[str, int]
    k_factors: dict[str, int | None]
    inactive: bool

    def rating(self, rating_list: str) -> int:
        return self.ratings.get(rating_list, 0)

    def k(self, rating_list: str) -> int | None:
        return self.k_factors.get(rating_list)


def name_key(name: str) -> tuple[str, ...]:
    """A name compared regardless of case, accents, punctuation and order (``Carlsen, Magnus`` is
    ``Magnus Carlsen``)."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().casefold()
    return tuple(sorted(re.findall(r"[a-z0-9]+", plain)))


def scan_list(path: Path, *, ids: Collection[str] = (), names: Collection[tuple[str, ...]] = (),
              tick: Callable[[], None] = lambda: None) -> Iterator[ListEntry]:
    """The entries of the list at ``path`` whose FIDE id is in ``ids`` or whose :func:`name_key` is in ``names``.

    ``tick`` is called once per megabyte read, for a progress bar (see :func:`chunks`).

    :raises InputError: for a file that is neither FIDE's XML nor its TXT list, naming the file.
    """
    wanted_ids, wanted_names = set(ids), set(names)
    with _opened(path) as (stream, raw):
        counter = _Ticker(raw, tick)
        head = stream.peek(64)[:64]
        entries = _xml_entries(stream, path) if head.lstrip().startswith(b"<") else _txt_entries(stream, path)
        for entry in entries:
            counter.check()
            if entry.fide_id in wanted_ids or (wanted_names and name_key(entry.name) in wanted_names):
                yield entry


def chunks(path: Path) -> int:
    """How many times :func:`scan_list` calls ``tick`` at most for ``path``: its size in megabytes, rounded up."""
    return max(1, -(-path.stat().st_size // CHUNK))


class _Ticker:
    def __init__(self, raw: IO[bytes], tick: Callable[[], None]) -> None:
        self.raw, self.tick, self.done = raw, tick, 0

    def check(self) -> None:
        while self.raw.tell() >= (self.done + 1) * CHUNK:
            self.done += 1
            self.tick()


@contextmanager
def _opened(path: Path) -> Iterator[tuple[io.BufferedReader, IO[bytes]]]:
    """The list's bytes (the first member of a zip file), and the file on disk for the progress count."""
    with path.open("rb") as raw:
        if zipfile.is_zipfile(raw):
            raw.seek(0)
            with zipfile.ZipFile(raw) as archive:
                members = [m for m in archive.infolist() if not m.is_dir()]
                if not members:
                    raise InputError(f"{path}: the zip file holds no rating list")
                with archive.open(members[0]) as member:
                    yield io.BufferedReader(member), raw  # type: ignore[arg-type]
        else:
            raw.seek(0)
            yield io.BufferedReader(raw), raw


def _xml_entries(stream: io.BufferedReader, path: Path) -> Iterator[ListEntry]:
    root: ET.Element | None = None
    try:
        for event, element in ET.iterparse(stream, events=("start", "end")):
            if root is None:
                root = element
            elif event == "end" and element.tag == "player":
                yield _entry({child.tag: (child.text or "").strip() for child in element})
                root.clear()  # the players read so far go, so memory stays flat
    except ET.ParseError as error:
        raise InputError(f"{path}: not FIDE's XML rating list ({error})") from error


def _txt_entries(stream: io.BufferedReader, path: Path) -> Iterator[ListEntry]:
    lines = io.TextIOWrapper(stream, encoding="utf-8", errors="replace")
    header = lines.readline().rstrip("\r\n")
    spans = _txt_spans(header)
    if "ID Number" not in spans or "Name" not in spans:
        raise InputError(f"{path}, line 1: not FIDE's TXT rating list (no 'ID Number' and 'Name' columns)")
    for line in lines:
        if line.strip():
            yield _entry({_TXT_FIELDS[col]: line[a:b].strip() for col, (a, b) in spans.items() if col in _TXT_FIELDS})


def _txt_spans(header: str) -> dict[str, tuple[int, int | None]]:
    """Each column's slice, from its header's position to the next header's (the last runs to the line's end)."""
    starts: list[tuple[int, str]] = []
    at = 0
    for column in TXT_COLUMNS:
        found = re.search(rf"(?<!\S){re.escape(column)}(?!\S)", header[at:])
        if found:
            starts.append((at + found.start(), column))
            at += found.end()
    return {column: (start, starts[i + 1][0] if i + 1 < len(starts) else None)
            for i, (start, column) in enumerate(starts)}


def _entry(fields: dict[str, str]) -> ListEntry:
    flag = fields.get("flag", "").lower()
    return ListEntry(
        fide_id=fields.get("fideid", ""), name=fields.get("name", ""), federation=fields.get("country", ""),
        sex=fields.get("sex", ""), title=fields.get("title", "") or fields.get("w_title", ""),
        birth_year=_year(fields.get("birthday", "")),
        ratings={name: _int(fields.get(prefix + "rating", "")) or 0 for name, prefix in _PREFIXES.items()},
        k_factors={name: _int(fields.get(prefix + "k", "")) for name, prefix in _PREFIXES.items()},
        inactive="i" in flag)


_PREFIXES = {"standard": "", "rapid": "rapid_", "blitz": "blitz_"}


def _year(text: str) -> str:
    return text[:4] if text[:4].isdigit() and int(text[:4]) > 0 else ""


def _int(text: str) -> int | None:
    return int(text) if text.strip().isdigit() and int(text) > 0 else None


__all__ = ["CHUNK", "RATING_LISTS", "ListEntry", "chunks", "name_key", "scan_list"]
