"""Rules shared by several pairing systems, written once."""

from __future__ import annotations

from ..core.model import Bye, ByeKind, Game, Tournament
from ..core.state import TournamentState


def requested_byes(tournament: Tournament, round_number: int) -> list[Bye]:
    """The byes players asked for in ``round_number``, in start-number order."""
    wanted = tournament.requested_byes.get(round_number, {})
    return [Bye(tpn, kind) for tpn, kind in sorted(wanted.items())]


def players_to_pair(tournament: Tournament, round_number: int) -> list[int]:
    """Start numbers of the players to be paired: active, and without a requested bye, in start order."""
    asked = tournament.requested_byes.get(round_number, {})
    return sorted(
        p.tpn for p in tournament.players if p.is_active_in(round_number) and p.tpn not in asked
    )


def number_boards(pairs: list[tuple[int, int]]) -> list[Game]:
    """Boards 1, 2, ... for (white, black) pairs already in printed order."""
    return [Game(board, white, black) for board, (white, black) in enumerate(pairs, start=1)]


def pairing_bye(tpn: int, board: int | None = None) -> Bye:
    return Bye(tpn, ByeKind.PAB, board)


def is_forbidden_pair(tournament: Tournament, first: int, second: int) -> bool:
    """True when the arbiter ruled that these two must not meet (TRF26 ``260``, JaVaFo ``XXP``)."""
    return frozenset((first, second)) in tournament.forbidden_pairs


def may_meet(tournament: Tournament, state: TournamentState, first: int, second: int, max_meetings: int = 1) -> bool:
    """True when ``first`` and ``second`` may be paired: two different players, not a forbidden pair, and
    not yet met ``max_meetings`` times over the board (pass the system's :meth:`PairingSystem.max_meetings`).

    A forfeited game is no meeting (C.04.1 and GHR 3.5: the players may still be paired), which is why the
    count uses the games played, not the pairings.
    """
    if first == second or is_forbidden_pair(tournament, first, second):
        return False
    return state[first].opponents_played.count(second) < max_meetings
