"""The team model: match and game points, PAB, forfeits, colours on board 1, floats, line-ups."""

from __future__ import annotations

import pytest

from sheetpair.core.model import Colour, Result
from sheetpair.core.teams import (
    BoardGame,
    Match,
    PrimaryScore,
    Team,
    TeamBye,
    TeamByeKind,
    TeamEvent,
    TeamRound,
    TeamScoring,
    check_lineup,
    default_lineup,
    derive_teams,
    pairing_json,
)

R = Result


def _event(rounds: tuple[TeamRound, ...] = (), scoring: TeamScoring | None = None) -> TeamEvent:
    teams = (Team(1, "Alpha", (1, 2, 3)), Team(2, "Beta", (4, 5, 6)), Team(3, "Gamma", (7, 8, 9)))
    return TeamEvent(teams, boards=2, rounds=rounds, scoring=scoring or TeamScoring())


def test_match_points_from_game_points_with_alternating_board_colours() -> None:
    # Alpha has White on board 1 and Black on board 2: it wins board 1 and draws board 2.
    match = Match(1, 1, 2, (BoardGame(1, 1, 4, R.WHITE_WINS), BoardGame(2, 5, 2, R.DRAW)))
    assert match.game_points() == (3, 1)
    history = derive_teams(_event((TeamRound(1, (match,), (TeamBye(3, TeamByeKind.PAB),)),)))
    assert (history[1].match_points, history[1].game_points) == (4, 3)
    assert (history[2].match_points, history[2].game_points) == (0, 1)
    assert history[1].colours == [Colour.WHITE] and history[2].colours == [Colour.BLACK]
    # The PAB is a drawn match by default: the draw's match points and half the boards.
    assert (history[3].match_points, history[3].game_points, history[3].pab_count) == (2, 2, 1)


def test_board_forfeits_count_but_an_unplayed_board_one_leaves_no_colour() -> None:
    match = Match(1, 1, 2, (BoardGame(1, 1, 4, R.WHITE_WINS_BY_FORFEIT), BoardGame(2, 5, 2, R.WHITE_WINS)))
    history = derive_teams(_event((TeamRound(1, (match,)),)))
    assert history[1].match_points == 2 and history[1].colours == [None]
    assert history[2].opponents == [1]


def test_whole_match_forfeit() -> None:
    match = Match(1, 1, 2, (BoardGame(1, 1, 4), BoardGame(2, 5, 2)), forfeit_winner=2)
    history = derive_teams(_event((TeamRound(1, (match,)),)))
    assert (history[2].match_points, history[2].game_points) == (4, 4)
    assert (history[1].match_points, history[1].game_points) == (0, 0)


def test_configurable_match_points_and_floats() -> None:
    scoring = TeamScoring.from_text("3,1,0", primary=PrimaryScore.GAME)
    assert scoring.match_points == (6, 2, 0)
    r1 = TeamRound(1, (Match(1, 1, 2, (BoardGame(1, 1, 4, R.WHITE_WINS), BoardGame(2, 5, 2, R.BLACK_WINS))),),
                   (TeamBye(3, TeamByeKind.ABSENT),))
    r2 = TeamRound(2, (Match(1, 3, 1, (BoardGame(1, 7, 1, R.DRAW), BoardGame(2, 2, 8, R.DRAW))),),
                   (TeamBye(2, TeamByeKind.PAB),))
    history = derive_teams(_event((r1, r2), scoring))
    assert history[1].match_points == 6 + 2 and history[1].game_points == 4 + 2
    assert history[3].floats == [0, 1] and history[1].floats == [0, -1]
    with pytest.raises(ValueError, match="three numbers"):
        TeamScoring.from_text("2,1")
    with pytest.raises(ValueError, match="must not grow"):
        TeamScoring.from_text("0,1,2")


def test_lineups() -> None:
    event = _event()
    assert default_lineup(event.team(1), 2, frozenset({2})) == (1, 3)
    check_lineup(event, 1, (1, 3), {})
    with pytest.raises(ValueError, match="not a member of team 1"):
        check_lineup(event, 1, (1, 4), {})
    with pytest.raises(ValueError, match="already in the line-up of team 2"):
        check_lineup(event, 1, (1, 2), {2: (2,)})
    with pytest.raises(ValueError, match="board order"):
        check_lineup(event, 1, (3, 1), {})
    with pytest.raises(ValueError, match="3 players for 2 boards"):
        check_lineup(event, 1, (1, 2, 3), {})


def test_pairing_json_shape() -> None:
    rnd = TeamRound(1, (Match(1, 2, 1, (BoardGame(1, 4, 1), BoardGame(2, 2, 5))),), (TeamBye(3, TeamByeKind.PAB),))
    assert pairing_json(rnd, _event()) == {
        "round": 1,
        "matches": [{"table": 1, "white": 2, "black": 1,
                     "boards": [{"board": 1, "white": 4, "black": 1}, {"board": 2, "white": 2, "black": 5}]}],
        "byes": [{"team": 3, "points": 1.0, "kind": "pab"}],
    }
