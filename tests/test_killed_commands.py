"""The real commands killed at random moments: ``sheetpair pair`` and ``sheetpair result`` on a 400-player
event, SIGKILLed while they run. The workbook always opens and holds the old or the new state, never a mix
(the save writes a temporary file and replaces the workbook in one step; see docs/robustness.md).

Together with the 160 of the save loop of tests/test_workbook_safety.py the suite kills 200 runs;
benchmarks/kill_during_save.py runs as many as asked."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sheetpair.core.model import Result
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .conftest import REPO
from .safety_support import tournament, write_event

PAIR_KILLS = 10
RESULT_KILLS = 30


def _state(path: Path, rounds_before: int) -> str:
    event = load_tournament(OpenpyxlPort(path))
    if event.current_round == rounds_before:
        return "old"
    assert event.current_round == rounds_before + 1, "a round half written"
    return "new"


def _kill_at_random(command: list[str], seconds: float, rng: random.Random) -> None:
    process = subprocess.Popen(command, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0, seconds))
    if process.poll() is None:
        os.kill(process.pid, signal.SIGKILL)
    process.wait()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_pair_killed_at_random_moments_leaves_a_whole_workbook(tmp_path: Path) -> None:
    path = write_event(tmp_path / "open.xlsx", tournament(400, 3))
    rounds_before = load_tournament(OpenpyxlPort(path)).current_round
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sheetpair", "pair", str(path), "--allow-pending", "-o",
                    str(tmp_path / "timing.xlsx")],
                   cwd=REPO, check=True, capture_output=True)
    seconds = 1.2 * (time.perf_counter() - started)
    rng = random.Random(2026)
    seen = {"old": 0, "new": 0}
    for _ in range(PAIR_KILLS):
        _kill_at_random([sys.executable, "-m", "sheetpair", "pair", str(path), "--allow-pending"], seconds, rng)
        state = _state(path, rounds_before)
        seen[state] += 1
        if state == "new":
            subprocess.run([sys.executable, "-m", "sheetpair", "undo", str(path), "--yes"], cwd=REPO, check=True,
                           capture_output=True)
    assert seen["old"] + seen["new"] == PAIR_KILLS


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_result_killed_at_random_moments_leaves_a_whole_workbook(tmp_path: Path) -> None:
    path = write_event(tmp_path / "open.xlsx", tournament(400, 3))
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "sheetpair", "result", str(path), "--board", "1", "1-0", "-o",
                    str(tmp_path / "timing.xlsx")], cwd=REPO, check=True, capture_output=True)
    seconds = 1.2 * (time.perf_counter() - started)
    rng = random.Random(7)
    boards = len(load_tournament(OpenpyxlPort(path)).rounds[-1].games)
    for kill in range(RESULT_KILLS):
        board = 1 + kill % boards
        _kill_at_random([sys.executable, "-m", "sheetpair", "result", str(path), "--board", str(board), "½-½"],
                        seconds, rng)
        game = load_tournament(OpenpyxlPort(path)).rounds[-1].game_on_board(board)
        assert game is not None and game.result in (Result.NONE, Result.DRAW, Result.WHITE_WINS,
                                                    Result.BLACK_WINS), "a result half written"


MERGE_KILLS = 10


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX")
def test_merge_into_copy_b_killed_at_random_moments_never_leaves_b_a_copy_of_a(tmp_path: Path) -> None:
    """``merge A B -o B`` used to copy A over B before saving: a kill then left B a copy of A."""
    b = write_event(tmp_path / "b.xlsx", tournament(60, 1))
    a = tmp_path / "a.xlsx"
    a.write_bytes(b.read_bytes())
    sheetpair = [sys.executable, "-m", "sheetpair"]
    subprocess.run([*sheetpair, "result", str(a), "--board", "1", "1-0"], cwd=REPO, check=True, capture_output=True)
    subprocess.run([*sheetpair, "result", str(b), "--board", "2", "0-1"], cwd=REPO, check=True, capture_output=True)
    kept = b.read_bytes()
    started = time.perf_counter()
    subprocess.run([*sheetpair, "merge", str(a), str(b), "-o", str(tmp_path / "timing.xlsx")], cwd=REPO, check=True,
                   capture_output=True)
    seconds = 1.2 * (time.perf_counter() - started)
    rng = random.Random(21)
    seen = {"old": 0, "new": 0}
    for _ in range(MERGE_KILLS):
        _kill_at_random([*sheetpair, "merge", str(a), str(b), "-o", str(b)], seconds, rng)
        games = load_tournament(OpenpyxlPort(b)).round(1)
        assert games.game_on_board(2).result is Result.BLACK_WINS, "B's own result lost"  # type: ignore[union-attr]
        merged = games.game_on_board(1).result is Result.WHITE_WINS  # type: ignore[union-attr]
        seen["new" if merged else "old"] += 1
        b.write_bytes(kept)
    assert seen["old"] + seen["new"] == MERGE_KILLS
