"""Team tie-breaks equal TieBreakServer's values in every reference case (C.07 2026, Art. 16 for the
unplayed rounds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetpair.core.model import Result
from sheetpair.core.team_standings import team_table
from sheetpair.core.teams import BoardGame, Match, Team, TeamEvent, TeamRound
from sheetpair.core.tiebreaks.team import TEAM_TIEBREAKS, TIED_ONLY, team_tiebreak, team_tiebreaks
from sheetpair.io.trf_team import read_team_trf

from .conftest import CONFORMANCE

CASES = sorted((CONFORMANCE / "team").glob("t*.trf"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_values_equal_the_reference(path: Path) -> None:
    team_file = read_team_trf(path.read_text(encoding="utf-8"))
    reference = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))["tiebreaks"]
    expected, codes = reference["standings"], tuple(reference["asked"])  # the tied-only codes depend on the order
    assert set(codes) == set(TEAM_TIEBREAKS)
    mine = team_tiebreaks(team_file.event, codes)
    for row in expected:
        for code in codes:
            assert mine[row["tpn"]][code] == pytest.approx(row["values"][code], abs=0.006), (row["tpn"], code)
    assert team_tiebreak(team_file.event, 1, "MPTS") == mine[1]["MPTS"]


def test_an_unknown_code_is_refused() -> None:
    team_file = read_team_trf(CASES[0].read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="unknown team tie-break 'XYZ'"):
        team_tiebreak(team_file.event, 1, "XYZ")


def _match(table: int, white: int, black: int, boards: str) -> Match:
    """A match whose boards are read from the White team's side: w (its player wins), l, d."""
    results = {("w", 1): Result.WHITE_WINS, ("l", 1): Result.BLACK_WINS, ("w", 0): Result.BLACK_WINS,
               ("l", 0): Result.WHITE_WINS}
    games = tuple(BoardGame(b, 10 * white + b, 10 * black + b, results.get((r, b % 2), Result.DRAW))
                  for b, r in enumerate(boards, start=1))
    return Match(table, white, black, games)


def _event(*rounds: tuple[Match, ...]) -> TeamEvent:
    teams = tuple(Team(t, f"Team {t}", (10 * t + 1, 10 * t + 2)) for t in range(1, 5))
    return TeamEvent(teams, 2, tuple(TeamRound(n, r) for n, r in enumerate(rounds, start=1)))


def test_direct_encounter_places_the_tied_teams() -> None:
    """Teams 1 and 2 both won one match; team 2 beat team 1, so DE puts it first; the others are alone."""
    event = _event((_match(1, 2, 1, "ww"), _match(2, 3, 4, "ww")), (_match(1, 1, 4, "ww"), _match(2, 3, 2, "ww")))
    assert {t: v["DE"] for t, v in team_tiebreaks(event, ("DE",)).items()} == {1: 2.0, 2: 1.0, 3: 0.0, 4: 0.0}


def test_the_board_comparisons_decide_a_drawn_encounter() -> None:
    """Teams 1 and 2 drew 1-1 (team 2 won board 1, team 1 board 2) and are equal on both scores: DE and EDE
    cannot separate them, the board comparisons of 12 and 13.3.2 put team 2 first, and so do TBR, BBE and
    the board count (the lower count first) in the standings."""
    event = _event((_match(1, 1, 2, "lw"), _match(2, 3, 4, "ww")), (_match(1, 1, 4, "ww"), _match(2, 2, 3, "ww")))
    values = {t: {c: team_tiebreaks(event, (c,))[t][c] for c in TIED_ONLY + ("BC",)} for t in range(1, 5)}
    assert values[1]["DE"] == values[2]["DE"] == values[1]["EDE"] == values[2]["EDE"] == 0.0
    for code in ("EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"):
        assert (values[2][code], values[1][code], values[3][code]) == (1.0, 2.0, 0.0), code
    assert (values[2]["BC"], values[1]["BC"]) == (4.0, 5.0)
    assert [s.tpn for s in team_table(event, ("BC",), {}).teams][:2] == [2, 1]
    assert [s.tpn for s in team_table(event, ("EDET",), {}).teams][:2] == [2, 1]


def test_a_tied_code_counts_only_the_teams_tied_before_it() -> None:
    """After TBR has separated teams 1 and 2, DE has nobody left to place."""
    event = _event((_match(1, 1, 2, "lw"), _match(2, 3, 4, "ww")), (_match(1, 1, 4, "ww"), _match(2, 2, 3, "ww")))
    values = team_tiebreaks(event, ("TBR", "EDET"))
    assert (values[1]["EDET"], values[2]["EDET"]) == (0.0, 0.0)
