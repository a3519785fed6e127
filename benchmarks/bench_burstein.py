"""Speed of the two Burstein systems on big opens: one late round of a 400- and a 1000-player event.

The history is played by the system itself with the seeded result model of :mod:`bench_dutch` (rating
expectancy, a third of games drawn, a few forfeits and half-point byes); the late round is then paired
``--repeat`` times and the median time and the process's peak memory are printed, each size in a new process.
Goals: under 2 s at 400 players, under 10 s at 1000.

    python benchmarks/bench_burstein.py                          # both systems, 400 and 1000 players, 9 rounds
    python benchmarks/bench_burstein.py --systems burstein --sizes 400 --repeat 1
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dutch import late_round  # noqa: E402

GOALS = {400: 2.0, 1000: 10.0}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--systems", nargs="*", default=["burstein-classic", "burstein"])
    parser.add_argument("--sizes", type=int, nargs="*", default=[400, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--one", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        system, size = args.one[0], int(args.one[1])
        median, peak, history = late_round(size, args.rounds, args.repeat, args.seed, system)
        goal = GOALS.get(size)
        verdict = f"goal < {goal:g} s: {'met' if median < goal else 'MISSED'}" if goal else ""
        print(f"  {system:17s} {size:5d} players: round {args.rounds} {median:7.2f} s   peak {peak:7.1f} MiB   "
              f"{verdict}   (history rounds: {' '.join(f'{t:.2f}' for t in history)} s)", flush=True)
        return
    print(f"one late round (round {args.rounds}), median of {args.repeat}, each size in a new process")
    for system in args.systems:
        for size in args.sizes:
            subprocess.run([sys.executable, __file__, "--one", system, str(size), "--rounds", str(args.rounds),
                            "--repeat", str(args.repeat), "--seed", str(args.seed)], check=True)


if __name__ == "__main__":
    main()
