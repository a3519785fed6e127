"""The fixed inputs of one round's pairing: who may meet, how a pair's colours rank (rules 7-8), who may take
the bye (rule 12), and what a round's plan holds."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from .history import EPSILON, B, History, W


@dataclass(frozen=True)
class Orientation:
    """One way to give colours to a pair, with the page's ranking vector."""

    white: int
    black: int
    hard: int
    soft: tuple[int, ...]

    @property
    def key(self) -> tuple[int, ...]:
        return (self.hard, *self.soft)


@dataclass
class RoundRules:
    """The fixed inputs of one round's pairing searches."""

    number: int
    history: dict[int, History]
    forbidden: Collection[frozenset[int]] = ()
    """Pairs the arbiter ruled must never meet: never paired, not even when rematches are relaxed."""
    rematches_when_exhausted: bool = False
    """Whether an exhausted field may be paired with the fewest rematches (option ``rematches``)."""

    def may_pair(self, a: int, b: int, *, rematch_allowed: bool = False) -> bool:
        return frozenset((a, b)) not in self.forbidden and (rematch_allowed or b not in self.history[a].opponents)

    def gap(self, a: int, b: int) -> float:
        return round(abs(self.history[a].points - self.history[b].points), 6)

    def same_preference(self, a: int, b: int) -> int:
        """Rule 8C: 1 when both players want the same colour."""
        pa, pb = self.history[a].preference, self.history[b].preference
        return int(pa is not None and pa is pb)

    def orientations(self, a: int, b: int, rank: dict[int, int]) -> list[Orientation]:
        """Both orientations of the pair a-b, best first (ranks are list positions, 0 = top)."""
        ha, hb = self.history[a], self.history[b]
        rule_8d_white = None
        if self.same_preference(a, b):
            higher, lower = (a, b) if rank[a] < rank[b] else (b, a)
            rule_8d_white = higher if self.number % 2 == 0 else lower
        options = []
        for white, black in ((a, b), (b, a)):
            hw, hbk = self.history[white], self.history[black]
            colour_of = {white: W, black: B}
            soft = (
                int(rule_8d_white is not None and white != rule_8d_white),
                hw.third_in_a_row(W) + hbk.third_in_a_row(B),
                hw.balance_after(W) + hbk.balance_after(B),
                sum(int(h.preference is not None and h.preference is not colour_of[p]) for p, h in ((a, ha), (b, hb))),
                sum(int(bool(h.colours) and h.colours[-1] is colour_of[p]) for p, h in ((a, ha), (b, hb))),
                rank[white],
            )
            options.append(Orientation(white, black, hw.hard_violations(W) + hbk.hard_violations(B), soft))
        return sorted(options, key=lambda o: o.key)


def lowest_score_bye_candidates(order: Sequence[int], history: dict[int, History]) -> tuple[list[int], str | None]:
    """Rule 12: the eligible players at the lowest eligible score, highest start number first.

    Eligible are those without a WO point. When everybody has one, the rules name nobody; sheetpair then takes
    those with the fewest WO points and says so.
    """
    fewest = min(history[t].wo_points for t in order)
    note = None
    if fewest > 0:
        note = ("every player already has a WO point, so the rules name no bye candidate; "
                f"the bye went among those with the fewest ({fewest})")
    eligible = [t for t in order if history[t].wo_points == fewest]
    lowest = min(history[t].points for t in eligible)
    return sorted((t for t in eligible if abs(history[t].points - lowest) < EPSILON), reverse=True), note


@dataclass
class RoundPlan:
    """A round's pairing before board numbers: the pairs in board order, the bye, and notes."""

    pairs: list[Orientation]
    bye: int | None = None
    notes: list[str] = field(default_factory=list)


def count_violations(rnd: RoundRules, outcome: RoundPlan) -> int:
    total = sum(rnd.history[o.white].hard_violations(W) + rnd.history[o.black].hard_violations(B)
                for o in outcome.pairs)
    return total + (rnd.history[outcome.bye].hard_violations(W) if outcome.bye is not None else 0)


def colour_phrase(violations: int) -> str:
    return f"{violations} violation(s) of rules 7A/7B" if violations else "no violation of rules 7A/7B"
