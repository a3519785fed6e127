"""What xlwings Lite users wait for: a late Dutch round with the pure-Python matcher, in Pyodide.

Lite runs Python in Pyodide, where the compiled matcher (py4swiss) cannot load, so the Dutch system uses
networkx's exact matching there. For each field size the history of ``rounds - 1`` rounds is played by
the system itself (benchmarks/bench_dutch.py's result model) and the last round is paired; the median of
``--repeat`` pairings is printed for three engines: CPython with the compiled matcher, CPython with the
pure-Python matcher, and Pyodide 0.27 under Node (tests/pyodide: ``npm ci`` there first) with the
pure-Python matcher. Also the time to build ``sheetpair.xlam`` (the VBA project written from source).

    python benchmarks/bench_lite.py                    # 16 40 80 players, 7 rounds
    python benchmarks/bench_lite.py --sizes 16 40 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
if sys.platform == "emscripten":  # bench_dutch reads the process's peak memory, which Pyodide cannot
    sys.modules["resource"] = types.ModuleType("resource")


def late_rounds(sizes: list[int], rounds: int, repeat: int, *, pure_python: bool) -> dict[int, float]:
    """Median seconds to pair the last round of each field size."""
    import bench_dutch

    from sheetpair.pairing import get_system, matching

    if pure_python:
        matching.compiled_available = lambda: False  # what Pyodide sees
    medians = {}
    for size in sizes:
        rng = random.Random(1)
        tournament = bench_dutch.new_event(size, rounds, "dutch")
        for number in range(1, rounds):
            bench_dutch.play_round(tournament, number, rng, "dutch")
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            get_system("dutch").pair(tournament, rounds)
            times.append(time.perf_counter() - start)
        medians[size] = statistics.median(times)
    return medians


def in_pyodide(args: argparse.Namespace) -> dict[int, float]:
    """Runs this script's ``--inner`` mode in Pyodide under Node, with sheetpair and its wheels unpacked."""
    from tests.wheelhouse import pyodide_wheels

    with tempfile.TemporaryDirectory() as work:
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", work, str(ROOT)],
                       check=True, capture_output=True)
        driver = Path(work) / "driver.py"
        driver.write_text(
            "import glob, site, sys, zipfile\n"
            "for wheel in sorted(glob.glob('*.whl')):\n"
            "    zipfile.ZipFile(wheel).extractall(site.getsitepackages()[0])\n"
            f"sys.argv = ['bench_lite.py', '--inner', '--rounds', '{args.rounds}', '--repeat', '{args.repeat}',"
            f" '--sizes', *{[str(s) for s in args.sizes]!r}]\n"
            "exec(compile(open('bench_lite.py').read(), 'bench_lite.py', 'exec'),\n"
            "     {'__name__': '__main__', '__file__': '/work/bench_lite.py'})\n")
        files = [Path(__file__), ROOT / "benchmarks" / "bench_dutch.py", *Path(work).glob("*.whl"), *pyodide_wheels()]
        done = subprocess.run(["node", str(ROOT / "tests" / "pyodide" / "run.mjs"), str(driver), *map(str, files)],
                              capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"Pyodide run failed: {done.stderr[-2000:]}")
    return {int(k): v for k, v in json.loads(done.stdout.strip().splitlines()[-1]).items()}


def xlam_build_seconds(repeat: int) -> float:
    import xlwings

    from sheetpair.excel.catalogue import BUTTONS
    from sheetpair.excel.xlam import write_xlam

    times = []
    with tempfile.TemporaryDirectory() as work:
        for _ in range(repeat):
            start = time.perf_counter()
            write_xlam(Path(work) / "sheetpair.xlam", BUTTONS, {}, Path(str(xlwings.__file__)).parent)
            times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 40, 80])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        print(json.dumps(late_rounds(args.sizes, args.rounds, args.repeat, pure_python=True)))
        return
    compiled = late_rounds(args.sizes, args.rounds, args.repeat, pure_python=False)
    pyodide = in_pyodide(args)
    pure = late_rounds(args.sizes, args.rounds, args.repeat, pure_python=True)
    print(f"Dutch, round {args.rounds} of {args.rounds}, median of {args.repeat} (seconds):")
    print(f"  {'players':>7}  {'compiled':>9}  {'pure Python':>11}  {'Pyodide':>9}")
    for size in args.sizes:
        print(f"  {size:7d}  {compiled[size]:9.3f}  {pure[size]:11.3f}  {pyodide[size]:9.3f}")
    print(f"sheetpair.xlam built in {xlam_build_seconds(args.repeat):.3f} s")


if __name__ == "__main__":
    main()
