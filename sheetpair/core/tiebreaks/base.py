"""The shapes every tie-break shares: a value, the contributions that make it up, its spec, and its context.

A tie-break is computed in a :class:`TiebreakContext`: the derived state plus what FIDE C.07 needs beyond it,
namely the edition of the rules (the 2026 edition caps the dummy opponent, Art. 16.4) and whether the
pairings were fixed in advance (round robins: Art. 15.2 instead of Art. 16, a trait of the system carried by the
derived state). The context is a
:class:`~sheetpair.core.state.TournamentState`, so a tie-break written against the state works unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..model import Outcome
from ..state import PlayerState, RoundRecord, TournamentState

EDITIONS: tuple[str, ...] = ("2026", "2024")
"""Editions of FIDE C.07 sheetpair computes: in force from 1 March 2026, and from 1 August 2024."""

DEFAULT_EDITION = "2026"

EDITION_2026_FROM = "2026-03-01"


def edition_on(start: str) -> str:
    """The C.07 edition in force for an event that started on ``start`` (ISO date; empty: the current one)."""
    return "2024" if start and start < EDITION_2026_FROM else DEFAULT_EDITION

T = TypeVar("T")


@dataclass(frozen=True)
class Contribution:
    """One part of a tie-break value: usually one round against one opponent (or the dummy of Art. 16.4)."""

    value: float
    round: int | None = None
    opponent: int | None = None
    note: str = ""
    basis: float | None = None
    """The opponent's (or dummy's) score the value is built on; Sonneborn-Berger cuts look at it first (14.1)."""
    result: float | None = None
    """The participant's points in that round, where the value depends on them."""
    voluntary: bool = False
    """A voluntary unplayed round (requested bye or forfeit loss, C.07 16.1): Cut modifiers remove it first (16.5)."""


@dataclass(frozen=True)
class TiebreakValue:
    """A tie-break's value for one player and the contributions it is the sum of (after any cut)."""

    code: str
    value: float
    contributions: tuple[Contribution, ...] = ()
    cut: tuple[Contribution, ...] = ()
    """Contributions a Cut or Median modifier removed."""
    lower_is_better: bool = False
    """True where a lower value ranks higher (TPN, the place given by DE)."""
    note: str = ""
    """Why the value is what it is when it is not a plain sum (e.g. a rating tie-break dropped, Art. 10)."""

    @property
    def sort_key(self) -> float:
        """The value oriented so that higher ranks first."""
        return -self.value if self.lower_is_better else self.value


@dataclass
class TiebreakContext(TournamentState):
    """The derived state with what C.07 needs on top: the rules edition and whether pairings were predetermined.

    Whole-tournament facts (adjusted scores, the direct-encounter order of a tied group) are computed once
    per context and kept in :meth:`memo`, so build one context for a whole standings table.
    """

    rules: str = DEFAULT_EDITION
    forfeits_played: bool = False
    """The ``P`` modifier: a forfeit counts as a game against the scheduled opponent (Art. 6, 8, 9)."""
    _memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, state: TournamentState, *, rules: str | None = None) -> TiebreakContext:
        """The context for ``state`` under C.07 edition ``rules`` (default: the event's ``tiebreak_rules``).

        An existing context is reused unless another edition is asked for.
        """
        if isinstance(state, TiebreakContext) and (rules is None or rules == state.rules):
            return state
        edition = rules or state.settings.tiebreak_rules
        if edition not in EDITIONS:
            raise ValueError(f"unknown tie-break rules edition {edition!r} (known: {', '.join(EDITIONS)})")
        return cls(state.settings, state.through_round, state.players, state.traits, rules=edition)

    def with_forfeits_played(self) -> TiebreakContext:
        """This context for the codes with the ``P`` modifier (made once, with a memo of its own)."""
        return self.memo("forfeits played", lambda: TiebreakContext(
            self.settings, self.through_round, self.players, self.traits, rules=self.rules, forfeits_played=True))

    def memo(self, key: Any, compute: Callable[[], T]) -> T:
        """``compute()`` the first time ``key`` is asked for in this context, the stored answer afterwards."""
        if key not in self._memo:
            self._memo[key] = compute()
        answer: T = self._memo[key]
        return answer

    @property
    def predetermined(self) -> bool:
        """True for round robins and other fixed schedules: C.07 15.2 applies instead of Art. 16."""
        return self.traits.fixed_schedule

    def records(self, tpn: int) -> list[RoundRecord]:
        """The player's rounds with a known outcome (a game still to be played counts for nothing yet)."""
        return [r for r in self[tpn].records if r.outcome is not Outcome.PENDING]


Compute = Callable[[TiebreakContext, int, Collection[int]], list[Contribution]]
"""(context, player, tied group) -> contributions; the group matters only to tie-breaks of type A."""

Evaluate = Callable[[TiebreakContext, int, Collection[int], Sequence[Contribution]], float]
"""(context, player, tied group, kept contributions) -> value, for tie-breaks that are not plain sums."""


def total(_context: TiebreakContext, _tpn: int, _group: Collection[int], parts: Sequence[Contribution]) -> float:
    """The plain sum of the contributions kept after any cut."""
    return sum(c.value for c in parts)


@dataclass(frozen=True)
class TiebreakSpec:
    """A tie-break code: what it is called, how it is computed, and how its modifiers and order work."""

    code: str
    name: str
    compute: Compute
    cuttable: bool = False
    evaluate: Evaluate = total
    lower_is_better: bool = False
    unplayed_cut_first: bool = False
    """Cut modifiers remove voluntary unplayed rounds first (C.07 16.5: BH, FB, SB)."""
    needs_ratings: bool = False
    """A rating tie-break (C.07 Art. 10): dropped when any participant is unrated."""


def opponent_score(state: TournamentState, record: RoundRecord) -> float:
    """The current score of the opponent of ``record`` (0 when there is none)."""
    return state.score(record.opponent) if record.opponent in state.players else 0.0


def game_records(player: PlayerState) -> list[RoundRecord]:
    """Rounds with an opponent and a result (played or forfeited)."""
    return [r for r in player.records if r.opponent is not None and r.result_fraction is not None]
