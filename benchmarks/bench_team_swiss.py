"""Speed of team-swiss on a big team open: 200 teams of 6 boards (one reserve each), 9 rounds.

The event is played by the system itself with a seeded result model (the team with the lower start
number is stronger: each board's game is won by its player with probability 0.5 plus a small edge, a
third of the games drawn). Every round is paired from the stored history and timed (wall and CPU time);
the goal is under 2 s a round.

    python benchmarks/bench_team_swiss.py                  # 200 teams, 6 boards, 9 rounds
    python benchmarks/bench_team_swiss.py --teams 40 --boards 4 --rounds 7
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sheetpair.core.model import Result  # noqa: E402
from sheetpair.core.teams import BoardGame, Match, Team, TeamEvent, TeamRound  # noqa: E402
from sheetpair.pairing.team_base import TeamSettings  # noqa: E402
from sheetpair.pairing.teams import get_team_system  # noqa: E402


def play(rnd: TeamRound, rng: random.Random, teams: int) -> TeamRound:
    """The round with a result on every board."""
    matches = []
    for match in rnd.matches:
        boards = []
        for game in match.boards:
            edge = (match.black - match.white) / (4 * teams)
            edge = edge if game.board % 2 else -edge
            x = rng.random()
            result = (Result.DRAW if x < 1 / 3 else Result.WHITE_WINS if x < 1 / 3 + (1 / 3 + edge)
                      else Result.BLACK_WINS)
            boards.append(BoardGame(game.board, game.white, game.black, result))
        matches.append(Match(match.table, match.white, match.black, tuple(boards)))
    return TeamRound(rnd.number, tuple(matches), rnd.byes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--boards", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    size = args.boards + 1
    teams = tuple(Team(t, f"Team {t}", tuple(range(size * (t - 1) + 1, size * t + 1)))
                  for t in range(1, args.teams + 1))
    event = TeamEvent(teams, args.boards)
    system = get_team_system("team-swiss")
    settings = TeamSettings(rounds=args.rounds)
    rng = random.Random(args.seed)
    times = []
    for k in range(1, args.rounds + 1):
        wall, cpu = time.perf_counter(), time.process_time()
        rnd = system.pair(event, k, settings)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        times.append(wall)
        print(f"round {k}: {len(rnd.matches)} matches in {wall:.2f} s (CPU {cpu:.2f} s)", flush=True)
        event = TeamEvent(event.teams, event.boards, (*event.rounds, play(rnd, rng, args.teams)))
    print(f"{args.teams} teams x {args.boards} boards, {args.rounds} rounds: slowest round {max(times):.2f} s, "
          f"mean {sum(times) / len(times):.2f} s")


if __name__ == "__main__":
    main()
