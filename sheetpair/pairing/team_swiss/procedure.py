"""The C.04.6 procedure: the PAB (3.4), then bracket by bracket from the top (3.3.2).

Each bracket is every team still unpaired with the highest pairing score (its residents) plus the fewest
teams from below that make it pairable (its upfloaters), chosen, as 3.5 orders it, by:

* the absolute criteria C1–C3 for the bracket *and* for the teams left after it (the round must stay
  completable);
* [C4] the fewest upfloaters; [C5] their scores as high as possible (compared in ascending order);
* [C6] the following scoregroup can still be paired completely, with at most one upfloater of its own;
* [C7] the fewest upfloaters who already floated in the previous round (not in the last two rounds);
* then the set order: the set whose teams, in pairing order, come first.

The bracket is then paired (3.6) minimising [C8] pairs of teams with the same colour preference, [C9]
(Type B) pairs of two strong preferences for the same colour, [C10] upfloaters meeting a team that
floated last round (not in the last two rounds), and last the identifier: the lower start numbers of the
pairs, in order, as small as possible, then their opponents.

This is the sequential reading of 3.3.2; ``docs/teams.md`` explains where the whole-round reading of a
single weighted matching gives another pairing, and why sheetpair takes this one.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations, product

from ...core.errors import PairingError
from .matcher import Value, best_perfect, can_pair
from .state import RoundState


@dataclass(frozen=True)
class Bracket:
    """One bracket as paired: its score, residents, upfloaters and pairs, for the explanation."""

    score: int
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    reason: str


@dataclass(frozen=True)
class RoundResult:
    """The pairs of a round (unordered, colours not yet given), the PAB team, and the brackets."""

    pairs: tuple[tuple[int, int], ...]
    pab: int | None
    brackets: tuple[Bracket, ...]


def choose_pab(state: RoundState) -> int | None:
    """3.4: with an odd number of teams, the lowest team in pairing order that has had no PAB and
    whose absence leaves the others pairable.

    :raises PairingError: if no team can take the PAB.
    """
    teams = sorted(state.teams, key=state.rank_key)
    if len(teams) % 2 == 0:
        return None
    for tpn in reversed(teams):
        if state.teams[tpn].had_pab:
            continue
        if can_pair([t for t in teams if t != tpn], state.legal):
            return tpn
    raise PairingError("no team can receive the pairing-allocated bye with the rest still pairable")


def pair_round(state: RoundState) -> RoundResult:
    """Pair every team of ``state`` (see the module docstring).

    :raises PairingError: if the round cannot be paired under C1–C3.
    """
    pab = choose_pab(state)
    remaining = sorted((t for t in state.teams if t != pab), key=state.rank_key)
    if not can_pair(remaining, state.legal):
        raise PairingError("the teams cannot be paired without two of them meeting twice")
    pairs: list[tuple[int, int]] = []
    brackets: list[Bracket] = []
    while remaining:
        bracket = _bracket(state, remaining)
        brackets.append(bracket)
        pairs.extend(bracket.pairs)
        done = {t for p in bracket.pairs for t in p}
        remaining = [t for t in remaining if t not in done]
    return RoundResult(tuple(pairs), pab, tuple(brackets))


def _profiles(levels: list[list[int]], k: int) -> Iterator[tuple[int, ...]]:
    """Counts taken from each score level (highest first), best [C5] profile first."""
    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(levels):
            if left == 0:
                yield ()
            return
        for take in range(min(left, len(levels[i])), -1, -1):
            for rest in rec(i + 1, left - take):
                yield (take, *rest)
    yield from rec(0, k)


def _c5_key(profile: tuple[int, ...], scores: list[int]) -> tuple[int, ...]:
    ascending = sorted(s for s, c in zip(scores, profile, strict=True) for _ in range(c))
    return tuple(ascending)


def _bracket(state: RoundState, remaining: list[int]) -> Bracket:
    top = state.teams[remaining[0]].score
    residents = [t for t in remaining if state.teams[t].score == top]
    lower = [t for t in remaining if state.teams[t].score < top]
    scores = sorted({state.teams[t].score for t in lower}, reverse=True)
    levels = [[t for t in lower if state.teams[t].score == s] for s in scores]
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        profiles = sorted(_profiles(levels, k), key=lambda p: _c5_key(p, scores), reverse=True)
        for profile in profiles:
            found = [ups for ups in _sets(levels, profile)
                     if can_pair(residents + list(ups), state.legal)
                     and can_pair([t for t in lower if t not in ups], state.legal)]
            if found:
                best = min(found, key=lambda ups: _set_key(state, residents, lower, ups, scores))
                return _pair_bracket(state, top, residents, best, len(found))
    raise PairingError(f"the teams on {top / 2:g} points cannot be paired")


def _sets(levels: list[list[int]], profile: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    parts = [list(combinations(level, c)) for level, c in zip(levels, profile, strict=True)]
    for choice in product(*parts):
        yield tuple(t for part in choice for t in part)


def _set_key(state: RoundState, residents: list[int], lower: list[int], ups: tuple[int, ...],
             scores: list[int]) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    """[C6], [C7], then the set order of 3.5.4."""
    rest = [t for t in lower if t not in ups]
    c6_fails = 0
    if scores:
        following = [t for t in rest if state.teams[t].score == scores[0]]
        if following:
            below = [t for t in rest if state.teams[t].score < scores[0]]
            options: list[list[int]] = [[]] if len(following) % 2 == 0 else [[t] for t in below]
            c6_fails = 1
            for up in options:
                group = following + up
                if can_pair(group, state.legal) and can_pair([t for t in rest if t not in group], state.legal):
                    c6_fails = 0
                    break
    c7 = 0 if state.last_two else sum(state.teams[t].floated for t in ups)
    order = tuple(sorted(state.rank_key(t) for t in ups))
    return c6_fails, c7, order


def _pair_bracket(state: RoundState, top: int, residents: list[int], ups: tuple[int, ...],
                  alternatives: int) -> Bracket:
    teams = sorted(residents + list(ups))
    n = len(teams)
    unit_c9 = n + 1
    unit_c8 = unit_c9 * (n + 1)
    ceiling = unit_c8 * 2

    def cost(a: int, b: int) -> int | None:
        if not state.legal(a, b):
            return None
        x, y = state.teams[a], state.teams[b]
        same = x.preference is not None and x.preference is y.preference
        c9 = same and state.colours == "B" and x.strong and y.strong
        c10 = 0
        if not state.last_two:
            c10 = (x.score < top and y.floated) + (y.score < top and x.floated)
        return ceiling - (same * unit_c8 + c9 * unit_c9 + c10)

    optimum = best_perfect(teams, cost, ceiling)
    if optimum is None:
        raise PairingError(f"the bracket of {top / 2:g} points cannot be paired")
    pairs = _smallest_identifier(teams, cost, ceiling, optimum[0])
    reason = (f"{len(ups)} upfloater(s) from {alternatives} possible set(s) of the best scores"
              if ups else "the scoregroup pairs within itself")
    return Bracket(top, tuple(residents), tuple(ups), pairs, reason)


def _smallest_identifier(teams: list[int], value: Value, ceiling: int, optimum: int) -> tuple[tuple[int, int], ...]:
    """The optimal pairing with the smallest identifier: first which teams are the lower of their pair
    (ascending, each as early as possible), then each lower team's opponent as small as possible."""
    half = len(teams) // 2
    natural = [(teams[i], teams[i + half]) for i in range(half)]
    costs = [value(a, b) for a, b in natural]
    if all(c is not None for c in costs) and sum(c or 0 for c in costs) == optimum:
        return tuple(natural)  # the smallest identifier there is: the top half against the bottom half
    lowers: set[int] = set()
    highers: set[int] = set()

    def allowed(a: int, b: int) -> int | None:
        lo, hi = min(a, b), max(a, b)
        if lo in highers or hi in lowers:
            return None
        return value(a, b)

    def feasible() -> bool:
        found = best_perfect(teams, allowed, ceiling)
        return found is not None and found[0] == optimum

    for tpn in teams:
        if len(lowers) == len(teams) // 2:
            highers.add(tpn)
            continue
        lowers.add(tpn)
        if not feasible():
            lowers.discard(tpn)
            highers.add(tpn)
    fixed: dict[int, int] = {}

    def pinned(a: int, b: int) -> int | None:
        for x, y in ((a, b), (b, a)):
            if x in fixed and fixed[x] != y:
                return None
        return allowed(a, b)

    for lo in sorted(lowers):
        for hi in sorted(highers - set(fixed.values())):
            if hi < lo:
                continue
            fixed[lo] = hi
            fixed[hi] = lo
            found = best_perfect(teams, pinned, ceiling)
            if found is not None and found[0] == optimum:
                break
            del fixed[lo], fixed[hi]
    return tuple(sorted((lo, fixed[lo]) for lo in lowers))
