"""Every exit code of the README's table, each reached by the error path an arbiter meets."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli

from .conftest import REPO

SAMPLE = REPO / "sample_workbooks" / "club_championship.xlsx"


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    copy = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, copy)
    return copy


def run(*args: object, stdin: str | None = None) -> int:
    return CliRunner().invoke(cli, [str(a) for a in args], input=stdin).exit_code


def test_0_done(workbook: Path) -> None:
    assert run("standings", workbook) == 0


def test_1_declined_confirmation_changes_nothing(workbook: Path) -> None:
    assert run("pair", workbook) == 0
    assert run("result", workbook, "--board", 1, "1-0") == 0
    before = workbook.read_bytes()
    assert run("undo", workbook, stdin="n\n") == 1
    assert workbook.read_bytes() == before


def test_2_usage(workbook: Path) -> None:
    assert run("pair", workbook, "--no-such-option") == 2
    assert run("new", workbook) == 2  # --system and --players missing


def test_3_cannot_pair_while_results_are_missing(workbook: Path) -> None:
    assert run("pair", workbook) == 0
    assert run("pair", workbook) == 3


def test_4_request_does_not_fit(workbook: Path) -> None:
    assert run("withdraw", workbook, 999) == 4
    assert run("new", workbook, "--system", "dutch", "--rounds", 5, "--players", REPO / "sample_workbooks" /
               "club_championship_roster.csv") == 4  # the workbook already holds an event


def test_2_unknown_system(tmp_path: Path) -> None:
    assert run("new", tmp_path / "x.xlsx", "--system", "no-such-system", "--players", REPO / "sample_workbooks" /
               "club_championship_roster.csv") == 2
    assert not (tmp_path / "x.xlsx").exists()


def test_65_bad_data(workbook: Path) -> None:
    assert run("result", workbook, "--round", 1, "--board", 1, "2-0") == 65


def test_2_unknown_system_in_a_listing_is_usage(workbook: Path) -> None:
    assert run("simulate", "--system", "no-such-system", "--players", 8, "--rounds", 3, "--runs", 1) == 2


def test_75_stale_copy(workbook: Path) -> None:
    assert run("pair", workbook, "--expect-revision", 99) == 75


@pytest.mark.parametrize("owner, content, program, user", [
    ("~$event.xlsx", b"\x05alice" + b" " * 49, "Excel", "alice"),
    (".~lock.event.xlsx#", "Jane Doe,laptop,jane,01.12.2026 10:00,file:///home/jane;\n".encode(), "LibreOffice",
     "Jane Doe"),
])
def test_75_open_in_a_spreadsheet_program(workbook: Path, owner: str, content: bytes, program: str,
                                          user: str) -> None:
    """A change saved under an open Excel or LibreOffice would be undone by the arbiter's next save there:
    the workbook is left as it was, and the sentence names the program, the user and the owner file. A copy
    written elsewhere with ``-o`` is allowed."""
    (workbook.parent / owner).write_bytes(content)
    before = workbook.read_bytes()
    result = CliRunner().invoke(cli, ["pair", str(workbook)])
    assert result.exit_code == 75 and workbook.read_bytes() == before
    assert f"open in {program} by {user} ({owner} beside it)" in result.output
    assert f"delete {owner}" in result.output
    assert run("pair", workbook, "-o", workbook.parent / "copy.xlsx") == 0
