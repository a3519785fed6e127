"""Reading large and hostile workbooks: time and peak memory of a fresh process for each case.

Cases: a roster of N players (default 20 000) written by sheetpair and read back; the same with one stray
value typed into row 1 048 576 of the Players sheet (refused by its address; before, reading it ran for
minutes and ended in a MemoryError); and a zip bomb (a 1 GB sheet packed into ~1 MB, refused before
inflating). Each case runs in its own process so its peak resident memory is its own.

    python benchmarks/bench_workbook_read.py [--players 20000]
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.errors import WorkbookError  # noqa: E402
from sheetpair.io.openpyxl_port import OpenpyxlPort  # noqa: E402
from sheetpair.io.workbook import load_tournament  # noqa: E402
from tests.safety_support import tournament, write_event  # noqa: E402


def _load(path: Path, answer: multiprocessing.Queue[str]) -> None:
    started = time.perf_counter()
    try:
        outcome = f"{len(load_tournament(OpenpyxlPort(path)).players)} players read"
    except WorkbookError as error:
        outcome = f"refused: {str(error)[-90:]}"
    elapsed = time.perf_counter() - started
    peak = _peak_megabytes()
    answer.put(f"{elapsed:7.2f} s  {peak:6.0f} MB peak  {outcome}")


def _peak_megabytes() -> float:
    """This process's peak resident memory: Linux's VmHWM (ru_maxrss survives exec, so it would count the
    parent's memory too), else ru_maxrss."""
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(label: str, path: Path) -> None:
    context = multiprocessing.get_context("spawn")
    answer: multiprocessing.Queue[str] = context.Queue()
    process = context.Process(target=_load, args=(path, answer))
    process.start()
    print(f"{label:<34}{answer.get()}", flush=True)
    process.join()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=20_000)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        roster = write_event(Path(folder) / "roster.xlsx", tournament(arguments.players, 0))
        measure(f"{arguments.players}-player roster", roster)
        import openpyxl

        stray = Path(folder) / "stray.xlsx"
        raw = openpyxl.load_workbook(roster)
        raw["Players"]["A1048576"] = "x"
        raw.save(stray)
        measure("same, stray value in A1048576", stray)
        bomb = Path(folder) / "bomb.xlsx"
        with zipfile.ZipFile(roster) as old, zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as new:
            for info in old.infolist():
                new.writestr(info.filename, old.read(info.filename))
            with new.open("xl/worksheets/sheet99.xml", "w", force_zip64=True) as part:
                for _ in range(1024):
                    part.write(b" " * 2**20)
        measure(f"zip bomb ({bomb.stat().st_size // 2**20} MB packed, 1 GB unpacked)", bomb)


if __name__ == "__main__":
    main()
