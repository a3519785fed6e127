"""What revisions cost: the hashes and journal of one write, finding hand edits, comparing and merging copies.

Events of ``--sizes`` players over ``--rounds`` rounds are made with random pairings and results (the
pairing engine is not what is measured). For each size the script prints the median of ``--repeat`` runs
of: the metadata of one write (every part cut out, written as canonical JSON and hashed), what an edit adds
to it (the copy of the tournament as read, and the journal entries: hand edits and the command's change),
finding the hand edits of a read workbook, comparing two copies that differ in one result per round, and
merging them; and the longest value the ``_sheetpair`` sheet holds (an Excel cell holds 32,767 characters).

    python benchmarks/bench_revisions.py                       # 100 400 1000 2000 players, 11 rounds
    python benchmarks/bench_revisions.py --sizes 400 --repeat 3
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament  # noqa: E402
from sheetpair.history.compare import compare  # noqa: E402
from sheetpair.history.edits import hand_edits  # noqa: E402
from sheetpair.history.journal import journal_for_write  # noqa: E402
from sheetpair.history.merge import merge  # noqa: E402
from sheetpair.history.records import Metadata, next_metadata  # noqa: E402
from sheetpair.history.stamp import Stamp  # noqa: E402
from sheetpair.io.metadata import metadata_sheet  # noqa: E402

RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]


def event(players: int, rounds: int, rng: random.Random) -> Tournament:
    tournament = Tournament(Settings("dutch", rounds, tiebreaks=("BH-C1", "BH", "SB")),
                            [Player(n, f"Player {n}", 2800 - n, federation="NOR", club="Oslo SK")
                             for n in range(1, players + 1)])
    for number in range(1, rounds + 1):
        order = [p.tpn for p in tournament.players]
        rng.shuffle(order)
        games = [Game(board, order[2 * board - 2], order[2 * board - 1], rng.choice(RESULTS))
                 for board in range(1, players // 2 + 1)]
        tournament.rounds.append(Round(number, games))
    return tournament


def median_time(action: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 400, 1000, 2000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    options = parser.parse_args()
    columns = ("write meta", "journal", "hand edits", "compare", "merge")
    print(f"{'players':>8} " + " ".join(f"{c:>11}" for c in columns) + f" {'longest cell':>13}")
    for size in options.sizes:
        rng = random.Random(size)
        first = event(size, options.rounds, rng)
        meta = next_metadata(Metadata(), first, [])
        second = copy.deepcopy(first)
        for rnd in second.rounds:
            rnd.games[0].result = Result.NONE  # entered in one copy only: merged without a conflict
        write = median_time(lambda: next_metadata(meta, first, []), options.repeat)
        stamp = Stamp("bench", "bench")
        journal = median_time(lambda: journal_for_write(meta, copy.deepcopy(first), second, stamp), options.repeat)
        edits = median_time(lambda: hand_edits(meta, second), options.repeat)
        compared = median_time(lambda: compare(first, second), options.repeat)
        merged = median_time(lambda: merge(first, second), options.repeat)
        longest = max(len(str(row[1])) for row in metadata_sheet(meta).rows)
        times = (write, journal, edits, compared, merged)
        print(f"{size:>8} " + " ".join(f"{t:>10.3f}s" for t in times) + f" {longest:>13,}")


if __name__ == "__main__":
    main()
