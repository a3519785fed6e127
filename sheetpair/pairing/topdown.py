"""Top-down pairing with a completability check, for systems that pair "the highest remaining player first".

Many club systems (Winther's Berger-Swiss and Club Swiss, Monrad variants) describe their pairing as: take
the highest remaining player, try the candidate opponents in a stated preference order, and accept the first
one that still lets every remaining player be paired. Written as a plain backtracking search this explodes
when no pairing exists. Here every choice is checked with a maximum-cardinality matching (Edmonds' blossom
algorithm) of the players left, so the first choice that passes is exactly the choice a full backtracking
search would keep, and a stage without any complete pairing is rejected at once.

The systems supply the rules as two functions: ``allowed(a, b)`` (may these two meet in this stage?) and
``preference(a, b)`` (a sort key: how much ``a`` prefers ``b``, smaller first).

Score-group systems (the simple club Swiss, the Winther-accelerated Swiss's round 2) pair bracket by bracket
with :func:`pair_score_groups`: top half against bottom half, floaters down, and still complete: if the field
can be paired at all, it is.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable, Iterator, Sequence
from itertools import combinations
from typing import Any, TypeVar

P = TypeVar("P", bound=Hashable)


def maximum_matching(players: Sequence[P], allowed: Callable[[P, P], bool]) -> dict[P, P]:
    """A maximum-cardinality matching of ``players`` under ``allowed``, as a symmetric mate map."""
    n = len(players)
    adjacency = [[j for j in range(n) if j != i and allowed(players[i], players[j])] for i in range(n)]
    mate = _edmonds(adjacency)
    return {players[i]: players[j] for i, j in enumerate(mate) if j >= 0}


def can_pair_all(players: Sequence[P], allowed: Callable[[P, P], bool]) -> bool:
    """True when every one of ``players`` can get an opponent at once (a perfect matching exists)."""
    if len(players) % 2:
        return False
    return len(maximum_matching(players, allowed)) == len(players)


def top_down_pairing(
    order: Sequence[P], allowed: Callable[[P, P], bool], preference: Callable[[P, P], tuple[Any, ...]]
) -> list[tuple[P, P]] | None:
    """Pairs ``order`` from the top: each highest remaining player takes the most preferred opponent that
    leaves the rest completely pairable. Returns the pairs in the order they were made (the higher player
    first), or ``None`` when no complete pairing exists.
    """
    cache: dict[tuple[P, P], bool] = {}

    def allowed_once(a: P, b: P) -> bool:  # the rules may be costly; ask each pair once
        if (a, b) not in cache:
            cache[(a, b)] = cache[(b, a)] = allowed(a, b)
        return cache[(a, b)]

    remaining = list(order)
    if not can_pair_all(remaining, allowed_once):
        return None
    pairs: list[tuple[P, P]] = []
    while remaining:
        top, rest = remaining[0], remaining[1:]
        for candidate in sorted((c for c in rest if allowed_once(top, c)), key=lambda c: preference(top, c)):
            left = [p for p in rest if p != candidate]
            if can_pair_all(left, allowed_once):
                pairs.append((top, candidate))
                remaining = left
                break
        else:  # unreachable while the matching check is exact; kept as a guard against a broken ``allowed``
            return None
    return pairs


def first_matching(order: Sequence[P], allowed: Callable[[P, P], bool]) -> list[tuple[P, P]] | None:
    """The Monrad rule of pairing: the first player meets the next one down ``order`` they are ``allowed`` to
    meet (e.g. :func:`~.common.never_paired`) such that the rest can still be completed; (higher-placed,
    lower-placed) pairs in board order, or ``None`` when no complete pairing exists.

    This is the matching an ordered backtracking search finds first: the search gives the top player the
    first candidate with which the rest has a completion (every earlier one fails, and the search then
    completes the rest the same way), and that is the candidate :func:`top_down_pairing` keeps when the
    preference is the list order. The completability check replaces the backtracking, so a field with no
    pairing is refused at once instead of after an exponential search.
    """
    position = {p: i for i, p in enumerate(order)}
    return top_down_pairing(order, allowed, lambda _top, candidate: (position[candidate],))


def bracket_preference(bracket: Sequence[P]) -> Callable[[P, P], tuple[int, int]]:
    """The preference that pairs the top half of ``bracket`` against its bottom half (S1[i] against S2[i]).

    A player tries the bottom half in order (the first free one is normally his S2 partner), then the top
    half from the player nearest the bottom half upwards.
    """
    position = {p: i for i, p in enumerate(bracket)}
    half = len(bracket) // 2

    def preference(_top: P, candidate: P) -> tuple[int, int]:
        place = position[candidate]
        return (0, place) if place >= half else (1, -place)

    return preference


def pair_score_groups(
    groups: Sequence[Sequence[P]], allowed: Callable[[P, P], bool], *, bracket_order: Callable[[P], Any]
) -> list[tuple[P, P]] | None:
    """Pairs score groups from the highest down, top half against bottom half, with floaters.

    Each bracket is a score group plus the players floated into it, sorted by ``bracket_order``. It keeps as
    many players as it can pair among themselves while everyone below stays pairable (the fewest floaters,
    chosen from the bottom), pairs them with :func:`bracket_preference`, and floats the rest into the next
    group; the last group floats nobody. Returns the pairs bracket by bracket, or ``None`` when the whole
    field cannot be paired under ``allowed``.
    """
    cache: dict[tuple[P, P], bool] = {}

    def allowed_once(a: P, b: P) -> bool:
        if (a, b) not in cache:
            cache[(a, b)] = cache[(b, a)] = allowed(a, b)
        return cache[(a, b)]

    known: dict[frozenset[P], bool] = {}

    def pairable(players: list[P]) -> bool:  # the same sets come back while floaters are chosen
        key = frozenset(players)
        if key not in known:
            known[key] = can_pair_all(players, allowed_once)
        return known[key]

    if not pairable([p for g in groups for p in g]):
        return None
    pairs: list[tuple[P, P]] = []
    carried: list[P] = []
    for index, group in enumerate(groups):
        bracket = sorted([*carried, *group], key=bracket_order)
        below = [p for g in groups[index + 1:] for p in g]
        last = index == len(groups) - 1
        fewest = len(bracket) - len(maximum_matching(bracket, allowed_once))  # unmatched players must float
        alone = [p for p in bracket if not any(allowed_once(p, q) for q in bracket if q != p)]
        for floaters in _floater_choices(bracket, last=last, fewest=fewest, alone=alone):
            stay = [p for p in bracket if p not in floaters]
            if pairable(stay) and pairable([*floaters, *below]):
                break
        else:  # unreachable: the field was pairable, and every way to split it is tried
            raise AssertionError("score-group search lost a pairable field")
        pairs += top_down_pairing(stay, allowed_once, bracket_preference(stay)) or []
        carried = [p for p in bracket if p in floaters]
    return pairs


def _floater_choices(
    bracket: Sequence[P], *, last: bool, fewest: int, alone: Sequence[P] = ()
) -> Iterator[frozenset[P]]:
    """Sets of players to float down: the fewest first (never fewer than ``fewest``), and among as many the
    lowest-placed first; players ``alone`` (no possible opponent in the bracket) are always among them."""
    if last:
        yield frozenset()
        return
    others = [p for p in reversed(bracket) if p not in alone]
    for size in range(fewest, len(bracket) + 1, 2):  # fewest ≥ len(alone): they are never matched
        for chosen in combinations(others, size - len(alone)):
            yield frozenset((*alone, *chosen))


def _edmonds(adjacency: list[list[int]]) -> list[int]:
    """Edmonds' blossom algorithm (maximum-cardinality matching); ``mate[i]`` is -1 when unmatched.

    Hand-written rather than :func:`~.matching.new_cardinality_computer`: the systems here ask many small
    completability questions, and building a compiled matcher edge by edge from Python costs 50-100 times
    more per question than this search (measured at 10-100 players).
    """
    n = len(adjacency)
    mate = [-1] * n
    for v in range(n):  # a greedy start leaves few vertices to augment
        if mate[v] < 0:
            for w in adjacency[v]:
                if mate[w] < 0:
                    mate[v], mate[w] = w, v
                    break
    for root in range(n):
        if mate[root] < 0:
            search = _AugmentingSearch(adjacency, mate, root)
            end, parent = search.run(), search.parent
            while end >= 0:
                previous = parent[end]
                next_end = mate[previous]
                mate[end], mate[previous] = previous, end
                end = next_end
    return mate


class _AugmentingSearch:
    """One breadth-first search for an augmenting path from ``root``, odd cycles (blossoms) contracted to
    their base as they are found."""

    def __init__(self, adjacency: list[list[int]], mate: list[int], root: int) -> None:
        n = len(adjacency)
        self.adjacency, self.mate, self.root = adjacency, mate, root
        self.used = [False] * n
        self.parent = [-1] * n
        self.base = list(range(n))
        self.used[root] = True
        self.queue = deque([root])

    def run(self) -> int:
        """The free vertex at the end of an augmenting path (follow :attr:`parent` back), or -1."""
        while self.queue:
            v = self.queue.popleft()
            for to in self.adjacency[v]:
                end = self._visit(v, to)
                if end >= 0:
                    return end
        return -1

    def _visit(self, v: int, to: int) -> int:
        base, mate, parent = self.base, self.mate, self.parent
        if base[v] == base[to] or mate[v] == to:
            return -1
        if to == self.root or (mate[to] >= 0 and parent[mate[to]] >= 0):
            self._contract(v, to)
        elif parent[to] < 0:
            parent[to] = v
            if mate[to] < 0:
                return to
            self.used[mate[to]] = True
            self.queue.append(mate[to])
        return -1

    def _contract(self, v: int, to: int) -> None:
        base = self.base
        blossom_base = self._lowest_common_ancestor(v, to)
        in_blossom = [False] * len(base)
        self._mark_path(v, blossom_base, to, in_blossom)
        self._mark_path(to, blossom_base, v, in_blossom)
        for i in range(len(base)):
            if in_blossom[base[i]]:
                base[i] = blossom_base
                if not self.used[i]:
                    self.used[i] = True
                    self.queue.append(i)

    def _lowest_common_ancestor(self, a: int, b: int) -> int:
        base, mate, parent = self.base, self.mate, self.parent
        seen = [False] * len(base)
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] < 0:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def _mark_path(self, v: int, blossom_base: int, child: int, in_blossom: list[bool]) -> None:
        base, mate, parent = self.base, self.mate, self.parent
        while base[v] != blossom_base:
            in_blossom[base[v]] = in_blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]
