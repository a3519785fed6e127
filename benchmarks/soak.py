"""Soak: every writing command SIGKILLed at random moments, then many writers of every command at once.

Kills: the commands ``pair``, ``result``, ``bye``, ``withdraw``, ``enter``, ``standings``, ``undo`` and
``import`` run in a cycle that keeps the event valid. Each step is first run to completion on a copy (the
expected new state), then run on the workbook and killed (SIGKILL) after a random part of its running time.
The workbook must then load and hold the old or the new state (compared on the stored tournament), never
anything else; a run that finished before the kill counts as "new". ``import`` must leave its new workbook
absent or whole.

Writers: ``--writers`` processes start at once on one paired event, each a different change (a result on
its own board, a requested bye for its own player, a withdrawal, ``standings``), plus late entries; every
change must be in the workbook afterwards. A change missing is a lost update.

    python benchmarks/soak.py [--kills 200] [--writers 50] [--players 60] [--seed 1]

POSIX only (SIGKILL). Prints one line per part with the counts.
"""

from __future__ import annotations

import argparse
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.model import Result, Tournament  # noqa: E402
from sheetpair.io.openpyxl_port import OpenpyxlPort  # noqa: E402
from sheetpair.io.workbook import load_tournament  # noqa: E402
from tests.safety_support import tournament, trf_of, write_event  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


def sheetpair(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "sheetpair", *arguments]


def run(command: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, cwd=REPO, capture_output=True, check=False)


def stored(path: Path) -> Tournament:
    return load_tournament(OpenpyxlPort(path))


def steps(event: Tournament, book: Path, step: int) -> list[str]:
    """The command of step ``step`` of the cycle for the event as it is now."""
    last = event.players[-1].tpn
    cycle = [
        ["pair", str(book), "--allow-pending"],
        ["result", str(book), *[part for g in event.rounds[-1].games[:5] for part in ("--board", str(g.board), "1-0")]]
        if event.rounds else ["standings", str(book)],
        ["bye", str(book), str(last), "--round", str(event.current_round + 1), "--points", "0.5"],
        ["bye", str(book), str(last), "--round", str(event.current_round + 1), "--cancel"],
        ["withdraw", str(book), str(last - 1), "--from-round", str(event.current_round + 1)],
        ["withdraw", str(book), str(last - 1), "--cancel"],
        ["enter", str(book), "--name", f"Late, Entry {step}", "--rating", "1500"],
        ["standings", str(book)],
        ["undo", str(book), "--yes"] if event.current_round > 1 else ["standings", str(book)],
    ]
    return cycle[step % len(cycle)]


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    run(command)
    return time.perf_counter() - started


def kill_soak(folder: Path, kills: int, players: int, rng: random.Random) -> Counter[str]:
    book = write_event(folder / "event.xlsx", tournament(players, 1))
    trf = folder / "event.trf"
    trf.write_text(trf_of(stored(book)), encoding="utf-8")
    seen: Counter[str] = Counter()
    step = 0
    for kill in range(kills):
        if kill % 9 == 8:  # import: a new workbook, absent or whole after the kill
            target = folder / f"imported-{kill}.xlsx"
            process = subprocess.Popen(sheetpair("import", str(trf), "-o", str(target)), cwd=REPO,
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, 2.0))
            process.send_signal(signal.SIGKILL)
            process.wait()
            if target.exists():
                try:
                    stored(target)
                    seen["import whole"] += 1
                except Exception:  # noqa: BLE001 (any failure to read is the broken file being counted)
                    seen["broken"] += 1
            else:
                seen["import absent"] += 1
            continue
        before = stored(book)
        command = steps(before, book, step)
        reference = folder / "reference.xlsx"
        shutil.copy2(book, reference)
        reference_command = [reference if part == str(book) else part for part in command]
        duration = timed(sheetpair(*map(str, reference_command)))
        expected = stored(reference)
        process = subprocess.Popen(sheetpair(*command), cwd=REPO, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, duration * 1.1))
        process.send_signal(signal.SIGKILL)
        process.wait()
        try:
            after = stored(book)
        except Exception:  # noqa: BLE001
            seen["broken"] += 1
            shutil.copy2(reference, book)
            step += 1
            continue
        if after == expected and after != before:
            seen[f"new {command[0]}"] += 1
            step += 1
        elif after == before:
            seen[f"old {command[0]}"] += 1
        else:
            seen["neither old nor new"] += 1
            step += 1
    return seen


def writers_soak(folder: Path, writers: int, players: int) -> Counter[str]:
    book = write_event(folder / "busy.xlsx", tournament(players, 1))
    event = stored(book)
    boards = [g.board for g in event.rounds[0].games]
    free = [p.tpn for p in event.players]
    commands: list[tuple[str, list[str]]] = []
    for index in range(writers):
        kind = ("result", "bye", "withdraw", "enter", "standings")[index % 5]
        if kind == "result" and boards:
            commands.append((f"result {boards[0]}", ["result", str(book), "--board", str(boards.pop(0)), "1-0"]))
        elif kind == "bye":
            tpn = free.pop()
            commands.append((f"bye {tpn}", ["bye", str(book), str(tpn), "--round", "2", "--points", "0.5"]))
        elif kind == "withdraw":
            tpn = free.pop()
            commands.append((f"withdraw {tpn}", ["withdraw", str(book), str(tpn), "--from-round", "3"]))
        elif kind == "enter":
            commands.append((f"enter Writer {index}", ["enter", str(book), "--name", f"Writer, No {index}",
                                                       "--rating", "1400"]))
        else:
            commands.append(("standings", ["standings", str(book)]))
    processes = [(label, subprocess.Popen(sheetpair(*c), cwd=REPO, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.PIPE)) for label, c in commands]
    seen: Counter[str] = Counter()
    for label, process in processes:
        _, error = process.communicate()
        seen["exit 0" if process.returncode == 0 else f"exit {process.returncode}"] += 1
        if process.returncode != 0:
            print(f"  {label}: {error.decode(errors='replace').strip()[-200:]}", file=sys.stderr)
    final = stored(book)
    seen["lost"] = sum(not _landed(final, label) for label, _ in commands)
    seen["changes"] = len(commands)
    return seen


def _landed(event: Tournament, label: str) -> bool:
    kind, _, what = label.partition(" ")
    if kind == "result":
        return any(g.board == int(what) and g.result is Result.WHITE_WINS for g in event.rounds[0].games)
    if kind == "bye":
        return int(what) in event.requested_byes.get(2, {})
    if kind == "withdraw":
        return any(p.tpn == int(what) and p.withdrawn_from is not None for p in event.players)
    if kind == "enter":
        return any(p.name == f"Writer, No {what.split()[-1]}" for p in event.players)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--writers", type=int, default=50)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        if arguments.kills:
            kills = kill_soak(Path(folder), arguments.kills, arguments.players, random.Random(arguments.seed))
            print(f"{arguments.kills} kills in {time.perf_counter() - started:.0f} s: {dict(sorted(kills.items()))}")
        started = time.perf_counter()
        if arguments.writers:
            writers = writers_soak(Path(folder), arguments.writers, arguments.players)
            print(f"{arguments.writers} concurrent writers in {time.perf_counter() - started:.0f} s: "
                  f"{dict(sorted(writers.items()))}")


if __name__ == "__main__":
    main()
