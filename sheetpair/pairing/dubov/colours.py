"""Colour allocation (C.04.4.1 Art. 5) and the published board order.

Dubov's order differs from the Dutch one: the first-game rule comes first (5.2.1), and there is no final
fall-back on pairing numbers, because a player without games has a mild preference for Black (1.6.4), so
5.2.5 always has a preference to grant.
"""

from __future__ import annotations

from ...core.model import Colour
from ..fide.boards import published_boards as boards_in_order
from ..fide.boards import ranks_above
from .entrants import Contender


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


def published_boards(pairs: list[tuple[Contender, Contender]], initial: Colour
                     ) -> list[tuple[Contender, Contender, str]]:
    """(White, Black, colour rule) of every pair, in the published board order (C.04.2); colours are read
    from the higher-ranked player's side."""
    sides = [(a, b) if ranks_above(a, b) else (b, a) for a, b in pairs]
    return boards_in_order(sides, lambda a, b: allocate(a, b, initial))
