"""Tie-breaks, each one explainable opponent by opponent.

Every tie-break returns a :class:`TiebreakValue`: the number *and* the contributions that add up to it,
so a report can show a player exactly where a value comes from. Codes follow FIDE C.07 (``BH``, ``SB``,
``KS``, ``PS``, ``DE``, ``WIN``, ``WON``, ``BPG``, ...; module :mod:`.fide`) plus ``WNT`` and the other
tie-breaks of the seed texts (module :mod:`.seeds`). A code may carry a modifier: ``-C1``/``-C2`` cut the
lowest contributions, ``-M1``/``-M2`` cut the lowest and the highest (median), e.g. ``BH-C1``.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from ..errors import InputError
from ..state import TournamentState
from . import fide, seeds
from .base import Contribution, TiebreakSpec, TiebreakValue

TIEBREAKS: dict[str, TiebreakSpec] = {spec.code: spec for spec in (*seeds.SPECS, *fide.SPECS)}
"""Every tie-break by code."""

_CODE = re.compile(r"^(?P<base>[A-Z]+)(?:-(?P<kind>[CM])(?P<n>\d))?$")


@dataclass(frozen=True)
class TiebreakCode:
    """A parsed tie-break code such as ``BH-C1``."""

    text: str
    spec: TiebreakSpec
    cut_lowest: int = 0
    cut_highest: int = 0


def parse_tiebreak(code: str) -> TiebreakCode:
    """Parses a tie-break code with its optional modifier.

    :raises InputError: for an unknown code or a modifier the tie-break does not allow.
    """
    text = code.strip().upper()
    match = _CODE.match(text)
    if not match or match["base"] not in TIEBREAKS:
        known = ", ".join(TIEBREAKS)
        raise InputError(f"unknown tie-break {code!r} (known: {known}; modifiers -C1, -C2, -M1, -M2)")
    spec = TIEBREAKS[match["base"]]
    if match["kind"] is None:
        return TiebreakCode(text, spec)
    if not spec.cuttable:
        raise InputError(f"tie-break {spec.code} takes no Cut or Median modifier")
    n = int(match["n"])
    return TiebreakCode(text, spec, n, n if match["kind"] == "M" else 0)


def parse_tiebreak_list(text: str | Collection[str]) -> tuple[str, ...]:
    """Parses a comma-separated list such as ``BH-C1,BH,SB,DE`` into normalised codes.

    :raises InputError: for an unknown code.
    """
    items = [t for t in (text.split(",") if isinstance(text, str) else text) if t.strip()]
    return tuple(parse_tiebreak(t).text for t in items)


def compute_tiebreak(
    state: TournamentState, tpn: int, code: str, *, tied_group: Collection[int] = ()
) -> TiebreakValue:
    """The value of tie-break ``code`` for player ``tpn``; ``tied_group`` matters only for ``DE``."""
    parsed = parse_tiebreak(code)
    parts = parsed.spec.compute(state, tpn, tied_group)
    kept, cut = _apply_cut(parts, parsed.cut_lowest, parsed.cut_highest)
    return TiebreakValue(parsed.text, round(sum(c.value for c in kept), 9), tuple(kept), tuple(cut))


def _apply_cut(
    parts: list[Contribution], lowest: int, highest: int
) -> tuple[list[Contribution], list[Contribution]]:
    if not lowest and not highest:
        return parts, []
    order = sorted(range(len(parts)), key=lambda i: parts[i].value)
    dropped = set(order[:lowest]) | (set(order[len(order) - highest:]) if highest else set())
    return [p for i, p in enumerate(parts) if i not in dropped], [p for i, p in enumerate(parts) if i in dropped]


__all__ = [
    "TIEBREAKS", "Contribution", "TiebreakCode", "TiebreakSpec", "TiebreakValue",
    "compute_tiebreak", "parse_tiebreak", "parse_tiebreak_list",
]
