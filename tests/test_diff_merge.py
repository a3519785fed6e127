"""Two copies of one event: compared part by part, merged when their edits do not conflict, and nothing
written while a conflict is unresolved."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from click.testing import Result as Invocation
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.session import load, write
from sheetpair.cli import cli
from sheetpair.core.errors import OperationError
from sheetpair.core.model import ByeKind, Player, Result, Settings, Tournament
from sheetpair.history.compare import compare
from sheetpair.history.journal import as_read
from sheetpair.history.merge import MergeConflictError, merge
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort

ROSTER = "Name,Rating\nAda,2200\nBen,2100\nCyd,2000\nDee,1900\nEve,1800\nFox,1700\n"


def run(*args: object, code: int = 0) -> Invocation:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output + repr(result.exception)
    return result


@pytest.fixture
def master(tmp_path: Path) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    path = tmp_path / "master.xlsx"
    run("new", path, "--system", "dutch", "--rounds", "5", "--players", roster, "--seed", "3")
    run("pair", path)
    return path


@pytest.fixture
def copies(master: Path, tmp_path: Path) -> tuple[Path, Path]:
    """The master copy (A) and the copy sent to a deputy (B), both at round 1 without results."""
    deputy = tmp_path / "deputy.xlsx"
    shutil.copyfile(master, deputy)
    return master, deputy


def test_equal_copies_exit_0(copies: tuple[Path, Path]) -> None:
    assert "same event data" in run("diff", *copies).stdout
    assert json.loads(run("diff", *copies, "--json").stdout) == []


def test_copies_of_different_events_are_refused_with_a_sentence(master: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.xlsx"
    run("new", other, "--system", "dutch", "--rounds", "5", "--players", tmp_path / "roster.csv", "--seed", "3")
    refused = run("diff", master, other, code=4)
    assert "two different events" in refused.output
    run("merge", master, other, "-o", tmp_path / "c.xlsx", "--take", "A", code=4)
    assert not (tmp_path / "c.xlsx").exists()


def test_a_result_entered_differently_is_a_conflict_and_merge_writes_nothing_without_take(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("result", a, "--round", 1, "--board", 1, "1-0")
    run("result", b, "--round", 1, "--board", 1, "0-1")
    shown = run("diff", a, b, code=1).stdout
    assert "r1b1" in shown and "CONFLICT" in shown and "A: 1-0; B: 0-1" in shown
    item = json.loads(run("diff", a, b, "--json", code=1).stdout)
    assert item == [{"item": "r1b1", "text": "round 1 board 1: conflicting results", "a": "1-0", "b": "0-1",
                     "conflict": True, "from": None}]
    target = tmp_path / "merged.xlsx"
    refused = run("merge", a, b, "-o", target, code=4)
    assert "nothing was written" in refused.output and "r1b1: round 1 board 1: conflicting results" in refused.output
    assert not target.exists()
    run("merge", a, b, "-o", target, "--take", "r1b1=B")
    assert load(OpenpyxlPort(target)).round(1).game_on_board(1).result is Result.BLACK_WINS  # type: ignore[union-attr]
    run("merge", a, b, "-o", target, "--take", "A")
    assert load(OpenpyxlPort(target)).round(1).game_on_board(1).result is Result.WHITE_WINS  # type: ignore[union-attr]


def test_results_entered_in_each_copy_merge_and_the_journal_holds_both_histories(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("result", a, "--round", 1, "--board", 1, "1-0", "--arbiter", "Chief")
    run("result", b, "--round", 1, "--board", 2, "½-½", "--arbiter", "Deputy")
    run("result", b, "--round", 1, "--board", 3, "0-1", "--arbiter", "Deputy")
    found = json.loads(run("diff", a, b, "--json", code=1).stdout)
    assert [(d["item"], d["from"]) for d in found] == [("r1b1", "A"), ("r1b2", "B"), ("r1b3", "B")]
    target = tmp_path / "merged.xlsx"
    run("merge", a, b, "-o", target, "--arbiter", "Chief")
    merged = load(OpenpyxlPort(target))
    assert [g.result for g in sorted(merged.round(1).games, key=lambda g: g.board)] == [
        Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]
    meta = read_metadata(OpenpyxlPort(target))
    users = [entry.user for entry in meta.journal]
    assert users.count("Chief") == 2 and users.count("Deputy") == 2
    assert meta.journal[-1].command == "merge master.xlsx deputy.xlsx"
    assert meta.revision == 5 and meta.event_id == read_metadata(OpenpyxlPort(a)).event_id
    assert "round 1 board 2: ½-½ entered" in meta.journal[-1].change
    run("diff", target, b, code=1)  # B lacks board 1 ...
    run("diff", b, target, "--json", code=1)
    assert json.loads(run("diff", target, b, "--json", code=1).stdout)[0]["from"] == "A"


def _pair_with_pending(path: Path) -> None:
    """The arbiter pairs round 2 before round 1 is complete (``allow_pending``: the arbiter's decision)."""
    port = OpenpyxlPort(path)
    tournament = load(port)
    before = as_read(read_metadata(port), tournament)
    operations.pair_next_round(tournament, allow_pending=True)
    write(port, tournament, previous_rounds=1, before=before)
    port.save()


def test_a_round_paired_in_one_copy_before_the_other_completed_the_round_before_is_said(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("result", a, "--round", 1, "--board", 1, "1-0")
    run("result", a, "--round", 1, "--board", 2, "1-0")
    _pair_with_pending(a)
    run("result", b, "--round", 1, "--board", 3, "½-½")
    found = json.loads(run("diff", a, b, "--json", code=1).stdout)
    later = next(d for d in found if d["item"] == "round2")
    assert later["conflict"] and "round 2 paired in A before round 1 was complete in B" in later["text"]
    assert "round 1 board 3 ½-½" in later["text"]
    target = tmp_path / "merged.xlsx"
    assert "round2" in run("merge", a, b, "-o", target, code=4).output and not target.exists()
    run("merge", a, b, "-o", target, "--take", "round2=A")
    merged = load(OpenpyxlPort(target))
    assert merged.current_round == 2 and merged.round(1).game_on_board(3).result is Result.DRAW  # type: ignore[union-attr]
    run("merge", a, b, "-o", target, "--take", "round2=B")
    assert load(OpenpyxlPort(target)).current_round == 1


def test_a_later_round_comes_from_the_copy_that_has_it_when_the_earlier_rounds_agree(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    for board in (1, 2, 3):
        run("result", b, "--round", 1, "--board", board, "1-0")
    run("pair", b)
    run("result", a, "--round", 1, "--board", 2, "1-0")
    found = json.loads(run("diff", a, b, "--json", code=1).stdout)
    assert [(d["item"], d["from"]) for d in found] == [("r1b1", "B"), ("r1b3", "B"), ("round2", "B")]
    assert found[-1]["text"] == "round 2 paired only in B"
    target = tmp_path / "merged.xlsx"
    run("merge", a, b, "-o", target)
    assert load(OpenpyxlPort(target)) == load(OpenpyxlPort(b))
    assert "Round 2" in openpyxl.load_workbook(target).sheetnames


def test_roster_and_settings_differences(copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    workbook = openpyxl.load_workbook(b)
    players = workbook["Players"]
    players.append([7, "Gus", 1600])
    players.cell(2, 2).value = "Ada Lovelace"
    settings_sheet = workbook["Settings"]
    row = next(r for r in range(2, settings_sheet.max_row + 1) if settings_sheet.cell(r, 1).value == "event.city")
    settings_sheet.cell(row, 2).value = "Bergen"
    workbook.save(b)
    typed_in_b = {d["item"]: d for d in json.loads(run("diff", a, b, "--json", code=1).stdout)}
    assert typed_in_b["player1"]["from"] == "B" and typed_in_b["setting.event.city"]["from"] == "B"  # B's own edits
    workbook = openpyxl.load_workbook(a)  # the same details changed in A too: now both changed them
    workbook["Players"].cell(2, 2).value = "Ada King"
    workbook["Settings"].cell(row, 2).value = "Oslo"
    workbook.save(a)
    found = {d["item"]: d for d in json.loads(run("diff", a, b, "--json", code=1).stdout)}
    assert found["player7"]["from"] == "B" and found["player7"]["text"] == "player 7 (Gus) only in B"
    assert found["player1"]["conflict"] and found["player1"]["b"] == "name='Ada Lovelace'"
    assert found["setting.event.city"]["conflict"] and found["setting.event.city"]["b"] == "'Bergen'"
    target = tmp_path / "merged.xlsx"
    run("merge", a, b, "-o", target, "--take", "player1=B", "--take", "setting.event.city=B")
    merged = load(OpenpyxlPort(target))
    assert merged.player(7).name == "Gus" and merged.player(1).name == "Ada Lovelace"
    assert merged.settings.event.city == "Bergen"


def test_take_names_only_items_that_differ_and_sides_a_or_b(copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    assert "side must be A or B" in run("merge", a, b, "-o", tmp_path / "c.xlsx", "--take", "C", code=65).output
    assert "r9b9" in run("merge", a, b, "-o", tmp_path / "c.xlsx", "--take", "r9b9=A", code=4).output


# --- the comparison as a function ------------------------------------------------------------------

def event(seed: int) -> Tournament:
    roster = [Player(0, f"P{i}", 2000 - 10 * i) for i in range(8)]
    tournament = new_tournament(roster, Settings("dutch", 5, seed=seed))
    rng = random.Random(seed)
    for _ in range(2):
        for game in operations.pair_next_round(tournament).games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
    return tournament


CHOICES = st.sampled_from([Result.NONE, Result.POSTPONED, Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1000), st.lists(CHOICES, min_size=4, max_size=4), st.lists(CHOICES, min_size=4, max_size=4))
def test_comparison_is_symmetric_and_a_merge_resolved_one_way_gives_that_copy(seed: int, left: list[Result],
                                                                              right: list[Result]) -> None:
    a, b = event(seed), event(seed)
    for game, result in zip(a.round(2).games, left):
        game.result = result
    for game, result in zip(b.round(2).games, right):
        game.result = result
    forward, backward = compare(a, b), compare(b, a)
    assert [(d.item, d.is_conflict, d.a, d.b) for d in forward] == [(d.item, d.is_conflict, d.b, d.a) for d in backward]
    assert compare(a, a) == []
    assert merge(a, a)[0] == a
    merged, _ = merge(a, b, take_all="A")
    for game in merged.round(2).games:
        mine = a.round(2).game_on_board(game.board)
        theirs = b.round(2).game_on_board(game.board)
        assert mine is not None and theirs is not None
        assert game.result in (mine.result, theirs.result)
        if mine.result.is_known:
            assert game.result is mine.result  # A's final results are never overwritten
    if any(d.is_conflict for d in forward):
        with pytest.raises(MergeConflictError):
            merge(a, b)
    else:
        assert merge(a, b)[0] == merge(b, a)[0]


def test_a_take_for_an_item_that_does_not_differ_is_refused() -> None:
    with pytest.raises(OperationError, match="r1b1"):
        merge(event(1), event(1), take={"r1b1": "A"})


def test_results_typed_by_hand_in_either_copy_are_merged_and_journalled(copies: tuple[Path, Path],
                                                                        tmp_path: Path) -> None:
    a, b = copies
    for path, cell, value in ((a, "G2", "1-0"), (b, "G3", "0-1")):
        workbook = openpyxl.load_workbook(path)
        workbook["Round 1"][cell] = value
        workbook.save(path)
    target = tmp_path / "merged.xlsx"
    run("merge", a, b, "-o", target)
    journal = read_metadata(OpenpyxlPort(target)).journal
    assert [(e.command, e.change) for e in journal[-3:-1]] == [
        ("hand edit in deputy.xlsx", "round 1 board 2: 0-1 typed"), ("hand edit", "round 1 board 1: 1-0 typed")]
    merged = load(OpenpyxlPort(target)).round(1)
    assert [g.result for g in merged.games[:2]] == [Result.WHITE_WINS, Result.BLACK_WINS]


def test_a_round_paired_without_a_bye_asked_in_the_other_copy_is_a_conflict(copies: tuple[Path, Path],
                                                                            tmp_path: Path) -> None:
    a, b = copies
    for path in (a, b):
        for board in (1, 2, 3):
            run("result", path, "--round", 1, "--board", board, "1-0")
    run("pair", b)
    run("bye", a, 3, "--round", 2, "--points", "0.5")
    found = json.loads(run("diff", a, b, "--json", code=1).stdout)
    assert len(found) == 1 and found[0]["item"] == "round2" and found[0]["conflict"]
    assert "paired in B without the bye(s) asked in A: half bye for Cyd in round 2" in found[0]["text"]
    target = tmp_path / "merged.xlsx"
    run("merge", a, b, "-o", target, "--take", "round2=B")
    merged = load(OpenpyxlPort(target))
    assert merged.current_round == 2 and merged.requested_byes == {}
    run("merge", a, b, "-o", target, "--take", "round2=A")
    assert load(OpenpyxlPort(target)).requested_byes == {2: {3: ByeKind.HALF}}


def test_a_bye_asked_for_a_round_nobody_paired_yet_is_taken_from_the_copy_that_has_it(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("bye", b, 2, "--round", 3, "--points", "0")
    found = json.loads(run("diff", a, b, "--json", code=1).stdout)
    assert [(d["item"], d["from"]) for d in found] == [("bye.r3.p2", "B")]
    target = tmp_path / "merged.xlsx"
    run("merge", a, b, "-o", target)
    assert load(OpenpyxlPort(target)).requested_byes == {3: {2: ByeKind.ZERO}}


@pytest.mark.parametrize("open_copy", ["A", "B"])
def test_merge_onto_a_workbook_open_in_excel_is_refused_and_leaves_it_unchanged(
        copies: tuple[Path, Path], open_copy: str) -> None:
    a, b = copies
    run("result", b, "--round", 1, "--board", 1, "1-0")
    target = a if open_copy == "A" else b
    (target.parent / f"~${target.name}").write_bytes(b"\x03Ann")
    before = target.read_bytes()
    refused = run("merge", a, b, "-o", target, code=75)
    assert "open in Excel by Ann" in refused.output
    assert target.read_bytes() == before


def test_merge_into_copy_b_itself_keeps_both_copies_changes(copies: tuple[Path, Path]) -> None:
    a, b = copies
    run("result", a, "--round", 1, "--board", 1, "1-0")
    run("result", b, "--round", 1, "--board", 2, "0-1")
    run("merge", a, b, "-o", b)
    merged = load(OpenpyxlPort(b))
    assert [g.result for g in sorted(merged.round(1).games, key=lambda g: g.board)][:2] == [
        Result.WHITE_WINS, Result.BLACK_WINS]
