"""The workbook use cases of a running event: pair, enter results, grant or cancel a bye, withdraw or reinstate
a player, enter a late one, forbid a pair, undo a round.

Each reads the workbook behind ``port``, applies operations of :mod:`sheetpair.app.operations`, and writes
every owned sheet back from one standings table (:mod:`sheetpair.app.session`). The caller commits the port.
Players are named by a reference (start number, or a name or part of one) so both doors accept what an
arbiter naturally types.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from ..core.errors import OperationError
from ..core.model import ByeKind, Game, Player, Result, Round, Tournament
from ..history.stamp import Stamp
from ..io.port import WorkbookPort
from . import operations
from .session import edit, edit_and_rank


@dataclass(frozen=True)
class Paired:
    """A round just paired, the tournament it belongs to, and each player's score before the round."""

    round: Round
    tournament: Tournament
    scores_before: dict[int, float]


def pair(port: WorkbookPort, *, allow_pending: bool = False, fixed: Sequence[tuple[str, str]] = (),
         force: bool = False, stamp: Stamp | None = None) -> Paired:
    """Pairs the next round with the event's system and writes its sheet.

    ``allow_pending``: pair although games of earlier rounds have no result or are postponed (the round's
    notes name them). ``fixed``: (White, Black) games the arbiter sets by hand, players named by start number
    or name; the system pairs the rest; ``force`` sets them although they break an absolute rule.
    """

    def change(tournament: Tournament) -> tuple[Round, Tournament]:
        games = [(operations.find_player(tournament, w).tpn, operations.find_player(tournament, b).tpn)
                 for w, b in fixed]
        return (operations.pair_next_round(tournament, allow_pending=allow_pending, fixed=games, force=force),
                tournament)

    (new_round, tournament), table = edit_and_rank(port, change, stamp=stamp)
    before = new_round.number - 1
    scores = {tpn: state.score_after(before) for tpn, state in table.paired.players.items()}
    return Paired(new_round, tournament, scores)


@dataclass(frozen=True)
class Entered:
    """A result entered: the round, the board's game after the change, and the result it replaced."""

    round_number: int
    game: Game
    previous: Result


@dataclass(frozen=True)
class ResultsEntered:
    """Results entered on some boards of one round, and the later boards whose pairing they may change."""

    entries: list[Entered]
    tournament: Tournament
    later_boards: list[tuple[int, int]]
    """(round, board) of games in later rounds of the players whose result changed: those rounds were paired
    from the old scores."""


def enter_results(port: WorkbookPort, round_number: int | None, results: list[tuple[int, Result]], *,
                  unrated_boards: Collection[int] = (), force: bool = False,
                  stamp: Stamp | None = None) -> ResultsEntered:
    """Records ``(board, result)`` pairs of round ``round_number`` (default: the last paired round); the games
    on ``unrated_boards`` were played but do not count toward ratings (``1-0 u``), the others do.

    Changing a result that later rounds were paired from changes the scores those pairings read: that is
    refused unless ``force`` (the arbiter's correction), and the boards of later rounds it touches are
    returned. Completing a game a later round was paired over (postponed, or without a result) is such a
    change too.

    :raises OperationError: for a round or board that does not exist, or such a change without ``force``.
    """

    def change(tournament: Tournament) -> ResultsEntered:
        number = round_number or tournament.current_round
        entries = []
        for board, result in results:
            previous = operations.record_result(tournament, number, board, result)
            game = operations.game_on_board(tournament, number, board)
            game.rated = board not in unrated_boards
            entries.append(Entered(number, game, previous))
        changed = [e for e in entries if e.previous is not e.game.result]  # a postponed game completed too
        later = _later_boards(tournament, number, {p for e in changed for p in (e.game.white, e.game.black)})
        was = "; ".join(f"board {e.game.board} " + (f"was {e.previous.value}" if e.previous.is_known else
                                                     "was postponed" if e.previous is Result.POSTPONED else
                                                     "had no result") for e in changed)
        if later and not force:
            raise OperationError(f"round {number}: {was}, and round {number + 1} is already paired from it; "
                                 "correct it only as a deliberate change (--force)")
        if later:
            now = ", ".join(f"board {e.game.board} {e.game.result.value}" for e in changed)
            tournament.record_decision(number, f"{was}; now {now}, after round {number + 1} was paired")
        return ResultsEntered(entries, tournament, later)

    return edit(port, change, stamp=stamp)


def _later_boards(tournament: Tournament, number: int, players: set[int]) -> list[tuple[int, int]]:
    return [(rnd.number, g.board) for rnd in tournament.rounds[number:] for g in rnd.games
            if g.white in players or g.black in players]


def grant_bye(port: WorkbookPort, player: str, round_number: int | None, kind: ByeKind, *,
              stamp: Stamp | None = None) -> tuple[Player, int]:
    """Records a bye the player asked for in ``round_number`` (default: the next round)."""

    def change(tournament: Tournament) -> tuple[Player, int]:
        found = operations.find_player(tournament, player)
        number = round_number or tournament.current_round + 1
        operations.request_bye(tournament, found.tpn, number, kind)
        return found, number

    return edit(port, change, stamp=stamp)


def cancel_bye(port: WorkbookPort, player: str, round_number: int | None, *,
               stamp: Stamp | None = None) -> tuple[Player, int, ByeKind]:
    """Cancels a requested bye of a round not paired yet (default: the next round)."""

    def change(tournament: Tournament) -> tuple[Player, int, ByeKind]:
        found = operations.find_player(tournament, player)
        number = round_number or tournament.current_round + 1
        return found, number, operations.cancel_bye(tournament, found.tpn, number)

    return edit(port, change, stamp=stamp)


def withdraw(port: WorkbookPort, player: str, from_round: int | None, *,
             stamp: Stamp | None = None) -> tuple[Player, int]:
    """Withdraws a player from ``from_round`` (default: the next round) on."""

    def change(tournament: Tournament) -> tuple[Player, int]:
        found = operations.find_player(tournament, player)
        number = from_round or tournament.current_round + 1
        operations.withdraw(tournament, found.tpn, number)
        return found, number

    return edit(port, change, stamp=stamp)


def reinstate(port: WorkbookPort, player: str, *, stamp: Stamp | None = None) -> tuple[Player, int]:
    """Cancels a player's withdrawal; returns the player and the round it had started from."""

    def change(tournament: Tournament) -> tuple[Player, int]:
        found = operations.find_player(tournament, player)
        return found, operations.reinstate(tournament, found.tpn)

    return edit(port, change, stamp=stamp)


def forbid_pair(port: WorkbookPort, first: str, second: str, *, cancel: bool = False,
                stamp: Stamp | None = None) -> tuple[Player, Player]:
    """Rules that two players (named as for a bye) must not meet, or with ``cancel`` lifts that ruling; the
    pairs stand in the ``Forbidden pairs`` sheet."""

    def change(tournament: Tournament) -> tuple[Player, Player]:
        one, other = operations.find_player(tournament, first), operations.find_player(tournament, second)
        operations.forbid_pair(tournament, one.tpn, other.tpn, cancel=cancel)
        return one, other

    return edit(port, change, stamp=stamp)


def enter_player(port: WorkbookPort, player: Player, missed: ByeKind | None = None, *,
                 stamp: Stamp | None = None) -> tuple[Player, list[int], ByeKind]:
    """Adds a late entry to the roster (see :func:`sheetpair.app.operations.enter_late`)."""
    return edit(port, lambda tournament: operations.enter_late(tournament, player, missed), stamp=stamp)


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
