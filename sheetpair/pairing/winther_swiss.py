"""Swiss with Winther acceleration (the accelerated-Swiss text, and Winther's review: docs/sources.md).

The accelerated-Swiss text, which wins over the older Swiss page (07645cc) where they disagree
(docs/sources.md):

* Round 1: four quadrants from 16 players, Q1 (White) against Q2 and Q3 (White) against Q4 in start
  order; below 16 the top half against the bottom half, and Swiss pairing begins in round 2. "For uneven
  groups, sizes are adjusted automatically": the top half is rounded up to an even size, so every quadrant
  has a partner quadrant of its size. With an odd number of players the lowest start rank gets the bye.
* Round 2 (after a quadrant round): "winners of the first half play winners of the second half in seeding
  order" (seeding: start order) — each score group by start rank, its first half against its second half (the
  lowest start rank floats down, as on the page); "colors alternate from Round 1": the higher-ranked player has
  Black, except when he had Black and the lower-ranked player White in round 1, then the colours are reversed.
* Round 3+: by score, the selected tie-break (live WNT or Buchholz) and start rank, paired top-down
  (:mod:`.passes`): colour difference never ±3, three equal colours in a row only when balance forces it,
  no rematch while a rematch-free pairing exists, nobody left unpaired. When these cannot all hold, the
  order of sacrifice is: two-in-a-row, then the colour limits (with a note), and a rematch last (with a note).
* Colours: fewer Whites gets White, then the lower rating, then the lower-ranked player. Where the text is silent the
  page is the reference: a bye counts as a White game when Whites are compared, the bye is printed as the
  last board and goes to the lowest score, then the lowest start rank, without a bye (the tie-break plays no part).
* Randomise (``randomise=yes``): players are shuffled within their round-1 quadrant (half below 16) by the
  saved random seed; with an odd field the bye then falls on a random Q4 player.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from ..core.errors import PairingError
from ..core.model import Colour, Outcome, Player, Settings, Tournament
from ..core.state import PlayerState, TournamentState, derive
from .base import OptionSpec, Pairing
from .common import bottom_up_bye_order, never_paired, number_boards, pairing_bye, players_to_pair, requested_byes
from .passes import STRICT, THREE_IN_A_ROW, Board, Pass, PassSolvedSystem, PassSolver, SolverRules
from .topdown import pair_score_groups

T = TypeVar("T")

QUADRANTS_FROM = 16
"""Round-1 fields of this size pair in quadrants; smaller ones top half against bottom half."""

RULES = SolverRules(
    # A rematch is the last resort (nobody may be left unpaired): colours are bent before a rematch is made.
    passes=(STRICT, THREE_IN_A_ROW, Pass(None, False), Pass(3, True), Pass(None, True)),
    bye_counts_as_white=True,
    bye_by_start_rank=True,
)


def round_one_blocks(count: int) -> tuple[int, ...]:
    """Block sizes of round 1 for an even field: (Q1, Q2, Q3, Q4) from 16 players, else (top, bottom)."""
    if count >= QUADRANTS_FROM:
        upper = -(-count // 4)
        lower = (count - 2 * upper) // 2
        return upper, upper, lower, lower
    return count // 2, count - count // 2


def _split(players: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """``players`` cut into consecutive blocks of ``sizes``."""
    blocks: list[list[T]] = []
    start = 0
    for size in sizes:
        blocks.append(list(players[start:start + size]))
        start += size
    return blocks


class WintherSwiss(PassSolvedSystem):
    name = "winther-swiss"
    description = "Swiss with Winther acceleration: quadrants in round 1, winners against winners in round 2"
    options = {
        "tiebreak": OptionSpec(
            "wnt", "order inside a score group from round 3: live WNT or Buchholz (standings follow --tiebreaks)",
            ("wnt", "buchholz"),
        ),
        "colour-policy": OptionSpec(
            "higher-seed-white", "round 1: the higher-ranked player has White, or every second board reversed",
            ("higher-seed-white", "alternating"),
        ),
        "randomise": OptionSpec(
            "no", "shuffle players within their round-1 quadrant by the saved random seed (the bye then falls in Q4)",
            ("no", "yes"),
        ),
    }
    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """Rating order; with ``randomise=yes`` each round-1 quadrant (half) is shuffled, the odd player in Q4."""
        ordered = super().initial_order(players, settings, rng)
        if self.option(settings, "randomise") != "yes":
            return ordered
        sizes = list(round_one_blocks(len(ordered) - len(ordered) % 2))
        sizes[-1] += len(ordered) % 2
        shuffled: list[Player] = []
        for block in _split(ordered, sizes):
            rng.shuffle(block)
            shuffled += block
        return shuffled

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        state = derive(tournament, through_round=round_number - 1)
        players = players_to_pair(tournament, round_number)
        tiebreaks = ("WNT",) if self.option(tournament.settings, "tiebreak") == "wnt" else ("BHG",)
        solver = PassSolver(tournament, state, tiebreaks, RULES)
        notes: list[str] = []
        if round_number == 1:
            boards, bye = self._first_round(tournament, state, players)
        elif round_number == 2 and _quadrants_in_round_one(tournament):
            boards, bye = _second_round(tournament, state, players, solver)
        else:
            solved = solver.solve(players)
            boards, bye, notes = solved.boards, solved.bye, solved.notes
        byes = [pairing_bye(bye, len(boards) + 1)] if bye is not None else []
        return Pairing(number_boards(boards), byes + requested_byes(tournament, round_number), notes)

    def _first_round(
        self, tournament: Tournament, state: TournamentState, players: list[int]
    ) -> tuple[list[Board], int | None]:
        """Q1 against Q2 and Q3 against Q4 (or top half against bottom half), the lowest start rank out if odd."""
        bye = players[-1] if len(players) % 2 else None
        field = [p for p in players if p != bye]
        blocks = _split(field, round_one_blocks(len(field)))
        brackets = [blocks[i] + blocks[i + 1] for i in range(0, len(blocks), 2)]
        pairs = pair_score_groups(brackets, never_paired(tournament, state), bracket_order=int)
        if pairs is None:
            raise PairingError("round 1 cannot be paired: the arbiter's forbidden pairs leave someone out")
        alternating = self.option(tournament.settings, "colour-policy") == "alternating"
        return [(b, a) if alternating and board % 2 == 0 else (a, b) for board, (a, b) in enumerate(pairs, 1)], bye


def _quadrants_in_round_one(tournament: Tournament) -> bool:
    return 2 * len(tournament.round(1).games) >= QUADRANTS_FROM


def _second_round(
    tournament: Tournament, state: TournamentState, players: list[int], solver: PassSolver
) -> tuple[list[Board], int | None]:
    """Each score group by start rank, first half against second half, colours alternating from round 1."""
    by_score: dict[float, list[int]] = {}
    for p in players:
        by_score.setdefault(state.score(p), []).append(p)
    groups = [by_score[s] for s in sorted(by_score, reverse=True)]
    order = [p for g in groups for p in g]
    compatible = never_paired(tournament, state)
    for bye in bottom_up_bye_order(order, state) if len(order) % 2 else [None]:
        rest = [[p for p in g if p != bye] for g in groups]
        pairs = pair_score_groups(rest, compatible, bracket_order=int)
        if pairs is not None:
            return [_second_round_colours(state[a], state[b]) for a, b in pairs], bye
    solved = solver.solve(players)  # no rematch-free round-2 pairing: the Swiss passes decide
    return solved.boards, solved.bye


def _second_round_colours(higher: PlayerState, lower: PlayerState) -> Board:
    """The higher-ranked player has Black, unless he had Black and the lower-ranked player White in round 1
    (the accelerated-Swiss text)."""
    if _round_one_colour(higher) is Colour.BLACK and _round_one_colour(lower) is Colour.WHITE:
        return higher.tpn, lower.tpn
    return lower.tpn, higher.tpn


def _round_one_colour(player: PlayerState) -> Colour | None:
    """The colour of round 1, a bye counting as White (as on the page)."""
    first = player.records[0]
    return Colour.WHITE if first.outcome is Outcome.PAIRING_BYE else first.colour


SYSTEM = WintherSwiss()
