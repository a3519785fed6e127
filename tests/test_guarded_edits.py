"""Guarded edits: each refusal is one sentence naming players and rounds, and changes nothing; what the
arbiter may decide (a manual game, a late entry, pairing over a pending game) is on record."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from openpyxl import load_workbook

from sheetpair.cli import cli
from sheetpair.core.model import ByeKind, Game, Tournament
from sheetpair.core.model import Result as GameResult
from sheetpair.core.state import derive
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament
from sheetpair.pairing.fide.boards import Placed, board_order_key

from .conftest import REPO

DUTCH = REPO / "sample_workbooks" / "dutch_open.xlsx"


def run(*args: object) -> Result:
    return CliRunner().invoke(cli, [str(a) for a in args])


@pytest.fixture
def event(tmp_path: Path) -> Path:
    copy = tmp_path / "open.xlsx"
    shutil.copy(DUTCH, copy)
    return copy


def unfinished_games(tournament: Tournament) -> list[Game]:
    """The last round's boards without a result yet (postponed games have one)."""
    return [g for g in tournament.rounds[-1].games if g.result is GameResult.NONE] if tournament.rounds else []


def paired_with_results(event: Path) -> Path:
    tournament = load_tournament(OpenpyxlPort(event))
    for game in unfinished_games(tournament):
        assert run("result", event, "--board", game.board, "1-0").exit_code == 0
    assert run("pair", event).exit_code == 0
    return event


def test_a_withdrawal_cannot_start_in_a_round_already_played(event: Path) -> None:
    tournament = load_tournament(OpenpyxlPort(event))
    game = next(g for g in tournament.rounds[0].games if g.result.was_played)
    before = event.read_bytes()
    out = run("withdraw", event, game.white, "--from-round", 1)
    assert out.exit_code == 4 and "already played round 1" in out.output and str(game.white) in out.output
    assert event.read_bytes() == before


def test_a_postponed_game_blocks_the_next_pairing_unless_allowed(event: Path) -> None:
    event = paired_with_results(event)
    number = load_tournament(OpenpyxlPort(event)).current_round
    assert run("result", event, "--board", 1, "*").exit_code == 0
    for board in range(2, 100):
        if run("result", event, "--board", board, "1-0").exit_code != 0:
            break
    refused = run("pair", event)
    assert refused.exit_code == 3 and f"round {number} board 1" in refused.output and "postponed" in refused.output
    allowed = run("pair", event, "--allow-pending")
    assert allowed.exit_code == 0 and "is postponed" in allowed.output
    before = event.read_bytes()
    completed = run("result", event, "--round", number, "--board", 1, "1-0")  # round number + 1 read it as unplayed
    assert completed.exit_code == 4 and "board 1 was postponed" in completed.output and "--force" in completed.output
    assert event.read_bytes() == before
    assert run("result", event, "--round", number, "--board", 1, "1-0", "--force").exit_code == 0


def test_changing_a_result_a_later_round_was_paired_from_needs_force(event: Path) -> None:
    event = paired_with_results(event)
    tournament = load_tournament(OpenpyxlPort(event))
    earlier = tournament.rounds[-2]
    game = next(g for g in earlier.games if g.result.is_known)
    other = "0-1" if game.result.value != "0-1" else "1-0"
    before = event.read_bytes()
    refused = run("result", event, "--round", earlier.number, "--board", game.board, other)
    assert refused.exit_code == 4 and f"was {game.result.value}" in refused.output and "--force" in refused.output
    assert event.read_bytes() == before
    forced = run("result", event, "--round", earlier.number, "--board", game.board, other, "--force")
    assert forced.exit_code == 0 and f"(was {game.result.value})" in forced.output
    assert "their pairing may differ" in forced.output


def test_a_late_entry_has_its_missed_rounds_on_record(event: Path) -> None:
    played = load_tournament(OpenpyxlPort(event)).current_round
    out = run("enter", event, "--name", "Late, Lara", "--rating", 1900, "--missed", "half")
    assert out.exit_code == 0 and "count as half-point bye" in out.output
    tournament = load_tournament(OpenpyxlPort(event))
    late = tournament.players[-1]
    assert late.name == "Late, Lara"
    assert [next(b.kind for b in r.byes if b.player == late.tpn) for r in tournament.rounds] == [ByeKind.HALF] * played


def test_manual_games_take_their_place_in_the_board_order_and_the_system_pairs_the_rest(event: Path) -> None:
    tournament = load_tournament(OpenpyxlPort(event))
    for game in unfinished_games(tournament):
        run("result", event, "--board", game.board, "1-0")
    state = derive(load_tournament(OpenpyxlPort(event)))
    low = max(state.players, key=lambda tpn: (-state.score(tpn), tpn))  # the lowest-ranked player...
    below = max((t for t in state.players if t != low), key=lambda tpn: (-state.score(tpn), tpn))
    out = run("pair", event, "--manual", below, low, "--json")  # ...and the next one: the colours that suit
    if "a third time in a row" in out.output or "colour difference" in out.output:
        below, low = low, below
        out = run("pair", event, "--manual", below, low, "--json")
    assert out.exit_code == 0, out.output
    tournament = load_tournament(OpenpyxlPort(event))
    rnd = tournament.rounds[-1]
    keys = [board_order_key(*(Placed(round(2 * state.score(p)), p) for p in (g.white, g.black))) for g in rnd.games]
    assert keys == sorted(keys)  # C.04.2 3.6, the hand-set game included: not on board 1 above the leaders
    manual = next(g for g in rnd.games if (g.white, g.black) == (below, low))
    assert manual.board == len(rnd.games) > 1
    seated = [p for g in rnd.games for p in (g.white, g.black)] + [b.player for b in rnd.byes]
    assert sorted(seated) == sorted(set(seated))
    assert f"set by the arbiter: board(s) {manual.board}" in out.output


def test_a_rematch_by_hand_needs_force_and_is_named(event: Path) -> None:
    tournament = load_tournament(OpenpyxlPort(event))
    for game in unfinished_games(tournament):
        run("result", event, "--board", game.board, "1-0")
    first = tournament.rounds[-1].games[0]
    refused = run("pair", event, "--manual", first.black, first.white)
    assert refused.exit_code == 4 and f"{first.black} - {first.white} meet again" in refused.output
    assert "--force" in refused.output and len(load_tournament(OpenpyxlPort(event)).rounds) == len(tournament.rounds)
    forced = run("pair", event, "--manual", first.black, first.white, "--force")
    assert forced.exit_code == 0, forced.output
    assert f"{first.black} - {first.white} meet again" in forced.output  # the note names the rule broken


def test_a_late_entrys_missed_rounds_follow_the_settings_default(event: Path) -> None:
    book = load_workbook(event)
    sheet = book["Settings"]
    row = next((r for r in range(1, sheet.max_row + 1) if sheet.cell(r, 1).value == "missed_rounds"),
               sheet.max_row + 1)
    sheet.cell(row, 1).value, sheet.cell(row, 2).value = "missed_rounds", "half"
    book.save(event)
    out = run("enter", event, "--name", "Late, Leo")
    assert out.exit_code == 0 and "half-point byes" in out.output


def test_the_arbiters_decisions_are_on_record_in_the_journal_the_trf_check_and_explain(event: Path,
                                                                                       tmp_path: Path) -> None:
    tournament = load_tournament(OpenpyxlPort(event))
    for game in unfinished_games(tournament):
        run("result", event, "--board", game.board, "1-0")
    done = tournament.rounds[-1].games[0]
    number = tournament.current_round + 1
    forced = run("pair", event, "--manual", done.black, done.white, "--force")  # a rematch, by hand
    assert forced.exit_code == 0, forced.output
    changed = run("result", event, "--round", number - 1, "--board", done.board, "0-1", "--force")
    assert changed.exit_code == 0, changed.output
    kept = load_tournament(OpenpyxlPort(event)).preserved_records
    hand_set = f"### round {number}: the arbiter's decision: set by hand on board(s) "
    corrected = (f"### round {number - 1}: the arbiter's decision: board {done.board} was 1-0; "
                 f"now board {done.board} 0-1")
    assert [line[:len(hand_set)] for line in kept if line.startswith(hand_set)] == [hand_set]  # once, not per write
    assert any(line.startswith(corrected) for line in kept)
    journal = [entry.change for entry in read_metadata(OpenpyxlPort(event)).journal]
    assert any(hand_set[4:] in change for change in journal) and any(corrected[4:] in change for change in journal)
    run("export", event, "--trf", tmp_path / "event.trf")
    trf = (tmp_path / "event.trf").read_text(encoding="utf-8")
    assert hand_set in trf and corrected in trf
    check = run("check", event)
    assert f"Round {number}: differs by the arbiter's decision" in check.output and "  dutch: " in check.output
    explained = run("explain", event, "--round", number)
    assert "the arbiter's decision: set by hand" in explained.output and "the system's own" in explained.output
    assert run("undo", event, "--yes").exit_code == 0
    assert not any(line.startswith(hand_set) for line in load_tournament(OpenpyxlPort(event)).preserved_records)
