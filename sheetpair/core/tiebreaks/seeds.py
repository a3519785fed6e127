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


# --- Winther Swiss pages (club-swiss, swiss-eng) and the simple club Swiss (seed 003) ---------------------
# The pages' Buchholz and Sonneborn-Berger sum over the games only (forfeits included): no virtual opponents
# for byes, as FIDE C.07 Art. 16 has. (The Monrad branch defines BHG, SBG and BHN with the same meaning: one
# definition each is meant to stay.)


def _buchholz_over_games(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    return [Contribution(opponent_score(state, r), r.round, r.opponent, "opponent's score")
            for r in game_records(state[tpn])]


def _sonneborn_berger_over_games(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    parts = []
    for r in game_records(state[tpn]):
        opp = opponent_score(state, r)
        fraction = r.result_fraction or 0.0
        parts.append(Contribution(opp * fraction, r.round, r.opponent, f"{fraction:g} × opponent's {opp:g}"))
    return parts


def _buchholz_byes_as_zero(state: TournamentState, tpn: int, group: Collection[int]) -> list[Contribution]:
    """Opponents' scores of every game, plus a 0 for every bye, in round order.

    Seed ``003``: "A bye counts as an opponent with 0 points. Cut-1 drops the lowest of those scores", so a
    cut removes the bye first (the Norwegian Monrad page's list is the same; one code serves both).
    """
    byes = [Contribution(0.0, r.round, None, "bye: an opponent with 0 points") for r in state[tpn].byes]
    return sorted(_buchholz_over_games(state, tpn, group) + byes, key=lambda c: c.round or 0)


SPECS: tuple[TiebreakSpec, ...] = (
    TiebreakSpec("WNT", "WNT (opponents' score share squared, weighted by results)", _wnt_over(game_records)),
    TiebreakSpec("WNTP", "WNT over games played over the board (Berger-Swiss: no forfeits)",
                 _wnt_over(_played_games)),
    # Winther Swiss pages and the simple club Swiss (seed 003)
    TiebreakSpec("BHG", "Buchholz over games (no virtual opponents, byes count nothing)", _buchholz_over_games,
                 cuttable=True),
    TiebreakSpec("SBG", "Sonneborn-Berger over games (no virtual opponents)", _sonneborn_berger_over_games,
                 cuttable=True),
    TiebreakSpec("BHN", "Buchholz with a bye counted as an opponent with 0 points", _buchholz_byes_as_zero,
                 cuttable=True),
)
