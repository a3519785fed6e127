"""The hidden ``_sheetpair`` sheet: which event a workbook holds, which revision it is, and its history.

A workbook travels by email and is typed into by hand, so sheetpair cannot trust that the file it reads is
the one it last wrote. The sheet therefore records, at every write (see ``docs/arbiters-workflow.md``):

* ``schema`` — the layout version, refused when newer than this sheetpair understands;
* ``event_id`` — a random UUID made when the event's workbook is created, kept forever, so two copies of
  one event are told from two events;
* ``revision`` and ``parent_revision`` — a counter raised by one on every write, and the revision the
  write started from;
* ``hash <part>`` — a short SHA-256 of each part of the tournament (roster, settings, requested byes,
  forbidden pairs, each round's pairing and results) in canonical JSON. Typing into the sheets does not
  update them, so a part whose hash no longer matches what is read was edited by hand since the last write;
* ``written <part>`` — the canonical JSON of the settings and of each round as written, so a hand edit can
  be shown board by board (the roster, the largest part, is kept by its hash only);
* ``journal`` — one row per change: revision, UTC time, user, command and what changed, as JSON.

The sheet has two columns (key, value) so any spreadsheet shows it plainly. Workbooks of schema 1 (schema,
revision and written_by only) still load: they have no event id until their next write and no hashes, so no
hand edit can be detected in them yet.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..core.errors import WorkbookError
from ..core.model import Round, Settings, Tournament
from ..core.results import result_code
from .metadata_shapes import well_formed_part
from .port import CellValue, SheetSpec, WorkbookPort, cell_int, cell_text

SCHEMA_VERSION = 2
META_SHEET = "_sheetpair"
HASH_LENGTH = 16
"""Hex digits kept of each SHA-256: 64 bits, ample to tell two versions of one part apart."""
CELL_LIMIT = 32_767
"""Characters an Excel cell holds; a part written out longer than that is kept by its hash only."""

ROSTER = "roster"
SETTINGS = "settings"
REQUESTED_BYES = "requested byes"
FORBIDDEN_PAIRS = "forbidden pairs"
_HASH = "hash "
_WRITTEN = "written "


def pairing_part(number: int) -> str:
    return f"round {number} pairing"


def results_part(number: int) -> str:
    return f"round {number} results"


@dataclass(frozen=True)
class JournalEntry:
    """One change of the workbook: who made it, when, with which command, and what it changed (one line)."""

    revision: int
    time: str
    """UTC time in ISO 8601, e.g. ``2026-12-01T13:05:00Z``."""
    user: str
    command: str
    change: str

    def to_text(self) -> str:
        return json.dumps(dataclasses.asdict(self), ensure_ascii=False, sort_keys=True)

    @classmethod
    def from_text(cls, text: str, where: str) -> JournalEntry:
        """:raises WorkbookError: when the cell is not a journal entry."""
        try:
            data = json.loads(text)
            return cls(int(data["revision"]), str(data["time"]), str(data["user"]), str(data["command"]),
                       str(data["change"]))
        except (ValueError, KeyError, TypeError):
            raise WorkbookError("this journal entry is not readable", sheet=META_SHEET, cell=where) from None

    @property
    def key(self) -> tuple[str, int, str, str, str]:
        """Identity of an entry: the same change in two copies of one history is one entry."""
        return (self.time, self.revision, self.user, self.command, self.change)


@dataclass
class Metadata:
    """What the ``_sheetpair`` sheet holds (an empty one for a workbook that has none yet)."""

    event_id: str = ""
    revision: int = 0
    parent_revision: int = 0
    written_by: str = ""
    hashes: dict[str, str] = field(default_factory=dict)
    written: dict[str, Any] = field(default_factory=dict)
    """Canonical JSON values of the parts kept whole (settings and rounds), as last written."""
    journal: list[JournalEntry] = field(default_factory=list)
    """In the order of the changes (within one write: the hand edits found, then the command)."""

    @property
    def last_entry(self) -> JournalEntry | None:
        return self.journal[-1] if self.journal else None


def read_metadata(port: WorkbookPort, names: list[str] | None = None) -> Metadata:
    """The metadata of the workbook behind ``port`` (an empty :class:`Metadata` when it has none).

    :raises WorkbookError: when the workbook's schema is newer than this sheetpair, or a value is unreadable.
    """
    if META_SHEET not in (names if names is not None else port.sheet_names()):
        return Metadata()
    rows = port.read_sheet(META_SHEET)[1:]
    values: dict[str, CellValue] = {}
    meta = Metadata()
    for r, row in enumerate(rows, start=2):
        if not row or row[0] in (None, ""):
            continue
        key, value = str(row[0]).strip(), row[1] if len(row) > 1 else None
        if key == "journal":
            meta.journal.append(JournalEntry.from_text(cell_text(value), f"B{r}"))
        elif key.startswith(_HASH):
            meta.hashes[key[len(_HASH):]] = cell_text(value)
        elif key.startswith(_WRITTEN):
            try:
                meta.written[key[len(_WRITTEN):]] = written = json.loads(cell_text(value))
            except ValueError:
                raise WorkbookError(f"{key!r} is not readable", sheet=META_SHEET, cell=f"B{r}") from None
            if not well_formed_part(key[len(_WRITTEN):], written):
                raise WorkbookError(f"{key!r} was changed by hand and no longer reads; undo the change (sheetpair "
                                    "keeps this sheet itself)", sheet=META_SHEET, cell=f"B{r}")
        else:
            values[key] = value
    schema = cell_int(values.get("schema", SCHEMA_VERSION))
    if schema is None or schema > SCHEMA_VERSION:
        raise WorkbookError(f"workbook schema {values.get('schema')!r} is newer than this sheetpair understands; "
                            "upgrade sheetpair", sheet=META_SHEET)
    meta.event_id = cell_text(values.get("event_id"))
    meta.revision = cell_int(values.get("revision")) or 0
    if values.get("revision") not in (None, "") and cell_int(values.get("revision")) is None:
        raise WorkbookError(f"the revision {values.get('revision')!r} was changed by hand and is no number; type the "
                            "revision back (sheetpair keeps this sheet itself)", sheet=META_SHEET)
    meta.parent_revision = cell_int(values.get("parent_revision")) or 0
    meta.written_by = cell_text(values.get("written_by"))
    return meta


def metadata_sheet(meta: Metadata) -> SheetSpec:
    """The hidden sheet holding ``meta``."""
    rows: list[list[CellValue]] = [
        ["schema", SCHEMA_VERSION],
        ["event_id", meta.event_id],
        ["revision", meta.revision],
        ["parent_revision", meta.parent_revision],
        ["written_by", meta.written_by or f"sheetpair {__version__}"],
    ]
    rows += [[_HASH + part, digest] for part, digest in meta.hashes.items()]
    rows += [[_WRITTEN + part, canonical_json(value)] for part, value in meta.written.items()]
    rows += [["journal", entry.to_text()] for entry in meta.journal]
    return SheetSpec(META_SHEET, ["Key", "Value"], rows, hidden=True)


def next_metadata(previous: Metadata, tournament: Tournament, journal: list[JournalEntry]) -> Metadata:
    """The metadata of the write after ``previous``: revision raised by one, hashes of ``tournament``,
    ``journal`` appended, and the event id kept (made now for a workbook that has none)."""
    parts = tournament_parts(tournament)
    return Metadata(
        event_id=previous.event_id or new_event_id(),
        revision=previous.revision + 1,
        parent_revision=previous.revision,
        written_by=f"sheetpair {__version__}",
        hashes={part: part_hash(value) for part, value in parts.items()},
        written={part: value for part, value in parts.items()
                 if part != ROSTER and len(canonical_json(value)) <= CELL_LIMIT},
        journal=[*previous.journal, *journal],
    )


def new_event_id() -> str:
    """A random UUID (version 4) naming an event for as long as it exists."""
    return str(uuid.uuid4())


# --- parts and hashes ------------------------------------------------------------------------------

def tournament_parts(tournament: Tournament) -> dict[str, Any]:
    """The tournament cut into the parts an arbiter edits separately, each as plain JSON-ready values."""
    parts: dict[str, Any] = {
        ROSTER: [_plain(dataclasses.asdict(p)) for p in sorted(tournament.players, key=lambda p: p.tpn)],
        SETTINGS: _plain(dataclasses.asdict(tournament.settings)),
        REQUESTED_BYES: sorted([number, tpn, kind.value] for number, wanted in tournament.requested_byes.items()
                               for tpn, kind in wanted.items()),
        FORBIDDEN_PAIRS: sorted(sorted(pair) for pair in tournament.forbidden_pairs),
    }
    for rnd in tournament.rounds:
        parts[pairing_part(rnd.number)] = round_pairing(rnd)
        parts[results_part(rnd.number)] = round_results(rnd)
    return parts


def as_cut_now(part: str, stored: Any) -> Any:
    """A part as stored by an earlier version of sheetpair, cut as this version cuts it: the settings added
    since then take their defaults. A workbook written before a new setting existed is then not "edited by
    hand" in that setting. (Only the parts kept whole are stored; the roster is kept by its hash.)"""
    if part == SETTINGS and isinstance(stored, dict):
        return {**_field_defaults(Settings), **stored}
    return stored


def _field_defaults(kind: type) -> dict[str, Any]:
    """The default of each field of a dataclass that has one, as :func:`tournament_parts` writes it."""
    defaults = {}
    for item in dataclasses.fields(kind):
        if item.default is not dataclasses.MISSING:
            value = item.default
        elif item.default_factory is not dataclasses.MISSING:
            value = item.default_factory()
        else:
            continue
        is_record = dataclasses.is_dataclass(value) and not isinstance(value, type)
        defaults[item.name] = _plain(dataclasses.asdict(value) if is_record else value)
    return defaults


def round_pairing(rnd: Round) -> dict[str, list[list[Any]]]:
    """A round's boards (board, White, Black) and byes (player, kind, board), in a canonical order."""
    return {
        "games": sorted([g.board, g.white, g.black] for g in rnd.games),
        "byes": sorted(([b.player, b.kind.value, b.board] for b in rnd.byes), key=lambda b: b[0]),
    }


def round_results(rnd: Round) -> list[list[Any]]:
    """A round's results as (board, result code), by board; an unrated game's code carries its mark."""
    return sorted([g.board, result_code(g)] for g in rnd.games)


def canonical_json(value: Any) -> str:
    """One text per value: sorted keys, no spaces, non-ASCII kept (so ``½-½`` hashes as typed)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def part_hash(value: Any) -> str:
    """The short SHA-256 of a part's canonical JSON."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()[:HASH_LENGTH]


def _plain(value: Any) -> Any:
    """Dataclass fields as JSON values: enums by their value, tuples as lists, dictionaries sorted."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    return value
