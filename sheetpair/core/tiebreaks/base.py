"""The shapes every tie-break shares: a value, the contributions that make it up, and its spec."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from ..state import PlayerState, RoundRecord, TournamentState


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


Compute = Callable[[TournamentState, int, Collection[int]], list[Contribution]]
"""(state, player, tied group) -> contributions; the group matters only to tie-breaks of type A."""


@dataclass(frozen=True)
class TiebreakSpec:
    """A tie-break code: what it is called, how it is computed, and whether it looks only at the tied group."""

    code: str
    name: str
    compute: Compute
    uses_tied_group: bool = False
    cuttable: bool = False


def opponent_score(state: TournamentState, record: RoundRecord) -> float:
    """The current score of the opponent of ``record`` (0 when there is none)."""
    return state.score(record.opponent) if record.opponent in state.players else 0.0


def game_records(player: PlayerState) -> list[RoundRecord]:
    """Rounds with an opponent and a result (played or forfeited)."""
    return [r for r in player.records if r.opponent is not None and r.result_fraction is not None]
