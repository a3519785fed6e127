"""Soak: every writing command SIGKILLed at random moments, then many writers of every command at once.

Kills: the commands that change a workbook in place (``pair``, ``result``, ``bye``, ``withdraw``,
``enter``, ``standings``, ``prizes``, ``players``, ``merge`` into one of its inputs, ``undo``) run in a cycle
that keeps the event valid; the commands that make a new file (``new``, ``import``, ``export``) run between
them. A step in place is first run to completion on a copy (the expected new state), then run on the workbook
and killed (SIGKILL) after a random part of its running time. The workbook must then load and hold the old
or the new state (compared on the stored tournament, the revision and the Prize list sheet), never anything
else; a run that finished before the kill counts as "new". A new file must be absent or whole.

Writers: ``--writers`` processes start at once on one paired event, each a different change of every
command that writes in place (a result on its own board, a requested bye for its own player, a withdrawal,
a late entry, a rating from FIDE's list, the standings, the prize list, a merge of a copy holding one more
late entry into the workbook, one pairing of the next round); every change must be in the workbook afterwards.
A change missing is a lost update.

    python benchmarks/soak.py [--kills 200] [--writers 50] [--players 60] [--seed 1]

POSIX only (SIGKILL). Prints one line per part with the counts. ``lineup`` is not a command of this
sheetpair (team line-ups are part of the team workbook, written by ``result``).
"""

from __future__ import annotations

import argparse
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.model import Result, Tournament  # noqa: E402
from sheetpair.io.metadata import read_metadata  # noqa: E402
from sheetpair.io.openpyxl_port import OpenpyxlPort  # noqa: E402
from sheetpair.io.trf import read_trf  # noqa: E402
from sheetpair.io.workbook import load_tournament  # noqa: E402
from tests.safety_support import tournament, trf_of, write_event  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
PRIZES = "Prize list"


def sheetpair(*arguments: str) -> list[str]:
    return [sys.executable, "-m", "sheetpair", *arguments]


def run(command: list[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, cwd=REPO, capture_output=True, check=False)


def stored(path: Path) -> Tournament:
    return load_tournament(OpenpyxlPort(path))


def state(path: Path) -> tuple[Tournament, int, Any]:
    """What a step may change: the tournament, the revision and the prize list."""
    port = OpenpyxlPort(path)
    prizes = port.read_sheet(PRIZES) if PRIZES in port.sheet_names() else None
    return load_tournament(port), read_metadata(port).revision, prizes


def fide_list(event: Tournament, rating: int) -> str:
    """FIDE's XML rating list with the event's first player at ``rating`` (FIDE id 1700000 + start number)."""
    first = event.players[0]
    return ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<playerslist>\n"
            f"<player><fideid>{1_700_000 + first.tpn}</fideid><name>{first.name}</name>"
            "<country>NOR</country><sex>F</sex>"
            f"<title></title><w_title></w_title><o_title></o_title><foa_title></foa_title><rating>{rating}</rating>"
            "<games>0</games><k>20</k><rapid_rating></rapid_rating><rapid_games>0</rapid_games><rapid_k></rapid_k>"
            "<blitz_rating></blitz_rating><blitz_games>0</blitz_games><blitz_k></blitz_k><birthday>1990</birthday>"
            "<flag></flag></player>\n</playerslist>\n")


def side_copy(book: Path, folder: Path, name: str) -> Path:
    """A copy of ``book`` with one more late entry, as a second hall would send it back."""
    side = folder / f"side-{name.split()[-1]}.xlsx"
    shutil.copy2(book, side)
    run(sheetpair("enter", str(side), "--name", name, "--rating", "1300", "--arbiter", "Hall 2"))
    return side


def steps(event: Tournament, book: Path, folder: Path, step: int) -> list[str]:
    """The command of step ``step`` of the cycle for the event as it is now (files it needs made here)."""
    last = event.players[-1].tpn
    kind = step % 13
    if kind in (9, 10):
        fide = folder / f"fide-{step}.xml"
        fide.write_text(fide_list(event, 1800 + step), encoding="utf-8")
        return ["players", str(book), "--from-fide", str(fide), "--yes"]
    if kind == 11:
        return ["merge", str(side_copy(book, folder, f"Merged, Hall {step}")), str(book), "-o", str(book)]
    cycle = [
        ["pair", str(book), "--allow-pending"],
        ["result", str(book), *[part for g in event.rounds[-1].games[:5] for part in ("--board", str(g.board), "1-0")]]
        if event.rounds else ["standings", str(book)],
        ["bye", str(book), str(last), "--round", str(event.current_round + 1), "--points", "0.5"],
        ["bye", str(book), str(last), "--round", str(event.current_round + 1), "--cancel"],
        ["withdraw", str(book), str(last - 1), "--from-round", str(event.current_round + 1)],
        ["withdraw", str(book), str(last - 1), "--cancel"],
        ["enter", str(book), "--name", f"Late, Entry {step}", "--rating", "1500"],
        ["standings", str(book)],
        ["prizes", str(book), "--place", f"1={100 + step}"],
        [], [], [],
        ["undo", str(book), "--yes"] if event.current_round > 1 else ["standings", str(book)],
    ]
    return cycle[kind]


def timed(command: list[str]) -> float:
    started = time.perf_counter()
    run(command)
    return time.perf_counter() - started


def _new_file(folder: Path, kill: int, roster: Path, trf: Path, book: Path) -> tuple[str, list[str], Path]:
    """A command that makes a new file: ``new``, ``import`` or ``export``, in turn."""
    kind = ("new", "import", "export")[kill // 7 % 3]
    if kind == "new":
        target = folder / f"new-{kill}.xlsx"
        return kind, ["new", str(target), "--system", "dutch", "--rounds", "7", "--players", str(roster)], target
    if kind == "import":
        target = folder / f"imported-{kill}.xlsx"
        return kind, ["import", str(trf), "-o", str(target)], target
    target = folder / f"exported-{kill}.trf"
    return kind, ["export", str(book), "--trf", str(target)], target


def _whole(kind: str, target: Path) -> bool:
    try:
        if kind == "export":
            read_trf(target.read_text(encoding="utf-8"))
        else:
            stored(target)
        return True
    except Exception:  # noqa: BLE001 (any failure to read is the broken file being counted)
        return False


def kill_soak(folder: Path, kills: int, players: int, rng: random.Random) -> Counter[str]:
    book = write_event(folder / "event.xlsx", tournament(players, 1))
    trf = folder / "event.trf"
    trf.write_text(trf_of(stored(book)), encoding="utf-8")
    roster = folder / "roster.csv"
    roster.write_text("name,rating\n" + "".join(f"Player {n:03d},{2000 - n}\n" for n in range(1, players + 1)),
                      encoding="utf-8")
    seen: Counter[str] = Counter()
    step = 0
    for kill in range(kills):
        if kill % 7 == 6:
            kind, command, target = _new_file(folder, kill, roster, trf, book)
            duration = timed(sheetpair(*command))  # to time it; then made again and killed
            target.unlink(missing_ok=True)
            process = subprocess.Popen(sheetpair(*command), cwd=REPO, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.DEVNULL)
            time.sleep(rng.uniform(0, duration * 1.1))
            process.send_signal(signal.SIGKILL)
            process.wait()
            if not target.exists():
                seen[f"{kind} absent"] += 1
            else:
                seen[f"{kind} whole" if _whole(kind, target) else "broken"] += 1
            continue
        before = state(book)
        command = steps(before[0], book, folder, step)
        reference = folder / "reference.xlsx"
        shutil.copy2(book, reference)
        reference_command = [str(reference) if part == str(book) else part for part in command]
        duration = timed(sheetpair(*reference_command))
        expected = state(reference)
        process = subprocess.Popen(sheetpair(*command), cwd=REPO, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, duration * 1.1))
        process.send_signal(signal.SIGKILL)
        process.wait()
        try:
            after = state(book)
        except Exception:  # noqa: BLE001
            seen["broken"] += 1
            shutil.copy2(reference, book)
            step += 1
            continue
        if after == expected and after != before:
            seen[f"new {command[0]}"] += 1
            step += 1
        elif after == before:
            seen[f"old {command[0]}"] += 1
        else:
            seen["neither old nor new"] += 1
            print(f"  neither old nor new after {command[0]} (step {step})", file=sys.stderr)
            step += 1
    return seen


def _writer_commands(book: Path, folder: Path, writers: int, event: Tournament) -> list[tuple[str, list[str]]]:
    boards = [g.board for g in event.rounds[0].games]
    free = [p.tpn for p in event.players]
    kinds = ("result", "bye", "withdraw", "enter", "players", "merge", "standings", "prizes", "result", "bye")
    commands: list[tuple[str, list[str]]] = [("pair 2", ["pair", str(book), "--allow-pending"])]
    for index in range(writers - 1):
        kind = kinds[index % len(kinds)]
        if kind == "result" and boards:
            board = boards.pop(0)
            commands.append((f"result {board}", ["result", str(book), "--round", "1", "--board", str(board), "1-0"]))
        elif kind in ("bye", "result"):
            tpn = free.pop()
            commands.append((f"bye {tpn}", ["bye", str(book), str(tpn), "--round", "3", "--points", "0.5"]))
        elif kind == "withdraw":
            tpn = free.pop()
            commands.append((f"withdraw {tpn}", ["withdraw", str(book), str(tpn), "--from-round", "3"]))
        elif kind == "enter":
            commands.append((f"enter Writer, No {index}", ["enter", str(book), "--name", f"Writer, No {index}",
                                                           "--rating", "1400"]))
        elif kind == "players":
            tpn = free.pop(0)
            player = event.players[tpn - 1]
            fide = folder / f"fide-writer-{index}.xml"
            fide.write_text(fide_list(Tournament(event.settings, [player]), 2100 + index), encoding="utf-8")
            commands.append((f"players {tpn} {2100 + index}",
                             ["players", str(book), "--from-fide", str(fide), "--yes"]))
        elif kind == "merge":
            side = side_copy(book, folder, f"Merged, No {index}")
            commands.append((f"enter Merged, No {index}", ["merge", str(side), str(book), "-o", str(book)]))
        elif kind == "prizes":
            commands.append(("prizes", ["prizes", str(book), "--place", "1=100"]))
        else:
            commands.append(("standings", ["standings", str(book)]))
    return commands


def writers_soak(folder: Path, writers: int, players: int) -> Counter[str]:
    book = write_event(folder / "busy.xlsx", tournament(players, 1))
    event = stored(book)
    commands = _writer_commands(book, folder, writers, event)
    processes = [(label, subprocess.Popen(sheetpair(*c), cwd=REPO, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.PIPE)) for label, c in commands]
    seen: Counter[str] = Counter()
    for label, process in processes:
        _, error = process.communicate()
        seen["exit 0" if process.returncode == 0 else f"exit {process.returncode}"] += 1
        if process.returncode != 0:
            print(f"  {label}: {error.decode(errors='replace').strip()[-300:]}", file=sys.stderr)
    final = stored(book)
    lost = [label for label, _ in commands if not _landed(final, label)]
    for label in lost:
        print(f"  lost: {label}", file=sys.stderr)
    seen["lost"] = len(lost)
    seen["changes"] = len(commands)
    seen["commands"] = len({c[0] for _, c in commands})
    return seen


def _landed(event: Tournament, label: str) -> bool:
    kind, _, what = label.partition(" ")
    if kind == "pair":
        return event.current_round >= 2
    if kind == "result":
        return any(g.board == int(what) and g.result is Result.WHITE_WINS for g in event.rounds[0].games)
    if kind == "bye":
        return int(what) in event.requested_byes.get(3, {})
    if kind == "withdraw":
        return any(p.tpn == int(what) and p.withdrawn_from is not None for p in event.players)
    if kind == "enter":
        return any(p.name == what for p in event.players)
    if kind == "players":
        tpn, rating = (int(x) for x in what.split())
        return any(p.tpn == tpn and p.rating == rating for p in event.players)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--writers", type=int, default=50)
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        if arguments.kills:
            kills = kill_soak(Path(folder), arguments.kills, arguments.players, random.Random(arguments.seed))
            print(f"{arguments.kills} kills in {time.perf_counter() - started:.0f} s: {dict(sorted(kills.items()))}",
                  flush=True)
        started = time.perf_counter()
        if arguments.writers:
            writers = writers_soak(Path(folder), arguments.writers, arguments.players)
            print(f"{arguments.writers} concurrent writers in {time.perf_counter() - started:.0f} s: "
                  f"{dict(sorted(writers.items()))}")


if __name__ == "__main__":
    main()
