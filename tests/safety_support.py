"""Workbooks for the file-safety tests, built from the model alone (no pairing, no command line).

Every write of a tournament goes through :func:`save_event` and every TRF through :func:`trf_of`, so the
tests follow the io layer's signatures in one place.
"""

from __future__ import annotations

import io
import os
import random
import signal
import time
import traceback
import zipfile
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from sheetpair.app.interchange import trf_text
from sheetpair.app.session import write
from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.trf_records import TrfFormat
from sheetpair.io.workbook import load_tournament


def tournament(players: int = 8, rounds: int = 1, *, names: list[str] | None = None) -> Tournament:
    """An event with ``rounds`` rounds paired 1-2, 3-4, ... (results pending), enough to exercise every sheet."""
    labels = names or [f"Player {n:03d}" for n in range(1, players + 1)]
    event = Tournament(Settings(system="dutch", rounds=max(rounds, 5), seed=7),
                       [Player(n, label, 2000 - n) for n, label in enumerate(labels, start=1)])
    for number in range(1, rounds + 1):
        games = [Game(board, 2 * board - 1, 2 * board) for board in range(1, len(labels) // 2 + 1)]
        event.rounds.append(Round(number, games))
    return event


def save_event(port: OpenpyxlPort, event: Tournament, *, previous_rounds: int | None = None) -> None:
    """Writes every sheet of ``event`` into ``port`` (not yet to disk)."""
    write(port, event, previous_rounds=previous_rounds)


def trf_of(event: Tournament) -> str:
    """The TRF16 export of ``event``."""
    return trf_text(event, TrfFormat.TRF16)


def write_event(path: Path, event: Tournament | None = None) -> Path:
    """Saves ``event`` (default: :func:`tournament`) as a new workbook at ``path``."""
    port = OpenpyxlPort(path, create=True)
    save_event(port, event or tournament())
    port.save()
    return path


def set_result(path: Path, board: int, result: Result, *, round_number: int = 1) -> None:
    """Load, change one result, save: the edit every writing command makes."""
    port = OpenpyxlPort(path)
    event = load_tournament(port)
    game = next(g for g in event.rounds[round_number - 1].games if g.board == board)
    game.result = result
    save_event(port, event, previous_rounds=event.current_round)
    port.save()


def rezip(source: Path, target: Path, replace: dict[str, bytes]) -> Path:
    """A copy of the package ``source`` with some parts replaced (or added)."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info.filename, replace.get(info.filename, old.read(info.filename)))
        for name, data in replace.items():
            if name not in old.namelist():
                new.writestr(name, data)
    return target


def tiny_png() -> io.BytesIO:
    """A 4x4 red PNG, as a club logo (the test is skipped without Pillow, which openpyxl needs for pictures)."""
    Image = pytest.importorskip("PIL.Image")

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buffer, "PNG")
    buffer.seek(0)
    return buffer


def forked(work: Callable[[], None]) -> int:
    """Runs ``work`` in a child process (POSIX ``fork``: the loaded workbook is shared, no start-up cost);
    returns its process id. The child exits 0 when ``work`` returned, 1 when it raised."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            work()
            code = 0
        except BaseException:
            traceback.print_exc()
        finally:
            os._exit(code)
    return pid


def last_round_state(path: Path) -> tuple[set[Result], float]:
    """The results of the last round and the points total of the Standings sheet, from a fresh load."""
    port = OpenpyxlPort(path)
    event = load_tournament(port)
    rows = port.read_sheet("Standings")
    points = rows[0].index("Points")
    total = sum(value for row in rows[1:] if isinstance(value := row[points], (int, float)))
    return {g.result for g in event.rounds[-1].games}, float(total)


def kill_during_saves(path: Path, kills: int, seed: int) -> Counter[str]:
    """Kills (SIGKILL) a process that saves the workbook at ``path`` over and over, ``kills`` times at random
    moments, and checks after each kill that the workbook opens and holds one whole state: every result of
    the last round pending (the old state) or every one ``1-0`` (the new state), with standings to match.

    Each child first writes the opposite of what the file holds, so "new" means the kill came after a
    complete save, "old" before it. Returns how often each state was found, plus ``"temporaries"``: killed
    runs' temporary files found beside the workbook (the next save sweeps them).

    :raises AssertionError: on a workbook that does not open or holds a mix.
    """
    rng = random.Random(seed)
    port = OpenpyxlPort(path)
    event = load_tournament(port)
    boards = len(event.rounds[-1].games)
    started = time.perf_counter()
    save_event(port, event, previous_rounds=event.current_round)
    port.save()
    window = 2 * (time.perf_counter() - started)  # two whole saves: kills before, during and after each

    def save_forever() -> None:
        result = Result.WHITE_WINS if event.rounds[-1].games[0].result is Result.NONE else Result.NONE
        while True:
            for game in event.rounds[-1].games:
                game.result = result
            save_event(port, event, previous_rounds=event.current_round)
            port.save()
            result = Result.NONE if result is Result.WHITE_WINS else Result.WHITE_WINS

    seen: Counter[str] = Counter()
    for _ in range(kills):
        pid = forked(save_forever)
        time.sleep(rng.uniform(0, window))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        seen["temporaries"] += sum(1 for p in path.parent.iterdir() if p.name.startswith(".sheetpair-"))
        results, points = last_round_state(path)
        totals = {Result.NONE: 0.0, Result.WHITE_WINS: float(boards)}
        assert len(results) == 1, f"a mix of results after a kill: {results}"
        before = event.rounds[-1].games[0].result
        name, expected = "old" if results == {before} else "new", totals[next(iter(results))]
        assert points == expected, f"standings ({points}) do not match the {name} results"
        seen[name] += 1
        for game in event.rounds[-1].games:  # the next child starts from the file's state and changes it
            game.result = next(iter(results))
    return seen
