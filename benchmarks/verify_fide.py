"""The verification FIDE asks of a tournament program, both ways, against another program's engine.

(a) ``sheetpair generate`` writes K tournaments and the other program's checker re-pairs every round of each
(``ENGINE --dutch FILE -c``, the bbpPairings/JaVaFo command line); (b) the other program's random
tournament generator writes K tournaments (``ENGINE --dutch -g CONFIG -o FILE -s SEED``) and
``sheetpair check`` re-pairs every round and checks the standings. The engine is not part of sheetpair:
its path is the first argument. Every discrepancy is listed with its file, so that each can be analysed
(docs/fide-acceptance.md has the counts of the last run and the analysis).

    python benchmarks/verify_fide.py /path/to/bbpPairings.exe --system dutch --count 5000 --jobs 2 \\
        --work /tmp/verify-dutch

``--engine-flag=--burstein --system burstein-classic`` checks the classic Burstein system with an engine
that has it (bbpPairings 5). ``--only a`` or ``--only b`` runs one direction. The same seed gives the same
tournaments both ways, so a discrepancy can be replayed. Each result is also appended to ``WORK/a.jsonl`` or
``WORK/b.jsonl`` as soon as it is known, so a run stopped early still says how many ran and what differed,
and the same command started again continues it.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.app.files import load_for_check  # noqa: E402
from sheetpair.app.generate import GeneratorSpec, parse_players, write_one  # noqa: E402
from sheetpair.app.season import check_file  # noqa: E402
from sheetpair.app.simulate import ResultModel  # noqa: E402
from sheetpair.app.standings_check import check_standings  # noqa: E402


def engine_checks(engine: str, flag: str, path: str) -> str | None:
    """None when the engine's checker accepts every round of ``path``; else what it said."""
    run = subprocess.run([engine, flag, path, "-c"], capture_output=True, text=True, timeout=600)
    said: list[str] = []
    heading = ""
    for line in run.stdout.splitlines():  # a round's heading is kept only when something follows it
        if ": Round #" in line:
            heading = "round " + line.rpartition("#")[2].strip() + ":"
        elif line.strip():
            said += [heading, line] if heading else [line]
            heading = ""
    if run.returncode or said or run.stderr.strip():
        return f"exit {run.returncode}: " + " | ".join(said + run.stderr.splitlines())[:2000]
    return None


def engine_generates(engine: str, flag: str, work: Path, index: int, seed: int, players: tuple[int, int],
                     rounds: int) -> Path | str:
    """The engine's random tournament ``index`` (its own generator, a config drawn from ``seed``), or why
    there is none."""
    rng = random.Random(f"verify/{seed}/{index}")
    config = work / f"config-{index:05d}.txt"
    lines = [f"PlayersNumber={rng.randint(*players)}", f"RoundsNumber={rounds}",
             f"DrawPercentage={rng.choice([20, 30, 40])}"]
    for key, one_in in (("ForfeitRate", [20, 50]), ("RetiredRate", [50, 100]), ("HalfPointByeRate", [30, 80])):
        if rng.random() < 0.5:  # the generator's rates are "one in N"; left out: none
            lines.append(f"{key}={rng.choice(one_in)}")
    config.write_text("\n".join(lines) + "\n")
    out = work / f"engine-{index:05d}.trf"
    run = subprocess.run([engine, flag, "-g", str(config), "-o", str(out), "-s", str(rng.randrange(2**31))],
                         capture_output=True, text=True, timeout=600)
    if run.returncode == 0 and out.exists():
        return out
    return f"the engine generated no tournament (exit {run.returncode}: {run.stderr.strip()[:300]})"


def _way_b(job: tuple[str, str, str, int, int, tuple[int, int], int, str]) -> dict[str, object]:
    engine, flag, work, index, seed, players, rounds, system = job
    made = engine_generates(engine, flag, Path(work), index, seed, players, rounds)
    if isinstance(made, str):
        return {"index": index, "skipped": made}
    rounds, problem = sheetpair_checks(made, system)
    return {"index": index, "file": str(made), "rounds": rounds, "problem": problem}


def sheetpair_checks(path: Path, system: str) -> tuple[int, str | None]:
    """(rounds re-paired, None when ``sheetpair check`` accepts the pairings and standings of ``path``, else
    what differs)."""
    verdict = check_file(str(path), system)
    problem = verdict.reason or (f"rounds {list(verdict.differing)} differ" if verdict.differing else None)
    if problem is None:
        tournament, declared = load_for_check(path, system)
        issues = check_standings(tournament, declared)
        problem = "; ".join(i.message for i in issues[:5]) or None
    return verdict.rounds, problem


def _way_a(job: tuple[str, str, GeneratorSpec, int, int, str]) -> dict[str, object]:
    engine, flag, spec, seed, index, directory = job
    path = write_one(spec, seed, index, directory)
    return {"index": index, "file": path, "problem": engine_checks(engine, flag, path)}


def _run(jobs: int, way: Callable[[Any], dict[str, object]], work: dict[int, Any], log: Path
         ) -> list[dict[str, object]]:
    """``way`` over ``work`` (each job by its tournament's index) in ``jobs`` processes, each result appended
    to ``log`` as soon as it is known. A log already there is a run stopped early, which this one continues:
    the indices it holds are kept and not run again (a tournament depends on the seed and its index alone,
    so the results are those a whole run would give)."""
    kept = {}
    for line in log.read_text().splitlines() if log.exists() else []:
        if line.endswith("}"):  # a line cut off by the stop is run again
            result = json.loads(line)
            kept[result["index"]] = result
    results = [kept[index] for index in sorted(kept) if index in work]
    with ProcessPoolExecutor(jobs) as pool, log.open("w") as out:
        out.writelines(json.dumps(result) + "\n" for result in results)
        for result in pool.map(way, [job for index, job in work.items() if index not in kept], chunksize=4):
            results.append(result)
            out.write(json.dumps(result) + "\n")
            out.flush()
    return results


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of a verification run both ways, one set for every system's script."""
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="12-40")
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--work", type=Path, required=True, help="folder for the tournaments")
    parser.add_argument("--only", choices=["a", "b"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("engine", help="path of the other program's executable (bbpPairings)")
    parser.add_argument("--system", default="dutch", help="sheetpair's name of the system")
    parser.add_argument("--engine-flag", default="--dutch", help="the engine's option for the system")
    add_run_arguments(parser)
    args = parser.parse_args()
    players = parse_players(args.players)
    report: dict[str, object] = {"system": args.system, "count": args.count, "seed": args.seed}
    if args.only != "b":
        start = time.perf_counter()
        spec = GeneratorSpec(args.system, players, args.rounds,
                             ResultModel(draw_rate=0.3, forfeit_rate=0.03, bye_rate=0.03, expectation="fide"),
                             withdraw_rate=0.01, late_entries=1, unrated_share=0.05)
        (args.work / "a").mkdir(parents=True, exist_ok=True)
        jobs_a = {index: (args.engine, args.engine_flag, spec, args.seed, index, str(args.work / "a"))
                  for index in range(1, args.count + 1)}
        results = _run(args.jobs, _way_a, jobs_a, args.work / "a.jsonl")
        report["a"] = {"tournaments": len(results), "seconds": round(time.perf_counter() - start, 1),
                       "discrepancies": [r for r in results if r["problem"]]}
    if args.only != "a":
        start = time.perf_counter()
        (args.work / "b").mkdir(parents=True, exist_ok=True)
        jobs = {index: (args.engine, args.engine_flag, str(args.work / "b"), index, args.seed, players, args.rounds,
                        args.system) for index in range(1, args.count + 1)}
        results = _run(args.jobs, _way_b, jobs, args.work / "b.jsonl")
        report["b"] = {"tournaments": sum("problem" in r for r in results),
                       "skipped": [r for r in results if "skipped" in r],
                       "seconds": round(time.perf_counter() - start, 1),
                       "discrepancies": [r for r in results if r.get("problem")]}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
