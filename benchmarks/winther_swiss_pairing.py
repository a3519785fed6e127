"""Time to pair one round with winther-swiss, club-swiss and simple-swiss, by field size.

Each event is played to its last round with seeded random results; the script prints the median and the
slowest pairing time per round. The last case is a played-out field (as many rounds as a round robin), where
the rematch-free search has the least room.
"""

from __future__ import annotations

import random
import statistics
import time

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.core.model import Player, Result, Settings

SIZES = [(16, 7), (60, 9), (120, 9), (20, 19), (30, 29)]
SYSTEMS = ["winther-swiss", "club-swiss", "simple-swiss"]


def measure(system: str, players: int, rounds: int, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    roster = [Player(0, f"P{i:03}", rating=2500 - 7 * i) for i in range(players)]
    tournament = new_tournament(roster, Settings(system, rounds, seed=seed))
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        paired = operations.pair_next_round(tournament)
        times.append(time.perf_counter() - start)
        for game in paired.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
    return times


def main() -> None:
    print(f"{'system':<14} {'players':>7} {'rounds':>6} {'median s':>9} {'slowest s':>9}")
    for system in SYSTEMS:
        for players, rounds in SIZES:
            times = measure(system, players, rounds)
            print(f"{system:<14} {players:>7} {rounds:>6} {statistics.median(times):>9.3f} {max(times):>9.3f}")


if __name__ == "__main__":
    main()
