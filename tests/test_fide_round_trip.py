"""Every FIDE system sheetpair has, through both doors FIDE's acceptance asks for: ``generate`` writes events that
``check`` accepts (pairings and standings), and ``check`` reports a file whose pairing or standings were
tampered with (exit codes 1 and 5, docs/interchange.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

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
