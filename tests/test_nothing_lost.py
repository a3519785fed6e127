"""Nothing the arbiter put into the workbook is lost when sheetpair rebuilds the sheets it owns.

Each test first reproduces a finding of the robustness issue (a comment, a note, a conditional format, a
validation or a sheet password that a save used to drop), then checks it is kept, or refused in a sentence.
"""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from click.testing import Result as Result_
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from openpyxl.comments import Comment
from openpyxl.formatting.rule import CellIsRule
from openpyxl.styles import PatternFill
from openpyxl.worksheet.datavalidation import DataValidation
from openpyxl.worksheet.protection import SheetProtection

from sheetpair.cli import cli
from sheetpair.core.errors import WorkbookError
from sheetpair.core.model import Result
from sheetpair.history.edits import deleted_games
from sheetpair.io import openpyxl_port
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import LossySaveError, OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .safety_support import set_result, write_event


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return write_event(tmp_path / "event.xlsx")


def _edit(path: Path, change: object) -> None:
    raw = openpyxl.load_workbook(path)
    change(raw)  # type: ignore[operator]
    raw.save(path)


def test_a_comment_on_a_round_sheet_survives_beside_a_comment_elsewhere(book: Path) -> None:
    def comment(raw: openpyxl.Workbook) -> None:
        raw["Players"]["A2"].comment = Comment("registered late", "arbiter")
        raw["Round 1"]["D3"].comment = Comment("claimed a draw by repetition", "arbiter")
    _edit(book, comment)
    set_result(book, 2, Result.DRAW)
    after = openpyxl.load_workbook(book)
    assert after["Round 1"]["D3"].comment.text == "claimed a draw by repetition"
    assert after["Players"]["A2"].comment.text == "registered late"


def test_every_comment_of_an_owned_sheet_stays_on_its_cell(book: Path) -> None:
    def comment(raw: openpyxl.Workbook) -> None:
        raw["Standings"]["B2"].comment = Comment("check the rating", "arbiter")
        raw["Standings"]["L9"].comment = Comment("beside the table", "arbiter")
    _edit(book, comment)
    set_result(book, 1, Result.WHITE_WINS)
    after = openpyxl.load_workbook(book)["Standings"]
    assert after["B2"].comment.text == "check the rating"
    assert after["L9"].comment.text == "beside the table"


@pytest.mark.parametrize("sheet", ["Round 1", "Standings", "Crosstable"])
def test_notes_beside_and_below_an_owned_block_are_kept(book: Path, sheet: str) -> None:
    def note(raw: openpyxl.Workbook) -> None:
        raw[sheet]["Z3"] = "board 2 started late"
        raw[sheet]["Z3"].fill = PatternFill("solid", fgColor="FFFF00")
        raw[sheet]["Z40"] = 12.5
        raw[sheet].merge_cells("Z42:AA43")
    _edit(book, note)
    set_result(book, 2, Result.BLACK_WINS)
    after = openpyxl.load_workbook(book)[sheet]
    assert after["Z3"].value == "board 2 started late"
    assert after["Z3"].fill.fgColor.rgb.endswith("FFFF00")
    assert after["Z40"].value == 12.5
    assert "Z42:AA43" in {str(r) for r in after.merged_cells.ranges}
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[1].result is Result.BLACK_WINS


def test_a_note_below_a_round_in_a_column_of_its_own_reads_and_stays(book: Path) -> None:
    _edit(book, lambda raw: raw["Round 1"].__setitem__("H12", "arbiter: round started 10 min late"))
    set_result(book, 1, Result.DRAW)
    assert openpyxl.load_workbook(book)["Round 1"]["H12"].value == "arbiter: round started 10 min late"


def test_notes_right_of_a_growing_crosstable_move_with_its_edge(tmp_path: Path) -> None:
    from .safety_support import save_event, tournament

    path = write_event(tmp_path / "event.xlsx", tournament(rounds=1))
    _edit(path, lambda raw: raw["Crosstable"].__setitem__("Z2", "note"))
    port = OpenpyxlPort(path)
    event = load_tournament(port)
    event.rounds.append(tournament(rounds=2).rounds[1])
    save_event(port, event, previous_rounds=1)
    port.save()
    after = openpyxl.load_workbook(path)["Crosstable"]
    assert after["AA2"].value == "note" and after["Z2"].value is None


def test_conditional_formats_and_validations_of_the_arbiter_are_kept(book: Path) -> None:
    def add(raw: openpyxl.Workbook) -> None:
        raw["Standings"].conditional_formatting.add(
            "E2:E9", CellIsRule(operator="greaterThan", formula=["0.5"], fill=PatternFill("solid", fgColor="C6EFCE")))
        check = DataValidation(type="whole", operator="between", formula1="0", formula2="9")
        check.add("Z2:Z9")
        raw["Round 1"].add_data_validation(check)
    _edit(book, add)
    set_result(book, 1, Result.WHITE_WINS)
    after = openpyxl.load_workbook(book)
    assert [str(cf.sqref) for cf in after["Standings"].conditional_formatting] == ["E2:E9"]
    validations = after["Round 1"].data_validations.dataValidation
    assert sorted(v.type for v in validations) == ["list", "whole"]
    assert [v.formula1 for v in validations if v.type == "list"] == ["ResultCodes"]


def test_the_result_list_is_not_doubled_by_saves(book: Path) -> None:
    for result in (Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS):
        set_result(book, 1, result)
    assert len(openpyxl.load_workbook(book)["Round 1"].data_validations.dataValidation) == 1


@pytest.mark.parametrize("sheet", ["Round 1", "Standings", "Players"])
def test_a_sheet_password_survives(book: Path, sheet: str) -> None:
    def protect(raw: openpyxl.Workbook) -> None:
        raw[sheet].protection.sheet = True
        raw[sheet].protection.password = "arbiter"
    _edit(book, protect)
    expected = openpyxl.load_workbook(book)[sheet].protection.password
    set_result(book, 1, Result.WHITE_WINS)
    protection = openpyxl.load_workbook(book)[sheet].protection
    assert protection.sheet and protection.password == expected


def test_a_modern_sheet_password_hash_survives(book: Path) -> None:
    def protect(raw: openpyxl.Workbook) -> None:
        protection = raw["Round 1"].protection
        protection.sheet = True
        protection.algorithmName, protection.hashValue = "SHA-512", "c2hlZXRwYWly"
        protection.saltValue, protection.spinCount = "c2FsdA==", 100000
    _edit(book, protect)
    set_result(book, 1, Result.WHITE_WINS)
    protection = openpyxl.load_workbook(book)["Round 1"].protection
    assert (protection.algorithmName, protection.hashValue, protection.saltValue, protection.spinCount) == (
        "SHA-512", "c2hlZXRwYWly", "c2FsdA==", 100000)


@pytest.mark.parametrize(("sheet", "kind"), [("Round 1", "comments"), ("Standings", "conditional format rules"),
                                             ("Round 1", "data validations"), ("Round 1", "sheet password")])
def test_the_loss_check_counts_each_kind_on_each_sheet(book: Path, sheet: str, kind: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    def add(raw: openpyxl.Workbook) -> None:
        raw["Players"]["A2"].comment = Comment("a comment elsewhere hid the loss", "arbiter")
        raw["Players"].protection.password = "arbiter"
        target = raw[sheet]
        if kind == "comments":
            target["D3"].comment = Comment("claimed a draw", "arbiter")
        elif kind == "conditional format rules":
            target.conditional_formatting.add("E2:E9", CellIsRule(operator="greaterThan", formula=["0.5"]))
        elif kind == "data validations":
            target.add_data_validation(DataValidation(type="whole", sqref="Z2:Z9"))
        else:
            target.protection.password = "arbiter"
    _edit(book, add)
    monkeypatch.setattr(openpyxl_port, "_keep_what_the_arbiter_added", lambda *args: None)
    real_copy = openpyxl_port.copy

    def lossy_copy(thing: object) -> object:  # protection without its password; every other copy as it is
        return type(thing)() if isinstance(thing, SheetProtection) else real_copy(thing)

    monkeypatch.setattr(openpyxl_port, "copy", lossy_copy)
    with pytest.raises(LossySaveError, match=f"saving it would lose: {kind} on {sheet} \\(\\d, then \\d\\)[.;]"):
        set_result(book, 1, Result.WHITE_WINS)
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[0].result is Result.NONE


def test_one_board_number_twice_is_refused_naming_both_cells(book: Path) -> None:
    _edit(book, lambda raw: raw["Round 1"].__setitem__("A3", 1))
    with pytest.raises(WorkbookError, match=r"^Round 1!A3: board 1 appears twice in the round \(also at A2\)"):
        load_tournament(OpenpyxlPort(book))


def _run(*args: object) -> Result_:
    return CliRunner().invoke(cli, [str(a) for a in args])


def _roster_xlsx(path: Path) -> Path:
    raw = openpyxl.Workbook()
    raw.active.append(["Name", "Rating"])
    for n in range(1, 7):
        raw.active.append([f"Player {n}", 2000 - n])
    raw.save(path)
    return path


@pytest.mark.parametrize("spelling", ["same", "dotted", "link"])
def test_new_refuses_a_workbook_that_is_its_own_roster(tmp_path: Path, spelling: str) -> None:
    roster = _roster_xlsx(tmp_path / "X.xlsx")
    target = {"same": roster, "dotted": tmp_path / "." / "X.xlsx", "link": tmp_path / "link.xlsx"}[spelling]
    if spelling == "link":
        target.symlink_to(roster)
    before = roster.read_bytes()
    result = _run("new", target, "--system", "dutch", "--rounds", 5, "--players", roster)
    assert result.exit_code == 4, result.output
    assert "is the file the players are read from" in result.output and "another name" in result.output
    assert roster.read_bytes() == before


def test_import_refuses_to_write_over_its_source(tmp_path: Path) -> None:
    roster = _roster_xlsx(tmp_path / "X.xlsx")
    before = roster.read_bytes()
    result = _run("import", roster, "-o", roster)
    assert result.exit_code == 4 and "is the file the players are read from" in result.output
    assert roster.read_bytes() == before


def test_new_from_a_roster_beside_it_still_works(tmp_path: Path) -> None:
    roster = _roster_xlsx(tmp_path / "X.xlsx")
    result = _run("new", tmp_path / "event.xlsx", "--system", "dutch", "--rounds", 5, "--players", roster)
    assert result.exit_code == 0, result.output
    assert len(load_tournament(OpenpyxlPort(tmp_path / "event.xlsx")).players) == 6


# --- a played game deleted by hand ---------------------------------------------------------------------

ROSTER = "Name,Rating\nAda,2200\nBen,2100\nCyd,2000\nDee,1900\nEve,1800\nFox,1700\n"
WRITING_COMMANDS = [("pair",), ("result", "--round", 1, "--board", 1, "1-0"), ("bye", "Ada", "--points", "0.5"),
                    ("withdraw", "Ada"), ("undo",)]
READING_COMMANDS = [("standings",), ("export", "--trf", "TRF"), ("explain", "--round", 1), ("check",)]


@pytest.fixture
def played(tmp_path: Path) -> Path:
    """An event whose round 1 is paired and fully played (1-0, ½-½, 0-1), saved by sheetpair."""
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    path = tmp_path / "event.xlsx"
    assert _run("new", path, "--system", "dutch", "--rounds", 5, "--players", roster, "--seed", 3).exit_code == 0
    assert _run("pair", path).exit_code == 0
    for board, result in ((1, "1-0"), (2, "½-½"), (3, "0-1")):
        assert _run("result", path, "--round", 1, "--board", board, result).exit_code == 0
    return path


def _clear_board(path: Path, board: int, *, delete_row: bool = False) -> tuple[str, ...]:
    raw = openpyxl.load_workbook(path)
    sheet = raw["Round 1"]
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == board)
    header = [cell.value for cell in sheet[1]]
    names = tuple(str(sheet.cell(row, header.index(side) + 1).value) for side in ("White", "Black"))
    if delete_row:
        sheet.delete_rows(row)
    else:
        for column in range(1, len(header) + 1):
            sheet.cell(row, column).value = None
    raw.save(path)
    return names


@pytest.mark.parametrize("delete_row", [False, True], ids=["cleared", "deleted"])
@pytest.mark.parametrize("command", WRITING_COMMANDS + READING_COMMANDS, ids=lambda c: c[0])
def test_a_played_game_deleted_by_hand_stops_every_command(played: Path, command: tuple[object, ...],
                                                           delete_row: bool) -> None:
    white, black = _clear_board(played, 2, delete_row=delete_row)
    before = played.read_bytes()
    result = _run(command[0], played, *(played.with_suffix(".trf") if part == "TRF" else part for part in command[1:]))
    assert result.exit_code == 65, result.output
    message = result.output.strip().splitlines()[-1]
    assert message.startswith(f"Error: Round 1: round 1 board 2 ({white} - {black}, ½-½) was deleted")
    assert "type the board back" in message and "--accept-deleted-games" in message
    assert played.read_bytes() == before and not played.with_suffix(".trf").exists()


def test_merge_refuses_a_copy_that_lost_a_played_game(played: Path) -> None:
    deputy = played.with_name("deputy.xlsx")
    deputy.write_bytes(played.read_bytes())
    _clear_board(deputy, 1)
    result = _run("merge", played, deputy, "-o", played.with_name("merged.xlsx"))
    assert result.exit_code == 65 and "round 1 board 1" in result.output
    assert not played.with_name("merged.xlsx").exists()


def test_status_still_reads_and_names_the_deleted_game(played: Path) -> None:
    white, black = _clear_board(played, 3)
    result = _run("status", played)
    assert result.exit_code == 0, result.output
    assert f"round 1 board 3 ({white} - {black}, 0-1) was deleted from the sheet" in result.output


def test_typing_the_board_back_restores_it(played: Path) -> None:
    raw = openpyxl.load_workbook(played)
    row = [cell.value for cell in raw["Round 1"][3]]
    _clear_board(played, 2)
    raw = openpyxl.load_workbook(played)
    for column, value in enumerate(row, start=1):
        raw["Round 1"].cell(3, column).value = value
    raw.save(played)
    assert _run("pair", played).exit_code == 0


def test_the_deletion_confirmed_goes_into_the_journal(played: Path) -> None:
    _clear_board(played, 2)
    result = _run("pair", played, "--accept-deleted-games")
    assert result.exit_code == 0, result.output
    journal = read_metadata(OpenpyxlPort(played)).journal
    assert any("round 1 board 2" in entry.change and "removed" in entry.change for entry in journal)
    assert _run("standings", played).exit_code == 0  # the confirmed state is the new normal


@pytest.mark.parametrize("edit", ["renumbered", "colours swapped"])
def test_a_played_game_moved_on_the_sheet_is_no_deletion(played: Path, edit: str) -> None:
    raw = openpyxl.load_workbook(played)
    sheet = raw["Round 1"]
    if edit == "renumbered":
        sheet["A3"] = 7
    else:
        header = [cell.value for cell in sheet[1]]
        for white, black in (("White TPN", "Black TPN"), ("White", "Black")):
            w, b = sheet.cell(3, header.index(white) + 1), sheet.cell(3, header.index(black) + 1)
            w.value, b.value = b.value, w.value
    raw.save(played)
    assert _run("standings", played).exit_code == 0


def test_a_pending_board_cleared_is_the_arbiters_pairing_edit(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    path = tmp_path / "event.xlsx"
    _run("new", path, "--system", "dutch", "--rounds", 5, "--players", roster, "--seed", 3)
    _run("pair", path)
    _clear_board(path, 3)
    assert _run("standings", path).exit_code == 0


# --- properties ----------------------------------------------------------------------------------------

_OUTSIDE = st.one_of(st.tuples(st.integers(1, 60), st.integers(12, 40)),   # right of every owned block
                     st.tuples(st.integers(30, 60), st.integers(1, 40)))   # below it
_NOTE = st.one_of(st.text(st.characters(min_codepoint=65, max_codepoint=122), min_size=1, max_size=12),
                  st.integers(-1000, 1000))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(notes=st.dictionaries(_OUTSIDE, _NOTE, min_size=1, max_size=6),
       sheet=st.sampled_from(["Round 1", "Standings", "Crosstable"]))
def test_any_notes_outside_the_blocks_come_back_where_they_were(tmp_path_factory: pytest.TempPathFactory,
                                                               notes: dict[tuple[int, int], object],
                                                               sheet: str) -> None:
    assume(sheet != "Round 1" or all(column > 12 for _, column in notes))  # a Round sheet reads columns A-L
    path = write_event(tmp_path_factory.mktemp("notes") / "event.xlsx")

    def type_notes(raw: openpyxl.Workbook) -> None:
        for (row, column), value in notes.items():
            raw[sheet].cell(row, column).value = value
    _edit(path, type_notes)
    set_result(path, 3, Result.DRAW)
    after = openpyxl.load_workbook(path)[sheet]
    assert {where: after.cell(*where).value for where in notes} == notes


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cleared=st.sets(st.sampled_from([1, 2, 3])))
def test_the_refusal_names_exactly_the_played_games_that_went(played: Path, cleared: set[int]) -> None:
    copy = played.with_name(f"copy-{'-'.join(map(str, sorted(cleared)))}.xlsx")
    copy.write_bytes(played.read_bytes())
    for board in cleared:
        _clear_board(copy, board)
    port = OpenpyxlPort(copy)
    lost = deleted_games(read_metadata(port), load_tournament(port))
    assert [game.board for game in lost] == sorted(cleared)


def test_a_board_cleared_inside_a_pending_round_does_not_turn_the_rows_below_into_notes(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    path = tmp_path / "event.xlsx"
    _run("new", path, "--system", "dutch", "--rounds", 5, "--players", roster, "--seed", 3)
    _run("pair", path)
    _clear_board(path, 1)
    assert _run("standings", path).exit_code == 0
    sheet = openpyxl.load_workbook(path)["Round 1"]
    assert [sheet.cell(row, 1).value for row in range(2, sheet.max_row + 1)] == [2, 3]


def test_a_link_on_a_cell_sheetpair_rewrites_stays_and_is_counted(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def link(raw: openpyxl.Workbook) -> None:
        raw["Standings"]["C2"].hyperlink = "https://ratings.fide.com/profile/1503014"
        raw["Standings"]["C2"].value = raw["Standings"]["C2"].value  # the name stays the cell's text
    _edit(book, link)
    set_result(book, 1, Result.WHITE_WINS)
    cell = openpyxl.load_workbook(book)["Standings"]["C2"]
    assert cell.hyperlink.target == "https://ratings.fide.com/profile/1503014"
    assert not str(cell.value).startswith("https")
    monkeypatch.setattr(openpyxl_port, "_annotate", lambda *args: None)
    with pytest.raises(LossySaveError, match=r"links on Standings \(1, then 0\)"):
        set_result(book, 2, Result.WHITE_WINS)
