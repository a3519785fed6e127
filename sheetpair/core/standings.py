"""Ranking by points, then by an ordered list of tie-breaks applied to each group still tied (C.07 4.2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .model import Tournament
from .state import TournamentState, derive
from .tiebreaks import TiebreakContext, TiebreakValue, compute_tiebreak, parse_tiebreak_list


@dataclass
class Standing:
    """One line of the standings."""

    rank: int
    tpn: int
    name: str
    points: float
    tiebreaks: dict[str, TiebreakValue] = field(default_factory=dict)


def standings(
    tournament: Tournament,
    *,
    tiebreaks: tuple[str, ...] | None = None,
    through_round: int | None = None,
    rules: str | None = None,
) -> list[Standing]:
    """The standings after ``through_round``; by default after the last round with any result entered.

    Tie-breaks follow the C.07 edition ``rules`` (default: the event's ``settings.tiebreak_rules``).

    A round just paired, with no result yet, is left out, so its pending games do not count as played
    rounds (WNT's N is the number of rounds played so far).

    Players are ordered by points, then by each tie-break in turn within every group still tied; a
    tie-break that looks only at the tied players (``DE``) is computed for the group it separates. Players
    tied on everything keep start-number order and share the rank.
    """
    codes = parse_tiebreak_list(tiebreaks if tiebreaks is not None else tournament.settings.tiebreaks)
    last = through_round if through_round is not None else rounds_with_results(tournament)
    state = derive(tournament, through_round=last, postponed_as_draw=_postponed_games_count_as_draws(tournament))
    return rank(state, codes, rules=rules)


def _postponed_games_count_as_draws(tournament: Tournament) -> bool:
    from ..pairing import SYSTEMS  # imported here: pairing systems themselves rank players

    system = SYSTEMS.get(tournament.settings.system)
    return bool(system is not None and system.postponed_games_count_as_draws)


def rounds_with_results(tournament: Tournament) -> int:
    """Number of the last round that has at least one result (or no games at all)."""
    return max((r.number for r in tournament.rounds if not r.games or any(g.result.is_known for g in r.games)),
               default=0)


def rank(state: TournamentState, codes: tuple[str, ...], *, rules: str | None = None) -> list[Standing]:
    """Ranks the players of ``state`` by points and the tie-break ``codes`` (C.07 edition ``rules``, by default
    the event's).

    One tie-break context serves the whole table, so what players share is computed once.
    """
    state = TiebreakContext.of(state, rules=rules)
    values: dict[int, dict[str, TiebreakValue]] = {tpn: {} for tpn in state.players}
    groups: list[list[int]] = _split(sorted(state.players), lambda t: round(state.score(t), 9))
    for code in codes:
        refined: list[list[int]] = []
        for group in groups:
            computed = {tpn: compute_tiebreak(state, tpn, code, tied_group=group) for tpn in group}
            for tpn, value in computed.items():
                values[tpn][code] = value
            refined.extend(_split(group, lambda t: computed[t].sort_key))
        groups = refined
    table: list[Standing] = []
    for group in groups:
        shared_rank = len(table) + 1
        for tpn in sorted(group):
            player = state[tpn]
            table.append(Standing(shared_rank, tpn, player.player.name, player.score, values[tpn]))
    return table


def _split(group: list[int], key: Callable[[int], float]) -> list[list[int]]:
    """Splits ``group`` into sub-groups of equal ``key``, highest first, keeping start order inside each."""
    by_value: dict[float, list[int]] = {}
    for tpn in group:
        by_value.setdefault(key(tpn), []).append(tpn)
    return [by_value[v] for v in sorted(by_value, reverse=True)]
