"""The workbook use cases of a running event: pair, enter a result, grant a bye, withdraw, undo.

Each reads the workbook behind ``port``, applies one operation of :mod:`sheetpair.app.operations`, and
writes every owned sheet back from one standings table (:func:`sheetpair.app.session.edit`). The caller
commits the port.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..core.errors import OperationError
from ..core.model import ByeKind, Game, Result, Round, Tournament
from ..io.port import WorkbookPort
from . import operations
from .revisions import Stamp
from .session import edit


@dataclass(frozen=True)
class Paired:
    """A round just paired, with the tournament it belongs to (names, ratings and scores for printing)."""

    round: Round
    tournament: Tournament


def pair(port: WorkbookPort, *, stamp: Stamp | None = None) -> Paired:
    """Pairs the next round with the event's system and writes its sheet."""
    return edit(port, lambda t: Paired(operations.pair_next_round(t), t), stamp=stamp)


@dataclass(frozen=True)
class Entered:
    """A result entered: the board's game after the change, and the result it replaced."""

    round_number: int
    game: Game
    previous: Result
    tournament: Tournament


def enter_result(port: WorkbookPort, round_number: int | None, board: int, result: Result, *,
                 stamp: Stamp | None = None) -> Entered:
    """Records the result of one board of ``round_number`` (default: the last paired round)."""

    def change(tournament: Tournament) -> Entered:
        number = round_number or tournament.current_round
        previous = operations.record_result(tournament, number, board, result)
        return Entered(number, operations.game_on_board(tournament, number, board), previous, tournament)

    return edit(port, change, stamp=stamp)


def grant_bye(port: WorkbookPort, tpn: int, round_number: int | None, kind: ByeKind, *,
              stamp: Stamp | None = None) -> int:
    """Records a bye player ``tpn`` asked for in ``round_number`` (default: the next round); returns the round."""

    def change(tournament: Tournament) -> int:
        number = round_number or tournament.current_round + 1
        operations.request_bye(tournament, tpn, number, kind)
        return number

    return edit(port, change, stamp=stamp)


def withdraw(port: WorkbookPort, tpn: int, from_round: int | None, *, stamp: Stamp | None = None) -> int:
    """Withdraws player ``tpn`` from ``from_round`` (default: the next round) on; returns that round."""

    def change(tournament: Tournament) -> int:
        number = from_round or tournament.current_round + 1
        operations.withdraw(tournament, tpn, number)
        return number

    return edit(port, change, stamp=stamp)


def undo(port: WorkbookPort, confirm: Callable[[Round, int], bool], *, stamp: Stamp | None = None) -> Round:
    """Removes the last paired round; when it already has results, only if ``confirm(round, results)`` agrees.

    :raises OperationError: when no round has been paired, or the arbiter did not confirm.
    """

    def change(tournament: Tournament) -> Round:
        if not tournament.rounds:
            raise OperationError("no round has been paired yet")
        last = tournament.rounds[-1]
        entered = sum(g.result.is_known for g in last.games)
        if entered and not confirm(last, entered):
            raise OperationError(f"round {last.number} was kept")
        return operations.undo_last_round(tournament)

    return edit(port, change, stamp=stamp)
