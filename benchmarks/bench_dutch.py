"""Speed and peak memory of the FIDE Dutch pairing on big fields.

For each field size the history is made by playing the system itself for ``rounds - 1`` rounds with a
seeded result model (the stronger player wins more often, a third of games drawn, a few forfeits and
half-point byes); then the late round is paired ``--repeat`` times and the median time (wall and the
process's CPU time, which a shared machine's load inflates less) and the peak memory of the process (resident
set, compiled matcher included) are printed. ``--round R`` pairs round R after R - 1 rounds instead (round 2:
the biggest brackets of an event). Each size runs in a new process, as a
command-line pairing does. For the ``--event`` size (2000 by default) the whole event is timed too: every
round of the history plus the late round.

    python benchmarks/bench_dutch.py                     # 100 400 1000 2000 players, 11 rounds
    python benchmarks/bench_dutch.py --sizes 100 400 --repeat 3 --event 0
    python benchmarks/bench_dutch.py --system dutch-2017 --sizes 2000 --repeat 1 --event 0 --round 2
    python benchmarks/bench_dutch.py --sizes 5000 10000 --repeat 1 --event 0   # big fields (long)
    python benchmarks/bench_dutch.py --sizes --event 0 --refusal 100000         # the memory refusal only

``--refusal N`` pairs round 2 of an N-player event (round 1 played by the system) on this machine's
memory and prints the refusal sentence, how long it took to come, and the process peak: a field the
machine cannot hold must be refused up front with a sentence, never with a MemoryError.

Reference (bbpPairings 6.0.0, the 2026 reference engine, one late round): about 1.5 s at 400 players,
23 s at 1000, 350 s at 2000.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.errors import PairingError  # noqa: E402
from sheetpair.core.model import ByeKind, Player, Result, Round, Settings, Tournament  # noqa: E402
from sheetpair.pairing import get_system  # noqa: E402


def play_round(tournament: Tournament, number: int, rng: random.Random, system: str) -> float:
    """Pairs round ``number``, stores it with random results; returns the pairing time in seconds."""
    if rng.random() < 0.5:
        asker = rng.choice(tournament.players)
        tournament.requested_byes.setdefault(number, {})[asker.tpn] = ByeKind.HALF
    start = time.perf_counter()
    pairing = get_system(system).pair(tournament, number)
    elapsed = time.perf_counter() - start
    ratings = {p.tpn: p.rating for p in tournament.players}
    for game in pairing.games:
        if rng.random() < 0.01:
            game.result = Result.WHITE_WINS_BY_FORFEIT
            continue
        expected = 1 / (1 + 10 ** ((ratings[game.black] - ratings[game.white]) / 400))
        draw = 0.33
        roll = rng.random()
        game.result = (Result.WHITE_WINS if roll < expected * (1 - draw)
                       else Result.DRAW if roll < expected * (1 - draw) + draw else Result.BLACK_WINS)
    tournament.rounds.append(Round(number, pairing.games, pairing.byes))
    tournament.requested_byes.pop(number, None)
    return elapsed


def new_event(players: int, rounds: int, system: str) -> Tournament:
    roster = [Player(i, f"Player {i:04}", rating=2700 - (1500 * i) // players) for i in range(1, players + 1)]
    return Tournament(Settings(system, rounds), roster)


def late_round(players: int, args: argparse.Namespace) -> tuple[float, float, float, list[float]]:
    """Median wall and CPU seconds and peak MiB of pairing round ``args.round`` (the last by default) of a
    ``players`` event, and the time of each earlier round (the history is played by the system itself)."""
    rng = random.Random(args.seed)
    tournament = new_event(players, args.rounds, args.system)
    target = args.round or args.rounds
    history = [play_round(tournament, number, rng, args.system) for number in range(1, target)]
    times, cpu = [], []
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        get_system(args.system).pair(tournament, target)
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return statistics.median(times), statistics.median(cpu), peak, history


def measure(size: int, args: argparse.Namespace) -> None:
    """Prints the late round of one field size (and the whole event if it is the ``--event`` size)."""
    median, cpu, peak, history = late_round(size, args)
    print(f"  {size:5d} players: {median:8.2f} s (CPU {cpu:7.2f} s)   process peak {peak:7.1f} MiB", flush=True)
    if size == args.event:
        rounds = " ".join(f"{t:.2f}" for t in history + [median])
        print(f"  whole event, {size} players, {len(history) + 1} rounds: {sum(history) + median:.1f} s "
              f"(rounds 1-{len(history) + 1}: {rounds} s)", flush=True)


def refusal(size: int, args: argparse.Namespace) -> None:
    """Prints how a field too big for this machine's memory is refused (round 2, after a played round 1)."""
    rng = random.Random(args.seed)
    tournament = new_event(size, args.rounds, args.system)
    play_round(tournament, 1, rng, args.system)
    start = time.perf_counter()
    try:
        get_system(args.system).pair(tournament, 2)
    except PairingError as error:
        outcome = f"refused after {time.perf_counter() - start:.1f} s: {error}"
    else:
        outcome = f"paired in {time.perf_counter() - start:.1f} s (the machine could hold it)"
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"  {size} players, round 2: {outcome}  (process peak {peak:.0f} MiB)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 400, 1000, 2000])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--round", type=int, help="pair this round instead of the last (after its history)")
    parser.add_argument("--system", default="dutch")
    parser.add_argument("--event", type=int, default=2000, help="also time every round of an event of this size")
    parser.add_argument("--refusal", type=int, default=0, help="show the memory refusal for a field this big")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one is not None:
        if args.one == args.refusal:
            refusal(args.one, args)
        else:
            measure(args.one, args)
        return
    print(f"{args.system}: round {args.round or args.rounds} of {args.rounds}, median of {args.repeat}, "
          f"each size in a new process, load average {os.getloadavg()[0]:.1f}")
    sizes = args.sizes + ([args.event] if args.event and args.event not in args.sizes else [])
    for size in sizes:
        # A new process per size, as a command-line pairing runs: the peak memory is that size's own.
        subprocess.run([sys.executable, __file__, "--one", str(size), "--rounds", str(args.rounds),
                        "--repeat", str(args.repeat if size in args.sizes else 1), "--seed", str(args.seed),
                        "--system", args.system, "--event", str(args.event)]
                       + (["--round", str(args.round)] if args.round else []), check=True)
    if args.refusal:
        subprocess.run([sys.executable, __file__, "--one", str(args.refusal), "--refusal", str(args.refusal),
                        "--rounds", str(args.rounds), "--seed", str(args.seed), "--system", args.system], check=True)


if __name__ == "__main__":
    main()
