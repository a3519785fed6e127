"""A team event's workbook keeps a revision journal as an individual one does: every write records a revision
with its parts (teams, players, each round's matches, line-ups and results, settings), hand edits are found
and journaled, ``--expect-revision`` guards a write, ``status`` shows them, and two copies are compared
(``diff``: team, table, board) and merged (``merge``, conflicts refused) from the command line and the
buttons."""

from __future__ import annotations

import copy
import json
import shutil
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from click.testing import Result as Invocation
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.cli import cli
from sheetpair.core.model import Result
from sheetpair.core.team_book import TeamBook
from sheetpair.excel import buttons as addin
from sheetpair.history.edits import parts_edited
from sheetpair.history.parts import ROSTER, SETTINGS, TEAMS, lineups_part, pairing_part, results_part
from sheetpair.history.records import Metadata, metadata_after
from sheetpair.history.team import team_parts
from sheetpair.history.team_merge import compare_teams
from sheetpair.io.metadata import META_SHEET, read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.team_workbook import load_team_book
from sheetpair.io.xlwings_port import XlwingsPort

from .test_arbiter_buttons import doors, request, sheet_lines
from .test_team_event import write_roster


def run(*args: object, code: int = 0) -> Invocation:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output + repr(result.exception)
    return result


def entries(path: Path) -> list[tuple[int, str, str]]:
    return [(e.revision, e.command, e.change) for e in read_metadata(OpenpyxlPort(path)).journal]


@pytest.fixture
def league(tmp_path: Path) -> Path:
    """Six teams of four boards and a reserve, round 1 paired."""
    roster = write_roster(tmp_path / "roster.csv", 6, members=5)
    path = tmp_path / "league.xlsx"
    run("new", path, "--system", "team-swiss", "--rounds", 3, "--boards", 4, "--players", roster)
    run("pair", path)
    return path


@pytest.fixture
def deputy(league: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "deputy.xlsx"
    shutil.copyfile(league, copy)
    return copy


def type_cells(path: Path, sheet: str, cells: dict[tuple[int, int], object]) -> None:
    """The arbiter types into the workbook by hand: (table, board) of a round sheet -> its Result, or
    (row, column) of any other sheet."""
    book = openpyxl.load_workbook(path)
    if sheet.startswith("Round "):
        for row in book[sheet].iter_rows(min_row=2):
            if (row[0].value, row[1].value) in cells:
                row[4].value = cells[(row[0].value, row[1].value)]
    else:
        for (row_number, column), value in cells.items():
            book[sheet].cell(row_number, column, value)
    book.save(path)


def test_every_team_write_records_a_revision_with_its_change(league: Path) -> None:
    assert entries(league) == [(1, "new", "created"), (2, "pair", "round 1 paired")]
    book = load_team_book(OpenpyxlPort(league))
    match = book.event.rounds[0].matches[2]
    team = book.event.team(match.white)
    run("lineup", league, "--round", 1, "--team", team.tpn, ",".join(map(str, (*team.members[:3], team.members[4]))))
    run("result", league, "--table", 1, "--board", 1, "1-0", "--board", 2, "=")
    run("result", league, "--table", 2, "--match", "+/-")
    white_board_4 = team.members[4]
    assert entries(league)[2:] == [
        (3, "lineup", f"round 1 team {team.tpn} line-up: {','.join(map(str, team.members[:4]))} changed to "
         f"{','.join(map(str, (*team.members[:3], white_board_4)))}"),
        (4, "result", "round 1 table 1 board 1: 1-0 entered; round 1 table 1 board 2: ½-½ entered"),
        (5, "result", "round 1 table 2: +/- entered")]
    run("undo", league, "--yes")
    assert entries(league)[-1] == (6, "undo", "round 1 removed")
    meta = read_metadata(OpenpyxlPort(league))
    assert meta.revision == 6 and meta.parent_revision == 5 and meta.event_id
    assert set(meta.hashes) == {SETTINGS, TEAMS, ROSTER}
    run("pair", league)
    assert set(read_metadata(OpenpyxlPort(league)).hashes) == {SETTINGS, TEAMS, ROSTER, pairing_part(1),
                                                               lineups_part(1), results_part(1)}


def test_an_imported_team_trf_starts_its_journal(tmp_path: Path) -> None:
    source = Path(__file__).parent / "data" / "conformance" / "trf-real" / "trf26_team_small.trf"
    run("import", source, "-o", tmp_path / "small.xlsx")
    assert entries(tmp_path / "small.xlsx") == [(1, f"import {source.name}", "created")]


def test_hand_edits_are_found_shown_and_journaled(league: Path) -> None:
    old_name = load_team_book(OpenpyxlPort(league)).event.team(1).name
    type_cells(league, "Round 1", {(1, 2): "0-1"})
    type_cells(league, "Teams", {(2, 2): "Renamed Club"})
    report = json.loads(run("status", league, "--json").stdout)
    assert report["revision"] == 2 and report["current_round"] == 1
    assert report["results_typed"] == ["round 1 table 1 board 2: 0-1 typed"]
    assert report["edits"] == [f"team 1 (Renamed Club): name {old_name!r} changed to 'Renamed Club'"]
    assert "round 1 table 1 board 2: 0-1 typed" in run("status", league).stdout
    run("result", league, "--table", 2, "--board", 1, "1-0")
    hand, command = entries(league)[-2:]
    assert hand[:2] == (3, "hand edit") and "round 1 table 1 board 2: 0-1 typed" in hand[2]
    assert "team 1 (Renamed Club): name" in hand[2]
    assert command == (3, "result", "round 1 table 2 board 1: 1-0 entered")
    assert json.loads(run("status", league, "--json").stdout)["edits"] == []


def test_a_write_expecting_another_revision_is_refused(league: Path) -> None:
    before = league.read_bytes()
    result = run("result", league, "--table", 1, "--board", 1, "1-0", "--expect-revision", 1, code=75)
    assert "the workbook is at revision 2, not 1 as expected" in result.output
    assert league.read_bytes() == before
    run("result", league, "--table", 1, "--board", 1, "1-0", "--expect-revision", 2)
    assert entries(league)[-1][0] == 3


def test_a_team_workbook_without_a_journal_opens_and_its_first_write_starts_one(league: Path) -> None:
    book = openpyxl.load_workbook(league)
    del book[META_SHEET]
    book.save(league)
    assert json.loads(run("status", league, "--json").stdout)["revision"] == 0
    run("result", league, "--table", 1, "--board", 1, "1-0")
    assert entries(league) == [(1, "result", "round 1 table 1 board 1: 1-0 entered")]


def test_diff_names_the_team_table_and_board(league: Path, deputy: Path) -> None:
    assert run("diff", league, deputy).exit_code == 0
    run("result", league, "--table", 1, "--board", 1, "1-0")
    run("result", deputy, "--table", 2, "--board", 2, "=")
    type_cells(deputy, "Teams", {(4, 2): "Deputy's name"})
    printed = json.loads(run("diff", league, deputy, "--json", code=1).stdout)
    assert {d["item"]: d["from"] for d in printed} == {"team3": "B", "r1t1b1": "A", "r1t2b2": "B"}
    text = run("diff", league, deputy, code=1).stdout
    assert "round 1 table 1 board 1: result entered in A (A: 1-0; B: -)" in text
    assert "team 3 (Club 03) changed in B in name" in text


def test_merge_takes_both_copies_independent_edits(league: Path, deputy: Path, tmp_path: Path) -> None:
    run("result", league, "--table", 1, "--board", 1, "1-0")
    book = load_team_book(OpenpyxlPort(deputy))
    team = book.event.team(book.event.rounds[0].matches[2].black)
    lineup = (*team.members[:3], team.members[4])
    run("lineup", deputy, "--round", 1, "--team", team.tpn, ",".join(map(str, lineup)))
    run("result", deputy, "--table", 2, "--match", "-/+")
    merged = tmp_path / "merged.xlsx"
    run("merge", league, deputy, "-o", merged)
    event = load_team_book(OpenpyxlPort(merged)).event.rounds[0]
    assert event.matches[0].boards[0].result.value == "1-0"
    assert event.matches[1].forfeit_winner == event.matches[1].black
    assert event.lineups[team.tpn] == lineup
    assert {b.black if b.board % 2 else b.white for b in event.matches[2].boards} == set(lineup)
    meta = read_metadata(OpenpyxlPort(merged))
    assert meta.revision == 5 and meta.journal[-1].command == f"merge {league.name} {deputy.name}"
    assert {e.command for e in meta.journal} >= {"lineup", "result", "pair", "new"}
    assert run("diff", merged, deputy, code=1).exit_code == 1  # A's result is not in B
    assert compare_teams(load_team_book(OpenpyxlPort(merged)), load_team_book(OpenpyxlPort(merged))) == []


def test_a_conflict_is_refused_with_a_sentence_until_a_side_is_taken(league: Path, deputy: Path,
                                                                      tmp_path: Path) -> None:
    run("result", league, "--table", 1, "--board", 1, "1-0")
    run("result", deputy, "--table", 1, "--board", 1, "0-1")
    merged = tmp_path / "merged.xlsx"
    refused = run("merge", league, deputy, "-o", merged, code=4)
    assert "nothing was written: 1 conflict(s) to resolve with --take A|B for all" in refused.output
    assert "r1t1b1: round 1 table 1 board 1: result differs (A: 1-0; B: 0-1)" in refused.output
    assert not merged.exists()
    run("merge", league, deputy, "-o", merged, "--take", "r1t1b1=B")
    assert load_team_book(OpenpyxlPort(merged)).event.rounds[0].matches[0].boards[0].result.value == "0-1"


def test_a_round_undone_in_one_copy_is_undone_in_the_merge(league: Path, deputy: Path, tmp_path: Path) -> None:
    run("undo", deputy, "--yes")
    run("diff", league, deputy, code=1)
    merged = tmp_path / "merged.xlsx"
    run("merge", league, deputy, "-o", merged)
    assert load_team_book(OpenpyxlPort(merged)).event.rounds == ()
    run("pair", deputy)  # paired again in B after undoing: B's round 1 is taken
    run("merge", league, deputy, "-o", merged)
    assert team_parts(load_team_book(OpenpyxlPort(merged))) == team_parts(load_team_book(OpenpyxlPort(deputy)))


def test_a_team_event_and_an_individual_one_are_two_events(league: Path, tmp_path: Path) -> None:
    roster = tmp_path / "players.csv"
    roster.write_text("Name,Rating\nAda,2200\nBen,2100\n", encoding="utf-8")
    single = tmp_path / "single.xlsx"
    run("new", single, "--system", "dutch", "--rounds", 3, "--players", roster)
    assert "two different events" in run("diff", league, single, code=4).output


def test_the_buttons_show_the_status_compare_and_merge_a_team_event(league: Path, deputy: Path,
                                                                    tmp_path: Path) -> None:
    run("result", deputy, "--table", 2, "--board", 3, "0-1")
    workbook, book = doors(league, tmp_path)
    addin.event_status(book)
    assert sheet_lines(book, addin.STATUS_TEXT_SHEET) == run("status", workbook).stdout.splitlines()
    request(book, {"copy": str(deputy)})
    assert addin.compare_copy(book).startswith("1 difference(s), 0 of them conflict(s)")
    assert sheet_lines(book, addin.DIFFERENCES_SHEET) == run("diff", workbook, deputy, code=1).stdout.splitlines()
    assert addin.merge_copy(book).startswith("Merged deputy.xlsx into this workbook: 1 difference(s) taken")
    merged = tmp_path / "merged.xlsx"
    run("merge", workbook, deputy, "-o", merged)
    live, on_file = XlwingsPort(book), OpenpyxlPort(merged)
    assert team_parts(load_team_book(live)) == team_parts(load_team_book(on_file))
    assert read_metadata(live).revision == read_metadata(on_file).revision == 4


def test_a_button_press_on_a_team_event_records_its_revision(league: Path, tmp_path: Path) -> None:
    _, book = doors(league, tmp_path)
    sheet = book.sheets["Round 1"]  # type: ignore[attr-defined]
    sheet.range((3, 5)).value = "1-0"  # table 1, board 1
    addin.enter_results(book)
    journal = read_metadata(XlwingsPort(book)).journal
    assert [(e.revision, e.command) for e in journal[-2:]] == [(3, "hand edit"), (3, "standings")]
    assert journal[-2].change == "round 1 table 1 board 1: 1-0 typed"


def test_a_line_up_typed_into_the_board_rows_is_journaled_as_the_teams(league: Path) -> None:
    book = load_team_book(OpenpyxlPort(league))
    match = book.event.rounds[0].matches[0]
    team = book.event.team(match.white)
    typed = openpyxl.load_workbook(league)
    for row in typed["Round 1"].iter_rows(min_row=2):
        if (row[0].value, row[1].value) == (1, 4):  # board 4: the White team's player has Black
            row[5].value = team.members[4]
    typed.save(league)
    line = (f"round 1 team {team.tpn} line-up: {','.join(map(str, team.members[:4]))} changed to "
            f"{','.join(map(str, (*team.members[:3], team.members[4])))}")
    assert json.loads(run("status", league, "--json").stdout)["edits"] == [line]
    run("standings", league)
    assert entries(league)[-2] == (3, "hand edit", line)


def test_a_setting_and_a_player_changed_in_one_copy_are_merged(league: Path, deputy: Path, tmp_path: Path) -> None:
    type_cells(deputy, "Players", {(2, 3): 2999})  # player 1's rating
    book = openpyxl.load_workbook(league)
    settings = book["Settings"]
    name_row = next(row for row in settings.iter_rows(min_row=2) if row[0].value == "name")
    name_row[1].value = "Spring league"
    book.save(league)
    assert json.loads(run("status", league, "--json").stdout)["edits"] == [
        "setting name: '' changed to 'Spring league'"]
    printed = {d["item"]: d["from"] for d in json.loads(run("diff", league, deputy, "--json", code=1).stdout)}
    assert printed == {"setting.name": "A", "player1": "B"}
    merged = tmp_path / "merged.xlsx"
    run("merge", league, deputy, "-o", merged)
    result = load_team_book(OpenpyxlPort(merged))
    assert (result.name, result.player(1).rating) == ("Spring league", 2999)


def test_a_round_paired_in_one_copy_only_is_taken_unless_the_other_changed_its_results(league: Path, deputy: Path,
                                                                            tmp_path: Path) -> None:
    tables = len(load_team_book(OpenpyxlPort(league)).event.rounds[0].matches)
    for workbook, arbiter in ((league, "Chief"), (deputy, "Deputy")):  # two entries, also within one second
        for table in range(1, tables + 1):
            run("result", workbook, "--table", table, "--match", "+/-", "--arbiter", arbiter)
    run("pair", deputy)
    merged = tmp_path / "merged.xlsx"
    assert {d["item"]: d["from"] for d in json.loads(run("diff", league, deputy, "--json", code=1).stdout)} == \
        {"round2": "B"}
    run("merge", league, deputy, "-o", merged)
    assert len(load_team_book(OpenpyxlPort(merged)).event.rounds) == 2
    run("result", league, "--table", 1, "--match", "-/+")  # A changes a result B paired round 2 from
    conflict = {d["item"]: d["from"] for d in json.loads(run("diff", league, deputy, "--json", code=1).stdout)}
    assert conflict == {"r1t1": None, "round2": None}


@pytest.fixture(scope="module")
def paired_book(tmp_path_factory: pytest.TempPathFactory) -> TeamBook:
    """A team event with round 1 paired, read once (the property test below changes copies of it)."""
    folder = tmp_path_factory.mktemp("team")
    roster = write_roster(folder / "roster.csv", 6, members=4)
    path = folder / "league.xlsx"
    run("new", path, "--system", "team-swiss", "--rounds", 3, "--boards", 4, "--players", roster)
    run("pair", path)
    return load_team_book(OpenpyxlPort(path))


RESULTS = [Result.NONE, Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS_BY_FORFEIT]


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 3), st.integers(1, 4), st.sampled_from(RESULTS), st.sampled_from(RESULTS))
def test_any_single_result_typed_by_hand_is_found_on_its_table_and_board(
        paired_book: TeamBook, table: int, board: int, written: Result, typed: Result) -> None:
    def with_result(result: Result) -> TeamBook:
        book = copy.deepcopy(paired_book)
        rnd = book.event.rounds[0]
        matches = tuple(replace(m, boards=tuple(replace(g, result=result) if g.board == board else g
                                                for g in m.boards)) if m.table == table else m for m in rnd.matches)
        book.event = replace(book.event, rounds=(replace(rnd, matches=matches),))
        return book

    meta = metadata_after(Metadata(), team_parts(with_result(written)), [])
    found = [line for edit in parts_edited(meta, team_parts(with_result(typed)), team=True) for line in edit.lines]
    where = f"round 1 table {table} board {board}: "
    if written is typed:
        assert found == []
    else:
        assert found == [where + (f"{typed.value} typed" if not written.value else f"{written.value} cleared"
                                  if not typed.value else f"{written.value} changed to {typed.value}")]
