"""Speed of the FIDE Dubov pairing (``dubov``) on big opens: one late round of a 400- and a 1000-player event.

The history is played by the Dubov system itself with the seeded result model of ``bench_dutch.py`` (the
stronger player wins more often, a third of games drawn, a few forfeits and half-point byes); then the last
round is paired ``--repeat`` times and the median time and the process peak memory are printed, each size in
a new process. Goals: under 2 s at 400 players, under 10 s at 1000.

    python benchmarks/bench_dubov.py                     # 400 and 1000 players, 9 rounds
    python benchmarks/bench_dubov.py --sizes 400 --repeat 1
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dutch import measure  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[400, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--event", type=int, default=1000, help="also time every round of an event of this size")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.system = "dubov"
    if args.one is not None:
        measure(args.one, args)
        return
    print(f"dubov: one late round (round {args.rounds}), median of {args.repeat}, each size in a new process")
    for size in args.sizes:
        subprocess.run([sys.executable, __file__, "--one", str(size), "--rounds", str(args.rounds),
                        "--repeat", str(args.repeat), "--seed", str(args.seed), "--event", str(args.event)],
                       check=True)


if __name__ == "__main__":
    main()
