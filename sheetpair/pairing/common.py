"""Rules shared by several pairing systems, written once."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable

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


def score_order(tpns: Iterable[int], score: Callable[[int], float]) -> list[int]:
    """Start numbers by score (highest first), then start number: the pairing list of Monrad-type systems."""
    return sorted(tpns, key=lambda tpn: (-round(score(tpn), 6), tpn))


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


def first_matching(
    order: list[int], state: TournamentState, forbidden: Collection[frozenset[int]] = ()
) -> list[tuple[int, int]] | None:
    """The first rematch-free matching of ``order`` found top-down: (higher-placed, lower-placed) pairs in board order.

    The Monrad rule of pairing: the first player meets the next one down the list they may meet, and when the
    rest cannot be completed the search backtracks. Players once paired count as met even if the game was
    forfeited (as in Norwegian Monrad: a no-show must not decide a second pairing), and ``forbidden`` pairs (the
    arbiter's ruling) never meet. Sub-lists known to have no completion are remembered, so the backtracking
    never repeats itself.
    """
    failed: set[tuple[int, ...]] = set()

    def solve(remaining: tuple[int, ...]) -> list[tuple[int, int]] | None:
        if not remaining:
            return []
        if remaining in failed:
            return None
        first, rest = remaining[0], remaining[1:]
        met = set(state[first].opponents_paired)
        for i, other in enumerate(rest):
            if other in met or frozenset((first, other)) in forbidden:
                continue
            tail = solve(rest[:i] + rest[i + 1:])
            if tail is not None:
                return [(first, other), *tail]
        failed.add(remaining)
        return None

    return solve(tuple(order))
