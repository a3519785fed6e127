"""The tie-breaks of the seed texts and Winther's pages: WNT and the pages' own variants."""

from __future__ import annotations

from collections.abc import Callable, Collection

from ..state import PlayerState, RoundRecord, TournamentState
from .base import Compute, Contribution, TiebreakSpec, game_records, opponent_score


def _wnt_over(records: Callable[[PlayerState], list[RoundRecord]]) -> Compute:
    """WNT = 100 × Σ (Pᵢ/N)(rᵢ + Pᵢ/(2N)) over ``records``, N the rounds played so far; byes count nothing."""

    def compute(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
        n = state.through_round
        if n == 0:
            return []
        full = n * state.settings.points_win
        parts = []
        for r in records(state[tpn]):
            share = opponent_score(state, r) / full
            result = r.result_fraction or 0.0
            parts.append(
                Contribution(100 * share * (result + share / 2), r.round, r.opponent,
                             f"100 × {share:.3f} × ({result:g} + {share:.3f}/2)")
            )
        return parts

    return compute


def _played_games(player: PlayerState) -> list[RoundRecord]:
    """Games played over the board: the Berger-Swiss seed leaves forfeits and postponed games out of WNT."""
    return [r for r in player.records if r.played and r.opponent is not None]


def _rating(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """The player's own rating: the Scheveningen page's last criterion before the board order (§6)."""
    return [Contribution(float(state[tpn].player.rating), note="rating")]


SPECS: tuple[TiebreakSpec, ...] = (
    TiebreakSpec("WNT", "WNT (opponents' score share squared, weighted by results)", _wnt_over(game_records)),
    TiebreakSpec("WNTP", "WNT over games played over the board (Berger-Swiss: no forfeits)",
                 _wnt_over(_played_games)),
    TiebreakSpec("RTG", "The player's own rating, higher first", _rating),
)
