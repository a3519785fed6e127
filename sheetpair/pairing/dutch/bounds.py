"""Degree bounds that prove a set of players can still be paired, without a matching (Dirac's theorem).

A graph on N ≥ 3 vertices whose every vertex has at least N/2 neighbours has a Hamiltonian cycle, hence a
perfect matching when N is even, and one leaving out any chosen vertex when N is odd. Degrees are counted
from [C1] (played opponents and forbidden pairs) and [C3] (colour-limited players of the same preference)
in O(rounds) per player, so a check costs O(N·rounds) where a matching costs O(N³). When a bound does not
hold, the callers fall back to a matching: the bounds only ever save work.
"""

from __future__ import annotations

from ..fide.entrants import Entrant
from .weights import WeightBuilder


class Pairability:
    """Dirac-type bounds on who can still be paired, from degrees counted in O(rounds) per player."""

    def __init__(self, builder: WeightBuilder, players: list[Entrant]) -> None:
        self.builder = builder
        self.players = players
        n = len(self.players)
        self.limited = [builder.absolute[i] and not builder.topscorer[i] for i in range(n)]
        # Colour-limited players ([C3]) of each preference among entrants 0..i-1, for any index range.
        self._limited_before: dict[object, list[int]] = {}
        for key in {builder.preference[i] for i in range(n) if self.limited[i]}:
            counts = [0]
            for i in range(n):
                counts.append(counts[-1] + (self.limited[i] and builder.preference[i] is key))
            self._limited_before[key] = counts
        self.start = n

    def degree_into(self, v: int, low: int, high: int) -> int:
        """Number of entrants ``low..high-1`` that ``v`` may meet ([C1], forbidden pairs, [C3])."""
        inside = low <= v < high
        count = high - low - inside - sum(1 for o in self.builder.barred[v] if low <= o < high)
        if self.limited[v]:
            before = self._limited_before[self.builder.preference[v]]
            count -= before[high] - before[low] - inside
        return count

    def set_below(self, start: int) -> None:
        """R = entrants ``start..n-1``."""
        self.start = start
        self.size = len(self.players) - start
        self.min_below = min((self.degree(r) for r in range(start, len(self.players))), default=self.size)

    def degree(self, v: int) -> int:
        """Number of players of R that ``v`` may meet."""
        return self.degree_into(v, self.start, len(self.players))

    def holds(self, sent_below: list[int], bye_below: bool) -> bool:
        """True when R plus ``sent_below`` can be paired, leaving a PAB candidate out if ``bye_below``."""
        total = self.size + len(sent_below)
        if total == 0:
            return not bye_below
        smallest = min([self.min_below] + [self.degree(f) for f in sent_below])
        if not bye_below:
            return total % 2 == 0 and 2 * smallest >= total
        if total % 2 == 0:
            return False
        candidates = [f for f in sent_below if self.builder.is_bye_candidate(f)]
        if not candidates and not any(self.builder.is_bye_candidate(r) for r in range(self.start, len(self.players))):
            return False
        return 2 * (smallest - 1) >= total - 1

    def next_group_takes_any(self, bracket: list[int], low: int, high: int, floaters: int, bye: str) -> bool:
        """True when, whichever ``floaters`` players of ``bracket`` float, the next score group N (entrants
        ``low..high-1``, with R below it already set) pairs every one of them and all of itself but one
        player at most, who takes the PAB (``bye == "next"``) or goes to R, and R can still be paired
        (with the PAB when ``bye == "below"``).

        Each floater has ``floaters`` possible opponents in N (one more when a PAB candidate of N must stay
        free), so they are placed one by one; whichever ``floaters`` players of N they take, every other
        player of N keeps half of the others as possible opponents, so by Dirac's theorem the rest of N has
        a Hamiltonian cycle: a perfect matching, or one with any single player left out. Then the [C8] value
        of the next bracket is the same for every such choice but for the floaters' own scores, which is
        what :class:`WindowedProcedure` weighs.
        """
        spare = bye == "next"
        rest = high - low - floaters
        if not self.next_group_absorbs(bracket, low, high, floaters, spare):
            return False
        if spare:
            has_candidate = any(self.builder.is_bye_candidate(y) for y in range(low, high))
            return rest % 2 == 1 and has_candidate and self.holds([], False)
        leftover = [min(range(low, high), key=self.degree)] if rest % 2 else []
        return self.holds(leftover, bye == "below")

    def next_group_absorbs(self, bracket: list[int], low: int, high: int, floaters: int, spare: bool = False) -> bool:
        """True when, whichever ``floaters`` players of ``bracket`` float, the next score group (entrants
        ``low..high-1``) pairs every one of them and all of itself but one player at most (``spare``: with
        one of its players still free for each floater); the argument is :meth:`next_group_takes_any`'s."""
        rest = high - low - floaters
        if rest < 0 or any(self.degree_into(f, low, high) < floaters + spare for f in bracket):
            return False
        return rest <= 1 or all(2 * (self.degree_into(y, low, high) - floaters) >= rest for y in range(low, high))

    def pairable(self, members: list[int], bye: bool) -> bool:
        """True when the entrants ``members`` (ascending) can all be paired, but for one player who may get
        the PAB when ``bye``. Below its last gap the set is a range, whose degrees are counted at once; the
        few players above it are compared one by one (too many of them and the bound is not tried)."""
        total = len(members)
        if total % 2 != bye:
            return False
        n = len(self.players)
        split = total
        while split and members[split - 1] == n - (total - split) - 1:
            split -= 1
        head, start = members[:split], n - (total - split)
        if len(head) > 64 or total < 3:
            return False
        compatible = self.builder.compatible
        smallest = min(self.degree_into(v, start, n) + sum(1 for h in head if h != v and compatible(h, v))
                       for v in members)
        if not bye:
            return 2 * smallest >= total
        return any(self.players[v].bye_eligible for v in members) and 2 * (smallest - 1) >= total - 1
