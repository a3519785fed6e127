"""Speed of the Lim pairing on big opens: the late round of a 400- and a 1000-player event.

Goals: under 2 s at 400 players and under 10 s at 1000. The history is played by the Lim system itself with
the seeded result model of ``bench_dutch.py`` (the stronger player wins more often, a third of games drawn,
a few forfeits and half-point byes); then the last round is paired ``--repeat`` times and the median time is
printed with the time of every earlier round. Each size runs in its own process.

    python benchmarks/bench_lim.py                        # 400 and 1000 players, round 9 of 9
    python benchmarks/bench_lim.py --sizes 200 --rounds 7 --repeat 1
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_dutch import late_round  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[400, 1000])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        median, peak, history = late_round(args.one, args.rounds, args.repeat, args.seed, "lim")
        rounds = " ".join(f"{t:.2f}" for t in history)
        print(f"  {args.one:5d} players: round {args.rounds} {median:6.2f} s (median of {args.repeat}), "
              f"peak {peak:6.1f} MiB; rounds 1-{args.rounds - 1}: {rounds} s", flush=True)
        return
    print(f"lim: the late round (round {args.rounds}) of a seeded open, each size in a new process")
    for size in args.sizes:
        subprocess.run([sys.executable, __file__, "--one", str(size), "--rounds", str(args.rounds),
                        "--repeat", str(args.repeat), "--seed", str(args.seed)], check=True)


if __name__ == "__main__":
    main()
