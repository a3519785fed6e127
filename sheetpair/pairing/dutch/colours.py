"""Colour allocation, C.04.3 Art. 5 (identical in the 2017 text, E.1–E.5), and why each colour was given."""

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


def _wanted(entrant: Entrant) -> Colour:
    """The colour ``entrant`` prefers (only asked of players who have a preference)."""
    assert entrant.colour_preference is not None
    return entrant.colour_preference


def ranks_above(a: Entrant, b: Entrant) -> bool:
    """C.04.3 1.2: higher pairing score, then smaller pairing number."""
    return (a.score, -a.rank) > (b.score, -b.rank)


def preferred_colour(a: Entrant, b: Entrant) -> tuple[Colour | None, str]:
    """The colour of ``a`` against ``b`` as far as the two colour histories decide it (5.2.1–5.2.3), and the
    article; ``None`` when they do not (both without preference, or equal preferences never differing).

    The Burstein systems grant preferences in the same order and differ only in the last step.
    """
    if _compatible(a, b):
        if a.colour_preference is not None:
            both = b.colour_preference is not None
            return a.colour_preference, ("5.2.1 both colour preferences granted" if both
                                         else "5.2.1 the only colour preference granted")
        if b.colour_preference is not None:
            return b.colour_preference.opposite, "5.2.1 the only colour preference granted"
    else:
        if a.absolute_preference and (a.colour_imbalance > b.colour_imbalance or not b.absolute_preference):
            return _wanted(a), "5.2.2 the stronger (absolute) preference granted"
        if b.absolute_preference and (b.colour_imbalance > a.colour_imbalance or not a.absolute_preference):
            return _wanted(b).opposite, "5.2.2 the stronger (absolute) preference granted"
        if a.strong_preference and not b.strong_preference:
            return _wanted(a), "5.2.2 the stronger preference granted"
        if b.strong_preference and not a.strong_preference:
            return _wanted(b).opposite, "5.2.2 the stronger preference granted"
        mine, theirs = _last_difference(a, b)
        if mine is not None and theirs is not None:
            return theirs, "5.2.3 colours alternated from the last round they differed"
    return None, ""


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
    colour = _wanted(b).opposite if lower_is_a else _wanted(a)
    return colour, "5.2.4 the higher-ranked player's preference granted"


def board_order_key(white: Entrant, black: Entrant) -> tuple[int, int, int]:
    """C.04.2 3.6: higher score of the higher-ranked player, then the sum, then that player's number.

    The scores are pairing scores (C.04.7 1.5: virtual points included when the event is accelerated).
    """
    higher, lower = (white, black) if ranks_above(white, black) else (black, white)
    return (-higher.score, -lower.score, higher.rank)


def published_boards(pairs: list[tuple[Entrant, Entrant]], initial: Colour) -> list[tuple[Entrant, Entrant, str]]:
    """(White, Black, colour rule) of every pair, in the published board order.

    Colours are decided from the player with the smaller start number's side, as the reference engines do
    (the rules are symmetric except 5.2.4/5.2.5, which both look at the higher-ranked player).
    """
    boards = []
    for first, second in pairs:
        a, b = (first, second) if first.tpn < second.tpn else (second, first)
        colour, rule = allocate(a, b, initial)
        boards.append((a, b, rule) if colour is Colour.WHITE else (b, a, rule))
    boards.sort(key=lambda board: board_order_key(board[0], board[1]))
    return boards
