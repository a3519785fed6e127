"""Team TRF-2026 files read into the team model: every case's match and game points equal its standings."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from sheetpair.core.errors import TrfError
from sheetpair.core.teams import Team, TeamByeKind, TeamScoring, derive_teams
from sheetpair.io.trf_team import read_team_trf
from sheetpair.io.trf_team_write import write_team_trf

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


REAL = CONFORMANCE / "trf-real"
REAL_TEAM_FILES = ["trf26_team_small.trf", "trf26_grandmommyscup.trf"]


@pytest.mark.parametrize("name", REAL_TEAM_FILES)
def test_real_team_files_come_back_byte_for_byte(name: str) -> None:
    path = REAL / name
    if not path.exists():
        pytest.skip(f"{name} is not in the committed slice")
    raw = path.read_bytes().decode("utf-8")
    assert write_team_trf(read_team_trf(raw)) == raw


def test_reference_cases_come_back_byte_for_byte() -> None:
    for path in CASES:
        text = path.read_text(encoding="utf-8")
        assert write_team_trf(read_team_trf(text)) == text, path.stem


def test_a_changed_team_is_rewritten_and_reads_back() -> None:
    text = (CONFORMANCE / "team" / "t1001.trf").read_text(encoding="utf-8")
    team_file = read_team_trf(text)
    event = team_file.event
    renamed = replace(event.teams[0], name="Porto Knights")
    new_team = Team(99, "Latecomers", (901, 902, 903, 904), short_name="LAT")
    team_file.event = replace(event, teams=(renamed, *event.teams[1:], new_team))
    written = write_team_trf(team_file)
    changed = [line for line in written.splitlines() if line not in text.splitlines()]
    assert len(changed) == 2 and changed[0].startswith("310   1 Porto Knights")
    again = read_team_trf(written)
    assert again.event.teams[0] == renamed and again.event.team(99) == new_team


def test_trf16_team_records_013() -> None:
    text = ("012 Club league\n013 Knights                            1    2\n"
            "013 Rooks                              3    4\n")
    team_file = read_team_trf(text)
    assert [(t.tpn, t.name, t.members) for t in team_file.event.teams] == [(1, "Knights", (1, 2)), (2, "Rooks", (3, 4))]
    assert write_team_trf(team_file) == text
    team_file.event = replace(team_file.event, teams=(Team(1, "Knights", (2, 1)), team_file.event.teams[1]))
    assert write_team_trf(team_file).splitlines()[1] == "013 Knights                            2    1"


def test_out_of_order_line_ups_and_forfeited_matches_are_read() -> None:
    path = REAL / "trf26_grandmommyscup.trf"
    if not path.exists():
        pytest.skip("the 50-team file is not in the committed slice")
    event = read_team_trf(path.read_bytes().decode("utf-8")).event
    round_1, round_4, round_6 = event.rounds[0], event.rounds[3], event.rounds[5]
    assert round_1.lineups[16] == (242, 246, 243, 244)  # record 300: team 16's boards in round 1
    forfeited = {(m.white, m.black): m.forfeit_winner for m in round_4.matches if m.forfeit_winner is not None}
    assert forfeited[(23, 33)] == 23  # record 330 "+-": the White team wins the match by forfeit
    assert {(m.white, m.black): m.forfeit_winner for m in round_6.matches}[(24, 2)] == 0  # "--"
    assert derive_teams(event)[23].game_points >= 2 * event.boards


def test_the_real_team_files_scores_equal_their_own_310_scores() -> None:
    """Every team of the 50-team file scores what its 310 record says: a member written ``0000 - -`` beyond
    the boards is a reserve who did not play, a board without an opponent takes the board's colour, and an
    announced absence worth a drawn or won match (240 H, F) scores its boards too (the file's 801 writes
    them HHHH and FFFF)."""
    path = REAL / "trf26_grandmommyscup.trf"
    if not path.exists():
        pytest.skip("the 50-team file is not in the committed slice")
    text = path.read_bytes().decode("utf-8")
    declared = {int(line[4:7]): (float(line[52:].split()[1]), float(line[52:].split()[2]))
                for line in text.splitlines() if line.startswith("310")}
    history = derive_teams(read_team_trf(text).event)
    mine = {t: (h.match_points / 2, h.game_points / 2) for t, h in history.items()}
    assert {t: (mine[t], d) for t, d in declared.items() if mine[t] != d} == {}
    assert len(declared) == 50


def test_an_announced_absence_scores_its_match_and_its_boards() -> None:
    scoring = TeamScoring()
    win, draw, _ = scoring.match_points
    assert scoring.bye_points(TeamByeKind.FULL, 4) == (win, 8)
    assert scoring.bye_points(TeamByeKind.HALF, 4) == (draw, 4)
    assert scoring.bye_points(TeamByeKind.ABSENT, 4) == (0, 0)
    assert scoring.bye_points(TeamByeKind.PAB, 4) == scoring.pab_points(4)
