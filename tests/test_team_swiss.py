"""team-swiss replayed on the reference cases: every round of the sequential engine (engine 2), and so
every round where both engines agree, except the rounds listed (and argued) in docs/teams.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetpair.app.teams import (
    before_round,
    check_team_file,
    matches_of,
    pair_team_round,
    read_team_file,
    team_settings,
)
from sheetpair.core.errors import PairingError
from sheetpair.core.teams import pairing_json
from sheetpair.io.trf_team import read_team_trf
from sheetpair.pairing.teams import get_team_system

from .conftest import CONFORMANCE

CASES = sorted((CONFORMANCE / "team").glob("t*.trf"))

OTHER_COLOURS = {("t1011", 4), ("t1013", 6), ("t1019", 4), ("t1024", 4), ("t1025", 4), ("t1034", 2),
                 ("t1034", 3)}
"""Same pairs as engine 2, another board-1 colour in one match (docs/teams.md, "Colours")."""
OTHER_PAIRS = {("t1006", 5), ("t1021", 7)}
"""Another pairing than engine 2's (docs/teams.md, "The following scoregroup")."""


def _rounds(path: Path, ref: str) -> list[tuple[int, list[list[int]]]]:
    case = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    return [(int(k), v) for k, v in case["ref"][ref].items()]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_replay_against_the_sequential_engine(path: Path) -> None:
    team_file = read_team_trf(path.read_text(encoding="utf-8"))
    for k, expected in _rounds(path, "engine2"):
        mine, pab = matches_of(pair_team_round(team_file, k))
        theirs = {(w, b) for w, b in expected if b}
        their_pab = {w for w, b in expected if not b}
        same_pairs = pab == their_pab and {frozenset(m) for m in mine} == {frozenset(m) for m in theirs}
        assert same_pairs != ((path.stem, k) in OTHER_PAIRS), f"{path.stem} round {k}: pairs"
        if same_pairs:
            assert (mine == theirs) != ((path.stem, k) in OTHER_COLOURS), f"{path.stem} round {k}: colours"


def test_consensus_rounds_all_match() -> None:
    for path in CASES:
        case = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        team_file = read_team_trf(path.read_text(encoding="utf-8"))
        for k in case["consensus_rounds"]:
            mine, _ = matches_of(pair_team_round(team_file, k))
            assert mine == {(w, b) for w, b in case["ref"]["engine1"][str(k)] if b}, f"{path.stem} round {k}"


def test_the_pairing_carries_boards_in_the_json_shape() -> None:
    team_file = read_team_trf((CONFORMANCE / "team" / "t1001.trf").read_text(encoding="utf-8"))
    data = pairing_json(pair_team_round(team_file, 1), team_file.event)
    first = data["matches"][0]  # type: ignore[index]
    assert (first["table"], first["white"], first["black"]) == (1, 8, 1)
    # Team 8's board-1 player has White, team 1's board-2 player has White.
    assert first["boards"][:2] == [{"board": 1, "white": 36, "black": 1}, {"board": 2, "white": 2, "black": 37}]
    assert data["byes"] == [{"team": 15, "points": 1.0, "kind": "pab"}]


def test_explain_names_brackets_and_the_pab() -> None:
    team_file = read_team_trf((CONFORMANCE / "team" / "t1001.trf").read_text(encoding="utf-8"))
    system = get_team_system("team-swiss")
    text = system.explain(before_round(team_file.event, 2), 2, team_settings(team_file, 2)).text()
    assert "Bracket 2: residents" in text and "PAB: team 13" in text


def test_unknown_team_system() -> None:
    with pytest.raises(PairingError, match="unknown team pairing system: 'team-x'"):
        get_team_system("team-x")


def test_check_names_the_rounds_that_differ_from_the_rounds_played() -> None:
    path = CONFORMANCE / "team" / "t1001.trf"
    case = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    checks = check_team_file(read_team_file(path))
    # Every round of t1001 was played as engine 1 paired it; sheetpair agrees where both engines agree.
    assert set(case["played_by"].values()) == {"engine1"}
    assert [c.round_number for c in checks if c.same_colours] == case["consensus_rounds"]


def test_options_become_settings_and_scoring() -> None:
    from sheetpair.core.errors import InputError
    from sheetpair.core.teams import PrimaryScore
    from sheetpair.pairing.team_base import from_options

    system = get_team_system("team-swiss")
    settings, scoring = from_options(system, {"primary": "game", "colours": "B", "match-points": "3,1,0"}, rounds=7)
    assert (settings.colours, settings.rounds, scoring.primary, scoring.match_points) == ("B", 7, PrimaryScore.GAME,
                                                                                          (6, 2, 0))
    assert from_options(system, {}, rounds=9)[1].match_points == (4, 2, 0)
    with pytest.raises(InputError, match="has no option 'boards'"):
        from_options(system, {"boards": "4"}, rounds=9)
    with pytest.raises(InputError, match="option colours of team-swiss takes A, B, none, not 'C'"):
        from_options(system, {"colours": "C"}, rounds=9)
    with pytest.raises(InputError, match="option match-points: match points must be three numbers"):
        from_options(system, {"match-points": "2-1-0"}, rounds=9)


def test_the_baku_option_gives_the_acceleration_records_of_the_cases() -> None:
    from sheetpair.core.errors import InputError
    from sheetpair.core.teams import Acceleration, TeamScoring
    from sheetpair.pairing.team_base import baku_accelerations, from_options

    assert baku_accelerations(13, 8, TeamScoring()) == (Acceleration(4, 0, (1, 2), (1, 8)),
                                                        Acceleration(2, 0, (3, 4), (1, 8)))  # t1004's 250 records
    for path in CASES:
        team_file = read_team_trf(path.read_text(encoding="utf-8"))
        if team_file.accelerations:
            settings, _ = from_options(get_team_system("team-swiss"), {"acceleration": "baku"},
                                       rounds=team_file.rounds, teams=len(team_file.event.teams))
            assert settings.accelerations == team_file.accelerations, path.stem
    with pytest.raises(InputError, match="Baku acceleration gives match points"):
        from_options(get_team_system("team-swiss"), {"acceleration": "baku", "primary": "game"}, rounds=9, teams=20)
