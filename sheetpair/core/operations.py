"""What an arbiter does to a tournament: create it, pair, enter results, grant byes, withdraw, undo.

These are the operations behind both doors, the command line and the Excel add-in. Each takes the
in-memory :class:`~sheetpair.core.model.Tournament`, checks the request against the stored state, and
changes it; reading and writing workbooks is the callers' business.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import replace

from ..pairing import get_system
from .errors import InputError, OperationError, PairingError
from .model import ByeKind, Game, Player, Result, Round, Settings, Tournament


def event_settings(
    system_name: str,
    player_count: int,
    *,
    rounds: int | None = None,
    bye_value: float | None = None,
    tiebreaks: tuple[str, ...] | None = None,
    seed: int | None = None,
    double_round_robin: bool = False,
    options: dict[str, str] | None = None,
) -> Settings:
    """Settings of a new event: what the arbiter chose, the system's defaults for the rest.

    Round robins count their rounds themselves; other systems need ``rounds``. Options are checked against
    the ones the system declares.

    :raises PairingError: for an unknown system.
    :raises InputError: for an unknown option or a value the option does not accept.
    :raises OperationError: when a Swiss-type system gets no number of rounds.
    """
    system = get_system(system_name)
    checked = check_options(system_name, options or {})
    settings = Settings(
        system=system.name,
        rounds=rounds or 0,
        bye_value=system.default_bye_value if bye_value is None else bye_value,
        tiebreaks=system.tiebreaks_for(checked) if tiebreaks is None else tiebreaks,
        seed=seed,
        double_round_robin=double_round_robin,
        options=checked,
    )
    if not rounds:
        fixed = system.planned_rounds(player_count, settings)
        if fixed is None:
            raise OperationError(f"the {system.name} system needs the number of rounds")
        settings.rounds = fixed
    return settings


def check_options(system_name: str, options: dict[str, str]) -> dict[str, str]:
    """The options, checked against those the system declares.

    :raises InputError: for an unknown option or a value outside the option's choices.
    """
    system = get_system(system_name)
    for key, value in options.items():
        spec = system.options.get(key)
        if spec is None:
            known = ", ".join(system.options) or "none"
            raise InputError(f"the {system.name} system has no option {key!r} (options: {known})")
        if spec.choices and value not in spec.choices:
            raise InputError(f"{key} must be one of {', '.join(spec.choices)}, not {value!r}")
    return dict(options)


def new_tournament(roster: list[Player], settings: Settings, *, keep_order: bool = False) -> Tournament:
    """A tournament with start numbers given to ``roster`` by the system's own seeding or lot.

    The random seed of the lot is drawn when ``settings.seed`` is ``None`` and kept in the settings, so the
    same workbook always replays the same draw. With ``keep_order`` the roster order is the start order.

    :raises OperationError: for an empty roster or a round count the system does not allow.
    """
    if not roster:
        raise OperationError("the roster has no players")
    system = get_system(settings.system)
    if settings.seed is None:
        settings = replace(settings, seed=secrets.randbelow(2**31))
    fixed = system.planned_rounds(len(roster), settings)
    if fixed is not None and settings.rounds != fixed:
        if settings.rounds == 2 * fixed and not settings.double_round_robin:
            settings = replace(settings, double_round_robin=True)
        else:
            kind = "double " if settings.double_round_robin else ""
            raise OperationError(
                f"a {kind}{system.name} event of {len(roster)} players has {fixed} rounds, not {settings.rounds}"
            )
    if settings.rounds < 1:
        raise OperationError("an event needs at least one round")
    ordered = list(roster) if keep_order else system.initial_order(list(roster), settings, random.Random(settings.seed))
    players = [replace(p, tpn=number) for number, p in enumerate(ordered, start=1)]
    return Tournament(settings=settings, players=players)


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
    pairing = system.pair(tournament, number)
    _refuse_forbidden_pairs(tournament, system.keeps_withdrawn_in_schedule, pairing.games)
    new_round = Round(number, pairing.games, pairing.byes, pairing.notes)
    tournament.rounds.append(new_round)
    tournament.requested_byes.pop(number, None)
    _forfeit_withdrawn(tournament, new_round)
    return new_round


def record_result(tournament: Tournament, round_number: int, board: int, result: Result) -> None:
    """Records the result of one board.

    :raises OperationError: if the round or the board does not exist.
    """
    try:
        rnd = tournament.round(round_number)
    except KeyError:
        raise OperationError(f"round {round_number} has not been paired") from None
    game = rnd.game_on_board(board)
    if game is None:
        raise OperationError(f"round {round_number} has no board {board}")
    game.result = result


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


def _refuse_forbidden_pairs(tournament: Tournament, fixed_schedule: bool, games: list[Game]) -> None:
    """The arbiter's forbidden pairs bind every Swiss-type system; a fixed schedule cannot avoid them."""
    if fixed_schedule:
        return
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
