"""Colour history questions the Swiss-type systems ask, answered once from the derived state.

Colours are those of games played over the board (:attr:`PlayerState.colours`): byes and forfeits give no
colour, so they neither lengthen nor break a run of equal colours.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.model import Colour
from ..core.state import PlayerState


def whites(player: PlayerState) -> int:
    return player.colours.count(Colour.WHITE)


def blacks(player: PlayerState) -> int:
    return player.colours.count(Colour.BLACK)


def last_colour(player: PlayerState) -> Colour | None:
    colours = player.colours
    return colours[-1] if colours else None


def run_length(colours: Sequence[Colour]) -> int:
    """How many of the last colours in a row are the same (0 for no colours)."""
    run = 0
    for colour in reversed(colours):
        if colour is not colours[-1]:
            break
        run += 1
    return run


def colour_run(player: PlayerState) -> int:
    """How many games in a row, up to the last one, the player had the same colour (0 before any game)."""
    return run_length(player.colours)


def may_take(player: PlayerState, colour: Colour, *, max_run: int, max_difference: int = 2) -> bool:
    """True when ``colour`` keeps the player within the limits: |Whites − Blacks| at most ``max_difference``
    after the game, and no more than ``max_run`` equal colours in a row."""
    difference = player.colour_difference + (1 if colour is Colour.WHITE else -1)
    if abs(difference) > max_difference:
        return False
    return not (last_colour(player) is colour and colour_run(player) >= max_run)
