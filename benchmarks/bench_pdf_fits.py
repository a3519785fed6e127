"""Every printout fits the paper, the full matrix: each section of the PDF, in English, German, French and
Spanish, on A4 and Letter, at 14, 61, 275 (the real Graz open of 2026), 500 and 2000 players.

The check is the one of ``tests/test_pdf_fits.py`` (every start number, rating and score of a section's data
is printed inside the page box); the test suite runs a representative part of this matrix, this script all
of it, which takes many minutes of CPU at 2000 players (a player card each). Prints one line per size,
language and paper with the sections checked and the CPU seconds they took, then the combinations that
failed; exits 1 when any did.

    python benchmarks/bench_pdf_fits.py [--sizes 14,61,275,500,2000] [--languages en,de,fr,es]
                                        [--papers a4,letter] [--sections pairings,posting,...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.model import Tournament  # noqa: E402
from tests.test_pdf_fits import SECTIONS, assert_fits, event, graz  # noqa: E402

EVENTS = {14: lambda: event(14, 5), 61: lambda: event(61, 9, played=6), 275: graz,
          500: lambda: event(500, 11, played=10), 2000: lambda: event(2000, 9, played=8)}
"""The events by size: synthetic Swiss events with long names (see the test), and Graz for 275."""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(map(str, EVENTS)))
    parser.add_argument("--languages", default="en,de,fr,es")
    parser.add_argument("--papers", default="a4,letter")
    parser.add_argument("--sections", default=",".join((*SECTIONS, "starting")))
    args = parser.parse_args()
    failed: list[str] = []
    for size in map(int, args.sizes.split(",")):
        t: Tournament = EVENTS[size]()
        for language in args.languages.split(","):
            for paper in args.papers.split(","):
                start = time.process_time()
                for section in args.sections.split(","):
                    try:
                        assert_fits(t, section, language, paper)
                    except AssertionError as error:
                        failed.append(f"{size} {language} {paper} {section}: {error}")
                print(f"{size} players, {language}, {paper}: {args.sections} "
                      f"({time.process_time() - start:.1f} s CPU)", flush=True)
    for line in failed:
        print("DOES NOT FIT:", line)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
