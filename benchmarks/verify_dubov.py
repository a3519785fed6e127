"""The FIDE verification both ways for the Dubov system, against py4swiss (a Python Dubov engine, ``pip install
py4swiss``; checked with 0.3.1), which has a pairing engine but neither a checker nor a generator.

(a) ``sheetpair generate --system dubov`` writes K tournaments; for each round k py4swiss is given the file's
rounds 1..k-1 and the round-k absences and requested byes the file declares, and its pairing is compared with
the file's round k (pairs, colours, PAB). (b) py4swiss plays K tournaments: the fields, absences, withdrawals,
late entries and results are those of sheetpair's generator (``generate_tournament`` with py4swiss as the
pairing), each event is written as TRF-2026 and ``sheetpair check --system dubov`` re-pairs it and checks the
standings. Results go to ``WORK/a.jsonl`` and ``WORK/b.jsonl`` as they come (see ``verify_fide.py``).

    python benchmarks/verify_dubov.py --count 5000 --jobs 1 --work /tmp/verify-dubov

What py4swiss cannot read from a TRF-2026 is put where it reads it: a provisional rating (``SPP ... provisional``,
Art. 1.1) in the rating columns, and a round without a block (a withdrawn player) as an absence (``0000 - Z``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from py4swiss.engines import DubovEngine  # noqa: E402
from py4swiss.trf import TrfParser  # noqa: E402
from verify_fide import _run, add_run_arguments, sheetpair_checks  # noqa: E402

from sheetpair.app import ranking  # noqa: E402
from sheetpair.app.check import pairing_input  # noqa: E402
from sheetpair.app.generate import GeneratorSpec, generate_tournament, parse_players, write_one  # noqa: E402
from sheetpair.app.operations import pair_next_round  # noqa: E402
from sheetpair.app.simulate import ResultModel  # noqa: E402
from sheetpair.core.errors import PairingError  # noqa: E402
from sheetpair.core.model import Bye, ByeKind, Round, Tournament  # noqa: E402
from sheetpair.io.trf import load_trf  # noqa: E402
from sheetpair.io.trf_write import save_trf, write_trf  # noqa: E402
from sheetpair.pairing import get_system  # noqa: E402

FIRST_ROUND = 91
"""Where a player line's first round block starts (0-based); each block is 10 characters, 8 of them used."""

POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}
"""What a result code is worth (every other code: 0); Dubov's PAB is worth a win."""


def _block(line: str, number: int) -> str:
    start = FIRST_ROUND + 10 * (number - 1)
    return line[start:start + 8]


def py4swiss_input(text: str, number: int) -> str:
    """The TRF py4swiss pairs round ``number`` from: rounds 1..number-1 and, from round ``number``, only the
    absences and requested byes (never a game nor the PAB, which are the pairing). A round not paired yet
    (way b) must list its absentees as blocks. A late entrant who has not arrived is left out, as sheetpair
    leaves them out of the numbering (``pairing/dubov/entrants.py::participants``)."""
    provisional = {int(line.split()[1]): int(line.split()[3]) for line in text.splitlines()
                   if line.startswith("SPP") and line.split()[2] == "provisional"}
    paired = bool(file_pairs(text, number))  # a blank block of a paired round: absent (withdrawn)
    entered = [int(line[4:8]) for line in text.splitlines() if line.startswith("001")
               and _block(line, 1).strip() not in ("", "0000 - Z")] if file_pairs(text, 1) else []
    out = []
    for line in text.splitlines():
        if not line.startswith("001"):
            out.append(line)
            continue
        tpn = int(line[4:8])
        absent = ("", "0000 - Z") if paired else ("0000 - Z",)  # a blank block of a round not paired: present
        if entered and tpn > max(entered) and all(_block(line, r).strip() in ("", "0000 - Z")
                                                 for r in range(1, number)) and _block(line, number).strip() in absent:
            continue  # a late entrant before their first round (GHR Art. 2.4) has no pairing number yet
        head = line[:FIRST_ROUND].ljust(FIRST_ROUND)
        if tpn in provisional:
            head = head[:48] + f"{provisional[tpn]:4d}" + head[52:]
        blocks = [_block(line, r).strip() or "0000 - Z" for r in range(1, number)]
        last = _block(line, number).strip() or ("0000 - Z" if paired else "")
        if last.startswith("0000") and not last.endswith("U"):
            blocks.append(last)
        points = sum(POINTS.get(block[-1], 0.0) for block in blocks)  # py4swiss checks the points column
        head = head[:80] + f"{points:4.1f}" + head[84:]
        out.append(head + "".join(f"{b:>8}  " for b in blocks).rstrip())
    return "\n".join(out) + "\n"


def py4swiss_pairs(text: str) -> list[tuple[int, int]]:
    """py4swiss's pairing of the round its input ``text`` asks for: (White, Black), (PAB, 0).

    py4swiss takes the start numbers as the pairing numbers, while Art. 1.2 numbers the players by rating
    (a late entrant in their place, GHR Art. 2.4; equal ratings keep their start order): the players are
    renumbered so for py4swiss, and its pairing is numbered back."""
    lines = [line for line in text.splitlines() if line.startswith("001")]
    order = sorted(lines, key=lambda line: (-int(line[48:52] or 0), int(line[4:8])))
    number = {int(line[4:8]): new for new, line in enumerate(order, start=1)}
    start = {new: old for old, new in number.items()}
    renumbered = [line for line in text.splitlines() if not line.startswith("001")]
    for line in order:
        blocks = [_block(line, r) for r in range(1, (len(line) - FIRST_ROUND + 2) // 10 + 1)]
        blocks = [f"{number[int(b[:4])]:4d}{b[4:]}" if not b.startswith("0000") else b for b in blocks]
        head = line[:4] + f"{number[int(line[4:8])]:4d}" + line[8:FIRST_ROUND]
        renumbered.append(head + "".join(f"{b}  " for b in blocks).rstrip())
    with tempfile.NamedTemporaryFile("w", suffix=".trf") as trf:
        trf.write("\n".join(renumbered) + "\n")
        trf.flush()
        pairs = DubovEngine.generate_pairings(TrfParser.parse(Path(trf.name)))
    return sorted((start[p.white], start.get(p.black, 0)) for p in pairs)


def file_pairs(text: str, number: int) -> list[tuple[int, int]]:
    """The file's round ``number`` as (White, Black) and (PAB, 0)."""
    pairs = []
    for line in text.splitlines():
        if line.startswith("001"):
            block = _block(line, number).split()
            if len(block) == 3 and block[1] == "w":
                pairs.append((int(line[4:8]), int(block[0])))
            elif block == ["0000", "-", "U"]:
                pairs.append((int(line[4:8]), 0))
    return sorted(pairs)


def py4swiss_checks(path: str, rounds: int) -> tuple[int, str | None]:
    """(rounds compared, None when py4swiss pairs every round of ``path`` as the file does, else where not)."""
    text = Path(path).read_text()
    played = max(number for number in range(1, rounds + 1) if file_pairs(text, number)) if rounds else 0
    differing = []
    for number in range(1, played + 1):
        ours = file_pairs(text, number)
        try:
            theirs = py4swiss_pairs(py4swiss_input(text, number))
        except Exception as error:  # noqa: BLE001 - the other engine's failure is a finding to report
            differing.append(f"round {number}: py4swiss failed ({type(error).__name__}: {error})"[:300])
            continue
        if ours != theirs:
            only_ours = sorted(set(ours) - set(theirs))
            only_theirs = sorted(set(theirs) - set(ours))
            differing.append(f"round {number}: file {only_ours}, py4swiss {only_theirs}")
    return played, "; ".join(differing) or None


def pair_with_py4swiss(tournament: Tournament) -> Round:
    """Round k paired by py4swiss from what the arbiter knew (the round's byes and absences), stored as the
    arbiter's games (so withdrawals and requested byes are kept as sheetpair keeps them).

    :raises PairingError: when py4swiss pairs nobody or fails.
    """
    number = tournament.current_round + 1
    requested = tournament.requested_byes.get(number, {})
    absent = [Bye(p.tpn, requested.get(p.tpn, ByeKind.ZERO)) for p in tournament.players
              if p.tpn in requested or not p.is_active_in(number)]
    announced = replace(tournament, rounds=[*tournament.rounds, Round(number, [], absent)])
    try:
        pairs = py4swiss_pairs(py4swiss_input(write_trf(announced, ranking.standings(announced)), number))
    except Exception as error:  # noqa: BLE001 - the other engine's failure ends the event, as a PairingError
        raise PairingError(f"py4swiss: {type(error).__name__}: {error}") from None
    games = [(white, black) for white, black in pairs if black]
    if not games:
        raise PairingError("py4swiss paired nobody")
    new_round = pair_next_round(tournament, fixed=games, force=True)
    wanted = [white for white, black in pairs if not black]
    given = [b.player for b in new_round.byes if b.kind is ByeKind.PAB]
    if given and given != wanted:
        raise PairingError(f"round {number}: py4swiss's PAB {wanted} is not sheetpair's {given}")
    new_round.byes += [Bye(tpn, ByeKind.PAB) for tpn in wanted if not given]  # one sheetpair would not give
    return new_round


PLAYED = set("10=WDL")
"""Result codes of a game played over the board."""


def _history(text: str, number: int) -> dict[int, tuple[float, int]]:
    """Each player's (points, games played over the board) before round ``number``."""
    history = {}
    for line in py4swiss_input(text, number).splitlines():
        if line.startswith("001"):
            blocks = [_block(line, r) for r in range(1, number)]
            history[int(line[4:8])] = (sum(POINTS.get(b[-1:], 0.0) for b in blocks),
                                       sum(not b.startswith("0000") and b[-1:] in PLAYED for b in blocks))
    return history


def classify(text: str, number: int, ours: list[tuple[int, int]], theirs: list[tuple[int, int]]) -> str:
    """Which argued reading (docs/dubov.md) explains why sheetpair pairs round ``number`` as ``ours`` and
    py4swiss as ``theirs``, or ``unexplained: ...``."""
    history = _history(text, number)
    bye_ours = [w for w, b in ours if not b]
    bye_theirs = [w for w, b in theirs if not b]
    if bye_ours != bye_theirs:
        mine, other = history[bye_ours[0]], history[bye_theirs[0]]
        if mine[0] == other[0] and mine[1] > other[1]:
            return "3.1.4"  # the bye to the one who played most games; py4swiss: fewest
        return f"unexplained: bye {bye_ours} (points, games {mine}), py4swiss {bye_theirs} ({other})"
    if {frozenset(p) for p in ours} == {frozenset(p) for p in theirs}:
        return "unexplained: colours"
    differing = {tpn for pair in set(ours) ^ set(theirs) for tpn in pair if tpn}
    if all(history[tpn][1] == 0 for tpn in differing):
        return "3.2.3"  # a bracket of players who have not played yet splits by pairing number

    def gaps(pairs: list[tuple[int, int]]) -> list[float]:
        return sorted((abs(history[w][0] - history[b][0]) for w, b in pairs if b), reverse=True)

    if gaps(ours) != gaps(theirs):
        return "[C6]" if gaps(ours) < gaps(theirs) else f"unexplained: gaps {gaps(ours)}, py4swiss {gaps(theirs)}"
    return "unexplained: pairs"


def classified(work: Path) -> dict[str, dict[str, list[str]]]:
    """Every differing round of ``WORK/a.jsonl`` and ``WORK/b.jsonl`` by the reading that explains it, each as
    ``file round``. Each file's verdicts are kept in ``WORK/classified.jsonl``, so a second call (on a log that
    has grown) classifies only the new files."""
    cache_path = work / "classified.jsonl"
    cache = {entry["file"]: entry["rounds"] for entry in map(json.loads, cache_path.read_text().splitlines())
             } if cache_path.exists() else {}
    kinds: dict[str, dict[str, list[str]]] = {}
    with cache_path.open("a") as cache_out:
        for way in ("a", "b"):
            log = work / f"{way}.jsonl"
            found: dict[str, list[str]] = {}
            for line in log.read_text().splitlines() if log.exists() else []:
                if not line.endswith("}"):
                    continue  # a line being written by a run in progress
                result = json.loads(line)
                if not result["problem"]:
                    continue
                if result["file"] not in cache:
                    cache[result["file"]] = classify_file(way, result["file"], result["rounds"])
                    cache_out.write(json.dumps({"file": result["file"], "rounds": cache[result["file"]]}) + "\n")
                    cache_out.flush()
                for number, kind in cache[result["file"]]:
                    found.setdefault(kind, []).append(f"{Path(result['file']).name} {number}")
            kinds[way] = found
    return kinds


def classify_file(way: str, path: str, rounds: int) -> list[tuple[int, str]]:
    """Each round of the file at ``path`` (of way ``way``) that the two engines pair differently, with
    :func:`classify`'s verdict."""
    text = Path(path).read_text()
    verdicts = []
    for number in range(1, rounds + 1):
        if way == "a":
            ours, theirs = file_pairs(text, number), py4swiss_pairs(py4swiss_input(text, number))
        else:
            ours, theirs = sheetpair_pairs(path, number), file_pairs(text, number)
        if ours != theirs:
            verdicts.append((number, classify(text, number, ours, theirs)))
    return verdicts


def sheetpair_pairs(path: str, number: int) -> list[tuple[int, int]]:
    """sheetpair's pairing of round ``number`` of the file at ``path`` from its rounds before."""
    pairing = get_system("dubov").pair(pairing_input(load_trf(path, system="dubov"), number, "dubov"), number)
    return sorted([(g.white, g.black) for g in pairing.games]
                  + [(b.player, 0) for b in pairing.byes if b.kind is ByeKind.PAB])


def _way_a(job: tuple[GeneratorSpec, int, int, str]) -> dict[str, object]:
    spec, seed, index, directory = job
    path = write_one(spec, seed, index, directory)
    rounds, problem = py4swiss_checks(path, spec.rounds)
    return {"index": index, "file": path, "rounds": rounds, "problem": problem}


def _way_b(job: tuple[GeneratorSpec, int, int, str]) -> dict[str, object]:
    spec, seed, index, directory = job
    tournament = generate_tournament(spec, seed, index, pair=pair_with_py4swiss)
    path = Path(directory) / f"py4swiss-{index:05d}.trf"
    save_trf(tournament, ranking.standings(tournament), path)
    rounds, problem = sheetpair_checks(path, "dubov")
    short = tournament.current_round < spec.rounds
    return {"index": index, "file": str(path), "rounds": rounds, "problem": problem,
            **({"short": f"py4swiss paired {tournament.current_round} of {spec.rounds} rounds"} if short else {})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_run_arguments(parser)
    parser.add_argument("--classify", action="store_true",
                        help="only sort the differing rounds of WORK's logs by the reading that explains them")
    args = parser.parse_args()
    if args.classify:
        kinds = classified(args.work)
        print(json.dumps({way: {kind: {"rounds": len(rounds), "where": rounds if kind != "3.1.4" else rounds[:5]}
                                for kind, rounds in found.items()} for way, found in kinds.items()}, indent=1))
        return
    spec = GeneratorSpec("dubov", parse_players(args.players), args.rounds,
                         ResultModel(draw_rate=0.3, forfeit_rate=0.03, bye_rate=0.03, expectation="fide"),
                         withdraw_rate=0.01, late_entries=1, unrated_share=0.05)
    report: dict[str, object] = {"system": "dubov", "count": args.count, "seed": args.seed}
    for way, run in (("a", _way_a), ("b", _way_b)):
        if args.only not in (None, way):
            continue
        start = time.perf_counter()
        (args.work / way).mkdir(parents=True, exist_ok=True)
        jobs = {index: (spec, args.seed, index, str(args.work / way)) for index in range(1, args.count + 1)}
        results = _run(args.jobs, run, jobs, args.work / f"{way}.jsonl")
        report[way] = {"tournaments": len(results), "seconds": round(time.perf_counter() - start, 1),
                       "discrepancies": [r for r in results if r["problem"]],
                       "short": [r for r in results if "short" in r]}
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
