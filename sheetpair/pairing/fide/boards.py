"""The published board order of the FIDE Swiss systems (C.04.2 3.6), written once.

Boards are ordered by the score of the higher-ranked player of each pair, then the other player's score,
then the higher-ranked player's pairing number. Ranking is the same in every FIDE system: the higher score,
then the smaller pairing number (C.04.3 1.2, C.04.4.1 5.2.1). Each system says which score counts (the
pairing score with virtual points, or the standings without them) through what it hands in.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ...core.model import Colour


class Ranked(Protocol):
    """Whatever a system pairs (a player, a team), as far as ranking and board order look at it."""

    @property
    def score(self) -> int:
        """The score the ranking compares, in integer units."""

    @property
    def pairing_number(self) -> int:
        """The pairing number of the round: the smaller one ranks higher among equal scores."""


R = TypeVar("R", bound=Ranked)


@dataclass(frozen=True)
class Placed:
    """A side as the board order sees it, when the score printed differs from the one the pairing read."""

    score: int
    pairing_number: int


def ranks_above(a: Ranked, b: Ranked) -> bool:
    """C.04.3 1.2: a higher score, or an equal score and a smaller pairing number."""
    return (a.score, -a.pairing_number) > (b.score, -b.pairing_number)


def board_order_key(white: Ranked, black: Ranked) -> tuple[int, int, int]:
    """C.04.2 3.6: the higher-ranked side's score, then the other's, then the higher-ranked side's number."""
    higher, lower = (white, black) if ranks_above(white, black) else (black, white)
    return (-higher.score, -lower.score, higher.pairing_number)


def published_boards(pairs: Iterable[tuple[R, R]], allocate: Callable[[R, R], tuple[Colour, str]]
                     ) -> list[tuple[R, R, str]]:
    """(White, Black, colour rule) of every pair, in the published board order.

    ``allocate(a, b)`` gives ``a``'s colour and the article that decided it; each pair is handed in with the
    side first from which the system's colour rules are read.
    """
    boards = []
    for a, b in pairs:
        colour, rule = allocate(a, b)
        boards.append((a, b, rule) if colour is Colour.WHITE else (b, a, rule))
    boards.sort(key=lambda board: board_order_key(board[0], board[1]))
    return boards
