"""What an arbiter does to a running event: pair a round, enter results, grant or cancel byes, withdraw or
reinstate players, enter late players, undo a round.

Each takes the in-memory :class:`~sheetpair.core.model.Tournament`, checks the request against the stored
state, and changes it. The workbook use cases of :mod:`sheetpair.app.rounds` run them between reading and
writing; simulations and tests call them directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..core.errors import OperationError, PairingError
from ..core.model import Bye, ByeKind, Colour, Game, Player, Result, Round, Tournament
from ..core.results import result_code
from ..core.state import derive, rounds_met
from ..pairing import Pairing, PairingSystem, get_system
from ..pairing.fide.boards import Placed, board_order_key

PENDING_NOTE = "paired while"
"""How the note naming games paired over (no result yet, or postponed) begins."""
MANUAL_NOTE = "set by the arbiter: board(s) "
"""How the note naming the games the arbiter set by hand begins."""


def pair_next_round(tournament: Tournament, *, allow_pending: bool = False,
                    fixed: Sequence[tuple[int, int]] = (), force: bool = False) -> Round:
    """Pairs the next round with the tournament's system and stores it.

    A game without a result, or postponed, changes the scores the pairing reads, so pairing over one is the
    arbiter's explicit decision (``allow_pending``); the round's notes then name each such game. Systems
    that score a postponed game as a provisional draw (Norwegian Monrad) pair over it as their rules say.

    ``fixed`` are (White, Black) games the arbiter sets by hand (C.04.2 lets the arbiter pair manually): the
    system pairs everybody else as if those players were absent, and each fixed game takes its place in the
    C.04.2 board order (the higher-ranked player's score, the other's, the higher-ranked start number). A
    fixed game that breaks an absolute rule (a rematch, a pair ruled not to meet, a colour difference beyond
    2 or a third colour in a row) needs ``force``; the round's note names each rule broken.

    :raises PairingError: while games of earlier rounds are pending (naming them), after the last planned
        round, or when the system finds no legal pairing.
    """
    system = get_system(tournament.settings.system)
    pending = pending_games(tournament)
    blocking = [(n, g) for n, g in pending
                if g.result is Result.NONE or not system.postponed_games_count_as_draws]
    if blocking and not allow_pending:
        postponed = any(g.result is Result.POSTPONED for _, g in blocking)
        hint = "; enter its result first, or pair anyway as the arbiter's decision (--allow-pending)"
        raise PairingError(_pending_text(tournament, blocking) + (hint if postponed else ""))
    number = tournament.current_round + 1
    if number > tournament.settings.rounds:
        raise PairingError(f"all {tournament.settings.rounds} planned rounds have been paired")
    system.check_settings(tournament.settings)
    pairing = _pair_around(system, tournament, number, fixed, force) if fixed else system.pair(tournament, number)
    if system.binds_forbidden_pairs(number, tournament.settings):
        _refuse_forbidden_pairs(tournament, [g for g in pairing.games if (g.white, g.black) not in fixed])
    notes = [f"{PENDING_NOTE} {_pending_text(tournament, pending)}"] if pending else []
    new_round = Round(number, pairing.games, pairing.byes, notes + pairing.notes)
    for note in new_round.notes:
        if note.startswith((PENDING_NOTE, MANUAL_NOTE)):
            tournament.record_decision(number, note.replace(MANUAL_NOTE, "set by hand on board(s) "))
    tournament.rounds.append(new_round)
    tournament.requested_byes.pop(number, None)
    _forfeit_withdrawn(tournament, new_round)
    return new_round


def _pair_around(system: PairingSystem, tournament: Tournament, number: int,
                 fixed: Sequence[tuple[int, int]], force: bool) -> Pairing:
    """The system's pairing of everybody but the arbiter's fixed games, and those games in board order."""
    placed = [p for game in fixed for p in game]
    for tpn in placed:
        player = _check_player(tournament, tpn)
        if placed.count(tpn) > 1:
            raise OperationError(f"player {tpn} ({player.name}) is in more than one fixed game")
        if not player.is_active_in(number) or tpn in tournament.requested_byes.get(number, {}):
            raise OperationError(f"player {tpn} ({player.name}) does not play round {number} (withdrawn or a bye)")
    if system.keeps_withdrawn_in_schedule:
        raise OperationError(f"the {system.name} system plays a fixed table: its games cannot be set by hand")
    held_out = replace(tournament, requested_byes={
        **tournament.requested_byes, number: {**tournament.requested_byes.get(number, {}),
                                              **{tpn: ByeKind.ZERO for tpn in placed}}})
    broken = _rules_broken(tournament, fixed)
    if broken and not force:
        raise OperationError(f"the game(s) set by hand break the pairing rules ({'; '.join(broken)}); set them "
                             "anyway as the arbiter's decision with --force")
    rest = system.pair(held_out, number)
    state = derive(tournament)

    def order(game: Game) -> tuple[int, int, int]:
        white, black = (Placed(round(2 * state.score(p)), p) for p in (game.white, game.black))
        return board_order_key(white, black)

    games = sorted(rest.games, key=lambda g: g.board)
    for white, black in fixed:
        game = Game(0, white, black)
        games.insert(next((i for i, g in enumerate(games) if order(g) > order(game)), len(games)), game)
    games = [replace(g, board=board) for board, g in enumerate(games, start=1)]
    byes = [b for b in rest.byes if b.player not in placed]
    boards = ", ".join(f"{g.board} ({g.white} - {g.black})" for g in games if (g.white, g.black) in fixed)
    notes = [f"{MANUAL_NOTE}{boards}" + (f" ({'; '.join(broken)})" if broken else "")]
    return Pairing(games, byes, notes + rest.notes)


def _rules_broken(tournament: Tournament, fixed: Sequence[tuple[int, int]]) -> list[str]:
    """The absolute rules the arbiter's games break, one sentence each: rematches, pairs ruled not to meet,
    a colour difference beyond 2, a third game in a row with one colour (C.04.1 [C3])."""
    state = derive(tournament)
    broken = [f"{w} - {b} meet again" for w, b in fixed if rounds_met(tournament, w, b, pending=True)]
    broken += [f"{w} - {b} is a pair ruled not to meet" for w, b in fixed
               if frozenset((w, b)) in tournament.forbidden_pairs]
    for white, black in fixed:
        for tpn, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
            colours = [*state.players[tpn].colours, colour]
            difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
            if abs(difference) > 2 or colours[-3:] == [colour] * 3:
                broken.append(f"{tpn} would have {colour.name.lower()} a third time in a row or a colour "
                              f"difference of {difference:+d}")
    return broken


def pending_games(tournament: Tournament) -> list[tuple[int, Game]]:
    """Games of paired rounds still without a final result (not entered, or postponed), by round."""
    return [(rnd.number, g) for rnd in tournament.rounds for g in rnd.games if not g.result.is_known]


def _pending_text(tournament: Tournament, games: list[tuple[int, Game]]) -> str:
    """Games without a result by round and board; postponed games with their players, so nobody loses sight
    of a game still to be played."""
    parts = []
    for number in sorted({n for n, _ in games}):
        missing = [str(g.board) for n, g in games if n == number and g.result is Result.NONE]
        if missing:
            parts.append(f"round {number} has no result yet on board(s) {', '.join(missing)}")
        parts += [f"round {number} board {g.board} ({tournament.player(g.white).name} - "
                  f"{tournament.player(g.black).name}) is postponed"
                  for n, g in games if n == number and g.result is Result.POSTPONED]
    return "; ".join(parts)


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
    for rnd in tournament.rounds[from_round - 1:]:
        game = next((g for g in rnd.games if tpn in (g.white, g.black)), None)
        if game is not None and game.result.was_played:
            raise OperationError(f"player {tpn} ({player.name}) already played round {rnd.number} (board "
                                 f"{game.board}, {result_code(game)}); the withdrawal can start from round "
                                 f"{rnd.number + 1} at the earliest")
    player.withdrawn_from = from_round
    for rnd in tournament.rounds[from_round - 1:]:
        _forfeit_withdrawn(tournament, rnd)


def reinstate(tournament: Tournament, tpn: int) -> int:
    """Cancels a player's withdrawal; returns the round it started from. Forfeits a fixed schedule already
    recorded for the withdrawal stay as entered (the arbiter corrects them like any result).

    :raises OperationError: for an unknown player or one who has not withdrawn.
    """
    player = _check_player(tournament, tpn)
    if player.withdrawn_from is None:
        raise OperationError(f"player {tpn} ({player.name}) has not withdrawn")
    since, player.withdrawn_from = player.withdrawn_from, None
    return since


def cancel_bye(tournament: Tournament, tpn: int, round_number: int) -> ByeKind:
    """Cancels a bye player ``tpn`` asked for in a round not paired yet; returns its kind.

    :raises OperationError: when there is no such requested bye.
    """
    player = _check_player(tournament, tpn)
    requested = tournament.requested_byes.get(round_number, {})
    if tpn not in requested:
        raise OperationError(f"player {tpn} ({player.name}) has asked for no bye in round {round_number}")
    kind = requested.pop(tpn)
    if not requested:
        tournament.requested_byes.pop(round_number)
    return kind


def forbid_pair(tournament: Tournament, first: int, second: int, *, cancel: bool = False) -> None:
    """Rules that two players must not be paired against each other (or, with ``cancel``, lifts that ruling).

    :raises OperationError: for an unknown player, one player twice, a pair already ruled out, or (with
        ``cancel``) a pair that was not.
    """
    one, other = _check_player(tournament, first), _check_player(tournament, second)
    if one.tpn == other.tpn:
        raise OperationError(f"a pair needs two players; {one.tpn} ({one.name}) was given twice")
    pair = frozenset((one.tpn, other.tpn))
    named = f"{one.tpn} ({one.name}) and {other.tpn} ({other.name})"
    if cancel:
        if pair not in tournament.forbidden_pairs:
            raise OperationError(f"{named} are not a forbidden pair")
        tournament.forbidden_pairs.discard(pair)
    elif pair in tournament.forbidden_pairs:
        raise OperationError(f"{named} are a forbidden pair already")
    else:
        tournament.forbidden_pairs.add(pair)


def find_player(tournament: Tournament, reference: str) -> Player:
    """The player a reference names: a start number, or a name (whole, or a part only one player's name has;
    case and accents as typed).

    :raises OperationError: when no player, or more than one, fits.
    """
    text = reference.strip()
    if text.isdigit():
        return _check_player(tournament, int(text))
    wanted = text.casefold()
    exact = [p for p in tournament.players if p.name.casefold() == wanted]
    found = exact or [p for p in tournament.players if wanted in p.name.casefold()]
    if len(found) == 1:
        return found[0]
    if not found:
        raise OperationError(f"no player's name contains {text!r}")
    names = ", ".join(f"{p.tpn} {p.name}" for p in found[:6])
    raise OperationError(f"{text!r} fits several players ({names}); give the start number")


def enter_late(tournament: Tournament, player: Player,
               missed: ByeKind | None = None) -> tuple[Player, list[int], ByeKind]:
    """Adds a player after the event has started, with the next start number; every round already paired is
    recorded for them as a bye of kind ``missed`` (zero or half a point, as the arbiter announces it; by
    default the event's ``missed_rounds`` setting), so the missed rounds are on record instead of silently
    absent. Returns the player, those rounds and the bye they count as.

    :raises OperationError: for a fixed schedule (a round robin cannot take a player mid-way), or a bye kind
        other than zero or half a point.
    """
    if get_system(tournament.settings.system).keeps_withdrawn_in_schedule:
        raise OperationError(f"the {tournament.settings.system} system plays a fixed table: no late entry")
    if missed is None:
        missed = ByeKind.HALF if tournament.settings.missed_rounds == "half" else ByeKind.ZERO
    if missed not in (ByeKind.ZERO, ByeKind.HALF):
        raise OperationError("missed rounds count as zero-point or half-point byes")
    entered = replace(player, tpn=max((p.tpn for p in tournament.players), default=0) + 1)
    tournament.players.append(entered)
    for rnd in tournament.rounds:
        rnd.byes.append(Bye(entered.tpn, missed))
    return entered, [rnd.number for rnd in tournament.rounds], missed


def undo_last_round(tournament: Tournament) -> Round:
    """Removes the last paired round and returns it.

    :raises OperationError: when no round has been paired.
    """
    if not tournament.rounds:
        raise OperationError("no round has been paired yet")
    removed = tournament.rounds.pop()
    gone = set(tournament.decisions(removed.number))
    tournament.preserved_records = [r for r in tournament.preserved_records if r[4:] not in gone]
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
