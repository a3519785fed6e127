"""Every FIDE system sheetpair has, through both doors FIDE's acceptance asks for: ``generate`` writes events that
``check`` accepts (pairings and standings), and ``check`` reports a file whose pairing or standings were
tampered with (exit codes 1 and 5, docs/interchange.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from click.testing import Result as CliResult

from sheetpair.cli import cli

INDIVIDUAL = ("dutch", "dutch-2017", "dubov", "burstein", "burstein-classic", "lim")
ROUND_COLUMN = 91
"""Where round 1's block (opponent, colour, result) starts on a ``001`` line, 0-based; 10 columns a round."""


def _generate(system: str, folder: Path, *extra: str) -> Path:
    result = CliRunner().invoke(cli, ["generate", "--system", system, "--count", "1", "--seed", "4", "--players",
                                      "9-13", "--rounds", "5", "--forfeit-rate", "0.05", "--bye-rate", "0.05",
                                      "--withdraw-rate", "0.03", "--late-entries", "1", "--unrated-share", "0.1",
                                      "-o", str(folder), "--jobs", "1", *extra])
    assert result.exit_code == 0, result.output
    (path,) = folder.iterdir()
    return path


def _check(path: Path) -> int:
    return CliRunner().invoke(cli, ["check", str(path)]).exit_code


def _swap_colours(text: str, round_number: int) -> str:
    """The first game of ``round_number`` played with the other colours (results kept for each player)."""
    lines = text.split("\r\n")
    at = ROUND_COLUMN + 10 * (round_number - 1)
    white = next(i for i, line in enumerate(lines) if line.startswith("001") and line[at + 5:at + 6] == "w"
                 and line[at + 7:at + 8] in "10=")
    opponent = int(lines[white][at:at + 4])
    black = next(i for i, line in enumerate(lines) if line.startswith("001") and int(line[4:8]) == opponent)
    for index, colour in ((white, "b"), (black, "w")):
        lines[index] = lines[index][:at + 5] + colour + lines[index][at + 6:]
    return "\r\n".join(lines)


def _add_a_point(text: str) -> str:
    """The first player declared with one point more than the results give (columns 81-84)."""
    lines = text.split("\r\n")
    first = next(i for i, line in enumerate(lines) if line.startswith("001"))
    line = lines[first]
    lines[first] = f"{line[:80]}{float(line[80:84]) + 1:4.1f}{line[84:]}"
    return "\r\n".join(lines)


@pytest.mark.parametrize("system", INDIVIDUAL)
def test_generated_events_are_accepted_and_tampered_ones_reported(system: str, tmp_path: Path) -> None:
    path = _generate(system, tmp_path / "gen")
    assert _check(path) == 0
    text = path.read_bytes().decode()
    tampered = tmp_path / "pairing.trf"
    tampered.write_bytes(_swap_colours(text, 3).encode())
    assert _check(tampered) == 1
    tampered.write_bytes(_add_a_point(text).encode())
    assert _check(tampered) == 5


def _team_generate(folder: Path, *extra: str) -> CliResult:
    return CliRunner().invoke(cli, ["generate", "--system", "team-swiss", "--count", "2", "--seed", "5", "--players",
                                    "7-10", "--rounds", "5", "--forfeit-rate", "0.03", "-o", str(folder), "--jobs",
                                    "1", *extra])


def _flip_match(text: str, round_number: int) -> str:
    """Team 1's match of ``round_number`` played with the other colours on every board (results kept)."""
    lines = text.split("\r\n")
    members = [int(n) for n in next(line for line in lines if line.startswith("310   1"))[73:].split()]
    at = ROUND_COLUMN + 10 * (round_number - 1)
    by_number = {int(line[4:8]): i for i, line in enumerate(lines) if line.startswith("001")}
    flipped = {m for m in members if lines[by_number[m]][at + 5:at + 6] in "wb"}
    flipped |= {int(lines[by_number[m]][at:at + 4]) for m in list(flipped)}
    for number in flipped:
        line = lines[by_number[number]]
        lines[by_number[number]] = line[:at + 5] + {"w": "b", "b": "w"}[line[at + 5]] + line[at + 6:]
    return "\r\n".join(lines)


def test_team_events_are_generated_as_team_files_accepted_and_tampered_ones_reported(tmp_path: Path) -> None:
    """``team-swiss`` writes TRF-2026 team files (``310`` records with each team's match and game points); check
    re-pairs them with the team Swiss and checks those points, and a folder of them is checked as a season."""
    assert _team_generate(tmp_path / "gen").exit_code == 0
    first, second = sorted((tmp_path / "gen").iterdir())
    text = first.read_bytes().decode()
    assert "\r\n310   1 Team 001" in text and "192 FIDE_TEAM_TYPEA_MP_GP" in text
    assert _check(first) == 0 and _check(second) == 0
    season = CliRunner().invoke(cli, ["check", str(tmp_path / "gen"), "--jobs", "1"])
    assert season.exit_code == 0 and "differing rounds                    0" in season.output
    tampered = tmp_path / "colours.trf"
    tampered.write_bytes(_flip_match(text, 2).encode())
    assert _check(tampered) == 1
    team_one = next(line for line in text.split("\r\n") if line.startswith("310   1"))
    wrong = f"{team_one[:54]}{float(team_one[54:60]) + 1:6.1f}{team_one[60:]}"
    tampered.write_bytes(text.replace(team_one, wrong).encode())
    result = CliRunner().invoke(cli, ["check", str(tampered), "--json"])
    assert result.exit_code == 5
    (issue,) = json.loads(result.output)["standings"]["issues"]
    assert issue["kind"] == "match points" and issue["holder"] == "team" and issue["player"] == 1
    assert issue["column"] == 55
    assert issue["message"].startswith("line ") and "team 1 is declared with match points" in issue["message"]


def test_team_options_the_generator_does_not_draw_are_refused(tmp_path: Path) -> None:
    result = _team_generate(tmp_path, "--late-entries", "1")
    assert result.exit_code == 65 and "--late-entries is not drawn for team events" in result.output
