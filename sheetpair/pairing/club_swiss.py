"""Club Swiss (Winther): three rating groups drawn separately, two rounds across the groups, then Swiss.

Winther's review (Club Swiss paragraph; docs/sources.md): "players are divided into three rating groups, each randomized
independently ... For the first two rounds, players from the strongest group are paired against those from
the middle group, while the weakest group competes internally. From the third round onward, pairings are
made across the entire field." Where the text is silent, the Club Swiss page (version 3a90727) is the reference
(docs/sources.md):

* groups: 16 players or more: A and B of 2·⌊n/6⌋ each, C the rest; fewer: the top ⌊n/2⌋ and the rest;
* round 1: A[k] (White) against B[k], C paired by the Swiss solver; without groups top[k] against bottom[k];
* round 2: A∪B and C apart, A–B and C–C preferred over A–A/B–B over A/B–C; one pool when both are odd;
  boards by the pair's combined score;
* the Swiss solver: order by score, the tie-break (WNT, live, or Buchholz then Sonneborn-Berger), start rank;
  passes (at most two equal colours in a row, no rematch) → (three in a row) → (rematch, colours bent),
  each trying up to six bye candidates from the bottom; colour difference never beyond ±2 in the first two.
"""

from __future__ import annotations

import random

from ..core.model import Player, Settings, Tournament
from ..core.state import TournamentState, derive
from .base import OptionSpec, Pairing
from .common import Compatible, never_paired, number_boards, pairing_bye, players_to_pair, requested_byes
from .passes import STRICT, THREE_IN_A_ROW, Pass, PassSolvedSystem, PassSolver, SolverRules
from .topdown import pair_score_groups

GROUPED_FROM = 16
"""Fields of this size and more are split in three rating groups, smaller ones in two halves."""


def group_sizes(count: int) -> tuple[int, ...]:
    """Sizes of the rating groups, strongest first: (A, B, C) from 16 players, else (top, bottom)."""
    if count >= GROUPED_FROM:
        edge = 2 * (count // 6)
        return edge, edge, count - 2 * edge
    return count // 2, count - count // 2


RULES = SolverRules(
    passes=(STRICT, THREE_IN_A_ROW, Pass(None, True)),  # the relaxed pass: rematches, colours bent
    bye_tries=6,  # the page tries at most six players for the bye, from the bottom up
    wnt_tolerance=1e-4,
)


class ClubSwiss(PassSolvedSystem):
    name = "club-swiss"
    description = "Club Swiss (Winther): rating groups drawn separately, two rounds across groups, then Swiss"
    options = {
        "tiebreak": OptionSpec(
            "wnt", "pairing order inside a score: live WNT, or Buchholz then Sonneborn-Berger (standings follow "
            "--tiebreaks: WNT, or BHG,SBG)", ("wnt", "buchholz"),
        ),
    }
    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
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
        return ("WNT",) if self.option(tournament.settings, "tiebreak") == "wnt" else ("BHG", "SBG")

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        state = derive(tournament, through_round=round_number - 1)
        solver = PassSolver(tournament, state, self.tiebreaks(tournament), RULES)
        groups = rating_groups(tournament, players_to_pair(tournament, round_number))
        notes: list[str] = []
        if round_number == 1:
            boards, bye = _first_round(groups, solver, never_paired(tournament, state))
        elif round_number == 2 and len(groups) == 3:
            boards, bye = _second_round(groups, solver, state)
        else:
            solved = solver.solve([p for g in groups for p in g])
            boards, bye, notes = solved.boards, solved.bye, solved.notes
        byes = [pairing_bye(bye)] if bye is not None else []
        return Pairing(number_boards(boards), byes + requested_byes(tournament, round_number), notes)


def rating_groups(tournament: Tournament, players: list[int]) -> list[list[int]]:
    """The players to pair, split in the rating groups of the start list (by start-number position)."""
    roster = sorted(p.tpn for p in tournament.players)
    groups: list[list[int]] = []
    start = 0
    for size in group_sizes(len(roster)):
        members = set(roster[start:start + size])
        groups.append([p for p in players if p in members])
        start += size
    return groups


def _first_round(
    groups: list[list[int]], solver: PassSolver, compatible: Compatible
) -> tuple[list[tuple[int, int]], int | None]:
    """A[k] (White) against B[k], or top[k] against bottom[k]; the others by the solver (C, leftovers).

    A pair the arbiter has forbidden is avoided the way a score group avoids a rematch (the next player of
    the other group); if the two groups cannot be crossed at all, the solver pairs everyone.
    """
    strong, middle = groups[0], groups[1]
    crossed = min(len(strong), len(middle))
    crossing = strong[:crossed] + middle[:crossed]
    boards = pair_score_groups([crossing], compatible, bracket_order=int)
    others = strong[crossed:] + middle[crossed:] + [p for g in groups[2:] for p in g]
    if boards is None:
        boards, others = [], [p for g in groups for p in g]
    if not others:
        return boards, None
    solved = solver.solve(others)
    return boards + solved.boards, solved.bye


def _second_round(
    groups: list[list[int]], solver: PassSolver, state: TournamentState
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
        if pool:
            solved = solver.solve(pool, penalty)
            boards += solved.boards
            bye = solved.bye if solved.bye is not None else bye
    boards.sort(key=lambda pair: -(state.score(pair[0]) + state.score(pair[1])))
    return boards, bye


SYSTEM = ClubSwiss()
