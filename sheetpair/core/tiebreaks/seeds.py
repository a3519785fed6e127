"""The tie-breaks of the seed texts and Winther's pages: WNT and the pages' own variants."""

from __future__ import annotations

from collections.abc import Collection

from ..state import TournamentState
from .base import Contribution, TiebreakSpec, game_records, opponent_score


def _wnt(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """WNT = 100 × Σ (Pᵢ/N)(rᵢ + Pᵢ/(2N)), N the rounds played so far; byes have no opponent and count nothing."""
    n = state.through_round
    if n == 0:
        return []
    full = n * state.settings.points_win
    parts = []
    for r in game_records(state[tpn]):
        share = opponent_score(state, r) / full
        result = r.result_fraction or 0.0
        parts.append(
            Contribution(100 * share * (result + share / 2), r.round, r.opponent,
                         f"100 × {share:.3f} × ({result:g} + {share:.3f}/2)")
        )
    return parts


SPECS: tuple[TiebreakSpec, ...] = (
    TiebreakSpec("WNT", "WNT (opponents' score share squared, weighted by results)", _wnt),
)
