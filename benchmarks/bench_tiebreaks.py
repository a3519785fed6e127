"""Time for the new tie-break modifiers and the rating figures on a 500-player, 11-round Swiss.

Builds the event of ``bench_reports.py`` (neighbours in score order, random results, some forfeits and
byes), then measures the median of a few runs for: every player's ``KS``, ``KS-L+1``, ``AOB`` and ``AOB-F``
in one context (the final round is paired but unplayed, so Fore Buchholz has work to do), and
``rating_figures`` for the whole field.

    python benchmarks/bench_tiebreaks.py [--runs 3] [--sizes 500x11,120x9]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_reports import swiss_event  # noqa: E402

from sheetpair.core.model import Result  # noqa: E402
from sheetpair.core.rating import rating_figures  # noqa: E402
from sheetpair.core.state import derive  # noqa: E402
from sheetpair.core.tiebreaks import TiebreakContext, compute_tiebreak  # noqa: E402

CODES = ("KS", "KS-L+1", "AOB", "AOB-F")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="500x11,120x9")
    args = parser.parse_args()
    for size in args.sizes.split(","):
        players, rounds = (int(x) for x in size.split("x"))
        tournament = swiss_event(players, rounds)
        for game in tournament.rounds[-1].games:
            game.result = Result.NONE  # the final round is paired, not played: the fore event differs
        state = derive(tournament)
        timings: dict[str, list[float]] = {code: [] for code in (*CODES, "rating figures")}
        for _ in range(args.runs):
            context = TiebreakContext.of(state)
            for code in CODES:
                start = time.perf_counter()
                for tpn in context.players:
                    compute_tiebreak(context, tpn, code)
                timings[code].append(time.perf_counter() - start)
            start = time.perf_counter()
            rating_figures(state)
            timings["rating figures"].append(time.perf_counter() - start)
        line = ", ".join(f"{name} {statistics.median(t) * 1000:.0f} ms" for name, t in timings.items())
        print(f"{players} players x {rounds} rounds (median of {args.runs}): {line}")


if __name__ == "__main__":
    main()
