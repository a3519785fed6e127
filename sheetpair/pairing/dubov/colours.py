"""Colour allocation (C.04.4.1 Art. 5) and the published board order.

Dubov's order differs from the Dutch one: the first-game rule comes first (5.2.1), and there is no final
fall-back on pairing numbers, because a player without games has a mild preference for Black (1.6.4), so
5.2.5 always has a preference to grant.
"""

from __future__ import annotations

from ...core.model import Colour
from .entrants import Contender


def ranks_above(a: Contender, b: Contender) -> bool:
    """Art. 5.2.1: more points, or equal points and the smaller pairing number."""
    return (a.score, -a.number) > (b.score, -b.number)


def _last_difference(a: Contender, b: Contender) -> Colour | None:
    """5.2.4: ``b``'s colour in the latest round in which the two had different colours, the games played
    aligned from the most recent one (GHR 3.4: unplayed rounds are skipped)."""
    for mine, theirs in zip(reversed(a.colours), reversed(b.colours)):
        if mine is not theirs:
            return theirs
    return None


def allocate(a: Contender, b: Contender, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``a`` against ``b`` and the article that decided it."""
    higher, a_is_higher = (a, True) if ranks_above(a, b) else (b, False)
    if not a.games and not b.games:
        colour = initial if higher.number % 2 else initial.opposite
        return (colour if a_is_higher else colour.opposite,
                f"5.2.1 neither has played: the higher-ranked player's pairing number {higher.number} is "
                f"{'odd' if higher.number % 2 else 'even'}")
    if a.preference is not b.preference:
        return a.preference, "5.2.2 both colour preferences granted"
    if a.strength != b.strength:
        stronger = a if a.strength > b.strength else b
        colour = stronger.preference if stronger is a else stronger.preference.opposite
        return colour, f"5.2.3 the stronger ({stronger.strength.name.lower()}) preference granted"
    theirs = _last_difference(a, b)
    if theirs is not None:
        return theirs, "5.2.4 colours alternated from the latest round in which they differed"
    colour = higher.preference if a_is_higher else higher.preference.opposite
    return colour, "5.2.5 the higher-ranked player's preference granted"


def board_order_key(white: Contender, black: Contender) -> tuple[int, int, int]:
    """C.04.2 (General Handling Rules): boards by the higher-ranked player's score, then the other's
    score, then the higher-ranked player's pairing number."""
    higher, lower = (white, black) if ranks_above(white, black) else (black, white)
    return (-higher.score, -lower.score, higher.number)


def published_boards(pairs: list[tuple[Contender, Contender]], initial: Colour
                     ) -> list[tuple[Contender, Contender, str]]:
    """(White, Black, colour rule) of every pair, in the published board order."""
    boards = []
    for first, second in pairs:
        a, b = (first, second) if ranks_above(first, second) else (second, first)
        colour, rule = allocate(a, b, initial)
        boards.append((a, b, rule) if colour is Colour.WHITE else (b, a, rule))
    boards.sort(key=lambda board: board_order_key(board[0], board[1]))
    return boards
