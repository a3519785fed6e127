"""What the Norwegian rules read from a player's past: points, colours, opponents and WO points, and the
colour rules on them (rule 7A/7B absolute, rule 8 preference)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...core.model import Colour, Outcome, Tournament
from ...core.state import SystemTraits, derive

W, B = Colour.WHITE, Colour.BLACK
EPSILON = 1e-6
"""Points closer than this are equal."""


@dataclass(frozen=True)
class History:
    """What the Norwegian rules read from a player's past rounds."""

    points: float = 0.0
    colours: tuple[Colour, ...] = ()
    opponents: frozenset[int] = frozenset()
    wo_points: int = 0

    @functools.cached_property
    def whites(self) -> int:
        return self.colours.count(W)

    @functools.cached_property
    def blacks(self) -> int:
        return self.colours.count(B)

    @functools.cached_property
    def preference(self) -> Colour | None:
        """Rule 8: the colour that evens the balance, else the alternation; none before the first game."""
        if self.whites != self.blacks:
            return W if self.whites < self.blacks else B
        return self.colours[-1].opposite if self.colours else None

    def hard_violations(self, colour: Colour) -> int:
        """How many of rules 7A (4th equal colour in a row) and 7B (over half + 1) ``colour`` would break."""
        violations = int(len(self.colours) >= 3 and all(c is colour for c in self.colours[-3:]))
        whites = self.whites + (colour is W)
        blacks = self.blacks + (colour is B)
        limit = (whites + blacks) / 2 + 1
        return violations + int(max(whites, blacks) > limit + EPSILON)

    def third_in_a_row(self, colour: Colour) -> bool:
        return len(self.colours) >= 2 and self.colours[-1] is colour and self.colours[-2] is colour

    def balance_after(self, colour: Colour) -> int:
        return abs(self.whites + (colour is W) - self.blacks - (colour is B))


def histories(tournament: Tournament, round_number: int) -> dict[int, History]:
    """Every player's history before ``round_number``.

    Games are every paired board (played, forfeited, 0-0, or adjourned: a provisional draw until resolved); the
    pairing-allocated bye is a White game and a WO point, as is a forfeit win. Requested byes carry only points.
    """
    state = derive(tournament, through_round=round_number - 1, traits=SystemTraits(postponed_as_draw=True))
    result: dict[int, History] = {}
    for tpn, player in state.players.items():
        points, colours, opponents, wo = 0.0, [], set(), 0
        for r in player.records:
            points += r.points
            if r.outcome is Outcome.PAIRING_BYE:
                colours.append(W)
            elif r.opponent is not None:
                colours.append(r.scheduled_colour or W)
                opponents.add(r.opponent)
            wo += r.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN)
        result[tpn] = History(points, tuple(colours), frozenset(opponents), wo)
    return result


def has_adjourned_games(tournament: Tournament, before_round: int) -> bool:
    state = derive(tournament, through_round=before_round - 1)
    return any(r.opponent is not None and r.outcome is Outcome.PENDING
               for p in state.players.values() for r in p.records)
