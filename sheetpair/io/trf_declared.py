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
