"""The one path every workbook use case takes: read everything, change it, rank once, write everything.

Nothing is written when reading or the change fails, and nothing written is read back: the sheets are made
from the in-memory tournament and the one standings table built after the change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..core.model import Tournament
from ..core.standings import StandingsTable
from ..io.port import WorkbookPort
from ..io.workbook import load_tournament, save_tournament
from .ranking import standings

T = TypeVar("T")


def load(port: WorkbookPort) -> Tournament:
    """The tournament a workbook holds.

    :raises WorkbookError: naming the sheet and cell of the first problem.
    """
    return load_tournament(port)


def write(port: WorkbookPort, tournament: Tournament, *, previous_rounds: int | None = None) -> StandingsTable:
    """Writes every sheet sheetpair owns from ``tournament`` and its standings, built here once.

    ``previous_rounds`` is the number of round sheets the workbook had when read (sheets of rounds that no
    longer exist are removed).
    """
    table = standings(tournament)
    save_tournament(port, tournament, table, previous_rounds=previous_rounds)
    return table


def edit(port: WorkbookPort, change: Callable[[Tournament], T]) -> T:
    """Reads the tournament once, applies ``change`` to it, then writes every owned sheet back."""
    tournament = load_tournament(port)
    rounds_before = tournament.current_round
    outcome = change(tournament)
    write(port, tournament, previous_rounds=rounds_before)
    return outcome
