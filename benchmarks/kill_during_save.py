"""Kill a process saving a 400-player workbook at random moments and check what the file holds each time.

The unit test (``tests/test_workbook_safety.py``) does 50 kills; this script does as many as asked and
prints how often the workbook held the old and the new state (a mix or an unreadable file stops it with
an AssertionError), the killed runs' temporary files found, and the time per kill. POSIX only (fork and
SIGKILL).

    python benchmarks/kill_during_save.py [--kills 200] [--players 400] [--rounds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.safety_support import kill_during_saves, tournament, write_event  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = write_event(Path(folder) / "event.xlsx", tournament(arguments.players, arguments.rounds))
        started = time.perf_counter()
        seen = kill_during_saves(path, arguments.kills, arguments.seed)
        elapsed = time.perf_counter() - started
    print(f"{arguments.kills} kills of a {arguments.players}-player save: old state {seen['old']}, "
          f"new state {seen['new']}, mixed or unreadable 0; temporaries left by killed runs {seen['temporaries']} "
          f"(swept by the next save); {elapsed / arguments.kills:.2f} s per kill")


if __name__ == "__main__":
    main()
