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


def _greedy(teams: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """A quick sufficient test: pair greedily, then repair each leftover pair through one existing pair.

    Late in a Swiss nearly every two teams may still meet, so this settles almost every question at a
    fraction of a matching's cost; when it fails, the matcher decides.
    """
    left = list(teams)
    pairs: list[tuple[int, int]] = []
    stuck: list[int] = []
    while left:
        a = left.pop(0)
        partner = next((b for b in left if legal(a, b)), None)
        if partner is None:
            stuck.append(a)
        else:
            left.remove(partner)
            pairs.append((a, partner))
    while stuck:
        if len(stuck) < 2:
            return False
        u, v = stuck.pop(), stuck.pop()
        if legal(u, v):
            continue
        for i, (a, b) in enumerate(pairs):
            for x, y in ((a, b), (b, a)):
                if legal(u, x) and legal(v, y):
                    pairs[i] = (u, x)
                    pairs.append((v, y))
                    break
            else:
                continue
            break
        else:
            return False
    return True


def can_pair(teams: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """True when ``teams`` can be paired completely with legal pairs only."""
    if len(teams) % 2:
        return False
    if _greedy(teams, legal):
        return True
    return best_perfect(teams, lambda a, b: 0 if legal(a, b) else None) is not None
