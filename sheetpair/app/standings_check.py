"""The standings checker: a file's declared points and final ranks against the results and its tie-breaks.

FIDE's "Pairings and Tie-breaks Checker" (Handbook C.02.03, the TEC manual) checks more than the pairings:
every player's declared points must be what the results give under the file's score system, and the
declared final ranks must follow the tie-break list the file names, recomputed by the FIDE rules (C.07).
The points and ranks come from the file (:mod:`sheetpair.io.trf_declared`); the expected ones from the one
standings pipeline every writer uses (:func:`sheetpair.app.ranking.standings`).

Players tied on points and on every tie-break of the list may stand in any order among themselves (C.07
leaves the last tie to the organiser: lot, or a shared place), so a declared rank is right when it lies
within the places its tie group covers. A file that names no tie-break list has its ranks checked against
the points alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.model import Tournament
from ..core.standings import Standing
from ..io.trf_declared import POINTS_COLUMN, RANK_COLUMN, Declared
from . import ranking


@dataclass(frozen=True)
class StandingsIssue:
    """One declared value the results or the tie-breaks do not give, and where it is in the file."""

    kind: str
    """``points`` or ``rank``; for a team ``match points``, ``game points`` or ``rank``."""
    player: int
    declared: str
    expected: str
    line: int
    column: int
    holder: str = "player"
    """``player`` (a ``001`` line), or ``team`` (a ``310`` record of a team file; ``player`` is its number)."""

    @property
    def message(self) -> str:
        return (f"line {self.line}, column {self.column}: {self.holder} {self.player} is declared with {self.kind} "
                f"{self.declared}, but {self.expected}")


def check_standings(tournament: Tournament, declared: dict[int, Declared]) -> list[StandingsIssue]:
    """Every declared points and rank value the results and the file's tie-break list do not give."""
    table = ranking.standings(tournament, tiebreaks=tournament.settings.tiebreaks)
    upcoming = tournament.requested_byes.get(tournament.current_round + 1, {})
    places = _tie_places(table.lines)
    issues = []
    for tpn, said in sorted(declared.items()):
        score = table.paired.score(tpn)
        allowed = {round(score, 6)}
        if tpn in upcoming:  # JaVaFo's convention: the announced bye of the next round already counted
            allowed.add(round(score + tournament.settings.points_for_bye(upcoming[tpn]), 6))
        if said.points is not None and round(said.points, 6) not in allowed:
            issues.append(StandingsIssue("points", tpn, f"{said.points:g}", f"the results give {score:g}",
                                         said.line, POINTS_COLUMN))
        wrong_rank = rank_issue(tpn, said.rank, places[tpn], said.line, RANK_COLUMN) if said.rank else None
        issues += [wrong_rank] if wrong_rank else []
    return issues


def _tie_places(lines: list[Standing]) -> dict[int, tuple[int, int]]:
    """Start number → the first and last place of the player's tie group (equal points and tie-breaks)."""
    return tie_places([(s.tpn, (s.points, tuple(v.value for v in s.tiebreaks.values()))) for s in lines])


def tie_places(ranked: list[tuple[int, object]]) -> dict[int, tuple[int, int]]:
    """Number → the first and last place of its tie group, from (number, key) in ranking order: the
    neighbours with an equal key share the places they cover."""
    places = {}
    start = 0
    for index in range(1, len(ranked) + 1):
        if index == len(ranked) or ranked[index][1] != ranked[start][1]:
            for tpn, _ in ranked[start:index]:
                places[tpn] = (start + 1, index)
            start = index
    return places


def rank_issue(tpn: int, rank: int, places: tuple[int, int], line: int, column: int,
               holder: str = "player") -> StandingsIssue | None:
    """The issue of a declared ``rank`` outside the ``places`` its tie group covers, else None."""
    first, last = places
    if first <= rank <= last:
        return None
    where = f"place {first}" if first == last else f"a place from {first} to {last}"
    return StandingsIssue("rank", tpn, str(rank), f"the tie-breaks give {where}", line, column, holder)
