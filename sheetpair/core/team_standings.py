"""The standings of a team event, built once and read by every writer: the team ranking with its C.07
tie-breaks, the team crosstable and the board-by-board ranking of the members' games.

Teams rank on the primary score, then on the event's tie-breaks in order (the lower value first for
the board count and the codes that place tied teams), then on start number. A board
ranking counts the games a player played on that board (forfeits count as points, not as games): points,
games, percentage and performance (the average rating of the opponents met over the board plus the B.02
rating difference of the percentage).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .teams import PrimaryScore, TeamByeKind, TeamEvent, derive_teams, game_points
from .tiebreaks.base import DEFAULT_EDITION
from .tiebreaks.fide import rating_difference
from .tiebreaks.team import parse_team_code, team_tiebreaks


@dataclass(frozen=True)
class TeamStanding:
    """One team's line: rank, start number, both scores (points) and the tie-break values in order."""

    rank: int
    tpn: int
    name: str
    match_points: float
    game_points: float
    tiebreaks: dict[str, float]


@dataclass(frozen=True)
class BoardStanding:
    """One player's results on one board."""

    board: int
    rank: int
    tpn: int
    team: int
    points: float
    games: int
    percentage: float
    performance: int


@dataclass(frozen=True)
class TeamTable:
    """The team ranking, the crosstable (team -> opponent -> game points per meeting) and the boards."""

    teams: list[TeamStanding]
    codes: tuple[str, ...]
    crosstable: dict[int, dict[int, list[float]]]
    boards: list[BoardStanding]
    through_round: int


def team_table(event: TeamEvent, codes: tuple[str, ...], ratings: dict[int, int], *,
               rules: str = DEFAULT_EDITION) -> TeamTable:
    """The standings after every stored round; ``ratings`` gives each player's rating (performance);
    ``rules`` the C.07 edition of the tie-breaks.

    :raises ValueError: for a tie-break code the team tie-breaks do not know.
    """
    history = derive_teams(event)
    values = team_tiebreaks(event, codes, rules=rules)
    primary = event.scoring.primary is PrimaryScore.MATCH
    lower_first = {c for c in codes if parse_team_code(c).lower_first}

    def key(tpn: int) -> tuple[object, ...]:
        h = history[tpn]
        first = h.match_points if primary else h.game_points
        return (-first, *(values[tpn][c] if c in lower_first else -values[tpn][c] for c in codes), tpn)

    order = sorted((t.tpn for t in event.teams), key=key)
    teams: list[TeamStanding] = []
    for place, tpn in enumerate(order, start=1):
        rank = teams[-1].rank if teams and key(tpn)[:-1] == key(teams[-1].tpn)[:-1] else place
        h = history[tpn]
        teams.append(TeamStanding(rank, tpn, event.team(tpn).name, h.match_points / 2, h.game_points / 2,
                                  values[tpn]))
    return TeamTable(teams, codes, _crosstable(event), board_ranking(event, ratings),
                     max((r.number for r in event.rounds), default=0))


def _crosstable(event: TeamEvent) -> dict[int, dict[int, list[float]]]:
    table: dict[int, dict[int, list[float]]] = {t.tpn: {} for t in event.teams}
    for rnd in event.rounds:
        for match in rnd.matches:
            if not match.is_complete:
                continue
            white, black = match.game_points()
            table[match.white].setdefault(match.black, []).append(white / 2)
            table[match.black].setdefault(match.white, []).append(black / 2)
    return table


def board_ranking(event: TeamEvent, ratings: dict[int, int]) -> list[BoardStanding]:
    """Every player's points, games over the board, percentage and performance, board by board; on each
    board the best percentage first (then points, performance, start number)."""
    tally: dict[tuple[int, int], list[tuple[int, int | None]]] = {}
    team_of = {m: t.tpn for t in event.teams for m in t.members}
    for rnd in event.rounds:
        for match in rnd.matches:
            if match.forfeit_winner is not None:
                continue
            for game in match.boards:
                if not game.result.is_known:
                    continue
                white, black = game.result.outcomes
                for player, outcome, opponent in ((game.white, white, game.black), (game.black, black, game.white)):
                    if player:
                        played = outcome.is_played_game and bool(opponent)
                        tally.setdefault((game.board, player), []).append(
                            (game_points(outcome), ratings.get(opponent, 0) if played else None))
    rows: list[BoardStanding] = []
    for (board, player), games in tally.items():
        points = sum(p for p, _ in games) / 2
        rated = [(p, r) for p, r in games if r is not None]
        percentage = round(100 * points / len(games), 1) if games else 0.0
        rows.append(BoardStanding(board, 0, player, team_of.get(player, 0), points, len(rated), percentage,
                                  _performance(rated)))
    rows.sort(key=lambda r: (r.board, -r.percentage, -r.points, -r.performance, r.tpn))
    ranked: list[BoardStanding] = []
    for row in rows:
        same_board = [r for r in ranked if r.board == row.board]
        ranked.append(BoardStanding(row.board, len(same_board) + 1, row.tpn, row.team, row.points, row.games,
                                    row.percentage, row.performance))
    return ranked


def _performance(games: Sequence[tuple[int, int | None]]) -> int:
    rated = [r for _, r in games if r]
    if not rated:
        return 0
    scored = sum(p for p, r in games if r)
    percent = int(100 * scored / (2 * len(rated)) + 0.5)
    return round(sum(rated) / len(rated)) + rating_difference(percent)


def bye_points(event: TeamEvent, kind: TeamByeKind) -> float:
    """Match points a team bye is worth (the PAB's value of the event, an announced absence's by its kind)."""
    return event.scoring.bye_points(kind, event.boards)[0] / 2
