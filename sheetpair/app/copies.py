"""Two copies of one event compared (``sheetpair diff``) and merged (``sheetpair merge``).

The comparison and the merge themselves are pure (:mod:`sheetpair.history.compare`, :mod:`sheetpair.history.merge`);
these use cases read both copies, refuses copies of
different events, writes nothing while a conflict is unresolved, and writes the result over copy A's port, so
A's own sheets and formatting are kept. Where the result goes (A itself or a new file) is the door's choice:
``editing(A, output)`` of :mod:`sheetpair.app.workbooks.files`, with its lock, open-file refusal and atomic save.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.errors import InputError, OperationError
from ..core.model import Tournament
from ..history.compare import Difference, compare
from ..history.edits import hand_edits, refuse_deleted_games
from ..history.merge import merge, merged_journal
from ..history.parting import SinceParting, since_parting
from ..history.records import JournalEntry, Metadata
from ..history.stamp import HAND_EDIT_COMMAND, HAND_EDIT_USER, SIDES, Side, Stamp, utc_now
from ..io.metadata import read_metadata
from ..io.port import WorkbookPort
from ..io.workbook import load_tournament
from .session import write


@dataclass(frozen=True)
class Copy:
    """One copy of an event: the tournament as read and its metadata."""

    tournament: Tournament
    meta: Metadata


def read_copy(port: WorkbookPort) -> Copy:
    return Copy(load_tournament(port), read_metadata(port))


def same_event(a: Copy, b: Copy) -> None:
    """:raises OperationError: when the copies are of different events (different event ids)."""
    if a.meta.event_id and b.meta.event_id and a.meta.event_id != b.meta.event_id:
        raise OperationError(f"these are two different events (event ids {a.meta.event_id} and "
                             f"{b.meta.event_id}); only copies of one event can be compared or merged")


def compare_copies(a: WorkbookPort, b: WorkbookPort) -> list[Difference]:
    """The differences between two workbooks holding copies of one event (``sheetpair diff``).

    :raises OperationError: when they hold different events.
    """
    first, second = read_copy(a), read_copy(b)
    same_event(first, second)
    return compare(first.tournament, second.tournament, histories(first, second))


def histories(a: Copy, b: Copy) -> tuple[SinceParting, SinceParting]:
    """What each copy changed since the two parted (by their journals and unrecorded hand edits)."""
    return (since_parting(a.meta, b.meta, a.tournament), since_parting(b.meta, a.meta, b.tournament))


@dataclass(frozen=True)
class Merged:
    """What a merge wrote: the differences found (each taken from one side) and the new revision."""

    differences: list[Difference]
    revision: int


def merge_copies(first: WorkbookPort, second: WorkbookPort, second_name: str, *, take: dict[str, Side] | None = None,
                 take_all: Side | None = None, stamp: Stamp | None = None) -> Merged:
    """Merges the event in ``first`` (A) and ``second`` (B, called ``second_name`` in the journal) and writes the
    result through ``first``'s port (the caller saves it).

    The merged workbook's revision follows the higher of the two, and its journal holds both histories and
    the merge.

    :raises OperationError: for copies of different events.
    :raises MergeConflictError: listing every unresolved conflict; nothing is written then.
    """
    a, b = read_copy(first), read_copy(second)
    same_event(a, b)
    for side in (a, b):
        refuse_deleted_games(side.meta, side.tournament, stamp)
    tournament, differences = merge(a.tournament, b.tournament, take=take, take_all=take_all,
                                    since=histories(a, b))
    revision = max(a.meta.revision, b.meta.revision)
    typed_in_b = [line for edit in hand_edits(b.meta, b.tournament) for line in edit.lines]
    journal = merged_journal(a.meta, b.meta)
    if typed_in_b:  # A's are found by the write itself, which compares A as read with A's hashes
        journal.append(JournalEntry(revision + 1, utc_now(), HAND_EDIT_USER, f"{HAND_EDIT_COMMAND} in {second_name}",
                                    "; ".join(typed_in_b)))
    base = Metadata(event_id=a.meta.event_id or b.meta.event_id, revision=revision, hashes=a.meta.hashes,
                    written=a.meta.written, journal=journal)
    stamp = stamp or Stamp(f"merge with {second_name}")
    write(first, tournament, previous_rounds=a.tournament.current_round, stamp=stamp, before=a.tournament, base=base)
    return Merged(differences, base.revision + 1)


def parse_take(items: Iterable[str]) -> tuple[Side | None, dict[str, Side]]:
    """How conflicts are resolved: ``A`` or ``B`` alone for every conflict, ``ITEM=A`` or ``ITEM=B`` for one
    (item ids as :func:`compare_copies` names them); the side for all, and per item.

    :raises InputError: for a side other than A or B.
    """
    take_all: Side | None = None
    per_item: dict[str, Side] = {}
    for item in items:
        key, _, side = item.rpartition("=")
        side = side.strip().upper()
        if side not in SIDES:
            raise InputError(f"take {item!r}: the side must be A or B")
        chosen: Side = "A" if side == "A" else "B"
        if key:
            per_item[key.strip()] = chosen
        else:
            take_all = chosen
    return take_all, per_item
