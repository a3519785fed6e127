"""End-to-end speed of the command line and of the workbook, as an arbiter meets it.

* ``sheetpair --help`` and ``sheetpair systems`` (start-up: what a command imports before it works);
* ``sheetpair pair`` of round 6 of a 100-player Dutch event, a new process each time (start-up, reading
  the workbook, pairing, writing and saving it);
* reading and writing a 2000-player, 11-round event's workbook (load, standings, save);
* with ``--one-round``, the commands that change one round (``pair -o COPY --json``, ``result -o COPY``,
  ``standings --json``) on a 61-player and a 2000-player event after 10 of 11 rounds, each in a new process,
  measured as the CPU time of that process (user and system), which a shared machine's load inflates less
  than the wall time; ``--baseline DIR`` also runs them from a checkout of an earlier commit, alternately,
  so that a change is judged under the same load.

Each is run ``--repeat`` times and the median printed.

    python benchmarks/bench_cli.py
    python benchmarks/bench_cli.py --repeat 3 --skip-big
    git worktree add /tmp/base d9947de && python benchmarks/bench_cli.py --one-round --baseline /tmp/base
"""

from __future__ import annotations

import argparse
import compileall
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

import sheetpair  # noqa: E402
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
    return statistics.median(cpu_times(command) for _ in range(repeat))


def cpu_times(command: list[str]) -> float:
    """CPU time (user and system) of one run of ``command`` in a new process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def sheetpair_from(checkout: Path | None, arguments: list[str]) -> list[str]:
    """The command running ``sheetpair ARGUMENTS`` from ``checkout`` (default: the sheetpair installed here).

    An earlier checkout is told this sheetpair's version: a sheet's fingerprint includes the version, and a
    version of its own would have it rebuild every sheet of a workbook this one wrote.
    """
    if checkout is None:
        return [sys.executable, "-m", "sheetpair", *arguments]
    code = (f"import sys\nsys.path.insert(0, {str(checkout)!r})\nimport sheetpair\n"
            f"sheetpair.__version__ = {sheetpair.__version__!r}\nsys.argv = {['sheetpair', *arguments]!r}\n"
            "from sheetpair.cli import main\nmain()")
    return [sys.executable, "-c", code]


def one_round_commands(folder: Path, repeat: int, baseline: Path | None) -> None:
    """Prints the CPU time of each command that changes one round, on a small and a big event; with a
    ``baseline`` checkout, that checkout's too, the two run alternately so that both meet the same load.

    Both packages are compiled first, as an installed one is: with ``PYTHONDONTWRITEBYTECODE`` set, each
    command would otherwise compile every module it imports again."""
    for package in [Path(sheetpair.__file__).parent, *([baseline / "sheetpair"] if baseline else [])]:
        compileall.compile_dir(package, quiet=1)
    for players in (61, 2000):
        event = event_workbook(folder, players, 11, 10)
        copy = str(folder / "copy.xlsx")
        commands = {"pair -o COPY --json": ["pair", str(event), "-o", copy, "--json"],
                    "result -o COPY": ["result", str(event), "--round", "10", "--board", "2", "1/2", "-o", copy],
                    "standings --json": ["standings", str(event), "--json"]}
        for label, arguments in commands.items():
            checkouts = [None] if baseline is None else [baseline, None]
            times: dict[Path | None, list[float]] = {checkout: [] for checkout in checkouts}
            for _ in range(repeat):
                for checkout in checkouts:
                    times[checkout].append(cpu_times(sheetpair_from(checkout, arguments)))
            shown = [f"{statistics.median(times[None]):6.2f} s CPU (min {min(times[None]):.2f})"]
            if baseline is not None:
                shown.append(f"baseline {statistics.median(times[baseline]):6.2f} s (min {min(times[baseline]):.2f})")
            print(f"{players:5d} x 10, {label:20s} {', '.join(shown)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-big", action="store_true", help="Leave out the 2000-player workbook.")
    parser.add_argument("--one-round", action="store_true", help="Only the commands that change one round.")
    parser.add_argument("--baseline", type=Path, help="With --one-round: a checkout of an earlier commit (git "
                        "worktree add), run alternately with this one.")
    args = parser.parse_args()
    if args.one_round:
        with tempfile.TemporaryDirectory() as folder:
            one_round_commands(Path(folder), args.repeat, args.baseline)
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
