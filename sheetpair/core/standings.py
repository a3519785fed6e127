"""The standings table: ranking by points, then by an ordered list of tie-breaks applied to each group still
tied (C.07 4.2).

:func:`build_standings` is the one place a standings table is made. Everything that shows standings (the
Standings and Crosstable sheets, the TRF's points and ranks, the HTML and PDF reports, ``standings --json``,
the add-in) is handed the same :class:`StandingsTable`, so no two outputs can disagree about a score or a
place.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from .model import Tournament
from .state import PlayerState, SystemTraits, TournamentState, derive
from .tiebreaks import TiebreakContext, TiebreakValue, compute_tiebreak, parse_tiebreak_list


@dataclass
class Standing:
    """One line of the standings."""

    rank: int
    tpn: int
    name: str
    points: float
    tiebreaks: dict[str, TiebreakValue] = field(default_factory=dict)


@dataclass(frozen=True)
class StandingsTable:
    """The ranked lines after ``through_round``, with the derived state and tie-break codes they were made from.

    Iterating gives the lines in rank order. :attr:`state` holds every player's history as the tie-breaks
    saw it (the rounds ranked); :attr:`paired` holds it through the last paired round, whose byes and
    forfeits already carry points before any result is typed. A writer that needs more than the lines (a
    crosstable, a TRF line) reads them here instead of deriving again.
    """

    state: TiebreakContext
    paired: TournamentState
    codes: tuple[str, ...]
    lines: list[Standing]

    @property
    def through_round(self) -> int:
        return self.state.through_round

    def __iter__(self) -> Iterator[Standing]:
        return iter(self.lines)

    def __len__(self) -> int:
        return len(self.lines)

    def __getitem__(self, index: int) -> Standing:
        return self.lines[index]

    def line(self, tpn: int) -> Standing:
        """The line of the player with start number ``tpn``."""
        return self._by_tpn[tpn]

    def player(self, tpn: int) -> PlayerState:
        """The derived history of the player with start number ``tpn``."""
        return self.state[tpn]

    @property
    def _by_tpn(self) -> dict[int, Standing]:
        return self.state.memo("standings-by-tpn", lambda: {s.tpn: s for s in self.lines})


def build_standings(
    tournament: Tournament,
    traits: SystemTraits,
    *,
    tiebreaks: tuple[str, ...] | None = None,
    through_round: int | None = None,
    rules: str | None = None,
) -> StandingsTable:
    """The standings after ``through_round``; by default after the last round with any result entered.

    ``traits`` are the pairing system's (fixed schedule, postponed games as draws). Tie-breaks follow the
    C.07 edition ``rules`` (default: the event's ``settings.tiebreak_rules``) and the event's list unless
    ``tiebreaks`` names another.

    A round just paired, with no result yet, is left out, so its pending games do not count as played
    rounds (WNT's N is the number of rounds played so far).
    """
    codes = parse_tiebreak_list(tiebreaks if tiebreaks is not None else tournament.settings.tiebreaks)
    last = through_round if through_round is not None else rounds_with_results(tournament)
    paired = derive(tournament, traits=traits)
    context = TiebreakContext.of(paired.through(last), rules=rules)
    return StandingsTable(context, paired, codes, rank(context, codes))


def rounds_with_results(tournament: Tournament) -> int:
    """Number of the last round that has at least one result (or no games at all)."""
    return max((r.number for r in tournament.rounds if not r.games or any(g.result.is_known for g in r.games)),
               default=0)


def rank(state: TiebreakContext, codes: tuple[str, ...]) -> list[Standing]:
    """Ranks the players of ``state`` by points and the tie-break ``codes``.

    Players are ordered by points, then by each tie-break in turn within every group still tied; a
    tie-break that looks only at the tied players (``DE``) is computed for the group it separates. Players
    tied on everything keep start-number order and share the rank. One tie-break context serves the whole
    table, so what players share is computed once.
    """
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
