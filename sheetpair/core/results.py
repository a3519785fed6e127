"""Results and byes as arbiters write them: reading the many spellings, and printing them the usual way."""

from __future__ import annotations

from .errors import InputError
from .model import ByeKind, Colour, Game, Outcome, Result
from .state import RoundRecord

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
_spell(Result.POSTPONED, "*", "p", "adj", "postponed", "adjourned")
_spell(Result.NONE, "")

_DASHES_AND_SPACES = str.maketrans({**dict.fromkeys("‐‑‒–—―−", "-"), **dict.fromkeys(" \u00a0\u202f\u2009", None)})
"""Word processors and phones turn a typed ``-`` into a dash or minus sign, and a space into a no-break one."""

UNRATED_MARK = "u"
"""Written after a played result (``1-0 u``) for a game that does not count toward ratings."""

_UNRATED_SUFFIXES = ("unrated", UNRATED_MARK)

RESULT_CODES: tuple[str, ...] = tuple(r.value for r in Result if r is not Result.NONE) + tuple(
    f"{r.value} {UNRATED_MARK}" for r in (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS))
"""The canonical codes offered in the round sheets' dropdown, in the order arbiters expect them; the
unrated games last, as the rarest."""


def parse_result(text: object) -> Result:
    """Parses a result as typed by an arbiter or written by another program.

    Accepts ``1-0``, ``0-1``, ``½-½`` (also ``1/2-1/2``, ``0.5-0.5``, ``1/2``, ``0.5``, ``=``), ``+/-``,
    ``-/+``, ``-/-``, ``0-0``, ``½-0``, ``0-½`` and ``*`` (postponed; also ``p``, ``postponed``); spaces,
    case and the kind of dash do not matter. Empty means no result yet.

    :raises InputError: if the text is no known result.
    """
    key = "" if text is None else str(text).strip().lower().translate(_DASHES_AND_SPACES)
    if key in _SPELLINGS:
        return _SPELLINGS[key]
    spaced = str(text).strip().lower()
    if spaced in _SPELLINGS:
        return _SPELLINGS[spaced]
    raise InputError(f"unknown result {text!r} (expected one of {', '.join(RESULT_CODES)})")


def parse_game_result(text: object) -> tuple[Result, bool]:
    """Parses a board's result and whether the game counts toward ratings: :func:`parse_result`'s spellings,
    optionally followed by ``u`` (or ``unrated``) for a game played but not rated, as in ``1-0 u``.

    :raises InputError: if the text is no known result, or marks unrated a result that is no played game.
    """
    raw = "" if text is None else str(text).strip()
    lowered = raw.lower()
    suffix = next((s for s in _UNRATED_SUFFIXES if lowered.endswith(s) and len(lowered) > len(s)), None)
    if suffix is None or lowered in _SPELLINGS:
        return parse_result(raw), True
    try:
        result = parse_result(raw[: -len(suffix)])
    except InputError:
        raise InputError(f"unknown result {text!r} (expected one of {', '.join(RESULT_CODES)})") from None
    if not result.was_played:
        raise InputError(f"only a game played over the board can be unrated, not {text!r}")
    return result, False


def result_code(game: Game) -> str:
    """The board's result as the round sheets write it: the canonical code, ``u`` after an unrated game."""
    return f"{game.result.value} {UNRATED_MARK}" if game.is_unrated else game.result.value


def is_half_points(value: float) -> bool:
    """True for a whole or half number (``3``, ``3.5``): a value printed in the ``½`` style, in the reports as
    in the workbook's sheets (see ``docs/reports.md``)."""
    return abs(value * 2 - round(value * 2)) < 1e-9


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


def parse_bye_value(value: object) -> float:
    """The points of the pairing-allocated bye as an arbiter writes them: ``1``, ``0.5`` (``0,5``, ``½``,
    ``1/2``) or ``0``.

    :raises InputError: for any other value, naming the setting.
    """
    text = str(value).strip().replace(",", ".")
    if text in ("0.5", "½", "1/2", ".5"):
        return 0.5
    if text in ("1", "1.0", "0", "0.0"):
        return float(text)
    raise InputError(f"the bye value is 1, 0.5 or 0 points, not {value!r}")


BYE_LABELS: dict[ByeKind, str] = {
    ByeKind.PAB: "bye (pairing-allocated)",
    ByeKind.HALF: "bye (half point, requested)",
    ByeKind.ZERO: "bye (zero point, requested)",
    ByeKind.FULL: "bye (full point, requested)",
}


def crosstable_entry(record: RoundRecord, *, letters: tuple[str, str] = ("w", "b"), bye: str = "bye") -> str:
    """One crosstable cell: ``12w1``, ``7b½``, ``5w+`` (forfeit win), ``bye 1``, ``-`` (absent); a report in
    another language gives its own colour ``letters`` (White's, Black's) and word for ``bye``."""
    if record.outcome is Outcome.ABSENT:
        return "-"
    if record.outcome.is_bye:
        return f"{bye} {format_points(record.points)}"
    colour = letters[record.scheduled_colour is Colour.BLACK]
    mark = _MARKS.get(record.outcome)
    if mark is None:
        fraction = record.result_fraction
        mark = format_points(fraction) if fraction is not None else "?"
    return f"{record.opponent}{colour}{mark}"


_MARKS = {Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "-", Outcome.PENDING: "?"}
"""The crosstable's mark of a result that is not a score over the board."""
