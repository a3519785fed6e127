"""The shared rule systems use to ask whether two players may meet (forbidden pairs, earlier meetings)."""

from __future__ import annotations

from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import TournamentState, derive
from sheetpair.pairing.common import is_forbidden_pair


def may_meet(tournament: Tournament, state: TournamentState, first: int, second: int, max_meetings: int = 1) -> bool:
    """Two different players, not a forbidden pair, not yet met ``max_meetings`` times over the board.

    A forfeited game is no meeting (C.04.1 and GHR 3.5), which is why the count uses the games played.
    """
    if first == second or is_forbidden_pair(tournament, first, second):
        return False
    return state[first].opponents_played.count(second) < max_meetings


def event() -> Tournament:
    players = [Player(i, f"P{i}") for i in range(1, 5)]
    rounds = [Round(1, [Game(1, 1, 2, Result.DRAW), Game(2, 3, 4, Result.WHITE_WINS_BY_FORFEIT)])]
    return Tournament(Settings("dutch", 5), players, rounds, forbidden_pairs={frozenset((1, 3))})


def test_forbidden_pairs_never_meet_in_either_order() -> None:
    tournament = event()
    state = derive(tournament)
    assert is_forbidden_pair(tournament, 3, 1) and is_forbidden_pair(tournament, 1, 3)
    assert not may_meet(tournament, state, 1, 3) and not may_meet(tournament, state, 3, 1)
    assert may_meet(tournament, state, 1, 4)


def test_a_game_played_counts_a_forfeit_does_not() -> None:
    tournament = event()
    state = derive(tournament)
    assert not may_meet(tournament, state, 1, 2)
    assert may_meet(tournament, state, 1, 2, max_meetings=2)  # double round robins
    assert may_meet(tournament, state, 3, 4)  # GHR 3.5: a forfeit is no meeting
    assert not may_meet(tournament, state, 2, 2)
