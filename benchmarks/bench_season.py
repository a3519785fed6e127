"""Files checked per minute when a season's TRF files are re-paired round by round (``sheetpair check DIR``).

Each folder is checked once with the local process pool (``--jobs``, default 2) and, with ``--dask``, once
more on a local Dask cluster of as many single-threaded workers; prints files, rounds, elapsed seconds and
files per minute.

    python benchmarks/bench_season.py ../shared/conformance/trf-real ../shared/conformance/bbp/dutch [--jobs 2]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.app.season import SeasonSummary, check_season, trf_files  # noqa: E402


def measure(folder: str, jobs: int, executor: str, scheduler: str | None) -> None:
    paths = trf_files(folder)
    start = time.perf_counter()
    results = check_season(paths, jobs=jobs, executor=executor, scheduler=scheduler)
    elapsed = time.perf_counter() - start
    summary = SeasonSummary.of(results)
    print(f"{folder} [{executor}, {jobs} jobs]: {summary.files} files ({summary.files - summary.checked} not "
          f"checked), {summary.rounds} rounds, {elapsed:.1f} s, {60 * summary.files / elapsed:.0f} files/min "
          f"(load average {os.getloadavg()[0]:.1f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dask", action="store_true", help="also measure a local Dask cluster")
    args = parser.parse_args()
    for folder in args.folders:
        measure(folder, args.jobs, "local", None)
    if args.dask:
        from distributed import LocalCluster

        with LocalCluster(n_workers=args.jobs, threads_per_worker=1, dashboard_address=None) as cluster:  # type: ignore[no-untyped-call]
            for folder in args.folders:
                measure(folder, args.jobs, "dask", cluster.scheduler_address)


if __name__ == "__main__":
    main()
