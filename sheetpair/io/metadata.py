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

import json

from .. import __version__
from ..core.errors import WorkbookError
from ..history.parts import canonical_json
from ..history.records import JournalEntry, Metadata
from .metadata_shapes import well_formed_part
from .port import CellValue, SheetSpec, WorkbookPort, cell_int, cell_text

SCHEMA_VERSION = 2
META_SHEET = "_sheetpair"
_HASH = "hash "
_WRITTEN = "written "

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
            try:
                meta.journal.append(JournalEntry.from_text(cell_text(value)))
            except ValueError as error:
                raise WorkbookError(str(error), sheet=META_SHEET, cell=f"B{r}") from None
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


METADATA_HEAD_ROWS = 6
"""Rows at the top of the sheet that hold the revision, in every schema (header, schema, ..., revision)."""


def revision_in(head: list[list[CellValue]]) -> int | None:
    """The revision the first rows of the ``_sheetpair`` sheet name; ``None`` when they hold no revision row
    (rows moved by hand: read the whole sheet then)."""
    row = next((r for r in head[1:] if r and str(r[0]).strip() == "revision"), None)
    return (cell_int(row[1]) or 0) if row is not None and len(row) > 1 else None


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


# --- parts and hashes ------------------------------------------------------------------------------

