"""Side by side with a reference engine: the same TRF input paired by sheetpair and by another program.

Each input is a TRF(x) holding rounds 1..K-1 and ``XXR`` (what ``bbpPairings --dutch FILE -p`` reads). The
reference engine is any program that takes ``{input}`` and ``{output}`` and writes its pairing in the
JaVaFo/bbpPairings format (a count line, then "white black" per board, "N 0" for the pairing-allocated
bye); it is not part of sheetpair and its path is given on the command line. For each input the script
prints the CPU seconds of both (sheetpair in this process, the engine as a child process, median of
``--repeat``), the engine's peak memory, and whether the two pairings are the same boards, colours and bye.

    python benchmarks/bench_reference.py --system dutch-2017 \\
        --engine '/path/to/bbpPairings.exe --dutch {input} -p {output}' late1000.trf late2000.trf

``bench_dutch.py`` makes such inputs: the events it times, with the history played by the system itself.
"""

from __future__ import annotations

import argparse
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.app.check import pairing_input  # noqa: E402
from sheetpair.core.model import ByeKind  # noqa: E402
from sheetpair.io.trf import load_trf  # noqa: E402
from sheetpair.pairing import get_system  # noqa: E402

Boards = list[tuple[int, int]]


def sheetpair_pairing(path: Path, system: str, repeat: int) -> tuple[float, Boards]:
    """Median CPU seconds of pairing the input's next round, and its boards (bye as (player, 0))."""
    tournament = load_trf(path)
    number = tournament.current_round + 1
    times, boards = [], []
    for _ in range(repeat):
        start = time.process_time()
        pairing = get_system(system).pair(pairing_input(tournament, number, system), number)
        times.append(time.process_time() - start)
        boards = [(g.white, g.black) for g in pairing.games] + [(b.player, 0) for b in pairing.byes
                                                                  if b.kind is ByeKind.PAB]
    return statistics.median(times), boards


def engine_pairing(command: str, path: Path, repeat: int) -> tuple[float, float, Boards]:
    """Median CPU seconds of the engine (user + system of the child), its peak MiB, and its boards."""
    times, peak, boards = [], 0.0, []
    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "pairing.txt"
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(shlex.split(command.format(input=path, output=output)), check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            peak = max(peak, after.ru_maxrss / 1024)
            lines = output.read_text().split("\n")[1:]
            boards = [(int(a), int(b)) for a, b in (line.split() for line in lines if line.strip())]
    return statistics.median(times), peak, boards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="+", type=Path)
    parser.add_argument("--engine", required=True, help="the reference command, with {input} and {output}")
    parser.add_argument("--system", default="dutch-2017")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for path in args.inputs:
        ours, our_boards = sheetpair_pairing(path, args.system, args.repeat)
        theirs, peak, their_boards = engine_pairing(args.engine, path, args.repeat)
        same = "same pairing" if our_boards == their_boards else \
            f"{len(set(our_boards) ^ set(their_boards)) // 2 or 1} board(s) differ"
        print(f"{path.name}: {len(our_boards)} boards; sheetpair {args.system} {ours:.2f} s CPU, "
              f"engine {theirs:.2f} s CPU ({peak:.0f} MiB); {same}", flush=True)


if __name__ == "__main__":
    main()
