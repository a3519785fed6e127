"""Time to publish an event: the whole static site and the PDF of every section.

Two sizes by default: a 61-player, 9-round event (target: site + PDF under 2 s) and a 500-player, 11-round one
(target: under 5 s); ``--pairings 2000`` times one round's pairing list of 2000 players (target: under 2 s).
The events are built directly with the model classes: each round pairs neighbours in
score order with random results, so every player has a full history with some forfeits and byes. Prints the
median wall and CPU time of a few runs for each step: the site alone, the PDF alone, and both as
``sheetpair report --html --pdf`` makes them (one report, the web pages written while Typst lays the PDF out).
Each step runs in a fresh fork of the benchmark (Linux), because Typst keeps what it laid out for the later
compiles of a process, which a command never benefits from. The Typst import is excluded (paid once per process);
``--cli`` also runs that command in a new process on a workbook of the event, which adds the start-up, the
imports and reading the workbook. On a machine shared with other jobs the wall time says more about the
neighbours than about sheetpair: compare the CPU times.

    python benchmarks/bench_reports.py [--runs 3] [--sizes 61x9,500x11] [--per-section] [--pairings 2000] [--cli]
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.app.session import write  # noqa: E402
from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Round, Settings, Tournament  # noqa: E402
from sheetpair.core.state import derive  # noqa: E402
from sheetpair.io.openpyxl_port import OpenpyxlPort  # noqa: E402
from sheetpair.report import SECTIONS, build_report, write_html, write_pdf  # noqa: E402

RESULTS = [Result.WHITE_WINS] * 4 + [Result.DRAW] * 3 + [Result.BLACK_WINS] * 3 + [Result.WHITE_WINS_BY_FORFEIT]
NAMES = ["Иванов", "Müller", "Παπάς", "Ødegård", "Smith", "李明", "김민준", "محمد", "Şahin"]


def swiss_event(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A Swiss-like event: every round pairs neighbours in score order (rematches allowed), random results."""
    rng = random.Random(seed)
    roster = [Player(t, f"{rng.choice(NAMES)} {t:03d}", rating=0 if t % 50 == 7 else 2600 - 2 * t,
                     federation=rng.choice(["NOR", "GER", "GRE", "UKR", "ENG"]), title="GM" if t < 5 else "")
              for t in range(1, players + 1)]
    tournament = Tournament(Settings("dutch", rounds, tiebreaks=("BH-C1", "BH", "SB", "WIN")), roster, [])
    for number in range(1, rounds + 1):
        state = derive(tournament)
        order = sorted(state.players, key=lambda t: (-state.score(t), t))
        byes = [Bye(order.pop(), ByeKind.PAB)] if len(order) % 2 else []
        games = [Game(i + 1, *((order[2 * i], order[2 * i + 1]) if (number + i) % 2
                               else (order[2 * i + 1], order[2 * i])), rng.choice(RESULTS))
                 for i in range(len(order) // 2)]
        tournament.rounds.append(Round(number, games, byes))
    return tournament


def cpu_time() -> float:
    """CPU seconds of this process and of its finished children (the command run by ``--cli``)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(step: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), cpu_time()
    step()
    return time.perf_counter() - wall, cpu_time() - cpu


def fresh(step: Callable[[], object]) -> tuple[float, float]:
    """:func:`timed` in a forked copy of this process, which starts without anything Typst laid out before."""
    read, write = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (the child)
        os.close(read)
        try:
            os.write(write, json.dumps(timed(step)).encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        wall, cpu = json.loads(pipe.read())
    os.waitpid(child, 0)
    return wall, cpu


def command(workbook: Path, folder: Path) -> tuple[float, float]:
    """``sheetpair report WORKBOOK --html DIR --pdf FILE`` in a new process: wall and CPU seconds."""
    run = [sys.executable, "-m", "sheetpair", "report", str(workbook), "--html", str(folder / "site"),
           "--pdf", str(folder / "event.pdf")]
    checkout = Path(__file__).resolve().parent.parent
    return timed(lambda: subprocess.run(run, check=True, capture_output=True, cwd=checkout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sizes", default="61x9,500x11")
    parser.add_argument("--per-section", action="store_true", help="also lay out each section alone")
    parser.add_argument("--pairings", type=int, default=0, help="time one round's pairing list of this many players")
    parser.add_argument("--cli", action="store_true", help="also time the command on a workbook of the event")
    args = parser.parse_args()
    import typst  # noqa: F401  (import time is not render time)

    if args.pairings:
        report = build_report(swiss_event(args.pairings, 9))
        with tempfile.TemporaryDirectory() as tmp:
            wall, cpu = fresh(lambda: write_pdf(report, Path(tmp) / "pairings.pdf", ["pairings"]))
        print(f"pairing list of {args.pairings} players: {wall:.2f} s wall / {cpu:.2f} s CPU")

    for size in args.sizes.split(","):
        players, rounds = (int(x) for x in size.split("x"))
        tournament = swiss_event(players, rounds)
        totals: dict[str, list[tuple[float, float]]] = {"site": [], "pdf": [], "both": [], "command": []}
        with tempfile.TemporaryDirectory() as tmp:
            if args.cli:
                workbook = Path(tmp) / "event.xlsx"
                port = OpenpyxlPort(workbook, create=True)
                write(port, tournament)
                port.save()
            for run in range(args.runs):
                folder = Path(tmp) / f"run{run}"
                report = build_report(tournament)
                totals["site"].append(fresh(lambda: write_html(report, folder / "site")))
                totals["pdf"].append(fresh(lambda: write_pdf(report, folder / "event.pdf", SECTIONS)))
                site = functools.partial(write_html, report, folder / "both")  # one report, as the command makes
                totals["both"].append(fresh(lambda: write_pdf(report, folder / "both.pdf", SECTIONS, alongside=site)))
                if args.cli:
                    totals["command"].append(command(workbook, folder / "cli"))
            from pypdf import PdfReader

            pages = len(PdfReader(Path(tmp) / "run0" / "event.pdf").pages)
            files = len(list((Path(tmp) / "run0" / "site").iterdir()))
        line = ", ".join(f"{name} {statistics.median(w for w, _ in t):.2f} s wall / "
                         f"{statistics.median(c for _, c in t):.2f} s CPU" for name, t in totals.items() if t)
        print(f"{players} players x {rounds} rounds: {line} ({files} web pages, {pages} PDF pages), "
              f"median of {args.runs}, load average {os.getloadavg()[0]:.1f}")
        if args.per_section:
            report = build_report(tournament)
            for section in SECTIONS:
                wall, cpu = fresh(lambda: write_pdf(report, Path(tempfile.gettempdir()) / "section.pdf", [section]))
                print(f"  {section}: {wall:.2f} s wall / {cpu:.2f} s CPU")


if __name__ == "__main__":
    main()
