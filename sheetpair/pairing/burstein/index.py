"""The Burstein index: how strong the opposition of each player has been, from the tournament's own data.

Both texts rank the players of a score group by tie-break values computed by the same code as the standings
(:func:`sheetpair.core.tiebreaks.compute_tiebreak`); only the codes differ (see ``docs/burstein.md``):

* the classic text (Art. 3.2) ranks by Sonneborn-Berger, then Buchholz, then Median, then rating (start
  number). Its values are those of the FIDE tie-break rules it was written with: an opponent's unplayed
  rounds count as draws, one's own unplayed round is played against a virtual opponent (codes ``SBV``,
  ``BHV``, ``BHV-M1``). The imaginary point of Art. 3.3 is part of the score the opponents see in round 2;
* the 2026 text (Art. 1.7–1.8) ranks by Buchholz, then Sonneborn-Berger, then start number, an unplayed
  round counting as a game against oneself and virtual (acceleration) points left out: ``BH`` and ``SB``
  of C.07 under its 2024 edition (a dummy opponent with the player's own score, Art. 16.4 uncapped).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ...core.state import TournamentState
from ...core.tiebreaks import TiebreakContext, compute_tiebreak

CLASSIC_CODES = ("SBV", "BHV", "BHV-M1")
"""Sonneborn-Berger, Buchholz and Median of the classic text, in their order of Art. 3.2."""

MODERN_CODES = ("BH", "SB")
"""Buchholz, then Sonneborn-Berger: the Index of C.04.4.2 (2026) Art. 1.8.1."""

MODERN_RULES = "2024"
"""C.07 edition whose unplayed-round rule is the 2026 Burstein text's (a dummy with the player's own score)."""


@dataclass(frozen=True)
class Index:
    """One player's index values, in the text's order, rounded so that equal values compare equal."""

    tpn: int
    values: tuple[float, ...]
    codes: tuple[str, ...]

    def text(self) -> str:
        return ", ".join(f"{code} {value:g}" for code, value in zip(self.codes, self.values))


def classic_indexes(
    state: TournamentState, players: Iterable[int], imaginary: Mapping[int, float]
) -> dict[int, Index]:
    """SB, Buchholz and Median (Art. 3.2) of ``players``; ``imaginary`` holds the points of Art. 3.3.

    In round 2 the imaginary point of the opponent (or, for an unplayed round 1, of the player's own virtual
    opponent) is part of the score each round contributes; Median needs three rounds, so it is unaffected.
    """
    context = TiebreakContext.of(state)
    indexes = {}
    for tpn in players:
        sb, bh, median = (compute_tiebreak(context, tpn, code) for code in CLASSIC_CODES)
        seen = [imaginary.get(part.opponent if part.opponent is not None else tpn, 0.0) for part in bh.contributions]
        sb_value = sb.value + sum(extra * (part.result or 0.0) for extra, part in zip(seen, bh.contributions))
        values = (round(sb_value, 6), round(bh.value + sum(seen), 6), round(median.value, 6))
        indexes[tpn] = Index(tpn, values, ("SB", "Buchholz", "Median"))
    return indexes


def modern_indexes(state: TournamentState, players: Iterable[int]) -> dict[int, Index]:
    """Buchholz and Sonneborn-Berger (Art. 1.7–1.8.1 of the 2026 text) of ``players``."""
    context = TiebreakContext.of(state, rules=MODERN_RULES)
    return {
        tpn: Index(tpn, tuple(round(compute_tiebreak(context, tpn, code).value, 6) for code in MODERN_CODES),
                   ("Buchholz", "SB"))
        for tpn in players
    }

