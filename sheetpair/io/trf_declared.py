"""What a TRF declares about its standings: each player's points (columns 81-84) and rank (86-89), with the
line they are on, so that the standings checker can name the place of every value it finds wrong.

The pairing reader (:mod:`sheetpair.io.trf`) reads the rounds; this module reads only the two declared
columns, which the checker compares with what the results give (:mod:`sheetpair.app.standings_check`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import TrfError
from .port import visible_text

POINTS_COLUMN = 81
RANK_COLUMN = 86
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Declared:
    """One player's declared points and rank (``None`` when the columns are blank) and the line of both."""

    tpn: int
    points: float | None
    rank: int | None
    line: int


def declared_standings(text: str) -> dict[int, Declared]:
    """Start number → what the player's ``001`` line declares.

    :raises TrfError: for points or a rank that are not numbers, naming line and column.
    """
    declared = {}
    for number, line in enumerate(_LINE_BREAK.split(visible_text(text, source="TRF")), start=1):
        if not line.startswith("001") or not line[4:8].strip().isdigit():
            continue
        points, rank = line[80:84].strip(), line[85:89].strip()
        try:
            value = float(points) if points else None
        except ValueError:
            raise TrfError(f"the points {points!r} are not a number", line=number, column=POINTS_COLUMN) from None
        if rank and not rank.isdigit():
            raise TrfError(f"the rank {rank!r} is not a whole number", line=number, column=RANK_COLUMN)
        tpn = int(line[4:8])
        declared[tpn] = Declared(tpn, value, int(rank) if rank else None, number)
    return declared


TEAM_MATCH_POINTS_COLUMN = 55
TEAM_GAME_POINTS_COLUMN = 62
TEAM_RANK_COLUMN = 69


@dataclass(frozen=True)
class DeclaredTeam:
    """One team's declared match points, game points and rank (``None`` when blank), and the line of all three."""

    tpn: int
    match_points: float | None
    game_points: float | None
    rank: int | None
    line: int


def declared_team_standings(text: str) -> dict[int, DeclaredTeam]:
    """Team number → what the team's ``310`` record of a TRF-2026 team file declares (columns 55-60, 62-67,
    69-71).

    :raises TrfError: for a value that is not a number, naming line and column.
    """
    declared = {}
    for number, line in enumerate(_LINE_BREAK.split(visible_text(text, source="TRF")), start=1):
        if not line.startswith("310") or not line[4:7].strip().isdigit():
            continue
        values = []
        for column, width in ((TEAM_MATCH_POINTS_COLUMN, 6), (TEAM_GAME_POINTS_COLUMN, 6)):
            field = line[column - 1:column - 1 + width].strip()
            try:
                values.append(float(field) if field else None)
            except ValueError:
                raise TrfError(f"the points {field!r} are not a number", line=number, column=column) from None
        rank = line[TEAM_RANK_COLUMN - 1:TEAM_RANK_COLUMN + 2].strip()
        if rank and not rank.isdigit():
            raise TrfError(f"the rank {rank!r} is not a whole number", line=number, column=TEAM_RANK_COLUMN)
        tpn = int(line[4:7])
        declared[tpn] = DeclaredTeam(tpn, values[0], values[1], int(rank) if rank else None, number)
    return declared
