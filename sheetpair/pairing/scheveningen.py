"""Scheveningen: two teams of equal size, every player meets every player of the other team.

Team A's board k plays one B player each round; a single cycle has n rounds (n = team size), a double cycle
repeats it with colours reversed (``Settings.double_round_robin``). The team comes from the roster's
``team`` column: the first team named is team A, and the board order is the roster order within the team.

The tables follow Winther's Scheveningen page (docs/sources.md), which uses
the published standard tables for 2–13 boards and a rotation beyond. Those tables and the rotation fall into four shapes
(checked board by board against the page's reference cases):

* odd n ≤ 13: A_k meets B_{k+r} (cyclically, r = 0-based round); the block of A boards with White moves
  along the B numbers, (n+1)/2 wide in even rounds and (n−1)/2 wide in odd rounds;
* n = 4, 8, 12: two halves; A's first half has White in even rounds, its second half in odd rounds, and
  each half of A meets B's same half in the first n/2 rounds and the other half afterwards, cycling inside it;
* n = 2, 6 and 10: the published tables, which follow no rotation (written out below);
* n > 13: the page's rotation, A_k against B_{k+r}; with odd n A has White when k + r is even, with even n
  A's first half has White in even rounds and its second half in odd rounds. With odd n this gives some
  players nearly all Whites, so the option ``tables=extended`` continues the odd and the halves shapes
  instead, which keep every player within one colour of balance (two for the halves shape).

No reference case covers 9 and 12 boards; for them the shape of their neighbours is used (an assumption,
stated in the tests). Withdrawals follow the page: from the withdrawal on, every game of the player is a
one-point win for the opponent (a forfeit, so it scores for the opponent and counts as a meeting in the
tie-breaks, while the withdrawn player scores nothing), 0-0 when both have withdrawn. Ranking: points, Koya
on the planned rounds (as the Scheveningen page counts it), Sonneborn-Berger.
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..core.errors import OperationError, PairingError
from ..core.model import Game, Player, Settings, Tournament
from .base import OptionSpec, Pairing, PairingSystem

Board = tuple[int, int, bool]
"""(A board, B board, True when A has White)."""

_PUBLISHED = {
    2: """
        A1-B1 A2-B2
        B2-A1 B1-A2
    """,
    6: """
        A1-B1 B2-A2 B3-A3 A4-B4 B5-A5 A6-B6
        B2-A1 A2-B3 A3-B5 B6-A4 A5-B4 B1-A6
        A1-B3 B5-A2 B1-A3 A4-B2 A5-B6 B4-A6
        B4-A1 B6-A2 A3-B2 A4-B1 B3-A5 A6-B5
        A1-B5 A2-B4 A3-B6 B3-A4 B1-A5 B2-A6
        B6-A1 A2-B1 B4-A3 B5-A4 A5-B2 A6-B3
    """,
    10: """
        A1-B1 A2-B2 A3-B3 A4-B4 B5-A5 B6-A6 B7-A7 A8-B8 B9-A9 B10-A10
        B2-A1 B1-A2 B8-A3 B3-A4 A5-B10 A6-B5 A7-B6 B4-A8 A9-B7 A10-B9
        A1-B3 A2-B8 A3-B4 A4-B10 B6-A5 B7-A6 B9-A7 A8-B1 B2-A9 B5-A10
        B4-A1 B3-A2 B10-A3 A4-B6 A5-B7 B8-A6 A7-B5 A8-B9 B1-A9 A10-B2
        A1-B5 A2-B4 B9-A3 B7-A4 B1-A5 A6-B10 B8-A7 B2-A8 A9-B3 A10-B6
        B6-A1 A2-B7 A3-B1 A4-B9 A5-B8 A6-B2 B10-A7 B5-A8 B4-A9 B3-A10
        A1-B7 B5-A2 B2-A3 B1-A4 B4-A5 B9-A6 A7-B3 A8-B10 A9-B6 A10-B8
        B8-A1 B6-A2 A3-B5 A4-B2 A5-B9 A6-B1 A7-B4 B3-A8 B10-A9 B7-A10
        A1-B9 A2-B10 A3-B7 B5-A4 B2-A5 B3-A6 B1-A7 A8-B6 A9-B8 B4-A10
        B10-A1 B9-A2 B6-A3 B8-A4 A5-B3 A6-B4 A7-B2 B7-A8 A9-B5 A10-B1
    """,
}


def _parse_published(text: str) -> tuple[tuple[Board, ...], ...]:
    rounds = []
    for line in text.strip().splitlines():
        boards = []
        for game in line.split():
            white, black = game.split("-")
            a_white = white.startswith("A")
            a, b = (white, black) if a_white else (black, white)
            boards.append((int(a[1:]), int(b[1:]), a_white))
        rounds.append(tuple(sorted(boards)))
    return tuple(rounds)


def _odd_table_round(n: int, r: int) -> tuple[Board, ...]:
    half = r // 2
    boards = []
    for k in range(1, n + 1):
        b = (k - 1 + r) % n + 1
        if r % 2 == 0:
            a_white = (b - 1 - half) % n < (n + 1) // 2
        else:
            a_white = (b - 1 - half - (n + 1) // 2) % n < (n - 1) // 2
        boards.append((k, b, a_white))
    return tuple(boards)


def _halves_round(n: int, r: int) -> tuple[Board, ...]:
    h = n // 2
    boards = []
    for k in range(1, n + 1):
        own_half = 0 if k <= h else h
        other_half = h - own_half
        b = (own_half if r < h else other_half) + (k - 1 + r) % h + 1
        boards.append((k, b, (k <= h) == (r % 2 == 0)))
    return tuple(boards)


def _rotation_round(n: int, r: int) -> tuple[Board, ...]:
    boards = []
    for k in range(1, n + 1):
        b = (k - 1 + r) % n + 1
        a_white = (k + r) % 2 == 0 if n % 2 else (k <= n // 2) == (r % 2 == 0)
        boards.append((k, b, a_white))
    return tuple(boards)


@lru_cache(maxsize=64)
def scheveningen_table(n: int, *, extended: bool = False) -> tuple[tuple[Board, ...], ...]:
    """One cycle for teams of ``n``: per round, (A board, B board, A has White) in A board order.

    ``extended`` continues the published shapes beyond 13 boards instead of the page's rotation.

    :raises ValueError: if ``n`` is below 2.
    """
    if n < 2:
        raise ValueError(f"a Scheveningen match needs teams of at least two, not {n}")
    if n in _PUBLISHED:
        return _parse_published(_PUBLISHED[n])
    if n > 13 and not extended:
        make = _rotation_round
    elif n % 2:
        make = _odd_table_round
    else:
        make = _halves_round
    return tuple(make(n, r) for r in range(n))


def scheveningen_round(n: int, round_number: int, *, double: bool, extended: bool = False) -> tuple[Board, ...]:
    """Boards of ``round_number`` (1-based); a double event's second cycle reverses the colours."""
    table = scheveningen_table(n, extended=extended)
    index = round_number - 1
    if not 0 <= index < n * (2 if double else 1):
        raise ValueError(f"teams of {n} play {n * (2 if double else 1)} rounds, not round {round_number}")
    boards = table[index % n]
    if index >= n:
        boards = tuple((a, b, not a_white) for a, b, a_white in boards)
    return boards


def teams(players: list[Player]) -> tuple[list[Player], list[Player]]:
    """Team A and team B in board order: teams in order of first appearance, boards in roster order.

    :raises PairingError: unless there are exactly two named teams of equal size.
    """
    by_team: dict[str, list[Player]] = {}
    for p in players:
        by_team.setdefault(p.team.strip(), []).append(p)
    if len(by_team) != 2 or "" in by_team:
        found = ", ".join(repr(t) for t in by_team) or "none"
        raise PairingError(f"a Scheveningen match needs every player in one of two teams (found: {found})")
    team_a, team_b = by_team.values()
    if len(team_a) != len(team_b):
        raise PairingError(f"the two teams must be of equal size ({len(team_a)} and {len(team_b)} players)")
    return team_a, team_b


class Scheveningen(PairingSystem):
    name = "scheveningen"
    description = "Scheveningen team match: every player meets every player of the other team, single or double"
    default_bye_value = 0.0
    default_tiebreaks = ("KS", "SB", "RTNG")
    options = {
        "tables": OptionSpec(
            "page", "beyond 13 boards: the page's rotation, or the published shapes extended (balanced colours)",
            ("page", "extended"),
        ),
    }
    keeps_withdrawn_in_schedule = True

    def planned_rounds(self, player_count: int, settings: Settings) -> int:
        return player_count // 2 * (2 if settings.double_round_robin else 1)

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """Team A's boards, then team B's: start number n + k is board k of team B (no draw).

        :raises OperationError: when the roster is not two teams of equal size.
        """
        try:
            team_a, team_b = teams(players)
        except PairingError as error:
            raise OperationError(str(error)) from None
        return team_a + team_b

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        team_a, team_b = teams(sorted(tournament.players, key=lambda p: p.tpn))
        n = len(team_a)
        if n < 2:
            raise PairingError("a Scheveningen match needs teams of at least two players")
        total = self.planned_rounds(2 * n, tournament.settings)
        if round_number > total:
            raise PairingError(f"a match of {n} boards has only {total} rounds")
        if tournament.requested_byes.get(round_number):
            raise PairingError("a Scheveningen match has a fixed schedule: a requested bye is recorded as a forfeit")
        games = []
        settings = tournament.settings
        extended = self.option(settings, "tables") == "extended"
        for a, b, a_white in scheveningen_round(n, round_number, double=settings.double_round_robin, extended=extended):
            a_tpn, b_tpn = team_a[a - 1].tpn, team_b[b - 1].tpn
            white, black = (a_tpn, b_tpn) if a_white else (b_tpn, a_tpn)
            games.append(Game(a, white, black))
        return Pairing(games)


SYSTEM = Scheveningen()
