"""Two sheetpair processes on one workbook at once (a double-click in Excel and a script): the second waits
for the first, and no update is lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .conftest import REPO


def test_twenty_concurrent_result_commands_all_land(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("name,rating\n" + "".join(f"Player {i:02},{2400 - 10 * i}\n" for i in range(40)),
                      encoding="utf-8")
    book = tmp_path / "open.xlsx"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(book), "--system", "dutch", "--rounds", "5", "--players", str(roster),
                               "--seed", "1"]).exit_code == 0
    assert runner.invoke(cli, ["pair", str(book)]).exit_code == 0
    processes = [subprocess.Popen([sys.executable, "-m", "sheetpair", "result", str(book), "--board", str(board),
                                   "1-0"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                 for board in range(1, 21)]
    codes = [p.wait(timeout=300) for p in processes]
    assert codes == [0] * 20, [p.stderr.read() for p in processes if p.returncode]  # type: ignore[union-attr]
    games = load_tournament(OpenpyxlPort(book)).round(1).games
    assert sorted(g.board for g in games if g.result.value == "1-0") == list(range(1, 21))


def test_merges_and_results_into_one_workbook_at_once_all_land(tmp_path: Path) -> None:
    """Eight copies sent back and merged into the master while eight results are entered there: merge takes
    the master's lock like every command, so nothing is lost (it used to lose updates without a lock)."""
    roster = tmp_path / "roster.csv"
    roster.write_text("name,rating\n" + "".join(f"Player {i:02},{2400 - 10 * i}\n" for i in range(32)),
                      encoding="utf-8")
    book = tmp_path / "open.xlsx"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(book), "--system", "dutch", "--rounds", "5", "--players", str(roster),
                               "--seed", "1"]).exit_code == 0
    assert runner.invoke(cli, ["pair", str(book)]).exit_code == 0
    sides = []
    for board in range(1, 9):
        side = tmp_path / f"hall-{board}.xlsx"
        side.write_bytes(book.read_bytes())
        assert runner.invoke(cli, ["result", str(side), "--board", str(board), "0-1"]).exit_code == 0
        sides.append(side)
    sheetpair = [sys.executable, "-m", "sheetpair"]
    commands = [[*sheetpair, "merge", str(side), str(book), "-o", str(book)] for side in sides]
    commands += [[*sheetpair, "result", str(book), "--board", str(board), "1-0"] for board in range(9, 17)]
    processes = [subprocess.Popen(c, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for c in commands]
    codes = [p.wait(timeout=600) for p in processes]
    assert codes == [0] * 16, [p.stderr.read() for p in processes if p.returncode]  # type: ignore[union-attr]
    results = {g.board: g.result.value for g in load_tournament(OpenpyxlPort(book)).round(1).games}
    assert [results[board] for board in range(1, 17)] == ["0-1"] * 8 + ["1-0"] * 8
