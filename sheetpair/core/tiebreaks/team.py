"""C.07 (2026) tie-breaks of team events, on match points (``MP``) or game points (``GP``).

The codes are those of the C.07 team list as TieBreakServer writes them: ``MPTS`` and ``GPTS`` (the two
scores), ``BH:MP``/``BH:GP`` (Buchholz, 8.1, with ``/C1`` cutting one value), ``SB:MP``/``SB:GP``
(Sonneborn-Berger, 9.1: each opponent's score times what the team scored against it on the same score),
the four mixed Sonneborn-Bergers ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (the first letter names the
opponent's score, the second what the team scored against it), ``PS:MP``/``PS:GP`` (progressive scores),
``WIN`` (matches won, by forfeit too) and ``WON`` (matches won over the board); ``MPVGP`` (the score that is
not primary), ``BC`` (board count: the game points of each board times the board's number, a PAB winning
every board), ``KS:MP`` (Koya: match points scored against teams with at least half the possible
match points), ``FB:MP``/``FB:GP`` (Fore Buchholz: every team's last-round match counted as a draw) and
``AOB:MP`` (the average of the Buchholz of the opponents met over the board, to two decimals); ``SSSC``
(score strength combination: the secondary score plus the primary Buchholz scaled to it).

A match counts as played when any of its boards was played over the board (as TieBreakServer reads it; the
pairing reads board 1). Unplayed rounds follow Art. 16 (2026 edition by default): a team's own round without
an opponent (the PAB, an absence) counts as a match against a dummy whose score is the team's own, capped at
a drawn match per round (16.4.2); a match won or lost by forfeit has a dummy with the team's own score capped
at the opponent's (16.4.1), unless the ``/P`` modifier counts it as played against that opponent. An
opponent's score counts its rounds without an opponent after its last round that was not voluntarily
unplayed as draws (16.3.2). A cut removes a voluntary unplayed round (an absence not worth a win, a forfeit
loss) before any played value, unless the lowest played product is higher (16.5). The 2024 edition's dummy
has the team's own score, uncapped.

The codes that decide among tied teams only (C.07 Art. 6, 12.2, 12.3, 13.3) take as their group the teams
equal on the primary score and on every code before them in the list, and give each team its place in
that group (1 first, shared places repeat; 0 when the code separates nobody there), lower ranking first:
``DE`` (direct encounter on the primary score), ``EDE`` (direct encounter on the primary score, then on
the secondary one, starting again in each new tied subgroup), ``EDET``/``EDEB`` (then, for two teams still
tied, their game points board by board from the top, or leaving out boards from the bottom), ``EDEBT``/
``EDEBB`` (the same after the board count of their encounters), ``TBR`` (the event's game points on board 1,
then board 2...) and ``BBE`` (the game points without the bottom board, then without the two bottom
boards...). ``BC`` ranks the lower count first (12.1).

``WIN`` and ``WON`` count matches in events ranked on match points, and games in events ranked on game
points (``WIN``: games won, by forfeit too, and every board of a PAB; ``WON``: games won over the board).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ..model import Outcome
from ..teams import BoardGame, Match, PrimaryScore, TeamByeKind, TeamEvent, derive_teams, game_points, match_points
from .base import DEFAULT_EDITION

TEAM_TIEBREAKS = ("MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "FB:MP", "FB:GP", "AOB:MP",
                  "SB:MP", "SB:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "PS:MP", "PS:GP", "KS:MP", "BC", "SSSC", "WIN",
                  "WON", "DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE")
"""The codes :func:`team_tiebreak` computes."""

TIED_ONLY = ("DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE")
"""The codes that give a place within the group of teams tied before them."""

LOWER_FIRST = frozenset((*TIED_ONLY, "BC"))
"""The codes whose lower value ranks first."""

_SUMS = ("BH:MP", "BH:GP", "SB:MP", "SB:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB")
"""The codes summed over the opponents, which the Cut-1 modifier ``/C1`` cuts (C.07 14.1, 16.5)."""


@dataclass(frozen=True)
class TeamCode:
    """A team code with its modifiers: ``/C1`` cuts the least significant value of the Buchholz and
    Sonneborn-Berger family; ``/P`` counts a match lost or won by forfeit as played against the scheduled
    opponent (the TRF-2026 ``predetermined`` flag: in those codes and in the direct encounters)."""

    base: str
    cut: int = 0
    played: bool = False

    @property
    def lower_first(self) -> bool:
        return self.base in LOWER_FIRST


def parse_team_code(code: str) -> TeamCode:
    """A code as written (``BH:MP/C1/P``, ``MPvGP``; letters in either case).

    :raises ValueError: for a code not in :data:`TEAM_TIEBREAKS`, or a modifier the code does not take.
    """
    base, *modifiers = code.strip().upper().split("/")
    if base not in TEAM_TIEBREAKS:
        raise ValueError(f"unknown team tie-break {code!r} (known: {', '.join(TEAM_TIEBREAKS)}, with /C1 and /P "
                         "on the Buchholz and Sonneborn-Berger codes, /P on the direct encounters)")
    parsed = TeamCode(base)
    for modifier in modifiers:
        if modifier == "C1" and base in _SUMS and not parsed.cut:
            parsed = TeamCode(base, 1, parsed.played)
        elif modifier == "P" and (base in _SUMS or base in TIED_ONLY) and not parsed.played:
            parsed = TeamCode(base, parsed.cut, True)
        else:
            raise ValueError(f"team tie-break {base} takes no modifier /{modifier} (in {code!r})")
    return parsed


@dataclass(frozen=True)
class _Round:
    opponent: int | None
    match_points: int
    game_points: int
    played: bool
    voluntary: bool
    boards_won: int = 0
    """Boards won, by forfeit too (all the boards of a PAB)."""
    boards_won_played: int = 0
    """Boards won over the board."""
    board_count: int = 0
    """Game half-points of the round weighted by board number (board 1 once, board 2 twice...)."""
    boards: tuple[int, ...] = ()
    """Game half-points board by board (a forfeited match and a PAB: every board won or lost)."""


def _board_outcome(match: Match, game: BoardGame, team: int) -> Outcome:
    """What one board meant for ``team``'s player (its player has White on odd boards if it is White)."""
    first, second = game.team_outcomes()
    return first if team == match.white else second


def _rounds(event: TeamEvent) -> dict[int, list[_Round]]:
    rows: dict[int, list[_Round]] = {t.tpn: [] for t in event.teams}
    for rnd in event.rounds:
        seen = set()
        for m in rnd.matches:
            white, black = m.game_points()
            for own, other, gp, other_gp in ((m.white, m.black, white, black), (m.black, m.white, black, white)):
                if m.forfeit_winner is not None:
                    win, _, loss = event.scoring.match_points
                    mp = win if m.forfeit_winner == own else loss
                else:
                    mp = match_points(event.scoring, gp, other_gp)
                won = [_board_outcome(m, g, own) for g in m.boards] if m.forfeit_winner is None else []
                weighted = (sum(game_points(_board_outcome(m, g, own)) * g.board for g in m.boards)
                            if m.forfeit_winner is None else gp * (len(m.boards) + 1) // 2)
                per_board = (tuple(game_points(_board_outcome(m, g, own)) for g in m.boards)
                             if m.forfeit_winner is None else (2 * (m.forfeit_winner == own),) * len(m.boards))
                played = m.forfeit_winner is None and any(g.result.was_played for g in m.boards)
                lost = not played and mp < event.scoring.match_points[0]  # 16.1: a forfeit loss is a VUR
                rows[own].append(_Round(other, mp, gp, played, lost,
                                        sum(o in (Outcome.WIN, Outcome.FORFEIT_WIN) for o in won),
                                        sum(o is Outcome.WIN for o in won), weighted, per_board))
                seen.add(own)
        for bye in rnd.byes:
            mp, gp = event.scoring.bye_points(bye.kind, event.boards)
            pab = bye.kind is TeamByeKind.PAB
            every_board = event.boards * (event.boards + 1)  # a PAB wins every board (2 half-points each)
            voluntary = bye.kind not in (TeamByeKind.PAB, TeamByeKind.FULL)  # 16.1: a bye worth a win is no VUR
            rows[bye.team].append(_Round(None, mp, gp, False, voluntary, event.boards if pab else 0, 0,
                                         every_board if pab else 0, (2 if pab else 0,) * event.boards))
            seen.add(bye.team)
        for tpn, row in rows.items():
            if tpn not in seen:
                row.append(_Round(None, 0, 0, False, True))
    return rows


def _adjusted(event: TeamEvent, rows: dict[int, list[_Round]]) -> dict[str, dict[int, int]]:
    """Each team's match and game points as its opponents' Buchholz and Sonneborn-Berger count them: a round
    without an opponent after the team's last round that was not voluntarily unplayed is a drawn match
    (16.3.2: a team that left the event)."""
    draw = {"MP": event.scoring.match_points[1], "GP": event.boards}
    adjusted: dict[str, dict[int, int]] = {"MP": {}, "GP": {}}
    for tpn, row in rows.items():
        last = max((i for i, r in enumerate(row) if not r.voluntary), default=-1)
        for kind in ("MP", "GP"):
            adjusted[kind][tpn] = sum(
                (r.match_points if kind == "MP" else r.game_points) if i <= last or r.opponent is not None
                else draw[kind] for i, r in enumerate(row))
    return adjusted


def team_tiebreaks(event: TeamEvent, codes: tuple[str, ...] = TEAM_TIEBREAKS, *,
                   rules: str = DEFAULT_EDITION) -> dict[int, dict[str, float]]:
    """Every team's value of each code after the event's rounds, in points (the history derived once), by
    the codes as given (with their modifiers, see :func:`parse_team_code`). ``rules`` is the C.07 edition:
    the 2024 one (events that started before 1 March 2026) has no cap on the dummy's score (16.4).

    :raises ValueError: for a code :func:`parse_team_code` refuses.
    """
    parsed = {code: parse_team_code(code) for code in codes}
    history = derive_teams(event)
    rows = _rounds(event)
    context = _Context(event, {"MP": {t: h.match_points for t, h in history.items()},
                               "GP": {t: h.game_points for t, h in history.items()}}, rows,
                       _adjusted(event, rows), rules == DEFAULT_EDITION)
    values = {t.tpn: {code: context.value(t.tpn, parsed[code]) for code in codes
                      if parsed[code].base not in TIED_ONLY} for t in event.teams}
    primary = "MP" if event.scoring.primary is PrimaryScore.MATCH else "GP"
    for i, code in enumerate(codes):
        if parsed[code].base not in TIED_ONLY:
            continue
        groups: dict[tuple[float, ...], list[int]] = {}
        for t in event.teams:
            groups.setdefault((context.scores[primary][t.tpn], *(values[t.tpn][c] for c in codes[:i])),
                              []).append(t.tpn)
        for group in groups.values():
            order = _Tied(context, parsed[code]).split(sorted(group), 0)
            place = 1
            for sub in order:
                for tpn in sub:
                    values[tpn][code] = float(place) if len(order) > 1 else 0.0
                place += len(sub)
    return {tpn: {code: row[code] for code in codes} for tpn, row in values.items()}


def team_tiebreak(event: TeamEvent, tpn: int, code: str) -> float:
    """One team's value of one code (see :func:`team_tiebreaks` for a whole table).

    :raises ValueError: for a code not in :data:`TEAM_TIEBREAKS`.
    """
    return team_tiebreaks(event, (code,))[tpn][code]


@dataclass(frozen=True)
class _Context:
    event: TeamEvent
    scores: dict[str, dict[int, int]]
    rows: dict[int, list[_Round]]
    adjusted: dict[str, dict[int, int]]
    """Each team's score as an opponent: its rounds without an opponent after its last round that was not
    voluntarily unplayed count as drawn matches (16.3.2)."""
    capped: bool = True
    """The 2026 edition's caps on the dummy's score (16.4); the 2024 one takes the team's own score."""

    def opponent_score(self, kind: str, tpn: int, r: _Round, *, forfeits_played: bool = True) -> int:
        """The opponent's score, or the dummy's for a round without one: the team's own score, capped at the
        opponent's for a forfeited match (16.4.1; unless ``forfeits_played``, the ``/P`` modifier) and at a
        drawn match per round without an opponent (16.4.2)."""
        own = self.scores[kind][tpn]
        if r.opponent is not None and (r.played or forfeits_played):
            return self.adjusted[kind][r.opponent]
        if not self.capped:
            return own
        if r.opponent is not None:
            return min(own, self.adjusted[kind][r.opponent])
        draw = self.event.scoring.match_points[1] if kind == "MP" else self.event.boards
        return min(own, draw * len(self.event.rounds))

    def opponents_sum(self, tpn: int, code: TeamCode) -> float:
        """Buchholz (``BH:``) or Sonneborn-Berger (``SB:``, ``E..SB``) in points, ``code.cut`` values cut:
        a voluntary unplayed round's first, unless the lowest opponent's product is higher (16.5)."""
        if code.base.startswith("BH:"):
            theirs, own = code.base[3:5], ""
        elif code.base.startswith("SB:"):
            theirs = own = code.base[3:5]
        else:
            theirs, own = ("MP" if code.base[1] == "M" else "GP"), ("MP" if code.base[2] == "M" else "GP")
        values = []
        for r in self.rows[tpn]:
            score = self.opponent_score(theirs, tpn, r, forfeits_played=code.played)
            factor = 1 if not own else (r.match_points if own == "MP" else r.game_points)
            values.append((r.voluntary and not (code.played and r.opponent is not None), score, score * factor))
        for _ in range(code.cut):
            lowest = min(values, key=lambda v: (v[1], v[2]))
            voluntary = min(values, key=lambda v: (not v[0], v[1], v[2]))
            values.remove(lowest if lowest[2] > voluntary[2] else voluntary)
        return sum(v[2] for v in values) / (2 if not own else 4)

    def fore_score(self, kind: str, tpn: int) -> int:
        """Fore Buchholz (8.3): the team's score with its last-round match, if it had one, counted as a draw."""
        last = self.rows[tpn][-1] if self.rows[tpn] else None
        score = self.scores[kind][tpn]
        if last is None or last.opponent is None:
            return score
        draw = self.event.scoring.match_points[1] if kind == "MP" else self.event.boards
        return score + draw - (last.match_points if kind == "MP" else last.game_points)

    def fore_buchholz(self, kind: str, tpn: int) -> float:
        draw = self.event.scoring.match_points[1] if kind == "MP" else self.event.boards
        cap = draw * len(self.event.rounds) if self.capped else math.inf  # 16.4.2, on the team's own fore score
        return sum(self.fore_score(kind, r.opponent) if r.opponent is not None else
                   min(self.fore_score(kind, tpn), cap) for r in self.rows[tpn]) / 2

    def score_strength(self, tpn: int) -> float:
        """SSSC: the secondary score plus the Buchholz on the primary score divided by how many secondary
        points a won round is worth in primary points (rounded down, at least 1), to two decimals."""
        rounds, boards = len(self.event.rounds), self.event.boards
        win = self.event.scoring.match_points[0] / 2
        if self.event.scoring.primary is PrimaryScore.MATCH:
            secondary, buchholz, divisor = self.scores["GP"][tpn] / 2, self.opponents_sum(tpn, TeamCode("BH:MP")), \
                win * rounds / boards
        else:
            secondary, buchholz, divisor = self.scores["MP"][tpn] / 2, self.opponents_sum(tpn, TeamCode("BH:GP")), \
                rounds * boards / win
        total = secondary + buchholz / max(1, math.floor(divisor))
        return float(Decimal(str(total)).quantize(Decimal("0.01"), ROUND_HALF_UP))

    def value(self, tpn: int, parsed: TeamCode) -> float:
        rows, code = self.rows[tpn], parsed.base
        if code in _SUMS:
            return self.opponents_sum(tpn, parsed)
        if code in ("MPTS", "GPTS"):
            return self.scores[code[:2]][tpn] / 2
        if code == "MPVGP":  # the score that is not primary
            return self.scores["MP" if self.event.scoring.primary is PrimaryScore.GAME else "GP"][tpn] / 2
        if code.startswith("FB:"):
            return self.fore_buchholz(code[3:5], tpn)
        if code == "SSSC":
            return self.score_strength(tpn)
        if code == "BC":
            return sum(r.board_count for r in rows) / 2
        if code == "KS:MP":  # Koya: match points against opponents with at least half the possible match points
            half = self.event.scoring.match_points[0] * len(self.event.rounds) / 2
            return sum(r.match_points for r in rows
                       if r.opponent is not None and self.scores["MP"][r.opponent] >= half) / 2
        if code == "AOB:MP":  # average of the Buchholz of the opponents met over the board, to 0.01
            met = [self.value(r.opponent, TeamCode("BH:MP")) for r in rows if r.opponent is not None and r.played]
            return float(Decimal(str(sum(met) / len(met))).quantize(Decimal("0.01"), ROUND_HALF_UP)) if met else 0.0
        if code.startswith("PS:"):
            total = running = 0
            for r in rows:
                running += r.match_points if code == "PS:MP" else r.game_points
                total += running
            return total / 2
        if self.event.scoring.primary is PrimaryScore.GAME:  # counted in games
            return float(sum(r.boards_won if code == "WIN" else r.boards_won_played for r in rows))
        win = self.event.scoring.match_points[0]
        return float(sum(1 for r in rows if r.match_points == win and (r.opponent is not None or r.played)
                         and (code == "WIN" or r.played)))


@dataclass(frozen=True)
class _Tied:
    """Orders a group of tied teams by one of the :data:`TIED_ONLY` codes into subgroups, best first."""

    context: _Context
    parsed: TeamCode

    @property
    def code(self) -> str:
        return self.parsed.base

    @property
    def steps(self) -> str:
        """The comparisons in order: P, S (direct encounter on the primary, secondary score), C (board count
        of the encounters), T (a board's game points, from the top), B (game points without bottom boards)."""
        boards = self.context.event.boards
        return {"DE": "P", "EDE": "PS", "EDET": "PS" + "T" * boards, "EDEB": "PS" + "B" * (boards - 1),
                "EDEBT": "PSC" + "T" * boards, "EDEBB": "PSC" + "B" * (boards - 1),
                "TBR": "T" * boards, "BBE": "B" * (boards - 1)}[self.code]

    def split(self, group: list[int], start: int) -> list[list[int]]:
        """The first step from ``start`` that separates the group decides; each new subgroup starts again
        (from the first step for the direct encounters, from the next board for TBR and BBE)."""
        if len(group) < 2:
            return [group]
        steps = self.steps
        for at in range(start, len(steps)):
            order = self.step(group, steps, at)
            if len(order) > 1:
                again = at + 1 if self.code in ("TBR", "BBE") else 0
                return [part for sub in order for part in self.split(sub, again)]
        return [group]

    def step(self, group: list[int], steps: str, at: int) -> list[list[int]]:
        kind = steps[at]
        nth = steps[:at + 1].count(kind)  # the board of a T step, the boards left out by a B step
        boards = self.context.event.boards
        if kind in "PS":
            primary = self.context.event.scoring.primary is PrimaryScore.MATCH
            return self.encounter(group, lambda r: r.match_points if primary == (kind == "P") else r.game_points,
                                  self.context.event.scoring.match_points[0] if primary == (kind == "P")
                                  else 2 * boards)
        # C: the lower board count ranks first
        weigh: Callable[[int], int] = {"C": lambda b: -(b + 1), "T": lambda b: int(b == nth - 1),
                                       "B": lambda b: int(b < boards - nth)}[kind]

        def weighted(r: _Round) -> int:
            return sum(weigh(b) * gp for b, gp in enumerate(r.boards))
        if self.code in ("TBR", "BBE"):  # over the whole event
            return _levels({t: sum(weighted(r) for r in self.context.rows[t]) for t in group})
        if len(group) != 2:  # 13.3.2: board comparisons only between two teams still tied
            return [group]
        return self.encounter(group, weighted, 0)

    def encounter(self, group: list[int], score: Callable[[_Round], int], win: int) -> list[list[int]]:
        """Art. 6 on the matches among ``group`` (played over the board; repeated meetings averaged): all
        have met -> by those points (6.2); otherwise a team ahead whatever the missing matches bring ranks
        first, then the next (6.3)."""
        points: dict[int, float] = {}
        missing: dict[int, int] = {}
        for t in group:
            met: dict[int, list[int]] = {}
            for r in self.context.rows[t]:
                if (r.played or self.parsed.played) and r.opponent in group and r.opponent != t:
                    met.setdefault(r.opponent, []).append(score(r))
            points[t] = sum(sum(v) / len(v) for v in met.values())
            missing[t] = len(group) - 1 - len(met)
        if not any(missing.values()):
            return _levels(points)
        most = {t: points[t] + win * missing[t] for t in group}
        placed: list[list[int]] = []
        rest = list(group)
        while len(rest) > 1:
            leader = max(rest, key=lambda t: (points[t], most[t], -t))
            if not all(points[leader] > most[t] for t in rest if t != leader):
                break
            placed.append([leader])
            rest.remove(leader)
        return placed + [rest] if placed else [group]


def _levels(values: dict[int, float]) -> list[list[int]]:
    """The teams grouped by value, the highest first."""
    levels: dict[float, list[int]] = {}
    for t in sorted(values):
        levels.setdefault(values[t], []).append(t)
    return [levels[v] for v in sorted(levels, reverse=True)]
