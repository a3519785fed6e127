"""C.04.6 §4: which team of a match has White on board 1, and the order of the tables.

The tables follow the pairing order of the higher team of each match (pairing score, then start
number). Colours, for the higher team ``a`` and the lower team ``b``:

1. Both preferences are granted when they differ, or when only one team has one.
2. Both want the same colour: a strong preference beats a mild one; then the larger colour difference;
   then, going back through the rounds, the team whose colour differed from the other's in the latest such
   round alternates; then the higher team gets its preference.
3. Neither has a preference: a team that has played alternates from its last colour (the higher team
   first); two teams that never played take the initial colour (4.1) on odd tables for the higher team.
"""

from __future__ import annotations

from ...core.model import Colour
from .state import RoundState, TeamStanding


def _same_preference(x: TeamStanding, y: TeamStanding) -> bool:
    """True when ``x`` (the higher team) gets the colour both prefer."""
    if x.strong_wish != y.strong_wish:
        return x.strong_wish
    if abs(x.difference) != abs(y.difference):
        return abs(x.difference) > abs(y.difference)
    for cx, cy in zip(reversed(x.colours), reversed(y.colours), strict=False):
        if cx is not cy:
            return cx is not x.wish
    return True


def white_of(state: RoundState, a: int, b: int, table: int, initial: Colour) -> tuple[int, str]:
    """The team with White on board 1 when ``a`` meets ``b`` at ``table``, and the rule that decided."""
    x, y = state.teams[a], state.teams[b]
    if state.colour_rank(b) < state.colour_rank(a):
        a, b, x, y = b, a, y, x
    if x.wish is not None and x.wish is not y.wish:
        return (a if x.wish is Colour.WHITE else b), f"team {a}'s colour preference is granted"
    if y.wish is not None and x.wish is None:
        return (b if y.wish is Colour.WHITE else a), f"team {b}'s colour preference is granted"
    if x.wish is not None:
        a_gets = _same_preference(x, y)
        winner = a if a_gets else b
        return (a if (x.wish is Colour.WHITE) == a_gets else b), (
            f"both prefer {x.wish.name.lower()}; team {winner} gets it (strength, colour difference, "
            "latest round with different colours, then rank)")
    for cx, cy in zip(reversed(x.colours), reversed(y.colours), strict=False):
        if cx is not cy:
            return (b if cx is Colour.WHITE else a), "no preference: both alternate from the latest round " \
                "in which their colours differed"
    if x.colours:
        return (b if x.colours[-1] is Colour.WHITE else a), f"no preference: team {a} alternates from its last colour"
    if y.colours:
        return (a if y.colours[-1] is Colour.WHITE else b), f"no preference: team {b} alternates from its last colour"
    a_white = (initial is Colour.WHITE) == (table % 2 == 1)
    return (a if a_white else b), f"first match of both: the initial colour (4.1) by table {table}"


def tables(state: RoundState, pairs: tuple[tuple[int, int], ...], initial: Colour) -> list[tuple[int, int, str]]:
    """The matches as (white, black, colour reason) in table order."""
    ordered = sorted((tuple(sorted(p, key=state.rank_key)) for p in pairs),
                     key=lambda p: (state.rank_key(p[0]), state.rank_key(p[1])))
    out = []
    for table, (a, b) in enumerate(ordered, start=1):
        white, reason = white_of(state, a, b, table, initial)
        out.append((white, b if white == a else a, reason))
    return out
