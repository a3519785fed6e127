"""Colours and board order of the Burstein systems.

Both texts grant colour preferences in the order of the Dutch system's Art. 5.2.1–5.2.3 (both preferences,
the stronger one, alternation from the last round the two differed: the classic text's Art. 5.4 "due
colour", "equalizing", "alternating"), which :func:`sheetpair.pairing.fide.colours.preferred_colour`
decides. They differ from the Dutch only in the last step, which looks at the index instead of the score:

* neither player has a preference (both still to play): the player with the smaller start number takes the
  initial colour if that number is odd, the other colour if it is even (classic Art. 5.1; 2026 Art. 5.2.1
  with the higher-ranked player by the index);
* otherwise the player ranked higher by the index gets his preference (classic Art. 5.4 "assigning his due
  colour to the player with the higher SB"; 2026 Art. 5.2.5).
"""

from __future__ import annotations

from ...core.model import Colour
from ..fide.boards import Placed
from ..fide.boards import board_order_key as placed_order
from ..fide.colours import preferred_colour
from ..fide.entrants import Entrant

DUTCH_TO_2026 = {"5.2.1": "5.2.2", "5.2.2": "5.2.3", "5.2.3": "5.2.4"}
"""The Dutch articles granting preferences and the 2026 Burstein articles that say the same (its 5.2.1 is
the rule for two players yet to play)."""


def preferences_agree(a: Entrant, b: Entrant) -> bool:
    """True when both players can have the colour they prefer (classic 6.5 "due colours", 2026 [C8])."""
    return a.colour_preference is None or b.colour_preference is None or a.colour_preference is not b.colour_preference


def allowed_game(a: Entrant, b: Entrant, forbidden: set[frozenset[int]]) -> bool:
    """True when ``a`` and ``b`` may meet: not met over the board (classic 3.1, 2026 [C1]), not a pair the
    arbiter ruled out, and not two players who must both have the same colour (classic 5.2/5.3, 2026 [C3])."""
    if b.tpn in a.played_opponents or frozenset((a.tpn, b.tpn)) in forbidden:
        return False
    return not (a.absolute_preference and b.absolute_preference and a.colour_preference is b.colour_preference)


def allocate(higher: Entrant, lower: Entrant, initial: Colour) -> tuple[Colour, str]:
    """The colour of ``higher`` (ranked above ``lower`` by the index) and the rule that decided it."""
    colour, rule = preferred_colour(higher, lower)
    if colour is not None:
        return colour, rule.split(" ", 1)[1]  # the Dutch article number goes: the classic text has one rule, 5.4
    if higher.colour_preference is None:
        first = higher if higher.rank < lower.rank else lower
        first_colour = initial if first.rank % 2 == 0 else initial.opposite
        colour = first_colour if first is higher else first_colour.opposite
        return colour, f"initial colour {initial.value} by the smaller start number ({first.tpn})"
    return higher.colour_preference, "the player higher by SB (Buchholz, Median) gets his due colour"


def allocate_by_index(higher: Entrant, lower: Entrant, initial: Colour) -> tuple[Colour, str]:
    """2026 Art. 5.2: the colour of ``higher`` (ranked above ``lower`` in the order of Art. 1.8).

    5.2.1: two players yet to play: the higher-ranked one takes the initial colour when his start number is
    odd; 5.2.2–5.2.4 as the Dutch system; 5.2.5: the higher-ranked player's preference.
    """
    colour, rule = preferred_colour(higher, lower)
    if colour is not None:
        dutch_article, reason = rule.split(" ", 1)
        return colour, f"{DUTCH_TO_2026[dutch_article]} {reason}"
    if higher.colour_preference is None:
        colour = initial if higher.tpn % 2 else initial.opposite
        return colour, f"5.2.1 both yet to play: initial colour {initial.value} by {higher.tpn}'s start number"
    return higher.colour_preference, "5.2.5 the preference of the player ranked higher by the index"


def board_order_key(white: Entrant, black: Entrant, standing: dict[int, int]) -> tuple[int, int, int]:
    """The board order of C.04.2 (:func:`sheetpair.pairing.fide.boards.board_order_key`) on the standings.

    ``standing`` is each player's score in units *without* virtual points: boards show the real standings.
    """
    return placed_order(Placed(standing[white.tpn], white.pairing_number),
                        Placed(standing[black.tpn], black.pairing_number))
