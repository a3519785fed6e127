"""TRF-2026 team files read into a :class:`~sheetpair.core.teams.TeamEvent`.

The team records read here: ``310`` (team, members in board order, reserves last), ``192`` (the team
code: which score is primary, colour preference type A, B or none), ``362`` (match points), ``352`` (board
colours of the team listed first), ``152`` (initial colour), ``240`` (team absences), ``250``
(acceleration), ``260`` (prohibited team groups) and ``320`` (PAB value and PAB teams). Matches are
rebuilt from the members' ``001`` round entries: the board of a member is its place among the team's
members who take part in that round, and the team with White is the one whose board-1 player has White.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ..core.errors import TrfError
from ..core.model import Player, Result
from ..core.teams import (
    Acceleration,
    BoardGame,
    Match,
    PrimaryScore,
    ProhibitedGroup,
    Team,
    TeamBye,
    TeamByeKind,
    TeamEvent,
    TeamRound,
    TeamScoring,
    seat_boards,
)

_PAIR_RESULT = {("1", "0"): Result.WHITE_WINS, ("0", "1"): Result.BLACK_WINS, ("=", "="): Result.DRAW,
                ("+", "-"): Result.WHITE_WINS_BY_FORFEIT, ("-", "+"): Result.BLACK_WINS_BY_FORFEIT,
                ("-", "-"): Result.DOUBLE_FORFEIT, ("W", "L"): Result.WHITE_WINS, ("L", "W"): Result.BLACK_WINS,
                ("D", "D"): Result.DRAW}


@dataclass
class TeamFile:
    """A team event read from TRF-2026, with the pairing facts the file carries beside the event."""

    event: TeamEvent
    code: str = ""
    colour_type: str = "A"
    initial_colour: str = "W"
    rounds: int = 0
    absences: dict[int, frozenset[int]] = field(default_factory=dict)
    accelerations: tuple[Acceleration, ...] = ()
    prohibited: tuple[ProhibitedGroup, ...] = ()
    lines: tuple[str, ...] = ()
    """The file as read, line endings kept: the writer keeps every record it does not rewrite."""

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        """The tie-break codes of record ``202`` as written (``EDET/P``, ``BH:MP/C1/P``...), in order."""
        return next((tuple(c.strip() for c in line[4:].split(",") if c.strip()) for line in self.lines
                     if line.startswith("202")), ())

    @property
    def start_date(self) -> str:
        """The event's first day from record ``042`` as an ISO date (``2024/12/01`` -> ``2024-12-01``), or ''."""
        text = next((line[4:].strip() for line in self.lines if line.startswith("042")), "")
        return text.replace("/", "-").replace(".", "-") if len(text) == 10 else ""

    @property
    def tiebreak_line(self) -> int:
        """The line number of record ``202`` (0 when the file has none)."""
        return next((n for n, line in enumerate(self.lines, start=1) if line.startswith("202")), 0)


def colour_type(code: str) -> str:
    """``A``, ``B`` or ``none`` from the ETT26 team code of record 192."""
    return "A" if "TYPEA" in code else "B" if "TYPEB" in code else "none"


def has_secondary_score(code: str) -> bool:
    """True when the code names a second score (``_MP_GP`` or ``_GP_MP``), which then ranks colours (4.2.2)."""
    c = code.replace("_BAKU", "")
    return c.endswith("_MP_GP") or c.endswith("_GP_MP")


def primary_score(code: str) -> PrimaryScore:
    """The first score the code names is the primary one (match points by default)."""
    c = code.replace("_BAKU", "")
    return PrimaryScore.GAME if c.endswith("_GP_MP") or c.endswith("TEAM_GP") else PrimaryScore.MATCH


def _halves(text: str, line: int) -> int:
    if not text.strip():
        return 0  # a blank field of points (TRF26 leaves an unused value empty)
    try:
        return round(float(text) * 2)
    except ValueError:
        raise TrfError(f"expected a number of points, found {text.strip()!r}", line=line) from None


def team_players(text: str) -> list[Player]:
    """The members of a team file from its ``001`` records (start number, sex, title, name, rating,
    federation, FIDE ID, birth date), each with the start number of its team as ``team``.

    :raises TrfError: naming the line of a start number or rating that is not a number.
    """
    team_of = {m: t.tpn for t in read_team_trf(text).event.teams for m in t.members}
    players = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("001"):
            continue
        try:
            tpn = int(line[4:8])
            rating = int(line[48:52]) if line[48:52].strip() else 0
        except ValueError:
            raise TrfError("a 001 record needs its start number (5-8) and rating (49-52) as numbers",
                           line=number) from None
        players.append(Player(tpn, line[14:47].strip(), rating, line[10:13].strip(), line[53:56].strip(),
                              line[57:68].strip(), line[69:79].strip(), line[9:10].strip(),
                              team=str(team_of.get(tpn, ""))))
    return players


def team_from_310(text: str) -> Team:
    """A TRF-2026 team record: number 5–7, name 9–40, short name 42–46, members from 74 every 5 columns."""
    text = text.rstrip("\t ")
    return Team(int(text[4:7]), text[8:40].rstrip(), tuple(_numbers(text[73:], 5)), short_name=text[41:46].rstrip())


def team_from_013(text: str, tpn: int) -> Team:
    """A TRF16 team record: name 5–36, members from 37 every 5 columns; teams numbered in file order."""
    return Team(tpn, text[4:36].rstrip(), tuple(_numbers(text[36:], 5)))


def _numbers(text: str, step: int) -> list[int]:
    text = text.expandtabs(1).rstrip()
    return [int(text[i:i + 4]) for i in range(0, len(text), step) if text[i:i + 4].strip()]


@dataclass
class _Reader:
    header: dict[str, str] = field(default_factory=dict)
    entries: dict[int, dict[int, tuple[int, str, str]]] = field(default_factory=dict)
    teams: list[Team] = field(default_factory=list)
    trf16_teams: list[Team] = field(default_factory=list)
    absences: dict[int, set[int]] = field(default_factory=dict)
    absence_kinds: dict[tuple[int, int], TeamByeKind] = field(default_factory=dict)
    pab: dict[int, int] = field(default_factory=dict)
    pab_points: tuple[int, int] | None = None
    match_points: tuple[int, int, int] = (4, 2, 0)
    accelerations: list[Acceleration] = field(default_factory=list)
    prohibited: list[ProhibitedGroup] = field(default_factory=list)
    orders: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)
    """Record 300: (round, team) to the players of boards 1..n (0 for an empty board)."""
    forfeits: dict[int, list[tuple[int, int, int]]] = field(default_factory=dict)
    """Record 330: round to (White team, Black team, winner: a team, or 0 when both forfeit)."""

    def line(self, text: str, number: int) -> None:
        code = text[:3]
        if code in ("300", "330"):
            self.match_record(text.rstrip())
            return
        text = text.rstrip("\t ") if code in ("240", "260", "310") else text
        if code == "001":
            self.entries[int(text[4:8])] = {
                1 + (pos - 91) // 10: (int(text[pos:pos + 4]) if text[pos:pos + 4].strip() else 0,
                                       text[pos + 5:pos + 6], text[pos + 7:pos + 8])
                for pos in range(91, len(text), 10) if text[pos:pos + 8].strip()}
        elif code == "310":
            self.teams.append(team_from_310(text))
        elif code == "013":
            self.trf16_teams.append(team_from_013(text, len(self.trf16_teams) + 1))
        elif code == "362":
            vals = dict(re.findall(r"(TW|TD|TL)\s*(-?[0-9.]+)", text))
            self.match_points = tuple(_halves(vals.get(k, d), number)  # type: ignore[assignment]
                                      for k, d in (("TW", "2"), ("TD", "1"), ("TL", "0")))
        elif code == "240":
            kind = {"H": TeamByeKind.HALF, "F": TeamByeKind.FULL}.get(text[4], TeamByeKind.ABSENT)
            for tpn in _numbers(text[10:], 5):
                self.absences.setdefault(int(text[6:9]), set()).add(tpn)
                self.absence_kinds[(int(text[6:9]), tpn)] = kind
        elif code == "250":
            self.accelerations.append(Acceleration(_halves(text[4:8], number), _halves(text[9:13], number),
                                                   (int(text[14:17]), int(text[18:21])),
                                                   (int(text[22:26]), int(text[27:31]))))
        elif code == "260":
            self.prohibited.append(ProhibitedGroup((int(text[4:7]), int(text[8:11])),
                                                   frozenset(_numbers(text[12:], 5))))
        elif code == "320":
            self.pab_points = (_halves(text[4:8], number), _halves(text[9:13], number))
            for r, i in enumerate(range(14, len(text), 4), start=1):
                if text[i:i + 3].strip() and int(text[i:i + 3]):
                    self.pab[r] = int(text[i:i + 3])
        elif code[:1].isdigit():
            self.header[code] = text[4:].rstrip()


    def match_record(self, text: str) -> None:
        """An out-of-order line-up (300: round, team, opponent, players from 17 every 5 columns) or a
        forfeited match (330: ``+-``, ``-+`` or ``--`` at 5-6, round 8-10, White team 12-14, Black 16-18)."""
        if text[:3] == "300":
            self.orders[(int(text[4:7]), int(text[8:11]))] = tuple(_numbers(text[16:], 5))
            return
        white, black = int(text[11:14]), int(text[15:18])
        winner = {"+-": white, "-+": black}.get(text[4:6], 0)
        self.forfeits.setdefault(int(text[7:10]), []).append((white, black, winner))


def read_team_trf(text: str) -> TeamFile:
    """Read a TRF-2026 team file.

    :raises TrfError: if a record is malformed or the file has no team (``310``) records.
    """
    reader = _Reader()
    for number, raw in enumerate(text.splitlines(), start=1):
        try:
            reader.line(raw.rstrip("\r\n"), number)
        except ValueError as error:
            raise TrfError(f"malformed record {raw[:3]!r}: {error}", line=number) from None
    if not reader.teams:
        reader.teams = reader.trf16_teams
    if not reader.teams:
        raise TrfError("the file has no team records (310, or 013 in TRF16)", line=1)
    code = reader.header.get("192", "")
    boards = len(reader.header.get("352", "")) or 4
    scoring = TeamScoring(match_points=reader.match_points, primary=primary_score(code),
                          pab_match_points=reader.pab_points[0] if reader.pab_points else None,
                          pab_game_points=reader.pab_points[1] if reader.pab_points else None)
    played = max((r for e in reader.entries.values() for r in e), default=0)
    played = max([played, *reader.pab])
    teams = tuple(sorted(reader.teams, key=lambda t: t.tpn))
    rounds = tuple(_round(reader, teams, r, boards) for r in range(1, played + 1))
    event = TeamEvent(teams, boards, rounds, scoring)
    return TeamFile(event, code, colour_type(code), reader.header.get("152", "W") or "W",
                    int(reader.header.get("142", "0") or 0),
                    {r: frozenset(t) for r, t in reader.absences.items()},
                    tuple(reader.accelerations), tuple(reader.prohibited), tuple(text.splitlines(keepends=True)))


def _round(reader: _Reader, teams: tuple[Team, ...], number: int, boards: int) -> TeamRound:
    team_of = {m: t.tpn for t in teams for m in t.members}
    team_by = {t.tpn: t for t in teams}
    lineups: dict[int, tuple[int, ...]] = {}
    opponent: dict[int, int] = {}
    for team in teams:
        if (number, team.tpn) in reader.orders:
            lineups[team.tpn] = reader.orders[(number, team.tpn)]
            for member in lineups[team.tpn]:
                opp = reader.entries.get(member, {}).get(number, (0, "-", "Z"))[0]
                if opp:
                    opponent[team.tpn] = team_of[opp]
            continue
        lineups[team.tpn] = _default_lineup(reader, team, number, boards, team_of, opponent)
    matches = []
    for team in teams:
        other = opponent.get(team.tpn)
        if other is None or not lineups[team.tpn]:
            continue
        seated = [(i, p) for i, p in enumerate(lineups[team.tpn]) if p]
        if not seated:
            continue
        index, player = seated[0]  # the White team's player has White on odd boards
        if (reader.entries[player][number][1].lower() == "w") != (index % 2 == 0):
            continue
        matches.append(_match(reader, number, team.tpn, other, lineups))
    for white, black, winner in reader.forfeits.get(number, []):
        won = [[m for m in event_team.members if reader.entries.get(m, {}).get(number, (0, "", ""))[2] == "+"]
               for event_team in (team_by[white], team_by[black])]
        matches.append(Match(0, white, black, seat_boards(boards, tuple(won[0]), tuple(won[1])), winner))
    matches.sort(key=lambda m: m.white)
    byes = [TeamBye(t, TeamByeKind.PAB) for r, t in reader.pab.items() if r == number]
    byes += [TeamBye(t, reader.absence_kinds[(number, t)]) for t in sorted(reader.absences.get(number, ()))]
    return TeamRound(number, tuple(replace(m, table=i) for i, m in enumerate(matches, 1)),
                     tuple(byes), lineups)


def _default_lineup(reader: _Reader, team: Team, number: int, boards: int, team_of: dict[int, int],
                    opponent: dict[int, int]) -> tuple[int, ...]:
    """The members who sat at a board in a round without a 300 record, in roster order: those with an
    opponent or a result of their own; a member written ``0000 - -`` (no opponent, a loss) only while the
    team has fewer players than boards (a board lost by forfeit), else a reserve who did not play."""
    entries = [(m, *reader.entries.get(m, {}).get(number, (0, "-", "Z"))) for m in team.members]
    spare = boards - sum(1 for _, opp, _, res in entries if opp or res not in "ZU -")
    lineup = []
    for member, opp, _, res in entries:
        if opp:
            opponent[team.tpn] = team_of[opp]
        elif res == "-" and spare > 0:
            spare -= 1
        elif res in "ZU -":
            continue
        lineup.append(member)
    return tuple(lineup)


def _match(reader: _Reader, number: int, white: int, black: int, lineups: dict[int, tuple[int, ...]]) -> Match:
    boards = []
    for index, first in enumerate(lineups[white]):
        if not first:  # an empty board of a line-up (300): the other team's player wins it by forfeit
            other = lineups[black][index] if index < len(lineups[black]) else 0
            odd = index % 2 == 0
            boards.append(BoardGame(index + 1, 0 if odd else other, other if odd else 0,
                                    Result.BLACK_WINS_BY_FORFEIT if odd else Result.WHITE_WINS_BY_FORFEIT))
            continue
        opp, colour, res = reader.entries[first][number]
        other_res = reader.entries.get(opp, {}).get(number, (0, "-", "-"))[2] if opp else "-"
        # a board without an opponent has no colour in 001: the White team's player has White on odd boards
        has_white = colour.lower() == "w" if colour.lower() in ("w", "b") else index % 2 == 0
        pair = (res, other_res) if has_white else (other_res, res)
        result = _PAIR_RESULT.get(pair, Result.NONE)
        w, b = (first, opp) if has_white else (opp, first)
        boards.append(BoardGame(index + 1, w, b, result))
    return Match(0, white, black, tuple(boards))
