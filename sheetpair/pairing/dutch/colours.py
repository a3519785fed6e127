"""Colour allocation, C.04.3 Art. 5 (identical in the 2017 text, E.1–E.5), and why each colour was given.

5.2.1–5.2.3 are shared with the Burstein systems (:mod:`sheetpair.pairing.fide.colours`); the last two steps
look at the higher-ranked player (:func:`~sheetpair.pairing.fide.boards.ranks_above`).
"""

from __future__ import annotations

from ...core.model import Colour
from ..fide.boards import published_boards as boards_in_order
from ..fide.boards import ranks_above
from ..fide.colours import preferred_colour, wanted
from ..fide.entrants import Entrant


def allocate(a: Entrant, b: Entrant, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``a`` against ``b`` and the article that decided it."""
    colour, rule = preferred_colour(a, b)
    if colour is not None:
        return colour, rule
    higher, lower_is_a = (b, True) if ranks_above(b, a) else (a, False)
    if a.colour_preference is None:
        higher_colour = initial if higher.rank % 2 == 0 else initial.opposite
        colour = higher_colour.opposite if lower_is_a else higher_colour
        return colour, "5.2.5 the initial colour by the higher-ranked player's pairing number"
    colour = wanted(b).opposite if lower_is_a else wanted(a)
    return colour, "5.2.4 the higher-ranked player's preference granted"


def published_boards(pairs: list[tuple[Entrant, Entrant]], initial: Colour) -> list[tuple[Entrant, Entrant, str]]:
    """(White, Black, colour rule) of every pair, in the published board order (C.04.2 3.6).

    Colours are decided from the player with the smaller start number's side, as the reference engines do
    (the rules are symmetric except 5.2.4/5.2.5, which both look at the higher-ranked player). The scores
    ordering the boards are pairing scores (C.04.7 1.5: virtual points included when the event is accelerated).
    """
    sides = [(a, b) if a.tpn < b.tpn else (b, a) for a, b in pairs]
    return boards_in_order(sides, lambda a, b: allocate(a, b, initial))
