"""Team tie-breaks equal TieBreakServer's values in every reference case (C.07 2026, Art. 16 for the
unplayed rounds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetpair.core.tiebreaks.team import TEAM_TIEBREAKS, team_tiebreak, team_tiebreaks
from sheetpair.io.trf_team import read_team_trf

from .conftest import CONFORMANCE

CASES = sorted((CONFORMANCE / "team").glob("t*.trf"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_values_equal_the_reference(path: Path) -> None:
    team_file = read_team_trf(path.read_text(encoding="utf-8"))
    expected = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))["tiebreaks"]["standings"]
    codes = TEAM_TIEBREAKS
    mine = team_tiebreaks(team_file.event, codes)
    for row in expected:
        for code in codes:
            assert mine[row["tpn"]][code] == pytest.approx(row["values"][code], abs=0.006), (row["tpn"], code)
    assert team_tiebreak(team_file.event, 1, "MPTS") == mine[1]["MPTS"]


def test_an_unknown_code_is_refused() -> None:
    team_file = read_team_trf(CASES[0].read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="unknown team tie-break 'XYZ'"):
        team_tiebreak(team_file.event, 1, "XYZ")
