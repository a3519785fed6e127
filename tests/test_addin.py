"""The Excel add-in, driven through real xlwings ``Book``/``Sheet``/``Range`` objects over an in-memory Excel.

The same event run through the buttons (xlwings port, classic and Lite semantics) and through the command
line (openpyxl file port) must give the same tournament; a failing button must leave the workbook as it
was and say why in plain words.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.app import operations
from sheetpair.app.interchange import read_event
from sheetpair.app.session import load, write
from sheetpair.app.workbooks.live import in_excel
from sheetpair.cli import cli
from sheetpair.core.errors import StaleCopyError
from sheetpair.core.results import RESULT_CODES
from sheetpair.excel import buttons as addin
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .conftest import CONFORMANCE, REPO
from .memxw import contents, engine_of, new_book, run_like_lite

ROSTER = REPO / "sample_workbooks" / "club_championship_roster.csv"
SEED = 7
ROUND_1_RESULTS = ["1-0", "½-½", "0-1", "+/-"]
ROUND_2_RESULTS = ["0-1", "1-0", "-/+", "½-½"]


def press(book, button, *, lite: bool):
    """Presses a button as the classic add-in does, or as xlwings Lite does (snapshot reads, queued writes)."""
    return run_like_lite(book, button) if lite else button(book)


def type_results(book, number: int, results: list[str]) -> None:
    """The arbiter types results into the Result column of a round sheet, found by its title."""
    sheet = book.sheets[f"Round {number}"]
    column = sheet.range((1, 1), (1, 20)).value.index("Result") + 1
    for row, result in enumerate(results, start=2):
        sheet.range((row, column)).value = result


def excel_event(*, lite: bool):
    """New event from a pasted CSV roster, round 1, results, round 2, results, standings: all by buttons."""
    book = new_book("Club.xlsx")
    press(book, addin.import_trf_csv, lite=lite)  # first press makes the Import sheet
    sheet = book.sheets["Import"]
    sheet["B2"].value = "berger"
    sheet["B5"].value = SEED
    lines = ROSTER.read_text(encoding="utf-8").splitlines()
    sheet.range((10, 1)).value = [[line] for line in lines]
    assert press(book, addin.import_trf_csv, lite=lite).startswith("Imported the CSV roster: 8 players")
    assert press(book, addin.pair_next_round, lite=lite).startswith("Round 1 is paired: 4 board(s)")
    assert book.sheets.active.name == "Round 1"
    type_results(book, 1, ROUND_1_RESULTS)
    assert press(book, addin.pair_next_round, lite=lite).startswith("Round 2 is paired")
    type_results(book, 2, ROUND_2_RESULTS)
    assert "after round 2" in press(book, addin.update_standings, lite=lite)
    return book


def file_event(tmp_path: Path) -> Path:
    """The same event through the command line, on an .xlsx file."""
    workbook = tmp_path / "club.xlsx"
    runner = CliRunner()

    def run(*args: str) -> None:
        result = runner.invoke(cli, [*args], catch_exceptions=False)
        assert result.exit_code == 0, result.output

    run("new", str(workbook), "--system", "berger", "--players", str(ROSTER), "--seed", str(SEED))
    run("pair", str(workbook))
    for board, result in enumerate(ROUND_1_RESULTS, start=1):
        run("result", str(workbook), "--round", "1", "--board", str(board), result)
    run("pair", str(workbook))
    for board, result in enumerate(ROUND_2_RESULTS, start=1):
        run("result", str(workbook), "--round", "2", "--board", str(board), result)
    run("standings", str(workbook))
    return workbook


@pytest.fixture(scope="module")
def file_tournament(tmp_path_factory):
    return load_tournament(OpenpyxlPort(file_event(tmp_path_factory.mktemp("cli"))))


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_buttons_and_command_line_make_the_same_tournament(lite: bool, file_tournament) -> None:
    book = excel_event(lite=lite)
    tournament = load_tournament(XlwingsPort(book))
    assert tournament.current_round == 2
    assert tournament == file_tournament
    assert [g.result.value for g in tournament.round(2).games] == ROUND_2_RESULTS


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_sheets_are_written_as_an_arbiter_needs_them(lite: bool) -> None:
    book = excel_event(lite=lite)
    memory = engine_of(book)
    names = [s.name for s in book.sheets]
    assert names.index("Round 2") < names.index("Standings")
    assert all(not s.formulas for s in memory._sheets), "a text became a formula"
    round_sheet = memory.sheet_named("Round 1")
    assert round_sheet.validations == {"$G$2:$G$5": list(RESULT_CODES)}
    assert (1, 1) in round_sheet.bold
    assert round_sheet.frozen_at == ("A2" if lite else None)  # the classic engines cannot freeze panes
    assert round_sheet.number_formats[(2, 7)] == "@"
    assert memory.sheet_named("Players").table_ranges == {"Players": "$A$1:$M$9"}
    assert not memory.sheet_named("_sheetpair").visible
    status = book.sheets["sheetpair"].used_range.value
    assert status[1:3] == [["Button", "Update standings"], ["Outcome", "done"]]


def test_the_lite_engine_shows_writes_only_after_the_script() -> None:
    """The double must really behave like Lite, or the Lite runs above would prove nothing."""
    book = new_book("Club.xlsx", {"Sheet1": [["old"]]})

    def script(b):
        b.sheets["Sheet1"]["A1"].value = "new"
        return b.sheets["Sheet1"]["A1"].value

    assert run_like_lite(book, script) == "old"
    assert book.sheets["Sheet1"]["A1"].value == "new"


def test_owned_sheets_are_rebuilt_in_place_so_references_to_them_survive() -> None:
    """Deleting and re-adding Standings would turn an arbiter's ``=Standings!C2`` elsewhere into ``#REF!``."""
    book = new_book("Club.xlsx")
    _import_roster(book)
    standings_sheet = engine_of(book).sheet_named("Standings")
    book.sheets["Standings"]["Z99"].value = "an arbiter's note"
    addin.update_standings(book)
    assert engine_of(book).sheet_named("Standings") is standings_sheet
    assert standings_sheet.cells_store[(99, 26)] == "an arbiter's note"  # outside sheetpair's table: kept
    assert (1, 1) in standings_sheet.bold


def test_the_players_table_grows_over_a_column_sheetpair_adds() -> None:
    """The arbiter blanked the header of column J (Team): sheetpair appends its Team column as N."""
    book = new_book("Club.xlsx")
    _import_roster(book)
    book.sheets["Players"]["J1"].value = None
    addin.update_standings(book)
    assert book.sheets["Players"]["N1"].value == "Team"
    assert engine_of(book).sheet_named("Players").table_ranges == {"Players": "$A$1:$N$9"}


def test_each_button_counts_one_revision_under_lite() -> None:
    book = excel_event(lite=True)
    meta = dict(book.sheets["_sheetpair"].used_range.value[1:])
    assert meta["revision"] == 4  # import, round 1, round 2, standings


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_missing_results_leave_the_workbook_unchanged_and_say_why(lite: bool) -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    addin.pair_next_round(book)
    before = _without_status(book)
    message = press(book, addin.pair_next_round, lite=lite)
    assert message == "Round 1 has no result yet on board(s) 1, 2, 3, 4. The workbook was not changed."
    assert _without_status(book) == before
    status = book.sheets["sheetpair"].used_range.value
    assert status[2] == ["Outcome", "FAILED"] and status[3] == ["Message", message]
    alerts = engine_of(book).app.alerts
    assert alerts == ([] if lite else [{"prompt": message, "title": "sheetpair: Pair next round", "mode": "critical"}])


def test_a_broken_cell_is_named_by_sheet_and_cell() -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    book.sheets["Players"]["C4"].value = "strong"
    before = _without_status(book)
    message = addin.pair_next_round(book)
    assert message.startswith("Players!C4: rating 'strong' is not a number")
    assert _without_status(book) == before


def test_an_unexpected_failure_is_told_in_words_not_a_traceback(monkeypatch) -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    before = _without_status(book)

    def broken(tournament, **_options):
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(operations, "pair_next_round", broken)
    message = addin.pair_next_round(book)
    assert message == ("sheetpair could not finish (RuntimeError: disk on fire). The workbook was not changed. "
                       "Please report this.")
    assert "Traceback" not in message and _without_status(book) == before


@pytest.mark.parametrize("button", [addin.pair_next_round, addin.update_standings, addin.make_reports])
def test_a_workbook_without_tournament_points_to_the_import(button) -> None:
    book = new_book("Book1")
    assert button(book) == ("This workbook holds no tournament yet: start one with Import TRF/CSV. "
                            "The workbook was not changed.")


def test_import_refuses_a_workbook_that_holds_a_tournament() -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    assert addin.import_trf_csv(book).startswith("This workbook already holds a tournament")


def test_a_pasted_trf_gives_the_tournament_the_file_gives(tmp_path: Path) -> None:
    text = (CONFORMANCE / "bbp" / "dutch" / "d002.trf").read_text(encoding="utf-8")
    book = new_book("Club.xlsx")
    addin.import_trf_csv(book)
    book.sheets["Import"].range((10, 1)).value = [[line] for line in text.splitlines() if line.strip()]
    assert addin.import_trf_csv(book).startswith("Imported the TRF")
    port = OpenpyxlPort(tmp_path / "trf.xlsx", create=True)
    source = tmp_path / "d002.trf"
    source.write_text(text, encoding="utf-8")
    write(port, read_event(source).tournament)  # as `sheetpair import` reads it, declared ranks included
    assert load_tournament(XlwingsPort(book)) == load_tournament(port)


def test_a_csv_split_into_columns_by_excel_is_joined_back() -> None:
    book = new_book("Club.xlsx")
    addin.import_trf_csv(book)
    sheet = book.sheets["Import"]
    sheet["B2"].value, sheet["B3"].value = "berger", 3
    sheet.range((10, 1)).value = [["Name", "Rating"], ["Lindqvist, Anna", 2185], ["Berg, Erik", 2140],
                                  ["Havel, Tomas", 2098], ["Okafor, Daniel", 1987]]
    assert addin.import_trf_csv(book).startswith("Imported the CSV roster: 4 players, 3 rounds")
    players = load_tournament(XlwingsPort(book)).players
    assert sorted(p.name for p in players)[0] == "Berg, Erik" and {p.rating for p in players} >= {2185}


def test_reports_go_beside_a_saved_workbook_or_into_a_sheet(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    made = datetime.datetime(2026, 4, 1, 18, 30, 59, tzinfo=datetime.timezone.utc)
    monkeypatch.setattr("sheetpair.report.data.now", lambda: made)  # both pages made at the same moment
    saved = new_book(str(tmp_path / "Club.xlsx"))
    _import_roster(saved)
    assert addin.make_reports(saved) == f"The report is saved as {tmp_path / 'Club report.html'}."
    page = (tmp_path / "Club report.html").read_text(encoding="utf-8")
    assert "Starting rank list" in page and "Lindqvist, Anna" in page  # nothing paired yet: the starting list
    unsaved = new_book("Club.xlsx")  # the same name, never saved: no folder to write beside
    _import_roster(unsaved)
    run_like_lite(unsaved, addin.make_reports)
    lines = [row[0] for row in unsaved.sheets["Report"].used_range.options(ndim=2).value[1:]]
    assert "\n".join(lines) == page


def _import_roster(book) -> None:
    addin.import_trf_csv(book)
    sheet = book.sheets["Import"]
    sheet["B2"].value, sheet["B5"].value = "berger", SEED
    sheet.range((10, 1)).value = [[line] for line in ROSTER.read_text(encoding="utf-8").splitlines()]
    assert addin.import_trf_csv(book).startswith("Imported")


def _without_status(book):
    return {name: cells for name, cells in contents(book).items() if name != addin.STATUS_SHEET}


def test_a_new_event_means_the_same_through_both_doors(tmp_path: Path) -> None:
    """Options and the bye value are read by one rule: ``--option``/``--bye-value`` on the command line, the
    ``options``/``bye_value`` cells of the Import sheet in Excel."""
    workbook = tmp_path / "open.xlsx"
    result = CliRunner().invoke(cli, ["new", str(workbook), "--system", "dutch", "--rounds", "5", "--players",
                                      str(ROSTER), "--seed", str(SEED), "--bye-value", "0,5",
                                      "--option", "acceleration=baku"])
    assert result.exit_code == 0, result.output
    book = new_book("Open.xlsx")
    addin.import_trf_csv(book)
    sheet = book.sheets["Import"]
    keys = [row[0] for row in sheet.used_range.value[1:]]
    for key, value in {"system": "dutch", "rounds": 5, "seed": SEED, "bye_value": "½",
                       "options": "acceleration=baku"}.items():
        sheet.range((keys.index(key) + 2, 2)).value = value
    sheet.range((len(keys) + 3, 1)).value = [[line] for line in ROSTER.read_text(encoding="utf-8").splitlines()]
    assert addin.import_trf_csv(book).startswith("Imported the CSV roster"), book.sheets["sheetpair"]["B4"].value
    through_excel = load_tournament(XlwingsPort(book))
    through_cli = load_tournament(OpenpyxlPort(workbook))
    assert through_excel.settings.options == {"acceleration": "baku"} and through_excel.settings.bye_value == 0.5
    assert through_excel == through_cli


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_notes_typed_beside_and_below_an_owned_sheet_survive_a_button(lite: bool) -> None:
    """An arbiter's note beside the Standings table and below the round's boards stays, with its fill,
    comment, validation and conditional format, when a button rebuilds the sheets in live Excel (the table
    may grow: the notes move with its edge, ``test_xlwings_port``)."""
    book = excel_event(lite=lite)
    book.sheets["Standings"]["P3"].value = "prize: best junior"
    book.sheets["Round 2"]["B20"].value = "board 3 started late"
    standings, round_2 = (engine_of(book).sheet_named(name) for name in ("Standings", "Round 2"))
    standings.decorations[(3, 16)] = "green fill"
    standings.conditional_formats["$P$3:$P$9"] = "bold when 'prize'"
    round_2.decorations[(20, 2)] = "comment: arbiter's note"
    round_2.validations["$B$20"] = ["late", "on time"]
    press(book, addin.update_standings, lite=lite)
    assert book.sheets["Standings"]["P3"].value == "prize: best junior"
    assert book.sheets["Round 2"]["B20"].value == "board 3 started late"
    assert standings.decorations == {(3, 16): "green fill"}
    assert standings.conditional_formats == {"$P$3:$P$9": "bold when 'prize'"}
    assert round_2.decorations == {(20, 2): "comment: arbiter's note"}
    assert round_2.validations["$B$20"] == ["late", "on time"]


def test_a_press_refuses_to_commit_when_another_program_wrote_the_book_since_it_read_it() -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    before = read_metadata(XlwingsPort(book)).revision
    with pytest.raises(StaleCopyError, match=f"revision {before + 1}, not {before} as when the button read it"):
        with in_excel(book) as port:
            tournament = load(port)
            addin.pair_next_round(book)  # another press, or another program, writes meanwhile
            write(port, tournament)
    assert read_metadata(XlwingsPort(book)).revision == before + 1
    assert load_tournament(XlwingsPort(book)).current_round == 1  # the other change, and nothing of this one
