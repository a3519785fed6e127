"""Colours and board order of the Burstein systems.

Both texts grant colour preferences in the order of the Dutch system's Art. 5.2.1–5.2.3 (both preferences,
the stronger one, alternation from the last round the two differed: the classic text's Art. 5.4 "due
colour", "equalizing", "alternating"), which :func:`sheetpair.pairing.dutch.colours.preferred_colour`
decides. They differ from the Dutch only in the last step, which looks at the index instead of the score:

* neither player has a preference (both still to play): the player with the smaller start number takes the
  initial colour if that number is odd, the other colour if it is even (classic Art. 5.1; 2026 Art. 5.2.1
  with the higher-ranked player by the index);
* otherwise the player ranked higher by the index gets his preference (classic Art. 5.4 "assigning his due
  colour to the player with the higher SB"; 2026 Art. 5.2.5).
"""

from __future__ import annotations

from ...core.model import Colour
from ..dutch.colours import preferred_colour
from ..dutch.entrants import Entrant


def allocate(higher: Entrant, lower: Entrant, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``higher`` (ranked above ``lower`` by the index) and the rule that decided it."""
    colour, rule = preferred_colour(higher, lower)
    if colour is not None:
        return colour, rule
    if higher.colour_preference is None:
        first = higher if higher.rank < lower.rank else lower
        first_colour = initial if first.rank % 2 == 0 else initial.opposite
        colour = first_colour if first is higher else first_colour.opposite
        return colour, f"initial colour {initial.value} by the smaller start number ({first.tpn})"
    return higher.colour_preference, "the player ranked higher by the index gets his preference"


def board_order_key(white: Entrant, black: Entrant, standing: dict[int, int]) -> tuple[int, int, int]:
    """Boards by the score of the higher-placed player, then the lower one's, then the higher one's number.

    ``standing`` is each player's score in units *without* virtual points: boards show the real standings.
    """
    higher, lower = sorted((white, black), key=lambda e: (-standing[e.tpn], e.rank))
    return (-standing[higher.tpn], -standing[lower.tpn], higher.rank)
