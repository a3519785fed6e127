"""Which criterion a pairing would break: the explanations' question, asked of the matcher itself.

The weight of an edge is a stack of criterion fields (see :mod:`.classic` and :mod:`.modern`). To tell why
a player did not get an opponent the order ranks first, the matcher is asked for its best pairing with
that game forced, and the two optima are compared field by field: the first field that drops names the
criterion. Forcing is done by taking away every other edge of the two players (a lone edge always enters
a maximum-weight matching); the edges are put back afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..matching import MatchingComputer


def field_values(matcher: MatchingComputer, fields: Sequence[int]) -> tuple[int, ...]:
    """The current optimum's value in each field; ``fields`` are the fields' units, highest first."""
    mates = matcher.mates()
    total = sum(matcher.weight(a, mate) for a, mate in enumerate(mates) if a < mate)
    return tuple((total % high) // low if high else total // low for high, low in zip((0, *fields[:-1]), fields))


def criterion_lost(matcher: MatchingComputer, size: int, k: int, j: int, fields: Sequence[int],
                   names: Sequence[str], otherwise: str) -> str:
    """The name of the first field whose value drops when vertex ``k`` must meet ``j`` (``otherwise`` when
    none does); the matcher's edges are restored and its optimum recomputed."""
    best = field_values(matcher, fields)
    saved = {(a, b): matcher.weight(a, b) for a in (k, j) for b in range(size) if b != a and matcher.weight(a, b)}
    for a, b in saved:
        if {a, b} != {k, j}:
            matcher.set_edge_weight(a, b, 0)
    matcher.compute_matching()
    forced = field_values(matcher, fields)
    for (a, b), weight in saved.items():
        matcher.set_edge_weight(a, b, weight)
    matcher.compute_matching()
    for name, got, wanted in zip(names, forced, best):
        if got != wanted:
            return name
    return otherwise
