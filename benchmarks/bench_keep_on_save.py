"""What keeping the arbiter's additions costs a save: one result entered into an event of N players.

The event has N players and R rounds (sheetpair's own sheets only, then the same with a note, a comment,
a conditional format and a validation on every owned sheet). Each run loads the workbook, enters one
result, writes every sheet and saves, as ``sheetpair result`` does; it also times the per-sheet count the
loss check makes (:func:`sheetpair.io.openpyxl_port.sheet_features`, run once on loading and once on the
saved package).

    python benchmarks/bench_keep_on_save.py [--players 400] [--rounds 9] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import openpyxl  # noqa: E402
from openpyxl.comments import Comment  # noqa: E402
from openpyxl.formatting.rule import CellIsRule  # noqa: E402
from openpyxl.worksheet.datavalidation import DataValidation  # noqa: E402

from sheetpair.core.model import Result  # noqa: E402
from sheetpair.io.openpyxl_port import sheet_features  # noqa: E402
from tests.safety_support import set_result, tournament, write_event  # noqa: E402


def _add_arbiter_content(path: Path) -> None:
    raw = openpyxl.load_workbook(path)
    for sheet in raw.worksheets:
        if sheet.sheet_state != "visible":
            continue
        sheet["Z2"] = "arbiter's note"
        sheet["B2"].comment = Comment("checked", "arbiter")
        sheet.conditional_formatting.add("A2:A9", CellIsRule(operator="greaterThan", formula=["0"]))
        sheet.add_data_validation(DataValidation(type="whole", sqref="Z3:Z9"))
    raw.save(path)


def _time(work: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        work()  # type: ignore[operator]
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for label, decorate in (("sheetpair's sheets only", False), ("with the arbiter's additions", True)):
            path = write_event(Path(folder) / f"{decorate}.xlsx", tournament(arguments.players, arguments.rounds))
            if decorate:
                _add_arbiter_content(path)
            save = _time(lambda: set_result(path, 1, Result.WHITE_WINS, round_number=arguments.rounds),
                         arguments.repeat)

            def count() -> None:
                with zipfile.ZipFile(path) as package:
                    sheet_features(package)
            counting = _time(count, arguments.repeat)
            print(f"{arguments.players} players, {arguments.rounds} rounds, {label}: load, enter, save "
                  f"{save:.2f} s; counting per sheet {counting * 1000:.0f} ms (x2 per save)")


if __name__ == "__main__":
    main()
