"""The samples of the FIDE verification that the test suite proves again without the other engines
(``tests/test_fide_samples.py``): 200 small tournaments each way, with what the other engine said of them.

(a) sheetpair's generator -> the other engine's checker. ``sheetpair generate`` writes the tournaments (its
arguments are kept in the manifest, so the test writes them again), the other engine judges every round of
each (bbpPairings' checker, ``verify_fide.engine_checks``; for Dubov py4swiss, ``verify_dubov.py4swiss_checks``),
and ``OUT/sheetpair-SYSTEM-200.json`` keeps each file's SHA-256, the verdict, and for every rejected round
the article that explains it. For Dubov the article comes from ``verify_dubov.classify``; a bbpPairings
rejection is written as ``unexplained: ...`` with what the engine said, to be sorted by hand
(docs/fide-acceptance.md) -- the test fails until it is.

    python benchmarks/fide_samples.py a dutch --engine BBP6 --engine-name "bbpPairings 6.0.0" --out tests/data/fide
    python benchmarks/fide_samples.py a burstein-classic --engine BBP5 --engine-flag=--burstein \\
        --engine-name "bbpPairings 5.0.1" --out tests/data/fide
    python benchmarks/fide_samples.py a dubov --engine-name "py4swiss 0.3.1" --out tests/data/fide

(b) the other engine's generator -> ``sheetpair check``. The first 200 files of FOLDER (a way-(b) folder of
``verify_fide.py`` or ``verify_dubov.py``) are zipped into ``OUT/ENGINE-SYSTEM-200.zip`` and every round
sheetpair re-pairs otherwise is listed in ``OUT/ENGINE-SYSTEM-200.json`` with its article (Dubov:
``verify_dubov.classify``; else ``unexplained`` until sorted by hand).

    python benchmarks/verify_fide.py BBP5 --engine-flag=--burstein --system burstein-classic --count 200 \\
        --players 10-24 --rounds 7 --seed 2026 --only b --work /tmp/bur
    python benchmarks/fide_samples.py b burstein-classic --folder /tmp/bur/b --engine-name "bbpPairings 5.0.1" \\
        --about "..." --out tests/data/fide
    python benchmarks/verify_dubov.py --count 200 --only b --work /tmp/vdub    # --seed 1, 12-40 players, 9 rounds
    python benchmarks/fide_samples.py b dubov --folder /tmp/vdub/b --engine-name "py4swiss 0.3.1" --about "..." \\
        --out tests/data/fide
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from verify_fide import engine_checks  # noqa: E402

from sheetpair.app.season import check_file  # noqa: E402

COUNT = 200
ROUNDS = 6

GENERATE = ["--count", str(COUNT), "--seed", "2026", "--players", "8-16", "--rounds", str(ROUNDS), "--draw-rate", "0.3",
            "--forfeit-rate", "0.03", "--bye-rate", "0.03", "--withdraw-rate", "0.01", "--late-entries", "1",
            "--unrated-share", "0.05"]
"""The ``sheetpair generate`` arguments of way (a), after ``--system``: the verification's model, small."""


def _rejected_by_bbppairings(engine: str, flag: str, path: Path) -> list[dict[str, object]]:
    said = engine_checks(engine, flag, str(path))
    if said is None:
        return []
    rounds = sorted({int(n) for n in re.findall(r"round (\d+):", said)}) or [0]
    return [{"round": number, "article": f"unexplained: {said[:300]}"} for number in rounds]


def _rejected_by_py4swiss(path: Path, rounds: int) -> list[dict[str, object]]:
    from verify_dubov import classify_file, py4swiss_checks

    compared, problem = py4swiss_checks(str(path), rounds)
    if problem is None:
        return []
    if "failed" in problem:
        return [{"round": 0, "article": f"unexplained: {problem}"}]
    return [{"round": number, "article": kind} for number, kind in classify_file("a", str(path), compared)]


def way_a(system: str, engine: str, flag: str, engine_name: str, out: Path) -> None:
    arguments = ["--system", system, *GENERATE]
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "sheetpair", "generate", *arguments, "-o", folder, "--jobs", "1"],
                       check=True)
        files = {}
        for path in sorted(Path(folder).glob("*.trf")):
            if system == "dubov":
                rejected = _rejected_by_py4swiss(path, ROUNDS)
            else:
                rejected = _rejected_by_bbppairings(engine, flag, path)
            files[path.name] = {"sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
                                "verdict": "rejected" if rejected else "accepted", "rejected": rejected}
            print(path.name, files[path.name]["verdict"], file=sys.stderr)
    checker = f"{engine_name} (benchmarks/verify_dubov.py, way a)" if system == "dubov" else \
        f"{engine_name} {flag} FILE -c"
    manifest = {"checker": checker, "generate": arguments, "files": files}
    (out / f"sheetpair-{system}-{COUNT}.json").write_text(json.dumps(manifest, indent=1) + "\n")


def _articles(system: str, path: Path, rounds: int) -> dict[int, str]:
    if system != "dubov":
        return {}
    from verify_dubov import classify_file

    return dict(classify_file("b", str(path), rounds))


def way_b(system: str, folder: Path, engine_name: str, about: str, out: Path) -> None:
    paths = sorted(folder.glob("*.trf"))[:COUNT]
    name = f"{engine_name.split()[0].lower()}-{system}-{COUNT}"
    with zipfile.ZipFile(out / f"{name}.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in paths:
            archive.write(path, path.name)
    differences = []
    for path in paths:
        verdict = check_file(str(path), system)
        if verdict.reason:
            raise SystemExit(f"sheetpair could not check {path.name}: {verdict.reason}")
        kinds = _articles(system, path, verdict.rounds) if verdict.differing else {}
        differences += [{"file": path.name, "round": number, "article": kinds.get(number, "unexplained")}
                        for number in verdict.differing]
    manifest = {"generator": about or engine_name, "files": len(paths), "differences": differences}
    (out / f"{name}.json").write_text(json.dumps(manifest, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("way", choices=["a", "b"])
    parser.add_argument("system")
    parser.add_argument("--engine", help="(a) bbpPairings' executable")
    parser.add_argument("--engine-flag", default="--dutch")
    parser.add_argument("--folder", type=Path, help="(b) the other engine's tournaments")
    parser.add_argument("--engine-name", default="bbpPairings",
                        help="the other program and its version ((b): the zip is named by its first word)")
    parser.add_argument("--about", default="", help="(b) how the tournaments were made, for the manifest")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if args.way == "a" and args.system != "dubov" and not args.engine:
        parser.error("(a) needs --engine, bbpPairings' executable, except for dubov (py4swiss)")
    if args.way == "b" and not args.folder:
        parser.error("(b) needs --folder, the other engine's tournaments")
    if args.way == "a":
        way_a(args.system, args.engine, args.engine_flag, args.engine_name, args.out)
    else:
        way_b(args.system, args.folder, args.engine_name, args.about, args.out)


if __name__ == "__main__":
    main()
