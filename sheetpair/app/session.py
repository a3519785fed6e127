"""The one path every workbook use case takes: read everything, change it, rank once, write everything.

Nothing is written when reading or the change fails, and nothing written is read back: the sheets are made
from the in-memory tournament and the one standings table built after the change.

Every write raises the workbook's revision and adds to its journal (:mod:`sheetpair.history.journal`): the
hand edits found in what was read, then the command's own change. A caller that names the revision it
expects (``Stamp.expect_revision``) gets :class:`~sheetpair.core.errors.StaleCopyError` before anything
is changed when the workbook is at another.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..core.model import Tournament
from ..core.standings import StandingsTable
from ..history.corrections import refuse_typed_corrections
from ..history.edits import refuse_deleted_games
from ..history.journal import AsRead, as_read, journal_for_write
from ..history.parts import ROSTER, tournament_parts
from ..history.records import Metadata, metadata_after
from ..history.stamp import Stamp, check_revision
from ..io.metadata import read_metadata
from ..io.port import WorkbookPort
from ..io.workbook import load_tournament, save_tournament
from .ranking import standings

T = TypeVar("T")


def load(port: WorkbookPort) -> Tournament:
    """The tournament a workbook holds.

    :raises WorkbookError: naming the sheet and cell of the first problem, or a game with a result deleted
        from a round sheet by hand (:func:`~sheetpair.history.edits.refuse_deleted_games`).
    """
    tournament = load_tournament(port)
    refuse_deleted_games(read_metadata(port), tournament)
    return tournament


def write(port: WorkbookPort, tournament: Tournament, *, previous_rounds: int | None = None,
          stamp: Stamp | None = None, before: AsRead | None = None, base: Metadata | None = None) -> StandingsTable:
    """Writes every sheet sheetpair owns from ``tournament`` and its standings, built here once.

    ``previous_rounds`` is the number of round sheets the workbook had when read (sheets of rounds that no
    longer exist are removed). ``stamp`` names the user and command for the journal; ``before`` is the
    tournament as read (:func:`~sheetpair.history.journal.as_read`), so the journal tells hand edits from the
    command's change; ``base`` is the metadata the write continues from (default: the workbook's own; a merge
    passes both copies' histories).

    :raises StaleCopyError: before anything is written, when ``stamp`` expects another revision.
    """
    stamp = stamp or Stamp()
    meta = base if base is not None else read_metadata(port)
    if base is None:
        check_revision(meta, stamp.expect_revision)
    parts = tournament_parts(tournament)
    journal = journal_for_write(meta, before, tournament, parts, stamp)
    table = standings(tournament)
    save_tournament(port, tournament, table, previous_rounds=previous_rounds,
                    metadata=metadata_after(meta, parts, journal, hash_only=frozenset({ROSTER})))
    return table


def edit(port: WorkbookPort, change: Callable[[Tournament], T], *, stamp: Stamp | None = None) -> T:
    """Reads the tournament once, applies ``change`` to it, then writes every owned sheet back.

    :raises StaleCopyError: before anything changes, when ``stamp`` expects another revision.
    """
    return edit_and_rank(port, change, stamp=stamp)[0]


def edit_and_rank(port: WorkbookPort, change: Callable[[Tournament], T], *,
                  stamp: Stamp | None = None) -> tuple[T, StandingsTable]:
    """:func:`edit`, also returning the standings table the sheets were written from (scores for printing)."""
    tournament = load_tournament(port)
    meta = read_metadata(port)
    check_revision(meta, stamp.expect_revision if stamp else None)
    refuse_deleted_games(meta, tournament, stamp)
    refuse_typed_corrections(meta, tournament, force=stamp.force if stamp else False)
    before = as_read(meta, tournament)
    rounds_before = tournament.current_round
    outcome = change(tournament)
    table = write(port, tournament, previous_rounds=rounds_before, stamp=stamp, before=before, base=meta)
    return outcome, table
