"""Club Swiss (Winther): three rating groups drawn separately, two rounds across the groups, then Swiss.

The seed text (``000``, Club Swiss paragraph): "players are divided into three rating groups, each randomized
independently ... For the first two rounds, players from the strongest group are paired against those from
the middle group, while the weakest group competes internally. From the third round onward, pairings are
made across the entire field." Where the text is silent, the page club-swiss.htm @3a90727 is the reference
(spec/winther-pages.md §5):

* groups: 16 players or more: A and B of 2·⌊n/6⌋ each, C the rest; fewer: the top ⌊n/2⌋ and the rest;
* round 1: A[k] (White) against B[k], C paired by the Swiss solver; without groups top[k] against bottom[k];
* round 2: A∪B and C apart, A–B and C–C preferred over A–A/B–B over A/B–C; one pool when both are odd;
  boards by the pair's combined score;
* the Swiss solver: order by score, the tie-break (WNT, live, or Buchholz then Sonneborn-Berger), seed;
  passes (at most two equal colours in a row, no rematch) → (three in a row) → (rematch, colours bent),
  each trying up to six bye candidates from the bottom; colour difference never beyond ±2 in the first two.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.errors import PairingError
from ..core.model import Bye, Colour, Player, Tournament
from ..core.state import TournamentState, derive
from .base import OptionSpec, Pairing, PairingSystem
from .colours import may_take, whites
from .common import (
    bye_candidates, may_meet, number_boards, pairing_bye, players_to_pair, ranking_order, requested_byes,
)
from .topdown import PairingGraph, pair_top_down

GROUPED_FROM = 16
"""Fields of this size and more are split in three rating groups, smaller ones in two halves."""

BYE_CANDIDATES = 6
"""The page tries at most six players for the bye, from the bottom up."""

WNT_TOLERANCE = 1e-4
"""The page counts WNT values this close as equal."""


def group_sizes(count: int) -> tuple[int, ...]:
    """Sizes of the rating groups, strongest first: (A, B, C) from 16 players, else (top, bottom)."""
    if count >= GROUPED_FROM:
        edge = 2 * (count // 6)
        return edge, edge, count - 2 * edge
    return count // 2, count - count // 2


@dataclass(frozen=True)
class _Pass:
    """One pass of the solver: the longest run of equal colours allowed, and whether rematches are."""

    max_run: int
    rematches: bool


_PASSES = (_Pass(2, False), _Pass(3, False), _Pass(3, True))

Penalty = Callable[[int, int], int]


class _Solver:
    """The page's Swiss solver for one round: ranking order, bye candidates, passes, colour orientation."""

    def __init__(self, tournament: Tournament, state: TournamentState, tiebreaks: tuple[str, ...]) -> None:
        self.tournament = tournament
        self.state = state
        self.tiebreaks = tiebreaks
        self.meet = may_meet(tournament, state)

    def solve(self, players: Sequence[int], penalty: Penalty | None = None) -> tuple[list[tuple[int, int]], int | None]:
        """Pairs ``players``: (white, black) boards in the order made, and the bye (``None`` if even).

        :raises PairingError: when not even the relaxed pass pairs everyone (arbiter-forbidden pairs).
        """
        tolerance = WNT_TOLERANCE if self.tiebreaks == ("WNT",) else 0.0
        order = ranking_order(self.state, players, self.tiebreaks, tolerance=tolerance)
        byes: list[int | None] = list(bye_candidates(order, self.state)[:BYE_CANDIDATES]) if len(order) % 2 else [None]
        for rule in _PASSES:
            graph = PairingGraph(order, lambda a, b, r=rule: self._allowed(a, b, r))
            for bye in byes:
                rest = [p for p in order if p != bye]
                pairs = pair_top_down(rest, graph, self._candidates(rule, penalty))
                if pairs is not None:
                    return [self.orient(a, b, rule) for a, b in pairs], bye
        raise PairingError("no pairing exists for " + ", ".join(str(p) for p in order) + " (forbidden pairs)")

    def _allowed(self, a: int, b: int, rule: _Pass) -> bool:
        if rule.rematches:
            return frozenset((a, b)) not in self.tournament.forbidden_pairs
        return self.meet(a, b) and any(self._legal(w, b_, rule.max_run) for w, b_ in ((a, b), (b, a)))

    def _legal(self, white: int, black: int, max_run: int) -> bool:
        return may_take(self.state[white], Colour.WHITE, max_run=max_run) and may_take(
            self.state[black], Colour.BLACK, max_run=max_run
        )

    def _candidates(self, rule: _Pass, penalty: Penalty | None):
        score = self.state.score

        def candidates(top: int, rest: Sequence[int]) -> list[int]:
            return sorted(rest, key=lambda c: (
                rule.rematches and self.state[top].has_played(c),
                score(top) - score(c),
                penalty(top, c) if penalty else 0,
            ))

        return candidates

    def orient(self, a: int, b: int, rule: _Pass) -> tuple[int, int]:
        """(white, black): the only legal orientation, else fewer Whites, lower rating, higher seed number.

        The relaxed pass bends the colour rules only as far as it must: it first asks for at most two equal
        colours in a row, then three (so ``club-swiss/n6-r5-wnt`` round 5 keeps P03 and P05 off a third).
        """
        for max_run in range(2, rule.max_run + 1) if rule.rematches else (rule.max_run,):
            a_white, b_white = self._legal(a, b, max_run), self._legal(b, a, max_run)
            if a_white != b_white:
                return (a, b) if a_white else (b, a)
            if a_white:
                break
        def claim(p: int) -> tuple[int, int, int]:  # the smaller claim gets White
            return whites(self.state[p]), self.state[p].player.rating, -p

        return (a, b) if claim(a) < claim(b) else (b, a)


class ClubSwiss(PairingSystem):
    name = "club-swiss"
    description = "Club Swiss (Winther): rating groups drawn separately, two rounds across groups, then Swiss"
    options = {
        "tiebreak": OptionSpec(
            "wnt", "order for pairing and standings: live WNT, or Buchholz then Sonneborn-Berger", ("wnt", "buchholz")
        ),
    }
    default_bye_value = 1.0
    default_tiebreaks = ("WNT",)

    def initial_order(self, players: list[Player], settings, rng: random.Random) -> list[Player]:
        """Rating order (equal ratings keep entry order), each rating group shuffled on its own, A then B then C."""
        by_rating = sorted(players, key=lambda p: -p.rating)
        ordered: list[Player] = []
        for size in group_sizes(len(by_rating)):
            group, by_rating = by_rating[:size], by_rating[size:]
            rng.shuffle(group)
            ordered += group
        return ordered

    def tiebreaks(self, tournament: Tournament) -> tuple[str, ...]:
        """The order used for pairing: live WNT, or Buchholz then Sonneborn-Berger."""
        return ("WNT",) if self.option(tournament.settings, "tiebreak") == "wnt" else ("BH", "SB")

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        state = derive(tournament, through_round=round_number - 1)
        solver = _Solver(tournament, state, self.tiebreaks(tournament))
        groups = _rating_groups(tournament, players_to_pair(tournament, round_number))
        if round_number == 1:
            boards, bye = _first_round(groups, solver)
        elif round_number == 2 and len(groups) == 3:
            boards, bye = _second_round(groups, solver, state)
        else:
            boards, bye = solver.solve([p for g in groups for p in g])
        byes = [pairing_bye(bye)] if bye is not None else []
        return Pairing(number_boards(boards), byes + requested_byes(tournament, round_number))


def _rating_groups(tournament: Tournament, players: list[int]) -> list[list[int]]:
    """The players to pair, split in the rating groups of the start list (by start-number position)."""
    roster = sorted(p.tpn for p in tournament.players)
    groups: list[list[int]] = []
    start = 0
    for size in group_sizes(len(roster)):
        members = set(roster[start:start + size])
        groups.append([p for p in players if p in members])
        start += size
    return groups


def _first_round(groups: list[list[int]], solver: _Solver) -> tuple[list[tuple[int, int]], int | None]:
    """A[k] (White) against B[k], or top[k] against bottom[k]; the others by the solver (C, leftovers)."""
    strong, middle = groups[0], groups[1]
    crossed = min(len(strong), len(middle))
    boards = list(zip(strong[:crossed], middle[:crossed]))
    others = strong[crossed:] + middle[crossed:] + [p for g in groups[2:] for p in g]
    rest, bye = solver.solve(others) if others else ([], None)
    return boards + rest, bye


def _second_round(
    groups: list[list[int]], solver: _Solver, state: TournamentState
) -> tuple[list[tuple[int, int]], int | None]:
    """A∪B and C apart (one pool when both are odd), boards by the pair's combined score."""
    group_of = {p: index for index, g in enumerate(groups) for p in g}

    def penalty(a: int, b: int) -> int:
        ga, gb = group_of[a], group_of[b]
        if (ga == 2) != (gb == 2):
            return 2
        return 1 if ga == gb and ga != 2 else 0

    upper, lower = groups[0] + groups[1], groups[2]
    pools = [upper + lower] if len(upper) % 2 and len(lower) % 2 else [upper, lower]
    boards: list[tuple[int, int]] = []
    bye = None
    for pool in pools:
        made, pool_bye = solver.solve(pool, penalty) if pool else ([], None)
        boards += made
        bye = pool_bye if pool_bye is not None else bye
    boards.sort(key=lambda pair: -(state.score(pair[0]) + state.score(pair[1])))
    return boards, bye


SYSTEM = ClubSwiss()
