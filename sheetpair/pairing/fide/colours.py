"""Colour preferences granted in the order of C.04.3 Art. 5.2.1–5.2.3 (identical in the 2017 text, E.1–E.3).

The Dutch system and both Burstein texts grant preferences in this order (both preferences, the stronger
one, alternation from the last round the two differed) and differ only in the last step, which each
system's own colour module writes.
"""

from __future__ import annotations

from ...core.model import Colour
from .entrants import Entrant


def _compatible(a: Entrant, b: Entrant) -> bool:
    return a.colour_preference is None or b.colour_preference is None or a.colour_preference is not b.colour_preference


def _last_difference(a: Entrant, b: Entrant) -> tuple[Colour | None, Colour | None]:
    """5.2.3: the colours of the latest round in which the two had different colours (GHR 3.4: played
    games only, aligned from the most recent one)."""
    for mine, theirs in zip(reversed(a.played_colours), reversed(b.played_colours)):
        if mine is not theirs:
            return mine, theirs
    return None, None


def wanted(entrant: Entrant) -> Colour:
    """The colour ``entrant`` prefers (only asked of players who have a preference)."""
    assert entrant.colour_preference is not None
    return entrant.colour_preference


def preferred_colour(a: Entrant, b: Entrant) -> tuple[Colour | None, str]:
    """The colour of ``a`` against ``b`` as far as the two colour histories decide it (5.2.1–5.2.3), and the
    article; ``None`` when they do not (both without preference, or equal preferences never differing)."""
    if _compatible(a, b):
        if a.colour_preference is not None:
            both = b.colour_preference is not None
            return a.colour_preference, ("5.2.1 both colour preferences granted" if both
                                         else "5.2.1 the only colour preference granted")
        if b.colour_preference is not None:
            return b.colour_preference.opposite, "5.2.1 the only colour preference granted"
    else:
        if a.absolute_preference and (a.colour_imbalance > b.colour_imbalance or not b.absolute_preference):
            return wanted(a), "5.2.2 the stronger (absolute) preference granted"
        if b.absolute_preference and (b.colour_imbalance > a.colour_imbalance or not a.absolute_preference):
            return wanted(b).opposite, "5.2.2 the stronger (absolute) preference granted"
        if a.strong_preference and not b.strong_preference:
            return wanted(a), "5.2.2 the stronger preference granted"
        if b.strong_preference and not a.strong_preference:
            return wanted(b).opposite, "5.2.2 the stronger preference granted"
        mine, theirs = _last_difference(a, b)
        if mine is not None and theirs is not None:
            return theirs, "5.2.3 colours alternated from the last round they differed"
    return None, ""
