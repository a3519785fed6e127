"""The history a workbook carries: its event id, its revision, the hashes of its parts and its journal.

A workbook travels by email and is typed into by hand, so sheetpair cannot trust that the file it reads is
the one it last wrote. Every write therefore records (the hidden ``_sheetpair`` sheet holds it, see
:mod:`sheetpair.io.metadata`; ``docs/arbiters-workflow.md`` tells it in the arbiter's words):

* ``event_id`` — a random UUID made when the event's workbook is created, kept forever, so two copies of
  one event are told from two events;
* ``revision`` and ``parent_revision`` — a counter raised by one on every write, and the revision the
  write started from;
* a short SHA-256 of each part of the tournament (:mod:`.parts`), so a part whose hash no longer matches what
  is read was edited by hand since the last write;
* the canonical JSON of the settings and of each round as written, so a hand edit can be shown board by board
  (the roster, the largest part, is kept by its hash only);
* the journal — one entry per change: revision, UTC time, user, command and what changed.
"""

from __future__ import annotations

import dataclasses
import json
import uuid
from dataclasses import dataclass, field
from typing import Any

from .. import __version__
from ..core.model import Tournament
from .parts import ROSTER, canonical_json, part_hash, tournament_parts

CELL_LIMIT = 32_767
"""Characters an Excel cell holds; a part written out longer than that is kept by its hash only."""


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
    def from_text(cls, text: str) -> JournalEntry:
        """:raises ValueError: when the text is not a journal entry."""
        try:
            data = json.loads(text)
            return cls(int(data["revision"]), str(data["time"]), str(data["user"]), str(data["command"]),
                       str(data["change"]))
        except (ValueError, KeyError, TypeError):
            raise ValueError("this journal entry is not readable") from None

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


def next_metadata(previous: Metadata, tournament: Tournament, journal: list[JournalEntry]) -> Metadata:
    """The metadata of the write after ``previous``: revision raised by one, hashes of ``tournament``,
    ``journal`` appended, and the event id kept (made now for a workbook that has none)."""
    return metadata_after(previous, tournament_parts(tournament), journal, hash_only=frozenset({ROSTER}))


def metadata_after(previous: Metadata, parts: dict[str, Any], journal: list[JournalEntry], *,
                   hash_only: frozenset[str] = frozenset()) -> Metadata:
    """:func:`next_metadata` of an event cut into ``parts`` (an individual or a team event); the parts named
    in ``hash_only`` are kept by their hash alone."""
    return Metadata(
        event_id=previous.event_id or new_event_id(),
        revision=previous.revision + 1,
        parent_revision=previous.revision,
        written_by=f"sheetpair {__version__}",
        hashes={part: part_hash(value) for part, value in parts.items()},
        written={part: value for part, value in parts.items()
                 if part not in hash_only and len(canonical_json(value)) <= CELL_LIMIT},
        journal=[*previous.journal, *journal],
    )


def new_event_id() -> str:
    """A random UUID (version 4) naming an event for as long as it exists."""
    return str(uuid.uuid4())
