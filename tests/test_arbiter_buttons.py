"""Every ribbon button through the in-memory Excel gives what its command gives on the same event.

Compare copies and Merge copy open the colleague's copy in the same Excel (the in-memory one reads the file's
values), so the add-in loads no file library.

Both doors start from one workbook file (a Dutch event with round 1 played): the command line changes the
file, the buttons a live book holding the same cells. After the same steps the tournament, the revision and
the journal agree; buttons that answer in a sheet (status, norms, differences) write exactly the lines the
command prints. The first press of a button that needs a player or a file makes the ``Request`` sheet.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetpair.app.request import REQUEST_FIELDS, REQUEST_SHEET, cell_of
from sheetpair.cli import cli
from sheetpair.excel import buttons as addin
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.port import WorkbookPort
from sheetpair.io.team_workbook import load_team_book
from sheetpair.io.workbook import load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import engine_of, new_book, run_like_lite
from .test_addin import ROSTER, SEED
from .test_team_event import write_roster

RESULTS = ["1-0", "½-½", "0-1", "1-0"]
Button = Callable[[object], str]
Step = tuple[Button, dict[str, str], list[str]]
"""A button, what the arbiter types into the Request sheet first, and the command's arguments after the file."""


def cli_run(*args: object, code: int = 0) -> str:
    result = CliRunner().invoke(cli, [str(a) for a in args], catch_exceptions=False)
    assert result.exit_code == code, result.output
    return result.stdout


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Dutch event of 5 rounds, round 1 paired and its results in, a Prizes sheet: made by the commands."""
    workbook = tmp_path_factory.mktemp("base") / "club.xlsx"
    cli_run("new", workbook, "--system", "dutch", "--rounds", 5, "--players", ROSTER, "--seed", SEED)
    cli_run("pair", workbook)
    typed = openpyxl.load_workbook(workbook)
    header = [cell.value for cell in typed["Round 1"][1]]
    for row, result in enumerate(RESULTS, start=2):
        typed["Round 1"].cell(row, header.index("Result") + 1, result)
    prizes = typed.create_sheet("Prizes")
    for row in (["Prize", "Place", "Amount"], ["First", 1, 100], ["Second", 2, 50]):
        prizes.append(row)
    typed.save(workbook)
    cli_run("standings", workbook)
    return workbook


def doors(base: Path, tmp_path: Path) -> tuple[Path, object]:
    """The event as a file for the command line, and as a live book with the same cells for the buttons."""
    workbook = tmp_path / "club.xlsx"
    shutil.copy(base, workbook)
    source = openpyxl.load_workbook(workbook)
    book = new_book("club.xlsx", {sheet.title: [list(row) for row in sheet.iter_rows(values_only=True)]
                                  for sheet in source.worksheets})
    engine_of(book).fullname = str(tmp_path / "excel" / "club.xlsx")
    (tmp_path / "excel").mkdir()
    return workbook, book


def request(book: object, values: dict[str, str]) -> None:
    """The arbiter types ``values`` beside their keys in the Request sheet (made by a first press)."""
    if REQUEST_SHEET not in [s.name for s in book.sheets]:  # type: ignore[attr-defined]
        assert addin.request_bye(book).startswith(f"Fill in the {REQUEST_SHEET} sheet")  # type: ignore[arg-type]
    sheet = book.sheets[REQUEST_SHEET]  # type: ignore[attr-defined]
    keys = [key for key, _ in REQUEST_FIELDS]
    for row in range(2, len(keys) + 2):
        sheet.range((row, 2)).value = values.get(keys[row - 2])


def journal(port: WorkbookPort) -> list[tuple[int, str, str]]:
    return [(entry.revision, entry.command, entry.change) for entry in read_metadata(port).journal]


def same_event(workbook: Path, book: object) -> None:
    on_file, in_excel = OpenpyxlPort(workbook), XlwingsPort(book)
    assert load_tournament(in_excel) == load_tournament(on_file)
    assert journal(in_excel) == journal(on_file)
    assert read_metadata(in_excel).hashes == read_metadata(on_file).hashes


def sheet_lines(book: object, name: str) -> list[str]:
    values = book.sheets[name].used_range.value  # type: ignore[attr-defined]
    return [v if isinstance(v, str) else v[0] for v in values[1:]]


STEPS: dict[str, list[Step]] = {
    "request_bye": [(addin.request_bye, {"player": "3", "points": "0.5"}, ["bye", "3", "--points", "0.5"])],
    "cancel_bye": [(addin.request_bye, {"player": "Berg", "points": "0", "round": "3"},
                    ["bye", "Berg", "--points", "0", "--round", "3"]),
                   (addin.cancel_bye, {"player": "Berg", "round": "3"}, ["bye", "Berg", "--round", "3", "--cancel"])],
    "withdraw_player": [(addin.withdraw_player, {"player": "Berg", "round": "3"},
                         ["withdraw", "Berg", "--from-round", "3"])],
    "reinstate_player": [(addin.withdraw_player, {"player": "5"}, ["withdraw", "5"]),
                         (addin.reinstate_player, {"player": "5"}, ["withdraw", "5", "--cancel"])],
    "late_entry": [(addin.late_entry, {"name": "Nyberg, Ola", "rating": "1900", "federation": "SWE", "missed": "half"},
                    ["enter", "--name", "Nyberg, Ola", "--rating", "1900", "--federation", "SWE", "--missed", "half"])],
    "pair_fixed_board": [(addin.pair_fixed_board, {"player": "1", "second player": "2"},
                          ["pair", "--manual", "1", "2"])],
    "forbid_pair": [(addin.forbid_pair, {"player": "1", "second player": "3"}, ["forbid", "1", "3"]),
                    (addin.pair_next_round, {}, ["pair"])],
    "allow_pair": [(addin.forbid_pair, {"player": "1", "second player": "3"}, ["forbid", "1", "3"]),
                   (addin.allow_pair, {"player": "1", "second player": "3"}, ["forbid", "1", "3", "--cancel"])],
    "make_prize_list": [(addin.make_prize_list, {}, ["prizes"])],
}


@pytest.mark.parametrize("name", sorted(STEPS))
def test_a_button_changes_the_event_as_its_command_does(name: str, base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    for button, values, arguments in STEPS[name]:
        if values:
            request(book, values)
        message = button(book)
        assert "not changed" not in message, message
        cli_run(arguments[0], workbook, *arguments[1:])
    same_event(workbook, book)


def _same_sheet(book, workbook: Path, name: str) -> None:
    written = openpyxl.load_workbook(workbook)[name]
    assert book.sheets[name].used_range.value == [  # type: ignore[attr-defined]
        [float(v) if isinstance(v, int) else v for v in row] for row in written.iter_rows(values_only=True)]


def test_the_prize_list_sheet_is_the_commands(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    assert addin.make_prize_list(book).startswith("2 player(s) get prizes")
    cli_run("prizes", workbook)
    _same_sheet(book, workbook, "Prize list")


def test_the_norms_sheet_is_the_commands(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    addin.check_norms(book)
    cli_run("norms", workbook, "--save")
    _same_sheet(book, workbook, "Norms")


def test_the_status_sheet_holds_the_lines_status_prints(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    printed = cli_run("status", workbook).splitlines()
    addin.event_status(book)
    assert sheet_lines(book, addin.STATUS_TEXT_SHEET) == printed


def colleague(base: Path, tmp_path: Path) -> Path:
    """A copy of the event where a colleague recorded a bye and a withdrawal."""
    copy = tmp_path / "from-anna.xlsx"
    shutil.copy(base, copy)
    cli_run("bye", copy, "2", "--points", "0.5")
    cli_run("withdraw", copy, "7", "--from-round", "4")
    return copy


def test_compare_lists_the_differences_as_diff_prints_them(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    copy = colleague(base, tmp_path)
    printed = cli_run("diff", workbook, copy, code=1).splitlines()
    request(book, {"copy": str(copy)})
    conflicts = sum(" CONFLICT " in line for line in printed)
    assert addin.compare_copy(book).startswith(f"{len(printed)} difference(s), {conflicts} of them conflict(s)")
    assert sheet_lines(book, addin.DIFFERENCES_SHEET) == printed
    assert [b.name for b in book.app.books] == ["club.xlsx"]  # type: ignore[attr-defined]  # the copy was closed


def test_merge_takes_the_colleagues_changes_as_merge_does(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    copy = colleague(base, tmp_path)  # withdraws player 7 from round 4
    request(book, {"player": "7", "round": "3"})  # this workbook withdraws him from round 3: one conflict
    addin.withdraw_player(book)
    cli_run("withdraw", workbook, "7", "--from-round", "3")
    request(book, {"copy": str(copy)})
    refused = addin.merge_copy(book)
    assert refused.startswith("1 conflict(s): type A (this workbook) or B (the copy) beside take "
                              f"({REQUEST_SHEET}!{cell_of('take')})"), refused
    assert refused.endswith("The workbook was not changed.")
    request(book, {"copy": str(copy), "take": "B"})
    assert addin.merge_copy(book).startswith("Merged from-anna.xlsx into this workbook: 2 difference(s) taken")
    merged = tmp_path / "merged.xlsx"
    cli_run("merge", workbook, copy, "-o", merged, "--take", "B")
    on_file, in_excel = OpenpyxlPort(merged), XlwingsPort(book)
    assert load_tournament(in_excel) == load_tournament(on_file)
    assert journal(in_excel)[-1][1:] == journal(on_file)[-1][1:]


def test_pdf_is_saved_beside_the_workbook_as_report_pdf_makes_it(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    message = addin.pdf_report(book)
    target = tmp_path / "excel" / "club report.pdf"
    assert message == f"The PDF report is saved as {target}.", message
    cli_run("report", workbook, "--pdf", tmp_path / "cli.pdf")
    pages = [[re.sub(r"Printed .*? UTC", "", page.extract_text()) for page in PdfReader(path).pages]
             for path in (target, tmp_path / "cli.pdf")]
    assert pages[0] == pages[1] and "Pairings, round 1" in pages[0][0]


def test_missing_request_values_name_their_cell_and_change_nothing(base: Path, tmp_path: Path) -> None:
    _, book = doors(base, tmp_path)
    request(book, {"player": "3"})
    before = load_tournament(XlwingsPort(book))
    assert addin.request_bye(book) == ("Request!B5: type the points here 0.5 for a half-point bye, 0 for a "
                                       "zero-point bye. The workbook was not changed.")
    request(book, {"player": "3", "points": "2"})
    assert addin.request_bye(book).startswith("Request!B5: a requested bye is worth 0.5 or 0 points, not '2'.")
    request(book, {"player": "3", "points": "0", "round": "two"})
    assert addin.request_bye(book).startswith("Request!B4: round must be a whole number, not 'two'.")
    request(book, {"copy": str(tmp_path / "nowhere.xlsx")})
    assert "Request!B13: no workbook file" in addin.compare_copy(book)
    assert load_tournament(XlwingsPort(book)) == before


def test_in_lite_the_request_sheet_and_a_bye_work_as_in_the_classic_add_in(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    assert run_like_lite(book, addin.request_bye).startswith(f"Fill in the {REQUEST_SHEET} sheet")
    request(book, {"player": "Sato", "points": "½"})
    assert run_like_lite(book, addin.request_bye).endswith(": half bye in round 2.")
    cli_run("bye", workbook, "Sato", "--points", "½")
    same_event(workbook, book)


def test_a_line_up_button_sets_the_line_up_as_lineup_does(tmp_path: Path) -> None:
    """Team 1 (members 1-5, four boards) plays its reserve 5 instead of member 4 in round 1."""
    league = tmp_path / "league" / "club.xlsx"
    league.parent.mkdir()
    cli_run("new", league, "--system", "team-swiss", "--rounds", 3, "--boards", 4, "--players",
            write_roster(tmp_path / "roster.csv", 6))
    cli_run("pair", league)
    workbook, book = doors(league, tmp_path)
    request(book, {"team": "1", "players": "1, 2, x"})
    assert addin.team_lineup(book).startswith("Request!B16: players are start numbers separated by commas")
    request(book, {"team": "1", "players": "2,1,3,5"})
    assert "breaks the board order" in addin.team_lineup(book)
    request(book, {"team": "1", "players": "1,2,3,5"})
    assert addin.team_lineup(book) == "Round 1, team 1: line-up 1, 2, 3, 5."
    CliRunner().invoke(cli, ["lineup", str(workbook), "--round", "1", "--team", "1", "1,2,3,5"], catch_exceptions=False)
    assert load_team_book(XlwingsPort(book)).event == load_team_book(OpenpyxlPort(workbook)).event
    assert {p for g in load_team_book(OpenpyxlPort(workbook)).event.rounds[0].matches[0].boards
            for p in (g.white, g.black)} & {4, 5} == {5}


def test_the_line_up_button_refuses_an_individual_event(base: Path, tmp_path: Path) -> None:
    _, book = doors(base, tmp_path)
    request(book, {"team": "1", "players": "1,2"})
    assert addin.team_lineup(book).startswith("Line-ups belong to team events, and this workbook holds an individual")


def test_lite_makes_no_pdf_and_says_why(base: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, book = doors(base, tmp_path)
    monkeypatch.setattr(addin.sys, "platform", "emscripten")
    assert addin.pdf_report(book).startswith("PDF reports need Typst, which does not run in xlwings Lite")


COVERED = {
    # tests/test_two_doors.py (the same steps through both doors give the same tournament and journal)
    "pair_next_round", "enter_results", "update_standings", "undo_round", "make_reports", "export_trf",
    "explain_round",
    # tests/test_addin.py::test_a_new_event_means_the_same_through_both_doors
    "import_trf_csv",
    # this file
    "update_from_fide_list", "check_report",
    *STEPS, "event_status", "check_norms", "compare_copy", "merge_copy", "pdf_report", "team_lineup",
}


def test_every_ribbon_button_has_a_test_against_its_command() -> None:
    assert {b.name for b in addin.BUTTONS} == COVERED


def test_check_rating_report_says_what_check_report_prints(base: Path, tmp_path: Path) -> None:
    workbook, book = doors(base, tmp_path)
    printed = cli_run("check-report", workbook, code=1).splitlines()
    message = addin.check_report(book)
    assert message == f"A rating officer would reject {len(printed)} thing(s): " + " ".join(printed), message


def test_the_fide_list_button_updates_the_players_as_the_players_command_does(base: Path, tmp_path: Path) -> None:
    from .test_fide_list import xml_list

    workbook, book = doors(base, tmp_path)
    listed = xml_list().replace("Berg, Ada", "Berg, Erik").replace("Carlsen, Magnus", "Lindqvist, Anna")
    fide_list = tmp_path / "excel" / "players_list_xml_foa.xml"
    fide_list.write_text(listed, encoding="utf-8")
    assert addin.update_from_fide_list(book).startswith("2 player(s) updated from players_list_xml_foa.xml.")
    cli_run("players", workbook, "--from-fide", fide_list, "--yes")
    same_event(workbook, book)
