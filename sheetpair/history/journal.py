"""The journal entries of one write: the hand edits found in what was read, then the command's own change."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..core.model import Tournament
from .describe import parts_changes
from .edits import HandEdit, parts_edited, problems_of
from .parts import tournament_parts
from .records import JournalEntry, Metadata
from .stamp import HAND_EDIT_COMMAND, HAND_EDIT_USER, Stamp, utc_now

DECISION = re.compile(r"round \d+ board \d+: .+ (changed to .+|cleared)$")
"""A known result changed or cleared: an arbiter's decision the rating report keeps as a ``###`` line."""


@dataclass(frozen=True)
class AsRead:
    """What the journal needs of a tournament as read, taken before a command changes it: its parts, the hand
    edits they show against the workbook's metadata, the rules those edits break, and the records kept.

    A deep copy of the tournament served for this and cost a third of a second at 2000 players.
    """

    parts: dict[str, Any]
    edits: tuple[HandEdit, ...]
    problems: tuple[str, ...]
    records: frozenset[str]


def as_read(meta: Metadata, tournament: Tournament) -> AsRead:
    """The :class:`AsRead` of ``tournament``, just read from a workbook with ``meta``."""
    parts = tournament_parts(tournament)
    edits = parts_edited(meta, parts)
    return AsRead(parts, tuple(edits), tuple(problems_of(edits, tournament)) if edits else (),
                  frozenset(tournament.preserved_records))


def journal_for_write(meta: Metadata, before: AsRead | None, after: Tournament, after_parts: dict[str, Any],
                      stamp: Stamp) -> list[JournalEntry]:
    """The journal entries of the write of ``after`` (cut into ``after_parts``) over a workbook with ``meta``
    read as ``before``.

    Hand edits found in ``before`` come first (one entry); a hand-edited pairing is also kept as a ``###``
    comment line for the TRF export and each rule it breaks is passed to ``stamp.warn``. Then the command's
    own entry, naming what it changed and each decision of the arbiter it recorded
    (:meth:`~sheetpair.core.model.Tournament.record_decision`). Any other known result changed or cleared, by
    hand or by a command, is kept as a ``###`` line too: the rating report carries every decision of the
    arbiter.
    """
    revision, time = meta.revision + 1, utc_now()
    if before is None:  # a write without a read (a new workbook, the standings): no hand edit can be told apart
        done = [line for edit in parts_edited(meta, after_parts) for line in edit.lines] if meta.revision \
            else ["created"]
        return [JournalEntry(revision, time, stamp.user, stamp.command or "write", _one_line(done) or "no change")]
    entries = []
    edits = before.edits
    if edits:
        lines = [line for edit in edits for line in edit.lines]
        entries.append(JournalEntry(revision, time, HAND_EDIT_USER, HAND_EDIT_COMMAND, _one_line(lines)))
        for edit in edits:
            if edit.part.endswith(" pairing"):
                after.preserved_records.append(f"### {edit.part} edited by hand (revision {revision}): "
                                               + _one_line(list(edit.lines)))
        for problem in before.problems:
            if stamp.warn is not None:
                stamp.warn(f"hand-edited pairing kept as the arbiter's decision, but {problem}")
    decided = [line[4:] for line in after.preserved_records
               if line not in before.records and "the arbiter's decision" in line]
    done = parts_changes(before.parts, after_parts)
    corrected = [line for edit in edits if edit.part.endswith(" results") for line in edit.lines] + done
    decided_rounds = {line.split(":", 1)[0] for line in decided}  # "round N": already on record for this write
    after.preserved_records += [f"### {line} by the arbiter (revision {revision})" for line in corrected
                                if DECISION.match(line) and line.split(" board", 1)[0] not in decided_rounds]
    done += decided
    entries.append(JournalEntry(revision, time, stamp.user, stamp.command or "write", _one_line(done) or "no change"))
    return entries


def parts_journal(meta: Metadata, before: dict[str, Any] | None, after: dict[str, Any], stamp: Stamp, *,
                  team: bool = False) -> list[JournalEntry]:
    """:func:`journal_for_write` of an event cut into parts (``team``: a team event's, :mod:`.team`): the hand
    edits found in ``before`` (the parts as read; ``None`` for a new workbook), then the command's change."""
    revision, time = meta.revision + 1, utc_now()
    if before is None:
        return [JournalEntry(revision, time, stamp.user, stamp.command or "write", "created")]
    entries = []
    edits = parts_edited(meta, before, team=team)
    if edits:
        entries.append(JournalEntry(revision, time, HAND_EDIT_USER, HAND_EDIT_COMMAND,
                                    _one_line([line for edit in edits for line in edit.lines])))
    done = parts_changes(before, after, team=team)
    entries.append(JournalEntry(revision, time, stamp.user, stamp.command or "write", _one_line(done) or "no change"))
    return entries


def _one_line(lines: list[str], limit: int = 400) -> str:
    text = "; ".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"
