"""Perfect matchings of a set of teams, on the project's chess-free matcher.

C.04.6 asks two questions of a set of teams again and again: can it be paired completely under the
absolute criteria, and which complete pairing minimises a cost. Both are one maximum-weight matching
where every allowed edge carries a large constant (so the optimum has the most pairs) plus its value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..matching import new_matching_computer

Value = Callable[[int, int], int | None]
"""The value of pairing two teams (higher is better), ``None`` when they may not meet."""


def best_perfect(teams: Sequence[int], value: Value, max_value: int = 0) -> tuple[int, dict[int, int]] | None:
    """The complete pairing of ``teams`` of highest total value, with that total; ``None`` if none exists."""
    n = len(teams)
    if n % 2:
        return None
    if n == 0:
        return 0, {}
    base = (max_value + 1) * (n // 2 + 1)
    computer = new_matching_computer(n, base + max_value)
    for i in range(n):
        for j in range(i + 1, n):
            v = value(teams[i], teams[j])
            if v is not None:
                computer.set_edge_weight(i, j, base + v)
    computer.compute_matching()
    mates = computer.mates()
    if any(mates[i] == i for i in range(n)):
        return None
    total = sum(value(teams[i], teams[mates[i]]) or 0 for i in range(n) if i < mates[i])
    return total, {teams[i]: teams[mates[i]] for i in range(n)}


def can_pair(teams: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """True when ``teams`` can be paired completely with legal pairs only."""
    return best_perfect(teams, lambda a, b: 0 if legal(a, b) else None) is not None
