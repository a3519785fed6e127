"""Rule 9D's ordered backtracking (the page's ``solvePairings``) and its node count."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .rules import Orientation, RoundRules

SEARCH_LIMIT = 500_000
"""Search nodes one pairing search may visit before giving up (the page's limit)."""


class SearchLimitReached(Exception):
    """A pairing search visited more nodes than :data:`SEARCH_LIMIT`."""


@dataclass
class Candidate:
    """A possible opponent of the first player still to pair, with what ranks it."""

    opponent: int
    index: int
    gap: float
    compatibility: int
    orientation: Orientation
    rematch: bool = False


@dataclass
class Counter:
    """Counts search nodes against a limit (the page's :data:`SEARCH_LIMIT` by default)."""

    limit: int = 0
    """0: the page's :data:`SEARCH_LIMIT`."""
    nodes: int = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > (self.limit or SEARCH_LIMIT):
            raise SearchLimitReached


UNLIMITED = 10**9


class OrderedSearch:
    """Rule 9D's ordered backtracking over one list: the first complete matching in candidate order.

    Candidates are ordered by score gap, then (when violations are allowed) fewer 7A/7B violations, then rule 8C,
    then the best orientation, then list position. :meth:`run` takes budgets: how many 7A/7B violations the
    matching may contain (0 = the rules are absolute, ``None`` = unlimited, the page's own non-strict search) and
    how many repeat pairings (0 unless the field is exhausted). Lists known to fail are remembered with the
    largest colour budget they failed with, so that trying growing budgets does not repeat work.
    """

    def __init__(self, rnd: RoundRules, order: Sequence[int], counter: Counter | None = None) -> None:
        self.rnd = rnd
        self.order = tuple(order)
        self.rank = {tpn: i for i, tpn in enumerate(order)}
        self.counter = counter or Counter()
        self.best_orientation: dict[tuple[int, int], Orientation] = {}
        self.failed: dict[tuple[tuple[int, ...], int], int] = {}

    def run(self, colour_budget: int | None = 0, rematch_budget: int = 0) -> list[Orientation] | None:
        lenient = colour_budget != 0
        return self._solve(self.order, UNLIMITED if colour_budget is None else colour_budget, rematch_budget, lenient)

    def _orientation(self, a: int, b: int) -> Orientation:
        if (a, b) not in self.best_orientation:
            self.best_orientation[a, b] = self.rnd.orientations(a, b, self.rank)[0]
        return self.best_orientation[a, b]

    def _candidates(self, remaining: tuple[int, ...], colours_left: int, rematches_left: int,
                    lenient: bool) -> list[Candidate]:
        first, rnd = remaining[0], self.rnd
        found = []
        for index, other in enumerate(remaining[1:], start=1):
            rematch = other in rnd.history[first].opponents
            if not rnd.may_pair(first, other, rematch_allowed=rematches_left > 0):
                continue
            best = self._orientation(first, other)
            if best.hard <= colours_left:
                found.append(Candidate(other, index, rnd.gap(first, other), rnd.same_preference(first, other),
                                       best, rematch))
        return sorted(found, key=lambda c: (c.rematch, c.gap, c.orientation.hard if lenient else 0,
                                             c.compatibility, c.orientation.key, c.index))

    def _solve(self, remaining: tuple[int, ...], colours_left: int, rematches_left: int,
               lenient: bool) -> list[Orientation] | None:
        if not remaining:
            return []
        key = (remaining, rematches_left)
        if self.failed.get(key, -1) >= colours_left:
            return None
        self.counter.tick()
        for c in self._candidates(remaining, colours_left, rematches_left, lenient):
            rest = tuple(t for t in remaining if t not in (remaining[0], c.opponent))
            tail = self._solve(rest, colours_left - c.orientation.hard, rematches_left - c.rematch, lenient)
            if tail is not None:
                return [c.orientation, *tail]
        self.failed[key] = max(self.failed.get(key, -1), colours_left)
        return None


def ordered_search(
    rnd: RoundRules, order: Sequence[int], colour_budget: int | None = 0, rematch_budget: int = 0
) -> list[Orientation] | None:
    """One :class:`OrderedSearch` run with its own node count (the page's ``solvePairings``)."""
    return OrderedSearch(rnd, order).run(colour_budget, rematch_budget)
