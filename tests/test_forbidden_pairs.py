"""The shared rule systems use to ask whether two players may meet (forbidden pairs, earlier meetings)."""

from __future__ import annotations

from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.pairing.common import is_forbidden_pair, may_meet


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
