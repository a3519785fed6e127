"""One definition of "these two have met" (:meth:`Outcome.is_meeting`), in the three meanings callers need.

Over the board only is the default; ``pending`` adds a game still to be played, ``forfeits`` a forfeited game.
The arbiter's note on a hand-set board and the check of a hand-edited round read the same meaning.
"""

from __future__ import annotations

import pytest

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.core.errors import OperationError
from sheetpair.core.model import Game, Outcome, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive, rounds_met
from sheetpair.history.edits import pairing_problems


@pytest.mark.parametrize(("result", "played", "with_pending", "with_forfeits"), [
    (Result.WHITE_WINS, True, True, True),
    (Result.DRAW, True, True, True),
    (Result.BOTH_LOSE, True, True, True),
    (Result.NONE, False, True, True),
    (Result.POSTPONED, False, True, True),
    (Result.WHITE_WINS_BY_FORFEIT, False, False, True),
    (Result.DOUBLE_FORFEIT, False, False, True),
])
def test_each_meaning_of_a_meeting(result: Result, played: bool, with_pending: bool, with_forfeits: bool) -> None:
    assert result.is_meeting() is played
    assert result.is_meeting(pending=True) is with_pending
    assert result.is_meeting(pending=True, forfeits=True) is with_forfeits


@pytest.mark.parametrize("outcome", [o for o in Outcome if o.is_bye or o is Outcome.ABSENT])
def test_byes_and_absences_are_never_meetings(outcome: Outcome) -> None:
    assert not outcome.is_meeting(pending=True, forfeits=True)


def event(*rounds: list[Game]) -> Tournament:
    roster = [Player(0, f"P{i}", rating=2000 - i) for i in range(6)]
    tournament = new_tournament(roster, Settings("dutch", 5))
    tournament.rounds = [Round(number, games) for number, games in enumerate(rounds, start=1)]
    return tournament


def test_rounds_met_in_each_meaning() -> None:
    tournament = event([Game(1, 1, 2, Result.WHITE_WINS), Game(2, 3, 4, Result.WHITE_WINS_BY_FORFEIT)],
                       [Game(1, 2, 1, Result.NONE), Game(2, 4, 3, Result.DRAW)])
    assert rounds_met(tournament, 1, 2) == [1]
    assert rounds_met(tournament, 2, 1, pending=True) == [1, 2]
    assert rounds_met(tournament, 2, 1, pending=True, excluding_round=1) == [2]
    assert rounds_met(tournament, 3, 4) == [2]
    assert rounds_met(tournament, 3, 4, forfeits=True) == [1, 2]


def test_opponents_read_the_same_definition() -> None:
    tournament = event([Game(1, 1, 2, Result.WHITE_WINS), Game(2, 3, 4, Result.WHITE_WINS_BY_FORFEIT)],
                       [Game(1, 1, 3, Result.NONE), Game(2, 2, 4, Result.DRAW)])
    state = derive(tournament)
    for tpn, player in state.players.items():
        others = [o for o in state.players if o != tpn]
        assert sorted(player.opponents_played) == [o for o in others if rounds_met(tournament, tpn, o)]
        assert sorted(player.opponents_paired) == [
            o for o in others if rounds_met(tournament, tpn, o, pending=True, forfeits=True)]


def test_the_hand_set_note_and_the_hand_edit_check_agree_on_a_pending_game() -> None:
    """A pair whose earlier game is still to be played has met for both: the note on the board set by hand
    and the check of a round edited by hand name the same rematch."""
    tournament = event([Game(1, 1, 2, Result.NONE), Game(2, 3, 4, Result.WHITE_WINS), Game(3, 5, 6, Result.DRAW)])
    with pytest.raises(OperationError, match="2 - 1 meet again"):  # a rematch by hand is the arbiter's decision
        operations.pair_next_round(tournament, allow_pending=True, fixed=[(2, 1)])
    paired = operations.pair_next_round(tournament, allow_pending=True, fixed=[(2, 1)], force=True)
    assert any("2 - 1 meet again" in note for note in paired.notes)
    tournament.rounds.append(paired)
    assert any("[C1]" in problem for problem in pairing_problems(tournament, 2))



def test_scores_after_each_round_are_each_players_score_after_it() -> None:
    event = Tournament(Settings(system="dutch", rounds=5), [Player(n, f"P{n}", 2000 - n) for n in range(1, 9)])
    results = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS_BY_FORFEIT]
    for number in range(1, 4):
        event.rounds.append(Round(number, [Game(board, 2 * board - 1, 2 * board, results[(board + number) % 4])
                                           for board in range(1, 5 if number < 3 else 4)]))  # 7, 8 absent in 3
    state = derive(event)
    for number in range(-1, 5):
        expected = {tpn: st.score_after(number) for tpn, st in state.players.items()}
        given = state.scores_after(number)
        assert {tpn: (v, type(v)) for tpn, v in given.items()} == {tpn: (v, type(v)) for tpn, v in expected.items()}
    assert state.scores_after(3)[1] == 2.0 and state.scores_after(2)[8] == 1.5
