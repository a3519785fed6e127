"""FIDE C.07 tie-breaks: Buchholz, Sonneborn-Berger, Koya, progressive score, direct encounter, counts."""

from __future__ import annotations

from collections.abc import Callable, Collection

from ..model import Colour, Outcome
from ..state import RoundRecord, TournamentState
from .base import Compute, Contribution, TiebreakSpec, game_records, opponent_score


def _buchholz(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    return [
        Contribution(opponent_score(state, r), r.round, r.opponent, "opponent's score")
        for r in game_records(state[tpn])
    ]


def _sonneborn_berger(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    parts = []
    for r in game_records(state[tpn]):
        opp = opponent_score(state, r)
        fraction = r.result_fraction or 0.0
        parts.append(Contribution(opp * fraction, r.round, r.opponent, f"{fraction:g} × opponent's {opp:g}"))
    return parts


def _koya(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    threshold = state.max_points / 2
    return [
        Contribution(r.points, r.round, r.opponent, f"opponent scored {opponent_score(state, r):g} ≥ {threshold:g}")
        for r in game_records(state[tpn])
        if opponent_score(state, r) >= threshold - 1e-9
    ]


def _progressive(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    running = 0.0
    parts = []
    for r in state[tpn].records:
        running += r.points
        parts.append(Contribution(running, r.round, None, "score after the round"))
    return parts


def _direct_encounter(state: TournamentState, tpn: int, group: Collection[int]) -> list[Contribution]:
    """Points scored against the other tied players, applied only when all of them have met each other."""
    others = set(group) - {tpn}
    if not others or not _all_have_met(state, group):
        return []
    return [
        Contribution(r.points, r.round, r.opponent, "game between tied players")
        for r in game_records(state[tpn])
        if r.opponent in others
    ]


def _all_have_met(state: TournamentState, group: Collection[int]) -> bool:
    members = list(group)
    return all(
        any(r.opponent == b and r.result_fraction is not None for r in state[a].records)
        for i, a in enumerate(members)
        for b in members[i + 1:]
    )


def _count(predicate: Callable[[RoundRecord, float], bool], note: str) -> Compute:
    """A tie-break counting the rounds that satisfy ``predicate(record, points_for_a_win)``."""

    def compute(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
        win = state.settings.points_win
        return [Contribution(1.0, r.round, r.opponent, note) for r in state[tpn].records if predicate(r, win)]

    return compute


SPECS: tuple[TiebreakSpec, ...] = (
    TiebreakSpec("BH", "Buchholz", _buchholz, cuttable=True),
    TiebreakSpec("SB", "Sonneborn-Berger", _sonneborn_berger, cuttable=True),
    TiebreakSpec("KS", "Koya", _koya),
    TiebreakSpec("PS", "Progressive (cumulative) score", _progressive, cuttable=True),
    TiebreakSpec("DE", "Direct encounter", _direct_encounter, uses_tied_group=True),
    TiebreakSpec("WIN", "Number of rounds won, with or without playing", _count(
        lambda r, win: 0 < win <= r.points, "round worth a win")),
    TiebreakSpec("WON", "Number of games won over the board", _count(
        lambda r, _win: r.outcome is Outcome.WIN, "game won")),
    TiebreakSpec("BPG", "Number of games played with Black", _count(
        lambda r, _win: r.played and r.colour is Colour.BLACK, "game with Black")),
    TiebreakSpec("BWG", "Number of games won with Black", _count(
        lambda r, _win: r.outcome is Outcome.WIN and r.colour is Colour.BLACK, "win with Black")),
)
