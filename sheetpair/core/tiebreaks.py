"""Tie-breaks, each one explainable opponent by opponent.

Every tie-break returns a :class:`TiebreakValue`: the number *and* the contributions that add up to it,
so a report can show a player exactly where a value comes from. Codes follow FIDE C.07 (``BH``, ``SB``,
``KS``, ``PS``, ``DE``, ``WIN``, ``WON``, ``BPG``, ...) plus ``WNT``, the seeds' formula. A code may carry a
modifier: ``-C1``/``-C2`` cut the lowest contributions, ``-M1``/``-M2`` cut the lowest and the highest
(median), e.g. ``BH-C1``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass

from .errors import InputError
from .model import Colour, Outcome
from .state import PlayerState, RoundRecord, TournamentState


@dataclass(frozen=True)
class Contribution:
    """One part of a tie-break value: usually one round against one opponent."""

    value: float
    round: int | None = None
    opponent: int | None = None
    note: str = ""


@dataclass(frozen=True)
class TiebreakValue:
    """A tie-break's value for one player and the contributions it is the sum of (after any cut)."""

    code: str
    value: float
    contributions: tuple[Contribution, ...] = ()
    cut: tuple[Contribution, ...] = ()
    """Contributions a Cut or Median modifier removed."""


@dataclass(frozen=True)
class TiebreakSpec:
    """A tie-break code: what it is called, how it is computed, and whether it looks only at the tied group."""

    code: str
    name: str
    compute: Callable[[TournamentState, int, Collection[int]], list[Contribution]]
    uses_tied_group: bool = False
    cuttable: bool = False


def _opponent_score(state: TournamentState, record: RoundRecord) -> float:
    return state.score(record.opponent) if record.opponent in state.players else 0.0


def _game_records(player: PlayerState) -> list[RoundRecord]:
    """Rounds with an opponent and a result (played or forfeited)."""
    return [r for r in player.records if r.opponent is not None and r.result_fraction is not None]


def _buchholz(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    return [
        Contribution(_opponent_score(state, r), r.round, r.opponent, "opponent's score")
        for r in _game_records(state[tpn])
    ]


def _sonneborn_berger(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    parts = []
    for r in _game_records(state[tpn]):
        opp = _opponent_score(state, r)
        fraction = r.result_fraction or 0.0
        parts.append(Contribution(opp * fraction, r.round, r.opponent, f"{fraction:g} × opponent's {opp:g}"))
    return parts


def _koya(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    threshold = state.max_points / 2
    return [
        Contribution(r.points, r.round, r.opponent, f"opponent scored {_opponent_score(state, r):g} ≥ {threshold:g}")
        for r in _game_records(state[tpn])
        if _opponent_score(state, r) >= threshold - 1e-9
    ]


def _progressive(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    running = 0.0
    parts = []
    for r in state[tpn].records:
        running += r.points
        parts.append(Contribution(running, r.round, None, "score after the round"))
    return parts


def _wnt(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """WNT = 100 × Σ (Pᵢ/N)(rᵢ + Pᵢ/(2N)), N the rounds played so far; byes have no opponent and count nothing."""
    n = state.through_round
    if n == 0:
        return []
    full = n * state.settings.points_win
    parts = []
    for r in _game_records(state[tpn]):
        share = _opponent_score(state, r) / full
        result = r.result_fraction or 0.0
        parts.append(
            Contribution(100 * share * (result + share / 2), r.round, r.opponent,
                         f"100 × {share:.3f} × ({result:g} + {share:.3f}/2)")
        )
    return parts


def _direct_encounter(state: TournamentState, tpn: int, group: Collection[int]) -> list[Contribution]:
    """Points scored against the other tied players, applied only when all of them have met each other."""
    others = set(group) - {tpn}
    if not others or not _all_have_met(state, group):
        return []
    return [
        Contribution(r.points, r.round, r.opponent, "game between tied players")
        for r in _game_records(state[tpn])
        if r.opponent in others
    ]


def _all_have_met(state: TournamentState, group: Collection[int]) -> bool:
    members = list(group)
    return all(
        any(r.opponent == b and r.result_fraction is not None for r in state[a].records)
        for i, a in enumerate(members)
        for b in members[i + 1:]
    )


def _count(predicate: Callable[[RoundRecord, float], bool], note: str):
    """A tie-break counting the rounds that satisfy ``predicate(record, points_for_a_win)``."""

    def compute(state: TournamentState, tpn: int, _group: Collection[int]) -> list[Contribution]:
        win = state.settings.points_win
        return [Contribution(1.0, r.round, r.opponent, note) for r in state[tpn].records if predicate(r, win)]

    return compute


TIEBREAKS: dict[str, TiebreakSpec] = {
    spec.code: spec
    for spec in (
        TiebreakSpec("WNT", "WNT (opponents' score share squared, weighted by results)", _wnt),
        TiebreakSpec("BH", "Buchholz", _buchholz, cuttable=True),
        TiebreakSpec("SB", "Sonneborn-Berger", _sonneborn_berger, cuttable=True),
        TiebreakSpec("KS", "Koya", _koya),
        TiebreakSpec("PS", "Progressive (cumulative) score", _progressive, cuttable=True),
        TiebreakSpec("DE", "Direct encounter", _direct_encounter, uses_tied_group=True),
        TiebreakSpec("WIN", "Number of rounds won, with or without playing", _count(
            lambda r, win: 0 < win <= r.points, "round worth a win")),
        TiebreakSpec("WON", "Number of games won over the board", _count(
            lambda r, _win: r.outcome is Outcome.WIN, "game won")),
        TiebreakSpec("BPG", "Number of games played with Black", _count(
            lambda r, _win: r.played and r.colour is Colour.BLACK, "game with Black")),
        TiebreakSpec("BWG", "Number of games won with Black", _count(
            lambda r, _win: r.outcome is Outcome.WIN and r.colour is Colour.BLACK, "win with Black")),
    )
}

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
