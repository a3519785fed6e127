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

Unplayed rounds follow Art. 16 of the 2026 edition: a team's own round without an opponent (the PAB, an
absence) counts as a match against a dummy whose score is the team's own, capped at a drawn match per
round (16.4.2); a cut removes such a voluntary unplayed round (an absence) before any played value
(16.5). A match lost or won by forfeit keeps its opponent.

``WIN`` and ``WON`` count matches in events ranked on match points, and games in events ranked on game
points (``WIN``: games won, by forfeit too, and every board of a PAB; ``WON``: games won over the board).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from ..model import Outcome
from ..teams import BoardGame, Match, PrimaryScore, TeamByeKind, TeamEvent, derive_teams, game_points, match_points

TEAM_TIEBREAKS = ("MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "FB:MP", "FB:GP", "AOB:MP",
                  "SB:MP", "SB:GP", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "PS:MP", "PS:GP", "KS:MP", "BC", "SSSC", "WIN",
                  "WON")
"""The codes :func:`team_tiebreak` computes."""


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
                rows[own].append(_Round(other, mp, gp, m.was_played, False,
                                        sum(o in (Outcome.WIN, Outcome.FORFEIT_WIN) for o in won),
                                        sum(o is Outcome.WIN for o in won), weighted))
                seen.add(own)
        for bye in rnd.byes:
            mp, gp = event.scoring.pab_points(event.boards) if bye.kind is TeamByeKind.PAB else (0, 0)
            pab = bye.kind is TeamByeKind.PAB
            every_board = event.boards * (event.boards + 1)  # a PAB wins every board (2 half-points each)
            rows[bye.team].append(_Round(None, mp, gp, False, not pab, event.boards if pab else 0, 0,
                                         every_board if pab else 0))
            seen.add(bye.team)
        for tpn, row in rows.items():
            if tpn not in seen:
                row.append(_Round(None, 0, 0, False, True))
    return rows


def team_tiebreaks(event: TeamEvent, codes: tuple[str, ...] = TEAM_TIEBREAKS) -> dict[int, dict[str, float]]:
    """Every team's value of each code after the event's rounds, in points (the history derived once).

    :raises ValueError: for a code not in :data:`TEAM_TIEBREAKS`.
    """
    for code in codes:
        if code not in TEAM_TIEBREAKS:
            raise ValueError(f"unknown team tie-break {code!r} (known: {', '.join(TEAM_TIEBREAKS)})")
    history = derive_teams(event)
    context = _Context(event, {"MP": {t: h.match_points for t, h in history.items()},
                               "GP": {t: h.game_points for t, h in history.items()}}, _rounds(event))
    return {t.tpn: {code: context.value(t.tpn, code) for code in codes} for t in event.teams}


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

    def opponent_score(self, kind: str, tpn: int, r: _Round) -> int:
        if r.opponent is not None:
            return self.scores[kind][r.opponent]
        draw = self.event.scoring.match_points[1] if kind == "MP" else self.event.boards
        return min(self.scores[kind][tpn], draw * len(self.event.rounds))  # 16.4.2

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
        cap = draw * len(self.event.rounds)  # 16.4.2, on the team's own fore score
        return sum(self.fore_score(kind, r.opponent) if r.opponent is not None else
                   min(self.fore_score(kind, tpn), cap) for r in self.rows[tpn]) / 2

    def score_strength(self, tpn: int) -> float:
        """SSSC: the secondary score plus the Buchholz on the primary score divided by how many secondary
        points a won round is worth in primary points (rounded down, at least 1), to two decimals."""
        rounds, boards = len(self.event.rounds), self.event.boards
        win = self.event.scoring.match_points[0] / 2
        if self.event.scoring.primary is PrimaryScore.MATCH:
            secondary, buchholz, divisor = self.value(tpn, "GPTS"), self.value(tpn, "BH:MP"), win * rounds / boards
        else:
            secondary, buchholz, divisor = self.value(tpn, "MPTS"), self.value(tpn, "BH:GP"), rounds * boards / win
        total = secondary + buchholz / max(1, math.floor(divisor))
        return float(Decimal(str(total)).quantize(Decimal("0.01"), ROUND_HALF_UP))

    def value(self, tpn: int, code: str) -> float:
        rows = self.rows[tpn]
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
            met = [self.value(r.opponent, "BH:MP") for r in rows if r.opponent is not None and r.played]
            return float(Decimal(str(sum(met) / len(met))).quantize(Decimal("0.01"), ROUND_HALF_UP)) if met else 0.0
        if code.startswith("BH:"):
            values = sorted((not r.voluntary, self.opponent_score(code[3:5], tpn, r)) for r in rows)
            cut = 1 if code.endswith("/C1") else 0  # 16.5: a voluntary unplayed round goes first
            return sum(v for _, v in values[cut:]) / 2
        if code.startswith("SB:") or code.startswith("E"):
            theirs, own = (code[3:5], code[3:5]) if code.startswith("SB:") else (
                "MP" if code[1] == "M" else "GP", "MP" if code[2] == "M" else "GP")
            return sum(self.opponent_score(theirs, tpn, r) * (r.match_points if own == "MP" else r.game_points)
                       for r in rows) / 4
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
