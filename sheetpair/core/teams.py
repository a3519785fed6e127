"""A team event as the arbiter records it: teams, line-ups, matches of board games, team byes.

As for individual events (:mod:`sheetpair.core.model`), only facts are stored: the teams with their
members in board order, and for each round the matches (each a list of board games with their results),
the team byes, and the line-ups the arbiter set. Match points, game points, the colour history on board 1,
opponents and floats are derived by :func:`derive_teams` and never stored, so nothing can disagree.

Points are integers in half-points, as everywhere in the core: a won game is 2, a draw 1. Match points are
configurable (``2,1,0`` by default, written ``(4, 2, 0)`` in half-points). The pairing-allocated bye (PAB)
is worth a drawn match by default: the draw's match points and half of the boards' game points (C.04.6
1.4), unless the event says otherwise.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .model import Colour, Outcome, Result

_HALVES = {Outcome.WIN: 2, Outcome.FORFEIT_WIN: 2, Outcome.DRAW: 1}


def game_points(outcome: Outcome) -> int:
    """Half-points one board is worth to one player (a forfeit win counts as a win, a forfeit loss 0)."""
    return _HALVES.get(outcome, 0)


class PrimaryScore(enum.Enum):
    """Which score ranks the teams first (C.04.6 1.3); the other one is the secondary score."""

    MATCH = "match"
    GAME = "game"


class TeamByeKind(enum.Enum):
    """Why a team has no opponent in a round: the pairing-allocated bye, an announced absence, or the
    rest round of a round robin with an odd number of teams (worth nothing)."""

    PAB = "pab"
    ABSENT = "absent"
    REST = "rest"
    HALF = "half"
    """An announced absence worth a drawn match: its match points and half the boards' game points (TRF26
    record 240 ``H``)."""
    FULL = "full"
    """An announced absence worth a won match: its match points and every board's game points (record 240
    ``F``)."""


@dataclass(frozen=True)
class TeamScoring:
    """Match points for a won, drawn and lost match, and what the PAB is worth, all in half-points.

    ``pab_game_points=None`` means "a drawn match": half of the boards' game points.
    """

    match_points: tuple[int, int, int] = (4, 2, 0)
    pab_match_points: int | None = None
    pab_game_points: int | None = None
    primary: PrimaryScore = PrimaryScore.MATCH

    @classmethod
    def from_text(cls, text: str, *, primary: PrimaryScore = PrimaryScore.MATCH) -> TeamScoring:
        """Read ``match-points=2,1,0`` (decimals allowed, in points).

        :raises ValueError: if the text is not three numbers, each a multiple of a half, win >= draw >= loss.
        """
        parts = [p.strip() for p in text.split(",")]
        try:
            halves = [round(float(p) * 2) for p in parts]
        except ValueError:
            halves = []
        if len(halves) != 3 or any(abs(float(p) * 2 - h) > 1e-9 for p, h in zip(parts, halves, strict=True)):
            raise ValueError(f"match points must be three numbers such as 2,1,0, not {text!r}")
        win, draw, loss = halves
        if not win >= draw >= loss >= 0:
            raise ValueError(f"match points must not grow from a win to a loss, as {text!r} does")
        return cls(match_points=(win, draw, loss), primary=primary)

    def pab_points(self, boards: int) -> tuple[int, int]:
        """(match, game) half-points of the PAB in an event of ``boards`` boards."""
        mp = self.match_points[1] if self.pab_match_points is None else self.pab_match_points
        gp = boards if self.pab_game_points is None else self.pab_game_points
        return mp, gp

    def bye_points(self, kind: TeamByeKind, boards: int) -> tuple[int, int]:
        """(match, game) half-points of a round without an opponent: the PAB's; an announced absence worth
        a drawn or a won match scores every board as a drawn or won game too (record 240 ``H``, ``F``)."""
        if kind is TeamByeKind.PAB:
            return self.pab_points(boards)
        win, draw, _ = self.match_points
        return {TeamByeKind.HALF: (draw, boards), TeamByeKind.FULL: (win, 2 * boards)}.get(kind, (0, 0))


@dataclass(frozen=True)
class Team:
    """One team of the roster; ``members`` are player start numbers in board order, reserves last."""

    tpn: int
    name: str
    members: tuple[int, ...]
    short_name: str = ""
    federation: str = ""
    captain: str = ""


@dataclass(frozen=True)
class BoardGame:
    """One board of a match: player start numbers (0 when a board has nobody) and the result."""

    board: int
    white: int
    black: int
    result: Result = Result.NONE

    def team_outcomes(self) -> tuple[Outcome, Outcome]:
        """The outcome for the player of the match's White team and for the other team's player.

        Board colours alternate, so the White team's player sits White on odd boards only.
        """
        white, black = self.result.outcomes
        return (white, black) if self.board % 2 else (black, white)


@dataclass(frozen=True)
class Match:
    """A team match; ``white`` is the team whose board-1 player has White (C.04.6 1.6.1).

    ``forfeit_winner`` records a whole match lost by forfeit: the tpn of the team that wins it, or 0 when
    both teams forfeit. The boards of such a match are not played.
    """

    table: int
    white: int
    black: int
    boards: tuple[BoardGame, ...] = ()
    forfeit_winner: int | None = None

    def game_points(self) -> tuple[int, int]:
        """Game half-points of White's team and of Black's team."""
        if self.forfeit_winner is not None:
            full = 2 * len(self.boards)
            return (full if self.forfeit_winner == self.white else 0,
                    full if self.forfeit_winner == self.black else 0)
        white = black = 0
        for game in self.boards:
            first, second = game.team_outcomes()
            white += game_points(first)
            black += game_points(second)
        return white, black

    @property
    def was_played(self) -> bool:
        """A match counts as played (colours, floats) when its first board was played over the board."""
        if self.forfeit_winner is not None or not self.boards:
            return False
        return min(self.boards, key=lambda g: g.board).result.was_played

    @property
    def is_complete(self) -> bool:
        return self.forfeit_winner is not None or all(g.result.is_known for g in self.boards)


@dataclass(frozen=True)
class TeamBye:
    """A team without an opponent in a round."""

    team: int
    kind: TeamByeKind


@dataclass(frozen=True)
class TeamRound:
    """One round: matches, byes, and the line-ups the arbiter set (tpn to members in board order)."""

    number: int
    matches: tuple[Match, ...] = ()
    byes: tuple[TeamBye, ...] = ()
    lineups: dict[int, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Acceleration:
    """Record 250: virtual points (half-points) given to teams ``first..last`` in rounds ``start..end``."""

    match_points: int
    game_points: int
    rounds: tuple[int, int]
    teams: tuple[int, int]


@dataclass(frozen=True)
class ProhibitedGroup:
    """Record 260: the teams may not meet each other in rounds ``start..end``."""

    rounds: tuple[int, int]
    teams: frozenset[int]


@dataclass(frozen=True)
class TeamEvent:
    """A team event: the teams, the number of boards, the scoring and the rounds so far."""

    teams: tuple[Team, ...]
    boards: int
    rounds: tuple[TeamRound, ...] = ()
    scoring: TeamScoring = field(default_factory=TeamScoring)
    prohibited: tuple[frozenset[int], ...] = ()

    def team(self, tpn: int) -> Team:
        """:raises KeyError: if no team has that start number."""
        for team in self.teams:
            if team.tpn == tpn:
                return team
        raise KeyError(f"no team has start number {tpn}")


@dataclass
class TeamHistory:
    """What the rounds so far say about one team, derived from the stored facts only."""

    tpn: int
    match_points: int = 0
    game_points: int = 0
    opponents: list[int] = field(default_factory=list)
    """Opponents of played and forfeited matches (a rematch is barred either way)."""
    colours: list[Colour | None] = field(default_factory=list)
    """Board-1 colour per round, ``None`` when the team played no match over the board that round."""
    floats: list[int] = field(default_factory=list)
    """Per round: +1 floated up (met a higher primary score), -1 floated down, 0 neither."""
    pab_count: int = 0
    scores_before: list[tuple[int, int]] = field(default_factory=list)
    """(match, game) half-points before each round."""

    def primary(self, scoring: TeamScoring) -> int:
        return self.match_points if scoring.primary is PrimaryScore.MATCH else self.game_points

    def secondary(self, scoring: TeamScoring) -> int:
        return self.game_points if scoring.primary is PrimaryScore.MATCH else self.match_points


def match_points(scoring: TeamScoring, own: int, other: int) -> int:
    """Match half-points for a team that made ``own`` game points against ``other``."""
    win, draw, loss = scoring.match_points
    return win if own > other else draw if own == other else loss


def derive_teams(event: TeamEvent, *, before_round: int | None = None) -> dict[int, TeamHistory]:
    """Every team's history over the rounds before ``before_round`` (all stored rounds by default)."""
    history = {team.tpn: TeamHistory(team.tpn) for team in event.teams}
    scoring = event.scoring
    for rnd in event.rounds:
        if before_round is not None and rnd.number >= before_round:
            break
        primary_before = {t: h.primary(scoring) for t, h in history.items()}
        for h in history.values():
            h.scores_before.append((h.match_points, h.game_points))
        seen: set[int] = set()
        for match in rnd.matches:
            _record_match(history, match, primary_before, scoring)
            seen.update((match.white, match.black))
        for bye in rnd.byes:
            h = history[bye.team]
            mp, gp = scoring.bye_points(bye.kind, event.boards)
            h.match_points += mp
            h.game_points += gp
            if bye.kind is TeamByeKind.PAB:
                h.pab_count += 1
            h.floats.append(-1 if bye.kind is TeamByeKind.PAB else 0)
            h.colours.append(None)
            seen.add(bye.team)
        for tpn, h in history.items():
            if tpn not in seen:
                h.colours.append(None)
                h.floats.append(0)
    return history


def _record_match(history: dict[int, TeamHistory], match: Match, primary_before: dict[int, int],
                  scoring: TeamScoring) -> None:
    white_gp, black_gp = match.game_points()
    pairs = ((match.white, match.black, white_gp, black_gp, Colour.WHITE),
             (match.black, match.white, black_gp, white_gp, Colour.BLACK))
    for own, other, own_gp, other_gp, colour in pairs:
        h = history[own]
        h.opponents.append(other)
        h.game_points += own_gp
        if match.forfeit_winner is not None:
            win, _, loss = scoring.match_points
            h.match_points += win if match.forfeit_winner == own else loss
        elif match.is_complete:
            h.match_points += match_points(scoring, own_gp, other_gp)
        h.colours.append(colour if match.was_played else None)
        gap = primary_before[other] - primary_before[own]
        h.floats.append((gap > 0) - (gap < 0) if match.was_played else 0)


def default_lineup(team: Team, boards: int, absent: frozenset[int] = frozenset()) -> tuple[int, ...]:
    """The team's board order with absent members skipped and reserves moved up, ``boards`` long at most."""
    return tuple(m for m in team.members if m not in absent)[:boards]


def seat_boards(boards: int, first: tuple[int, ...], second: tuple[int, ...]) -> tuple[BoardGame, ...]:
    """The boards of a match from both line-ups (``first`` is the team with White on board 1): that team's
    player has White on odd boards (the ``WBWB…`` pattern of record 352); a board without a player holds 0."""
    games = []
    for board in range(1, boards + 1):
        a = first[board - 1] if board <= len(first) else 0
        b = second[board - 1] if board <= len(second) else 0
        games.append(BoardGame(board, a, b) if board % 2 else BoardGame(board, b, a))
    return tuple(games)


def check_lineup(event: TeamEvent, tpn: int, lineup: tuple[int, ...], others: dict[int, tuple[int, ...]]) -> None:
    """Refuse a line-up with a player of another team, a player twice, too many players, or out of order.

    The order rule: members keep their relative roster order (a reserve may move up, nobody may jump
    ahead of a member listed before them).

    :raises ValueError: with one sentence naming the team and the player.
    """
    team = event.team(tpn)
    if len(lineup) > event.boards:
        raise ValueError(f"team {tpn} ({team.name}) lines up {len(lineup)} players for {event.boards} boards")
    for player in lineup:
        if player not in team.members:
            raise ValueError(f"player {player} is not a member of team {tpn} ({team.name})")
        if lineup.count(player) > 1:
            raise ValueError(f"player {player} appears twice in the line-up of team {tpn} ({team.name})")
        for other, players in others.items():
            if other != tpn and player in players:
                raise ValueError(f"player {player} is already in the line-up of team {other}")
    positions = [team.members.index(p) for p in lineup]
    if positions != sorted(positions):
        raise ValueError(f"the line-up of team {tpn} ({team.name}) breaks the board order of its roster")


def pairing_json(rnd: TeamRound, event: TeamEvent) -> dict[str, object]:
    """The shape ``pair --json`` prints for a team round: team numbers on matches, players on boards."""
    byes = []
    for bye in rnd.byes:
        points = event.scoring.bye_points(bye.kind, event.boards)[0]
        byes.append({"team": bye.team, "points": points / 2, "kind": bye.kind.value})
    return {
        "round": rnd.number,
        "matches": [{"table": m.table, "white": m.white, "black": m.black,
                     "boards": [{"board": g.board, "white": g.white, "black": g.black} for g in m.boards]}
                    for m in rnd.matches],
        "byes": byes,
    }
