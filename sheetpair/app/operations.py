"""What an arbiter does to a round: pair it, enter results, grant byes, withdraw players, undo it.

Each takes the in-memory :class:`~sheetpair.core.model.Tournament`, checks the request against the stored
state, and changes it. The workbook use cases of :mod:`sheetpair.app.rounds` run them between reading and
writing; simulations and tests call them directly.
"""

from __future__ import annotations

from ..core.errors import OperationError, PairingError
from ..core.model import ByeKind, Game, Player, Result, Round, Tournament
from ..pairing import get_system


def pair_next_round(tournament: Tournament) -> Round:
    """Pairs the next round with the tournament's system and stores it.

    :raises PairingError: while results of the current round are missing (naming the boards), after the
        last planned round, or when the system finds no legal pairing.
    """
    current = tournament.current_round
    if current:
        missing = tournament.round(current).missing_results()
        if missing:
            boards = ", ".join(str(g.board) for g in missing)
            raise PairingError(f"round {current} has no result yet on board(s) {boards}")
    number = current + 1
    if number > tournament.settings.rounds:
        raise PairingError(f"all {tournament.settings.rounds} planned rounds have been paired")
    system = get_system(tournament.settings.system)
    system.check_settings(tournament.settings)
    pairing = system.pair(tournament, number)
    if system.binds_forbidden_pairs(number, tournament.settings):
        _refuse_forbidden_pairs(tournament, pairing.games)
    new_round = Round(number, pairing.games, pairing.byes, pairing.notes)
    tournament.rounds.append(new_round)
    tournament.requested_byes.pop(number, None)
    _forfeit_withdrawn(tournament, new_round)
    return new_round


def record_result(tournament: Tournament, round_number: int, board: int, result: Result) -> Result:
    """Records the result of one board and returns the result it replaces.

    :raises OperationError: if the round or the board does not exist.
    """
    game = game_on_board(tournament, round_number, board)
    previous, game.result = game.result, result
    return previous


def game_on_board(tournament: Tournament, round_number: int, board: int) -> Game:
    """The game on ``board`` of round ``round_number``.

    :raises OperationError: if the round or the board does not exist.
    """
    try:
        rnd = tournament.round(round_number)
    except KeyError:
        raise OperationError(f"round {round_number} has not been paired") from None
    game = rnd.game_on_board(board)
    if game is None:
        raise OperationError(f"round {round_number} has no board {board}")
    return game


def request_bye(tournament: Tournament, tpn: int, round_number: int, kind: ByeKind) -> None:
    """Records a bye the player asked for in a round not paired yet.

    :raises OperationError: for an unknown player, a round already paired or beyond the last one.
    """
    _check_player(tournament, tpn)
    if round_number <= tournament.current_round:
        raise OperationError(f"round {round_number} is already paired; undo it first to change its byes")
    if round_number > tournament.settings.rounds:
        raise OperationError(f"the event has only {tournament.settings.rounds} rounds")
    if kind is ByeKind.PAB:
        raise OperationError("the pairing-allocated bye is given by the pairing, not requested")
    tournament.requested_byes.setdefault(round_number, {})[tpn] = kind


def withdraw(tournament: Tournament, tpn: int, from_round: int) -> None:
    """Withdraws a player from ``from_round`` on.

    Swiss systems stop pairing the player. Fixed schedules (round robins) keep the games and record them
    as lost by forfeit, including games already paired from that round on that have no result yet.

    :raises OperationError: for an unknown player or a round before the first.
    """
    player = _check_player(tournament, tpn)
    if from_round < 1:
        raise OperationError("rounds are numbered from 1")
    player.withdrawn_from = from_round
    for rnd in tournament.rounds[from_round - 1:]:
        _forfeit_withdrawn(tournament, rnd)


def undo_last_round(tournament: Tournament) -> Round:
    """Removes the last paired round and returns it.

    :raises OperationError: when no round has been paired.
    """
    if not tournament.rounds:
        raise OperationError("no round has been paired yet")
    removed = tournament.rounds.pop()
    requested: dict[int, ByeKind] = {b.player: b.kind for b in removed.byes if b.kind is not ByeKind.PAB}
    if requested:
        tournament.requested_byes[removed.number] = requested
    return removed


def _refuse_forbidden_pairs(tournament: Tournament, games: list[Game]) -> None:
    """A last guard: the arbiter's forbidden pairs bind every system that is free to choose its pairs."""
    for game in games:
        if frozenset((game.white, game.black)) in tournament.forbidden_pairs:
            raise PairingError(f"the pairing puts {game.white} against {game.black}, a pair ruled not to meet")


def _forfeit_withdrawn(tournament: Tournament, rnd: Round) -> None:
    """In a fixed schedule, games of withdrawn players without a result become forfeits."""
    if not get_system(tournament.settings.system).keeps_withdrawn_in_schedule:
        return
    for game in rnd.games:
        if game.result is not Result.NONE:
            continue
        white_out = not tournament.player(game.white).is_active_in(rnd.number)
        black_out = not tournament.player(game.black).is_active_in(rnd.number)
        if white_out and black_out:
            game.result = Result.DOUBLE_FORFEIT
        elif white_out:
            game.result = Result.BLACK_WINS_BY_FORFEIT
        elif black_out:
            game.result = Result.WHITE_WINS_BY_FORFEIT


def _check_player(tournament: Tournament, tpn: int) -> Player:
    try:
        return tournament.player(tpn)
    except KeyError:
        raise OperationError(f"no player has start number {tpn}") from None
