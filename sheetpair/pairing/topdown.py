"""Top-down pairing with backtracking, shared by the score-ordered systems (Swiss variants, Monrad).

The texts pair "top-down": the first unpaired player in the ranking takes the first acceptable opponent, and
the search backs up when a choice leaves someone without an opponent. A plain depth-first search can take
exponential time proving that a branch is dead. Here every choice is checked first against a memoised
question, "can the players still unpaired all be paired?" (a perfect matching of the compatibility graph).
A choice passes exactly when the depth-first search below it would succeed, so the first pairing found is
the same one the plain search finds, without the dead ends; and a search that finds nothing proves that no
pairing under the given rules exists at all (what the texts need before they allow a rematch or report
failure).

The systems say what "acceptable" means (no rematch, colour limits, forbidden pairs) through a
:data:`Compatible` predicate, and in which order a player tries opponents through a :data:`Candidates`
function.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import combinations

Compatible = Callable[[int, int], bool]
"""(player, player) -> True when the two may be paired in this round; must be symmetric."""

Candidates = Callable[[int, Sequence[int]], Iterable[int]]
"""(player to pair, the players still unpaired after them, best first) -> opponents to try, in order."""

Pair = tuple[int, int]


class PairingGraph:
    """Who may play whom in one round, and whether a set of players can be paired completely.

    The answers are memoised per set of players, so one graph can serve many searches over the same round
    (one per bye candidate, one per bracket).
    """

    def __init__(self, players: Iterable[int], compatible: Compatible) -> None:
        members = list(players)
        self._partners: dict[int, frozenset[int]] = {
            p: frozenset(q for q in members if q != p and compatible(p, q)) for p in members
        }
        self._known: dict[frozenset[int], bool] = {}

    def compatible(self, a: int, b: int) -> bool:
        return b in self._partners[a]

    def can_pair_all(self, players: Iterable[int]) -> bool:
        """True when ``players`` can all be paired among themselves (an empty set can)."""
        group = frozenset(players)
        return len(group) % 2 == 0 and self._perfect(group)

    def _perfect(self, group: frozenset[int]) -> bool:
        if not group:
            return True
        known = self._known.get(group)
        if known is not None:
            return known
        degrees = {p: self._partners[p] & group for p in group}
        fewest = min(group, key=lambda p: (len(degrees[p]), p))
        if len(degrees[fewest]) * 2 >= len(group) and len(group) > 2:
            # Dirac: minimum degree ≥ n/2 gives a Hamiltonian cycle, and every other edge of it pairs everyone.
            answer = True
        else:
            answer = any(self._perfect(group - {fewest, q}) for q in sorted(degrees[fewest]))
        self._known[group] = answer
        return answer


def pair_top_down(
    order: Sequence[int], graph: PairingGraph, candidates: Candidates | None = None
) -> list[Pair] | None:
    """Pairs ``order`` (best first) top-down: the first unpaired player takes the first candidate that is
    compatible and leaves the others pairable.

    ``candidates`` gives the order in which a player tries opponents; by default the ranking order. Returns
    the pairs (first player, opponent) in the order they were made, or ``None`` when ``order`` cannot be
    paired completely under ``graph``.
    """
    remaining = list(order)
    if not graph.can_pair_all(remaining):
        return None
    pairs: list[Pair] = []
    while remaining:
        top, rest = remaining[0], remaining[1:]
        tried = candidates(top, rest) if candidates else rest
        opponent = next(
            c for c in tried if graph.compatible(top, c) and graph.can_pair_all(p for p in rest if p != c)
        )
        pairs.append((top, opponent))
        remaining = [p for p in rest if p != opponent]
    return pairs


def top_half_first(top: int, rest: Sequence[int]) -> list[int]:
    """Candidates for pairing the top half of a bracket against its bottom half.

    ``top`` is the first of the unpaired bracket ``[top, *rest]``; its natural opponent is the first of the
    bottom half (S1[i] against S2[i]). Then the rest of the bottom half in order, then the top half from
    the nearest upwards.
    """
    half = (len(rest) + 1) // 2
    return [*rest[half - 1:], *reversed(rest[:half - 1])]


def pair_score_groups(
    groups: Sequence[Sequence[int]],
    graph: PairingGraph,
    *,
    bracket_order: Callable[[int], int],
    candidates: Candidates = top_half_first,
) -> list[Pair] | None:
    """Pairs score groups from the highest down, with floaters and backtracking.

    Each bracket is the score group plus the players floated into it, sorted by ``bracket_order`` (a
    player's place in the order the bracket uses: the ranking, or the start number). The
    bracket keeps as many players as it can pair among themselves (the fewest floaters, chosen from the
    bottom) and pairs them in ``candidates`` order (top half against bottom half by default); the floaters
    join the next group. The last group floats nobody. Returns the pairs bracket by bracket, or ``None``
    when the whole field cannot be paired under ``graph``.
    """
    everyone = [p for g in groups for p in g]
    if not graph.can_pair_all(everyone):
        return None
    pairs: list[Pair] = []
    carried: list[int] = []
    for index, group in enumerate(groups):
        bracket = sorted([*carried, *group], key=bracket_order)
        below = [p for g in groups[index + 1:] for p in g]
        last = index == len(groups) - 1
        for floaters in _floater_choices(bracket, last=last):
            stay = [p for p in bracket if p not in floaters]
            if graph.can_pair_all(stay) and graph.can_pair_all([*floaters, *below]):
                break
        else:  # unreachable: the field was pairable and every way to split it is tried
            raise AssertionError("score-group search lost a pairable field")
        pairs += pair_top_down(stay, graph, candidates) or []
        carried = list(floaters)
    return pairs


def _floater_choices(bracket: Sequence[int], *, last: bool) -> Iterator[frozenset[int]]:
    """Sets of players to float down: fewest first, and among equally many the lowest-placed first."""
    if last:
        yield frozenset()
        return
    from_bottom = list(reversed(bracket))
    for size in range(len(bracket) % 2, len(bracket) + 1, 2):
        for chosen in combinations(from_bottom, size):
            yield frozenset(chosen)
