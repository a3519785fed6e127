"""Team TRF-2026 files read into the team model: every case's match and game points equal its standings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetpair.core.errors import TrfError
from sheetpair.core.teams import derive_teams
from sheetpair.io.trf_team import read_team_trf

from .conftest import CONFORMANCE

CASES = sorted((CONFORMANCE / "team").glob("t*.trf"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_scores_equal_the_reference_standings(path: Path) -> None:
    team_file = read_team_trf(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))["standings"]
    history = derive_teams(team_file.event)
    got = {tpn: (h.match_points / 2, h.game_points / 2) for tpn, h in history.items()}
    assert got == {row["tpn"]: (row["mp"], row["gp"]) for row in expected}


def test_a_file_without_teams_is_refused_with_its_line() -> None:
    with pytest.raises(TrfError, match="line 1: the file has no team records"):
        read_team_trf("012 Open\n")
