"""The catalogue of tie-breaks and modifiers: every code's full name, its meaning in one line, its article.

This is the one place a report, a legend or the ``sheetpair tiebreaks`` command takes names from: the names
are the specs' own (:data:`~sheetpair.core.tiebreaks.codes.TIEBREAKS`), the meanings and articles are kept
here beside them, and a test checks that every code has exactly one entry. :func:`describe` spells out a code
with its modifier, e.g. ``BH-C1`` → "Buchholz, cut 1 (lowest contribution removed)". Articles are those of
FIDE C.07 (2026 edition); the codes of Winther's texts and pages are marked as not in C.07.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..results import format_points
from . import fide
from .codes import FORFEITS_PLAYED, TIEBREAKS, TiebreakCode, parse_tiebreak

NOT_FIDE = "not in C.07"
"""The article given for sheetpair's codes from Winther's texts and pages."""


@dataclass(frozen=True)
class CatalogueEntry:
    """One line of the catalogue: a tie-break code (``BH``) or a modifier (``-C1``)."""

    code: str
    name: str
    meaning: str
    """What the value is, in one line."""
    article: str
    """Where the rule is: ``C.07 8.1``, or :data:`NOT_FIDE`."""
    kind: str
    """``tie-break`` or ``modifier``."""
    modifiers: tuple[str, ...] = ()
    """For a tie-break, the modifiers it accepts."""
    applies_to: tuple[str, ...] = ()
    """For a modifier, the tie-breaks that accept it."""


_MEANINGS: dict[str, tuple[str, str]] = {
    "DE": ("games among the tied players only; the place those games give (lower ranks first)", "C.07 6"),
    "WIN": ("rounds that brought a win's points, with or without playing", "C.07 7.1"),
    "WON": ("games won over the board", "C.07 7.2"),
    "BPG": ("games played over the board with Black", "C.07 7.3"),
    "BWG": ("games won over the board with Black", "C.07 7.4"),
    "PS": ("the running score after each round, summed", "C.07 7.5"),
    "REP": ("rounds minus requested byes, forfeit losses and rounds after a withdrawal", "C.07 7.6"),
    "STD": ("1 for a round worth more than a draw, ½ for a round worth a draw (non-standard scoring undone)",
            "C.07 7.7"),
    "TPN": ("the start number (lower ranks first)", "C.07 7.8"),
    "BH": ("the opponents' scores summed, a capped dummy opponent for each unplayed round", "C.07 8.1, 16"),
    "AOB": ("the average of the Buchholz of the opponents met over the board", "C.07 8.2"),
    "FB": ("Buchholz as if every final-round game had been drawn", "C.07 8.3, 16"),
    "SB": ("each opponent's score times the points scored against them, summed", "C.07 9.1, 16"),
    "KS": ("points scored against the players who finished on at least half the maximum score", "C.07 9.2"),
    "ARO": ("the average rating of the opponents met over the board, rounded (.5 up)", "C.07 10.1"),
    "TPR": ("ARO plus the FIDE rating table's difference for the percentage scored", "C.07 10.2"),
    "PTP": ("the lowest rating whose expected score against the opponents reaches the score made", "C.07 10.3"),
    "APRO": ("the average of the opponents' performance ratings (TPR)", "C.07 10.4"),
    "APPO": ("the average of the opponents' perfect performances (PTP)", "C.07 10.5"),
    "RTNG": ("the player's own rating (higher ranks first)", "C.07 10.6"),
    "WNT": ("Winther's WNT: each opponent's share of the possible score, weighted by the result", NOT_FIDE),
    "WNTP": ("WNT over the games played over the board (no forfeits)", NOT_FIDE),
    "BHG": ("the opponents' scores over the games with a result; byes count nothing", NOT_FIDE),
    "SBG": ("Sonneborn-Berger over the games with a result; byes count nothing", NOT_FIDE),
    "BHN": ("BHG plus a 0 for every bye, so that a cut removes the bye first", NOT_FIDE),
    "BHNC": ("BHN with its lowest value cut (at most 6 planned rounds) or its two lowest", NOT_FIDE),
    "CUM": ("the running score summed, stopping when the player withdraws", NOT_FIDE),
    "NWD": ("1 for a player still in the event, 0 for one who withdrew", NOT_FIDE),
    "BHV": ("Buchholz of the rules before C.07: unplayed rounds against virtual opponents (classic Burstein)",
            "FIDE tie-break rules 2011-2023"),
    "SBV": ("Sonneborn-Berger over the same opponents and virtual opponents as BHV", "FIDE tie-break rules 2011-2023"),
    "LOT": ("the drawing of lots (lot 1 ranks first)", NOT_FIDE),
}
"""Each code's meaning in one line and its article."""

_CUTS = ("C1", "C2", "M1", "M2")
_LIMIT = "L+n/L-n"

_MODIFIERS: tuple[tuple[str, str, str, str], ...] = (
    ("C1", "Cut-1", "the least significant value is removed (for BH, FB, SB a voluntary unplayed round first)",
     "C.07 14.1, 16.5"),
    ("C2", "Cut-2", "the two least significant values are removed", "C.07 14.2"),
    ("M1", "Median-1", "the least and the most significant values are removed", "C.07 14.3"),
    ("M2", "Median-2", "the two least and the two most significant values are removed", "C.07 14.4"),
    (_LIMIT, "Limit", "the Koya threshold moves up (+) or down (-) by n half-points", "C.07 14.5"),
    ("F", "Fore", "the opponents' Fore Buchholz is averaged instead of their Buchholz", "C.07 8.2, 8.3"),
    ("P", "Forfeits played", "a game won or lost by forfeit counts as played against the scheduled opponent "
     "(after any other modifier: BH-C1-P)", "TRF-2026 tie-break codes"),
)
"""Modifier code, name, meaning, article."""


def _accepted(code: str) -> tuple[str, ...]:
    """The modifiers tie-break ``code`` accepts."""
    return ((_CUTS if TIEBREAKS[code].cuttable else ())
            + ((_LIMIT,) if code in fide.LIMITED else ()) + (("F",) if code in fide.FORE else ())
            + (("P",) if code in FORFEITS_PLAYED else ()))


def catalogue() -> list[CatalogueEntry]:
    """Every tie-break code (C.07's first, in the order of Art. 5, then sheetpair's own), then every modifier."""
    codes = sorted(TIEBREAKS, key=lambda c: (_MEANINGS[c][1] == NOT_FIDE, list(_MEANINGS).index(c)))
    entries = [CatalogueEntry(c, TIEBREAKS[c].name, *_MEANINGS[c], "tie-break", modifiers=_accepted(c))
               for c in codes]
    entries += [CatalogueEntry(f"-{m}", name, meaning, article, "modifier",
                               applies_to=tuple(c for c in codes if m in _accepted(c)))
                for m, name, meaning, article in _MODIFIERS]
    return entries


def _count(n: int) -> str:
    return {2: "two", 3: "three"}.get(n, str(n))


def _modifier_phrase(parsed: TiebreakCode) -> str:
    """The modifier of ``parsed`` in words, e.g. "cut 1 (lowest contribution removed)"; empty for none."""
    low, high = parsed.cut_lowest, parsed.cut_highest
    if high:
        which = ("lowest and highest contributions" if high == 1
                 else f"{_count(high)} lowest and {_count(high)} highest contributions")
        return f"median {high} ({which} removed)"
    if low:
        which = "lowest contribution" if low == 1 else f"{_count(low)} lowest contributions"
        return f"cut {low} ({which} removed)"
    if parsed.limit:
        moved = "raised" if parsed.limit > 0 else "lowered"
        step = fide.LIMIT_STEP * abs(parsed.limit)
        return f"limit {parsed.limit:+d} (threshold {moved} by {format_points(step)} point{'s' if step > 1 else ''})"
    if parsed.fore:
        return "fore (opponents' Fore Buchholz: final-round games counted as draws)"
    return ""


def describe(code: str) -> str:
    """The full name of ``code`` with its modifier spelled out, as report legends print it.

    ``BH-C1`` → "Buchholz, cut 1 (lowest contribution removed)"; ``KS-L+1`` → "Koya system, limit +1 (threshold
    raised by ½ point)".

    :raises InputError: for an unknown code or a modifier the tie-break does not allow.
    """
    parsed = parse_tiebreak(code)
    phrases = [p for p in (_modifier_phrase(parsed), "forfeits counted as played" if parsed.forfeits_played else "")
               if p]
    return ", ".join([parsed.spec.name, *phrases])
