"""Rules shared by several pairing systems, written once."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core.model import Bye, ByeKind, Game, Tournament


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
