"""Merging two copies of one event into a third workbook (``sheetpair merge``).

The merge itself is :func:`sheetpair.app.revisions.merge`; this use case reads both files, refuses copies of
different events, writes nothing while a conflict is unresolved, and writes the result through the normal
save path into a copy of the first file, so that file's own sheets and formatting are kept.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ..io.metadata import JournalEntry, Metadata
from ..io.openpyxl_port import OpenpyxlPort
from .revisions import (
    HAND_EDIT_COMMAND,
    HAND_EDIT_USER,
    Difference,
    Side,
    Stamp,
    hand_edits,
    merge,
    merged_journal,
    read_copy,
    refuse_deleted_games,
    same_event,
    utc_now,
)
from .session import write


@dataclass(frozen=True)
class Merged:
    """What a merge wrote: the differences found (each taken from one side) and the new revision."""

    differences: list[Difference]
    revision: int


def merge_copies(first: Path, second: Path, target: Path, *, take: dict[str, Side] | None = None,
                 take_all: Side | None = None, stamp: Stamp | None = None) -> Merged:
    """Merges the event in ``first`` (A) and ``second`` (B) into ``target``, a copy of ``first``.

    The merged workbook's revision follows the higher of the two, and its journal holds both histories and
    the merge.

    :raises OperationError: for copies of different events.
    :raises MergeConflictError: listing every unresolved conflict; nothing is written then.
    """
    a, b = read_copy(OpenpyxlPort(first)), read_copy(OpenpyxlPort(second))
    same_event(a, b)
    for side in (a, b):
        refuse_deleted_games(side.meta, side.tournament, stamp)
    tournament, differences = merge(a.tournament, b.tournament, take=take, take_all=take_all)
    revision = max(a.meta.revision, b.meta.revision)
    typed_in_b = [line for edit in hand_edits(b.meta, b.tournament) for line in edit.lines]
    journal = merged_journal(a.meta, b.meta)
    if typed_in_b:  # A's are found by the write itself, which compares A as read with A's hashes
        journal.append(JournalEntry(revision + 1, utc_now(), HAND_EDIT_USER, f"{HAND_EDIT_COMMAND} in {second.name}",
                                    "; ".join(typed_in_b)))
    base = Metadata(event_id=a.meta.event_id or b.meta.event_id, revision=revision, hashes=a.meta.hashes,
                    written=a.meta.written, journal=journal)
    if target.resolve() != first.resolve():
        shutil.copyfile(first, target)
    port = OpenpyxlPort(target)
    stamp = stamp or Stamp(f"merge {first.name} {second.name}")
    write(port, tournament, previous_rounds=a.tournament.current_round, stamp=stamp, before=a.tournament, base=base)
    port.save()
    return Merged(differences, base.revision + 1)
