"""End-to-end speed of the command line and of the workbook, as an arbiter meets it.

* ``sheetpair --help`` and ``sheetpair systems`` (start-up: what a command imports before it works);
* ``sheetpair pair`` of round 6 of a 100-player Dutch event, a new process each time (start-up, reading
  the workbook, pairing, writing and saving it);
* reading and writing a 2000-player, 11-round event's workbook (load, standings, save);
* with ``--one-round``, the commands that change one round (``pair -o COPY --json``, ``result -o COPY``,
  ``standings --json``) on a 61-player and a 2000-player event after 10 of 11 rounds, each in a new process,
  measured as the CPU time of that process (user and system), which a shared machine's load inflates less
  than the wall time.

Each is run ``--repeat`` times and the median printed.

    python benchmarks/bench_cli.py
    python benchmarks/bench_cli.py --repeat 3 --skip-big
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dutch import new_event, play_round  # noqa: E402

from sheetpair.app.session import load, write  # noqa: E402
from sheetpair.io.openpyxl_port import OpenpyxlPort  # noqa: E402


def seconds(command: list[str], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def event_workbook(folder: Path, players: int, rounds: int, played: int) -> Path:
    """A Dutch event of ``players`` with ``played`` rounds played (results in), saved as a workbook."""
    rng = random.Random(7)
    tournament = new_event(players, rounds, "dutch")
    for number in range(1, played + 1):
        play_round(tournament, number, rng, "dutch")
    path = folder / f"event{players}.xlsx"
    port = OpenpyxlPort(path, create=True)
    write(port, tournament)
    port.save()
    return path


def pair_seconds(workbook: Path, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        copy = workbook.with_name("copy.xlsx")
        shutil.copy(workbook, copy)
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "sheetpair", "pair", str(copy)], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def read_write_seconds(workbook: Path, repeat: int) -> tuple[float, float]:
    reads, writes = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        port = OpenpyxlPort(workbook)
        tournament = load(port)
        reads.append(time.perf_counter() - start)
        start = time.perf_counter()
        write(port, tournament)
        port.save(workbook.with_name("written.xlsx"))
        writes.append(time.perf_counter() - start)
    return statistics.median(reads), statistics.median(writes)


def cpu_seconds(command: list[str], repeat: int) -> float:
    """Median CPU time (user and system) of ``command`` run in a new process ``repeat`` times."""
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    return statistics.median(times)


def one_round_commands(folder: Path, repeat: int) -> None:
    """Prints the CPU time of each command that changes one round, on a small and a big event."""
    sheetpair = [sys.executable, "-m", "sheetpair"]
    for players in (61, 2000):
        event = event_workbook(folder, players, 11, 10)
        copy = str(folder / "copy.xlsx")
        commands = {"pair -o COPY --json": ["pair", str(event), "-o", copy, "--json"],
                    "result -o COPY": ["result", str(event), "--round", "10", "--board", "2", "1/2", "-o", copy],
                    "standings --json": ["standings", str(event), "--json"]}
        for label, arguments in commands.items():
            print(f"{players:5d} x 10, {label:20s} {cpu_seconds([*sheetpair, *arguments], repeat):6.2f} s CPU")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-big", action="store_true", help="Leave out the 2000-player workbook.")
    parser.add_argument("--one-round", action="store_true", help="Only the commands that change one round.")
    args = parser.parse_args()
    if args.one_round:
        with tempfile.TemporaryDirectory() as folder:
            one_round_commands(Path(folder), args.repeat)
        return
    sheetpair = [sys.executable, "-m", "sheetpair"]
    print(f"sheetpair --help     {seconds([*sheetpair, '--help'], args.repeat):6.2f} s")
    print(f"sheetpair systems    {seconds([*sheetpair, 'systems'], args.repeat):6.2f} s")
    print(f"python -c pass       {seconds([sys.executable, '-c', 'pass'], args.repeat):6.2f} s (the interpreter alone)")
    with tempfile.TemporaryDirectory() as folder:
        small = event_workbook(Path(folder), 100, 9, 5)
        print(f"pair, 100 players    {pair_seconds(small, args.repeat):6.2f} s (round 6, whole command)")
        if not args.skip_big:
            big = event_workbook(Path(folder), 2000, 11, 11)
            read, written = read_write_seconds(big, max(1, args.repeat // 2))
            print(f"2000 x 11 workbook   read {read:6.2f} s, write {written:6.2f} s")


if __name__ == "__main__":
    main()
