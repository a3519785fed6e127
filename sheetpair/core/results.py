"""Reading the many ways arbiters and other programs write a result."""

from __future__ import annotations

from .errors import InputError
from .model import ByeKind, Result

_SPELLINGS: dict[str, Result] = {}


def _spell(result: Result, *spellings: str) -> None:
    for s in spellings:
        _SPELLINGS[s] = result


_spell(Result.WHITE_WINS, "1-0", "1:0", "10", "1 - 0", "1–0")
_spell(Result.BLACK_WINS, "0-1", "0:1", "01", "0 - 1", "0–1")
_spell(
    Result.DRAW, "½-½", "1/2-1/2", "0.5-0.5", "0,5-0,5", "=", "½:½", "½", "draw", "remis", "0.5:0.5", "½–½",
    "1/2", "0.5", "0,5",
)
_spell(Result.WHITE_WINS_BY_FORFEIT, "+/-", "+-", "+:-", "1-0f", "1-0 wo", "+/–", "1f-0f", "+")
_spell(Result.BLACK_WINS_BY_FORFEIT, "-/+", "-+", "-:+", "0-1f", "0-1 wo", "–/+", "0f-1f")
_spell(Result.DOUBLE_FORFEIT, "-/-", "--", "-:-", "0-0f", "0-0 wo", "–/–", "0f-0f")
_spell(Result.BOTH_LOSE, "0-0", "0:0")
_spell(Result.WHITE_DRAWS_BLACK_LOSES, "½-0", "1/2-0", "0.5-0")
_spell(Result.WHITE_LOSES_BLACK_DRAWS, "0-½", "0-1/2", "0-0.5")
_spell(Result.POSTPONED, "*", "adj", "postponed", "adjourned")
_spell(Result.NONE, "")

RESULT_CODES: tuple[str, ...] = tuple(r.value for r in Result if r is not Result.NONE)
"""The canonical codes offered in the round sheets' dropdown, in the order arbiters expect them."""


def parse_result(text: object) -> Result:
    """Parses a result as typed by an arbiter or written by another program.

    Accepts ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``0.5-0.5``, ``=``), ``+/-``, ``-/+``, ``-/-``,
    ``0-0``, ``½-0``, ``0-½`` and ``*`` (postponed); spaces and case do not matter. Empty means no result yet.

    :raises InputError: if the text is no known result.
    """
    key = "" if text is None else str(text).strip().lower().replace(" ", "")
    key = key.replace("–", "-")
    if key in _SPELLINGS:
        return _SPELLINGS[key]
    spaced = str(text).strip().lower()
    if spaced in _SPELLINGS:
        return _SPELLINGS[spaced]
    raise InputError(f"unknown result {text!r} (expected one of {', '.join(RESULT_CODES)})")


def format_points(points: float) -> str:
    """Points as arbiters print them: ``3½``, ``½``, ``4``."""
    whole = int(points)
    frac = points - whole
    if abs(frac) < 1e-9:
        return str(whole)
    if abs(frac - 0.5) < 1e-9:
        return "½" if whole == 0 else f"{whole}½"
    return f"{points:g}"


def parse_bye_points(value: object) -> ByeKind:
    """A requested bye by the points it is worth: ``0.5`` / ``½`` is a half-point bye, ``0`` a zero-point bye.

    :raises InputError: for any other value.
    """
    text = str(value).strip().replace(",", ".")
    if text in ("0.5", "½", "1/2", ".5"):
        return ByeKind.HALF
    if text in ("0", "0.0"):
        return ByeKind.ZERO
    if text in ("1", "1.0"):
        return ByeKind.FULL
    raise InputError(f"a requested bye is worth 0.5 or 0 points, not {value!r}")
