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
from typing import Generic, TypeVar

from ..core.errors import InputError, OperationError
from ..core.model import Tournament
from ..core.team_book import TeamBook
from ..history.compare import Difference, compare
from ..history.edits import hand_edits, parts_edited, refuse_deleted_games
from ..history.journal import as_read
from ..history.merge import merge, merged_journal
from ..history.parting import SinceParting, since_parting
from ..history.records import JournalEntry, Metadata
from ..history.stamp import HAND_EDIT_COMMAND, HAND_EDIT_USER, SIDES, Side, Stamp, utc_now
from ..history.team import team_parts
from ..history.team_merge import compare_teams, merge_teams, team_since
from ..io.metadata import read_metadata
from ..io.port import WorkbookPort
from ..io.team_workbook import load_team_book
from ..io.workbook import holds_team_event, load_tournament
from . import team_event
from .session import write

Event = TypeVar("Event", Tournament, TeamBook)
"""An individual or a team event."""


@dataclass(frozen=True)
class Copy(Generic[Event]):
    """One copy of an event: the event as read (a :class:`Tournament`, or a :class:`TeamBook` for a team
    event) and its metadata."""

    tournament: Event
    meta: Metadata


def read_copy(port: WorkbookPort) -> Copy[Tournament]:
    return Copy(load_tournament(port), read_metadata(port))


def same_event(a: Copy[Tournament] | Copy[TeamBook], b: Copy[Tournament] | Copy[TeamBook]) -> None:
    """:raises OperationError: when the copies are of different events (different event ids)."""
    if a.meta.event_id and b.meta.event_id and a.meta.event_id != b.meta.event_id:
        raise OperationError(f"these are two different events (event ids {a.meta.event_id} and "
                             f"{b.meta.event_id}); only copies of one event can be compared or merged")


def compare_copies(a: WorkbookPort, b: WorkbookPort) -> list[Difference]:
    """The differences between two workbooks holding copies of one event (``sheetpair diff``).

    :raises OperationError: when they hold different events.
    """
    if _team_copies(a, b):
        team_a, team_b = _read_team_copy(a), _read_team_copy(b)
        same_event(team_a, team_b)
        return compare_teams(team_a.tournament, team_b.tournament, _team_histories(team_a, team_b))
    first, second = read_copy(a), read_copy(b)
    same_event(first, second)
    return compare(first.tournament, second.tournament, histories(first, second))


def _team_copies(a: WorkbookPort, b: WorkbookPort) -> bool:
    """True when both workbooks hold a team event.

    :raises OperationError: when one holds a team event and the other an individual one.
    """
    teams = holds_team_event(a), holds_team_event(b)
    if teams[0] != teams[1]:
        raise OperationError("one copy holds a team event and the other an individual event: these are two "
                             "different events; only copies of one event can be compared or merged")
    return teams[0]


def _read_team_copy(port: WorkbookPort) -> Copy[TeamBook]:
    return Copy(load_team_book(port), read_metadata(port))


def _team_histories(a: Copy[TeamBook], b: Copy[TeamBook]) -> tuple[SinceParting, SinceParting]:
    return team_since(a.meta, b.meta, a.tournament), team_since(b.meta, a.meta, b.tournament)


def histories(a: Copy[Tournament], b: Copy[Tournament]) -> tuple[SinceParting, SinceParting]:
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
    if _team_copies(first, second):
        return _merge_team_copies(first, second, second_name, take=take, take_all=take_all, stamp=stamp)
    a, b = read_copy(first), read_copy(second)
    same_event(a, b)
    for side in (a, b):
        refuse_deleted_games(side.meta, side.tournament, stamp)
    tournament, differences = merge(a.tournament, b.tournament, take=take, take_all=take_all,
                                    since=histories(a, b))
    typed_in_b = [line for edit in hand_edits(b.meta, b.tournament) for line in edit.lines]
    base = _merged_base(a.meta, b.meta, typed_in_b, second_name)  # A's hand edits are found by the write itself
    stamp = stamp or Stamp(f"merge with {second_name}")
    write(first, tournament, previous_rounds=a.tournament.current_round, stamp=stamp,
          before=as_read(base, a.tournament), base=base)
    return Merged(differences, base.revision + 1)


def _merge_team_copies(first: WorkbookPort, second: WorkbookPort, second_name: str, *, take: dict[str, Side] | None,
                       take_all: Side | None, stamp: Stamp | None) -> Merged:
    """:func:`merge_copies` of two copies of a team event."""
    a, b = _read_team_copy(first), _read_team_copy(second)
    same_event(a, b)
    book, differences = merge_teams(a.tournament, b.tournament, take=take, take_all=take_all,
                                    since=_team_histories(a, b))
    base = _merged_base(a.meta, b.meta, [line for edit in parts_edited(b.meta, team_parts(b.tournament), team=True)
                                         for line in edit.lines], second_name)
    team_event.write(first, book, stamp=stamp or Stamp(f"merge with {second_name}"), before=team_parts(a.tournament),
                     base=base, previous_rounds=len(a.tournament.event.rounds))
    return Merged(differences, base.revision + 1)


def _merged_base(a: Metadata, b: Metadata, typed_in_b: list[str], second_name: str) -> Metadata:
    """The metadata a merge writes after: the higher revision of the two, A's hashes (so the write finds A's
    own hand edits), and both journals with B's unrecorded hand edits."""
    revision = max(a.revision, b.revision)
    journal = merged_journal(a, b)
    if typed_in_b:
        journal.append(JournalEntry(revision + 1, utc_now(), HAND_EDIT_USER, f"{HAND_EDIT_COMMAND} in {second_name}",
                                    "; ".join(typed_in_b)))
    return Metadata(event_id=a.event_id or b.event_id, revision=revision, hashes=a.hashes, written=a.written,
                    journal=journal)


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
