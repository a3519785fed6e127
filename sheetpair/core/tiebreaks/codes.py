"""Tie-break codes and their modifiers: the registry, and the parser every list of tie-breaks goes through.

A code is a tie-break's acronym (``BH``), optionally followed by one modifier (C.07 Art. 14), written after a
``-`` (the Handbook's ``BH-C1``) or a ``/`` (the TRF's ``BH/C1``):

* ``C1``, ``C2`` — Cut-1/Cut-2 (14.1, 14.2): the least significant value(s) are removed;
* ``M1``, ``M2`` — Median-1/Median-2 (14.3, 14.4): the least and the most significant value(s) are removed;
* ``L+n``, ``L-n`` — Limit (14.5): the Koya threshold moves up or down by ``n`` half-points;
* ``F`` — Fore (8.2): the Average of Opponents' Buchholz averages their Fore Buchholz instead;
* ``P`` — after any other modifier (``BH-C1-P``, TRF ``BH/C1/P``): a game won or lost by forfeit counts as
  played against the scheduled opponent (the TRF-2026 "predetermined" flag), in the codes that read the
  games against opponents (BH, FB, SB, AOB, DE).

A modifier is accepted only by the tie-breaks it is defined for; the others are refused with a message that
names the code.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace

from ..errors import InputError
from . import club, fide
from .base import TiebreakSpec

TIEBREAKS: dict[str, TiebreakSpec] = {spec.code: spec for spec in (*club.SPECS, *fide.SPECS)}
"""Every tie-break by code."""

_CODE = re.compile(r"^(?P<base>[A-Z0-9]+?)(?:[-/](?P<modifier>.+))?$")
_CUT = re.compile(r"^(?P<kind>[CM])(?P<n>\d)$")
_LIMIT = re.compile(r"^L(?P<n>[+-]\d+)$")

MODIFIER_HELP = "modifiers -C1, -C2, -M1, -M2 (cuttable tie-breaks), -L+n/-L-n (KS), -F (AOB), -P (BH, FB, SB, AOB, DE)"


@dataclass(frozen=True)
class TiebreakCode:
    """A parsed tie-break code such as ``BH-C1``, ``KS-L+1`` or ``AOB-F``.

    ``spec`` already computes the modified tie-break (a Koya threshold moved by the limit, an average read in
    the fore event); the Cut and Median counts are applied to its contributions afterwards.
    """

    text: str
    spec: TiebreakSpec
    cut_lowest: int = 0
    cut_highest: int = 0
    limit: int = 0
    """Half-points the Koya threshold moves by (C.07 14.5)."""
    fore: bool = False
    """True for the Fore modifier (C.07 8.2): opponents' values as if every final-round game were drawn."""
    forfeits_played: bool = False
    """True for the ``P`` modifier: forfeits count as games against the scheduled opponent."""


_PLAYED = re.compile(r"^(?P<rest>.+)[-/]P$")
FORFEITS_PLAYED = frozenset({"BH", "FB", "SB", "AOB", "DE"})
"""The tie-breaks that read games against opponents, which the ``P`` modifier changes."""


def parse_tiebreak(code: str) -> TiebreakCode:
    """Parses a tie-break code with its optional modifier, and the optional ``P`` after it.

    :raises InputError: for an unknown code or a modifier the tie-break does not allow.
    """
    played = _PLAYED.match(code.strip().upper())
    if played is None:
        return _parse_one(code)
    parsed = _parse_one(played["rest"])
    if parsed.spec.code not in FORFEITS_PLAYED:
        raise InputError(f"tie-break {parsed.spec.code} takes no P modifier, only {', '.join(sorted(FORFEITS_PLAYED))} "
                         f"do (in {code!r})")
    return replace(parsed, text=f"{parsed.text}-P", forfeits_played=True)


def _parse_one(code: str) -> TiebreakCode:
    """:func:`parse_tiebreak` of a code with at most one modifier."""
    text = code.strip().upper()
    match = _CODE.match(text)
    if not match or match["base"] not in TIEBREAKS:
        known = ", ".join(TIEBREAKS)
        raise InputError(f"unknown tie-break {code!r} (known: {known}; {MODIFIER_HELP})")
    spec = TIEBREAKS[match["base"]]
    modifier = match["modifier"]
    if modifier is None:
        return TiebreakCode(spec.code, spec)
    if cut := _CUT.match(modifier):
        if not spec.cuttable:
            raise InputError(f"tie-break {spec.code} takes no Cut or Median modifier (in {code!r})")
        n = int(cut["n"])
        if n not in (1, 2):  # C.07 cuts one or two results; more leaves a column of zeros in a short event
            raise InputError(f"tie-break {code!r}: C.07 cuts 1 or 2 results ({spec.code}-C1, {spec.code}-C2, "
                             f"{spec.code}-M1, {spec.code}-M2), not {n}")
        return TiebreakCode(f"{spec.code}-{cut['kind']}{n}", spec, n, n if cut["kind"] == "M" else 0)
    if limit := _LIMIT.match(modifier):
        if spec.code not in fide.LIMITED:
            raise InputError(f"tie-break {spec.code} takes no Limit modifier, only KS does (in {code!r})")
        steps = int(limit["n"])
        if steps == 0:
            return TiebreakCode(spec.code, spec)
        return TiebreakCode(f"{spec.code}-L{steps:+d}", replace(spec, compute=fide.LIMITED[spec.code](steps)),
                            limit=steps)
    if modifier == "F":
        if spec.code not in fide.FORE:
            raise InputError(f"tie-break {spec.code} takes no Fore modifier, only AOB does (in {code!r})")
        return TiebreakCode(f"{spec.code}-F", fide.fore(spec), fore=True)
    raise InputError(f"unknown modifier {modifier!r} in tie-break {code!r} ({MODIFIER_HELP})")


def parse_tiebreak_list(text: str | Collection[str]) -> tuple[str, ...]:
    """Parses a comma-separated list such as ``BH-C1,BH,SB,DE`` into normalised codes.

    :raises InputError: for an unknown code.
    """
    items = [t for t in (text.split(",") if isinstance(text, str) else text) if t.strip()]
    return tuple(parse_tiebreak(t).text for t in items)
