"""The shared rule systems use to ask whether two players may meet (forbidden pairs, earlier meetings)."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from click.testing import Result as Result_

from sheetpair.cli import cli
from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import TournamentState, derive
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament
from sheetpair.pairing.common import is_forbidden_pair

from .conftest import REPO


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


def test_forbid_from_the_command_line_keeps_the_pair_apart_and_refuses_what_makes_no_sense(tmp_path: Path) -> None:
    workbook = tmp_path / "open.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "dutch_open.xlsx", workbook)

    def run(*args: str) -> Result_:
        return CliRunner().invoke(cli, [args[0], str(workbook), *args[1:]])

    paired_before = load_tournament(OpenpyxlPort(workbook)).current_round
    done = run("forbid", "1", "2")
    assert done.exit_code == 0 and "will not be paired against each other" in done.output
    assert frozenset((1, 2)) in load_tournament(OpenpyxlPort(workbook)).forbidden_pairs
    assert run("forbid", "2", "1").output.endswith("are a forbidden pair already\n")
    twice = run("forbid", "3", "3")
    assert twice.exit_code == 4 and "a pair needs two players; 3 (" in twice.output
    assert run("pair").exit_code == 0
    tournament = load_tournament(OpenpyxlPort(workbook))
    assert tournament.current_round == paired_before + 1
    assert all({g.white, g.black} != {1, 2} for g in tournament.rounds[-1].games)
    assert run("forbid", "1", "2", "--cancel").exit_code == 0
    refused = run("forbid", "1", "2", "--cancel")
    assert refused.exit_code == 4 and refused.output.endswith("are not a forbidden pair\n")
    assert load_tournament(OpenpyxlPort(workbook)).forbidden_pairs == set()
