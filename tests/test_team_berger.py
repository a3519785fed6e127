"""team-berger: every team meets every other once per cycle, White on board 1 alternates, boards alternate."""

from __future__ import annotations

import pytest

from sheetpair.core.errors import PairingError
from sheetpair.core.model import Colour
from sheetpair.core.teams import Team, TeamByeKind, TeamEvent, TeamRound
from sheetpair.pairing.team_base import TeamSettings, from_options
from sheetpair.pairing.teams import get_team_system

SYSTEM = get_team_system("team-berger")


def _event(n: int) -> TeamEvent:
    return TeamEvent(tuple(Team(t, f"T{t}", (4 * t - 3, 4 * t - 2, 4 * t - 1, 4 * t)) for t in range(1, n + 1)),
                     boards=4)


def _all_rounds(event: TeamEvent, settings: TeamSettings) -> list[TeamRound]:
    rounds: list[TeamRound] = []
    planned = SYSTEM.planned_rounds(event, settings)
    assert planned is not None
    for k in range(1, planned + 1):
        rounds.append(SYSTEM.pair(TeamEvent(event.teams, event.boards, tuple(rounds)), k, settings))
    return rounds


@pytest.mark.parametrize("n", [4, 5, 6])
def test_every_pair_meets_once(n: int) -> None:
    rounds = _all_rounds(_event(n), TeamSettings())
    met = [frozenset((m.white, m.black)) for r in rounds for m in r.matches]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    if n % 2:
        assert all(len(r.byes) == 1 and r.byes[0].kind is TeamByeKind.REST for r in rounds)


def test_colours_alternate_by_round_and_by_board() -> None:
    event = _event(4)
    rounds = _all_rounds(event, TeamSettings())
    # Team 4 (the table's highest number) alternates White and Black on board 1.
    colours = [Colour.WHITE if m.white == 4 else Colour.BLACK
               for r in rounds for m in r.matches if 4 in (m.white, m.black)]
    assert colours == [Colour.BLACK, Colour.WHITE, Colour.BLACK]
    match = rounds[0].matches[0]
    assert [(g.white, g.black) for g in match.boards] == [(1, 13), (14, 2), (3, 15), (16, 4)]


def test_double_round_robin_and_limits() -> None:
    settings, _ = from_options(SYSTEM, {"cycles": "2"}, rounds=6)
    assert settings.double
    rounds = _all_rounds(_event(4), settings)
    met = [frozenset((m.white, m.black)) for r in rounds for m in r.matches]
    assert len(rounds) == 6 and all(met.count(p) == 2 for p in set(met))
    with pytest.raises(PairingError, match="has no round 7"):
        SYSTEM.pair(_event(4), 7, settings)
    with pytest.raises(PairingError, match="at least two teams"):
        SYSTEM.pair(_event(1), 1, settings)
