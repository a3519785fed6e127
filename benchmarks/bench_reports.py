"""Time to render the crosstable PDF of a 500-player, 11-round Swiss (and, for scale, a 120 × 9 one).

The event is built directly with the model classes: each round pairs neighbours in score order with
random results, so every player has eleven games, some forfeits and byes. Prints the median of a few
runs for building the report data and for rendering the PDF (the WeasyPrint import is excluded).

    python benchmarks/bench_reports.py [--runs 3] [--sizes 500x11,120x9]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Round, Settings, Tournament  # noqa: E402
from sheetpair.core.state import derive  # noqa: E402
from sheetpair.report import build_report, write_pdf  # noqa: E402

RESULTS = [Result.WHITE_WINS] * 4 + [Result.DRAW] * 3 + [Result.BLACK_WINS] * 3 + [Result.WHITE_WINS_BY_FORFEIT]


def swiss_event(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A Swiss-like event: every round pairs neighbours in score order (rematches allowed), random results."""
    rng = random.Random(seed)
    roster = [Player(t, f"Player {t:03d} {rng.choice(['Иванов', 'Müller', 'Παπάς', 'Ødegaard', 'Smith'])}",
                     rating=2600 - 2 * t, federation=rng.choice(["NOR", "GER", "GRE", "UKR", "ENG"]))
              for t in range(1, players + 1)]
    tournament = Tournament(Settings("dutch", rounds, tiebreaks=("BH-C1", "BH", "SB", "WIN")), roster, [])
    for number in range(1, rounds + 1):
        state = derive(tournament)
        order = sorted(state.players, key=lambda t: (-state.score(t), t))
        byes = [Bye(order.pop(), ByeKind.PAB)] if len(order) % 2 else []
        games = [Game(i + 1, *((order[2 * i], order[2 * i + 1]) if (number + i) % 2 else (order[2 * i + 1], order[2 * i])),
                      rng.choice(RESULTS)) for i in range(len(order) // 2)]
        tournament.rounds.append(Round(number, games, byes))
    return tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="500x11,120x9")
    args = parser.parse_args()
    import weasyprint  # noqa: F401  (import time is not render time)

    for size in args.sizes.split(","):
        players, rounds = (int(x) for x in size.split("x"))
        tournament = swiss_event(players, rounds)
        builds, renders, cpu, pages = [], [], [], 0
        with tempfile.TemporaryDirectory() as tmp:
            for _ in range(args.runs):
                start = time.perf_counter()
                report = build_report(tournament)
                built, cpu_start = time.perf_counter(), time.process_time()
                path = write_pdf(report, Path(tmp) / "crosstable.pdf", sections=("crosstable",))
                builds.append(built - start)
                renders.append(time.perf_counter() - built)
                cpu.append(time.process_time() - cpu_start)
            from pypdf import PdfReader
            pages = len(PdfReader(path).pages)
        print(f"{players} players x {rounds} rounds: report data {statistics.median(builds):.2f} s, "
              f"crosstable PDF {statistics.median(renders):.2f} s wall, {statistics.median(cpu):.2f} s CPU "
              f"({pages} pages), median of {args.runs}")


if __name__ == "__main__":
    main()
