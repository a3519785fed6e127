"""Tie-breaks, each one explainable opponent by opponent.

Every tie-break returns a :class:`TiebreakValue`: the number *and* the contributions that add up to it,
so a report can show a player exactly where a value comes from. Codes follow FIDE C.07 (``DE``, ``WIN``,
``WON``, ``BPG``, ``BWG``, ``PS``, ``REP``, ``STD``, ``TPN``, ``BH``, ``AOB``, ``FB``, ``SB``, ``KS``,
``ARO``, ``TPR``, ``PTP``, ``APRO``, ``APPO``, ``RTNG``; module :mod:`.fide`) plus ``WNT`` and the other
tie-breaks of the source texts (module :mod:`.club`). A code may carry a modifier (C.07 Art. 14; module
:mod:`.codes`): ``-C1``/``-C2`` cut the least significant values, ``-M1``/``-M2`` cut the least and the most
significant (median), ``-L+n``/``-L-n`` move the Koya threshold by n half-points, ``-F`` makes AOB average the
opponents' Fore Buchholz; e.g. ``BH-C1``, and the TRF spelling ``BH/C1`` is read too. :func:`catalogue` lists
every code and modifier with its name, meaning and article, and :func:`describe` spells a code out in full.

Compute a whole table in one :class:`TiebreakContext` (``TiebreakContext.of(state, rules="2026")``): the
context keeps what several players share, such as adjusted scores and direct-encounter orders.
"""

from __future__ import annotations

from collections.abc import Collection

from ..errors import InputError
from ..state import TournamentState
from .base import DEFAULT_EDITION, EDITIONS, Contribution, TiebreakContext, TiebreakSpec, TiebreakValue
from .catalogue import CatalogueEntry, catalogue, describe
from .codes import TIEBREAKS, TiebreakCode, parse_tiebreak, parse_tiebreak_list
from .fide import rating_tiebreaks_dropped


def parse_rules(text: str | None) -> str:
    """The C.07 edition named by ``text`` (``2026`` or ``2024``; default 2026).

    :raises InputError: for another edition.
    """
    if text is None or not str(text).strip():
        return DEFAULT_EDITION
    edition = str(text).strip()
    if edition not in EDITIONS:
        raise InputError(f"unknown tie-break rules {text!r} (known: {', '.join(EDITIONS)})")
    return edition


def compute_tiebreak(
    state: TournamentState, tpn: int, code: str, *, tied_group: Collection[int] = (), rules: str | None = None
) -> TiebreakValue:
    """The value of tie-break ``code`` for player ``tpn``; ``tied_group`` matters only for ``DE``.

    ``state`` may be a :class:`TiebreakContext` (reused, faster for many players) or a plain state, which
    is read under the ``rules`` edition (by default the event's ``settings.tiebreak_rules``, 2026).
    """
    parsed = parse_tiebreak(code)
    spec = parsed.spec
    context = TiebreakContext.of(state, rules=rules)
    if parsed.forfeits_played:
        context = context.with_forfeits_played()
    dropped = context.memo("unrated", lambda: rating_tiebreaks_dropped(context)) if spec.needs_ratings else ""
    if dropped:
        return TiebreakValue(parsed.text, 0.0, lower_is_better=spec.lower_is_better, note=dropped)
    group = tied_group or (tpn,)
    parts = spec.compute(context, tpn, group)
    kept, cut = cut_contributions(parts, parsed.cut_lowest, parsed.cut_highest,
                                  unplayed_first=spec.unplayed_cut_first)
    value = spec.evaluate(context, tpn, group, kept)
    return TiebreakValue(parsed.text, round(value, 9), tuple(kept), tuple(cut), spec.lower_is_better)


def cut_contributions(
    parts: list[Contribution], lowest: int, highest: int, *, unplayed_first: bool = False
) -> tuple[list[Contribution], list[Contribution]]:
    """Applies Cut/Median modifiers (C.07 14.1–14.4) and returns (kept, cut).

    The least significant contribution has the lowest basis (the opponent's score; for Sonneborn-Berger
    ties between equal scores go to the lowest product), the most significant the highest. With
    ``unplayed_first`` (16.5) each low cut removes the participant's lowest voluntary unplayed round
    instead, as long as that is not lower than the least significant value; high cuts have no exception.
    """
    kept = list(parts)
    cut: list[Contribution] = []

    def significance(c: Contribution) -> tuple[float, float]:
        return (c.basis if c.basis is not None else c.value, c.value)

    for _ in range(min(lowest, len(kept))):
        least = min(kept, key=significance)
        voluntary = [c for c in kept if c.voluntary]
        if unplayed_first and voluntary:
            lowest_voluntary = min(voluntary, key=lambda c: (c.value, significance(c)))
            if lowest_voluntary.value >= least.value:
                least = lowest_voluntary
        kept.remove(least)
        cut.append(least)
    for _ in range(min(highest, len(kept))):
        most = max(kept, key=significance)
        kept.remove(most)
        cut.append(most)
    return kept, cut


__all__ = [
    "DEFAULT_EDITION", "EDITIONS", "TIEBREAKS", "CatalogueEntry", "Contribution", "TiebreakCode", "TiebreakContext",
    "TiebreakSpec", "TiebreakValue", "catalogue", "compute_tiebreak", "cut_contributions", "describe", "parse_rules",
    "parse_tiebreak", "parse_tiebreak_list",
]
