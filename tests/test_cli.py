"""The command line as arbiters and scripts use it: the scripting contract of the foundation."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.model import ByeKind
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

ROSTER = (
    "Name;Elo;FED;Club\nAlice;2100;NOR;Oslo\nBob;2050;SWE;Lund\n"
    "=HYPERLINK(\"x\");1900;DEN;\n-Dan;1800;GER;\n+Carl;1750;DEN;\n@Fay;1700;FIN;\n"
)


def run(*args: str, ok: bool = True):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output + str(result.exception)
    return result


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def event(tmp_path: Path) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    book = tmp_path / "event.xlsx"
    run("new", book, "--system", "berger", "--rounds", "5", "--players", roster, "--seed", "11")
    return book


def test_new_draws_lots_from_the_saved_seed_and_keeps_names_as_text(event: Path, tmp_path: Path):
    again = tmp_path / "again.xlsx"
    run("new", again, "--system", "berger", "--players", tmp_path / "roster.csv", "--seed", "11")
    first = [p.name for p in load_tournament(OpenpyxlPort(event)).players]
    assert first == [p.name for p in load_tournament(OpenpyxlPort(again)).players]
    sheet = openpyxl.load_workbook(event)["Players"]
    for row in sheet.iter_rows(min_row=2):
        name = row[1]
        assert name.data_type == "s", name.value  # never a formula
    assert "Players" in sheet.tables


def test_a_whole_round_robin_through_the_command_line(event: Path):
    for number in range(1, 6):
        paired = json.loads(run("pair", event, "--json").stdout)
        assert paired["round"] == number
        assert len(paired["boards"]) == 3 and paired["byes"] == []
        for board in paired["boards"]:
            run("result", event, "--round", number, "--board", board["board"], "1-0" if board["board"] % 2 else "½-½")
    table = json.loads(run("standings", event, "--json").stdout)
    assert [line["rank"] for line in table][0] == 1
    assert sum(line["points"] for line in table) == pytest.approx(15)
    assert set(table[0]["tiebreaks"]) == {"SB", "WIN"}
    assert all({"k", "expected", "rating_change"} <= set(line) for line in table)
    out = run("pair", event, ok=False)
    assert out.exit_code != 0 and "planned rounds" in out.output


def test_pairing_refuses_while_results_are_missing_and_names_the_boards(event: Path):
    run("pair", event)
    run("result", event, "--round", "1", "--board", "1", "-/+")
    before = digest(event)
    out = run("pair", event, ok=False)
    assert out.exit_code == 3
    assert "board(s) 2, 3" in out.output
    assert digest(event) == before


def test_result_spellings_and_bad_input(event: Path):
    run("pair", event)
    for spelling, code in (("1/2-1/2", "½-½"), ("0.5-0.5", "½-½"), ("=", "½-½"), ("+/-", "+/-"),
                           ("-/-", "-/-"), ("*", "*"), ("0-1", "0-1")):
        run("result", event, "--round", "1", "--board", "2", spelling)
        assert load_tournament(OpenpyxlPort(event)).round(1).game_on_board(2).result.value == code
    before = digest(event)
    bad = run("result", event, "--round", "1", "--board", "2", "2-0", ok=False)
    assert bad.exit_code == 65 and "unknown result" in bad.output
    missing = run("result", event, "--round", "1", "--board", "9", "1-0", ok=False)
    assert missing.exit_code == 4 and "no board 9" in missing.output
    for digits in ("10", "01", "3"):  # two boards typed without a result, or a result without its dash
        ambiguous = run("result", event, "--round", "1", "--board", "2", digits, ok=False)
        assert ambiguous.exit_code == 2 and f"--board 2 {digits}: is '{digits}' a result or a board" in ambiguous.output
    assert digest(event) == before


@pytest.mark.parametrize("dates, stored", [("2026-04-01/2026-04-05", ("2026-04-01", "2026-04-05")),
                                           ("1.4.2026..5.4.2026", ("2026-04-01", "2026-04-05")),
                                           ("1.4.2026", ("2026-04-01", "2026-04-01"))])
def test_event_dates_are_stored_as_dates(tmp_path: Path, dates: str, stored: tuple[str, str]):
    roster = tmp_path / "r.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    run("new", tmp_path / "x.xlsx", "--system", "berger", "--players", roster, "--dates", dates)
    event = load_tournament(OpenpyxlPort(tmp_path / "x.xlsx")).settings.event
    assert (event.start_date, event.end_date) == stored


@pytest.mark.parametrize("dates, says", [("1st April", "'1st April' is no date"),
                                         ("2026-04-05/2026-04-01", "the last day 2026-04-01 is before")])
def test_event_dates_that_are_no_dates_are_refused(tmp_path: Path, dates: str, says: str):
    roster = tmp_path / "r.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    out = run("new", tmp_path / "x.xlsx", "--system", "berger", "--players", roster, "--dates", dates, ok=False)
    assert out.exit_code == 65 and says in out.output and not (tmp_path / "x.xlsx").exists()


def test_a_wrong_result_typed_in_excel_is_reported_with_its_cell_and_nothing_is_written(event: Path):
    run("pair", event)
    book = openpyxl.load_workbook(event)
    book["Round 1"]["G3"] = "2-0"
    book.save(event)
    before = digest(event)
    out = run("pair", event, ok=False)
    assert out.exit_code == 65
    assert "Round 1!G3" in out.output and "'2-0'" in out.output
    assert digest(event) == before


def test_duplicate_start_number_and_unknown_player_name_the_cell(event: Path):
    book = openpyxl.load_workbook(event)
    book["Players"]["A3"] = 1
    book.save(event)
    out = run("pair", event, ok=False)
    assert out.exit_code == 65 and "Players!A3" in out.output and "duplicate start number 1" in out.output


def test_arbiters_sheets_columns_and_formatting_survive(event: Path):
    book = openpyxl.load_workbook(event)
    notes = book.create_sheet("Arbiter notes")
    notes["A1"] = "Board 3 clock was late"
    players = book["Players"]
    players["L1"] = "Paid"
    players["L2"] = "yes"
    players["B2"].font = openpyxl.styles.Font(bold=True, color="FF0000")
    book.save(event)
    run("pair", event)
    run("withdraw", event, "2", "--from-round", "3")
    book = openpyxl.load_workbook(event)
    assert book["Arbiter notes"]["A1"].value == "Board 3 clock was late"
    assert book["Players"]["L1"].value == "Paid" and book["Players"]["L2"].value == "yes"
    assert book["Players"]["B2"].font.bold
    assert load_tournament(OpenpyxlPort(event)).player(2).withdrawn_from == 3


def test_undo_asks_when_results_exist(event: Path):
    run("pair", event)
    run("result", event, "--round", "1", "--board", "1", "1-0")
    refused = CliRunner().invoke(cli, ["undo", str(event)], input="n\n")
    assert refused.exit_code != 0
    assert "Round 1" in openpyxl.load_workbook(event).sheetnames
    run("undo", event, "--yes")
    assert "Round 1" not in openpyxl.load_workbook(event).sheetnames
    assert load_tournament(OpenpyxlPort(event)).current_round == 0


def test_requested_bye_in_a_swiss_style_flow_is_stored_until_paired(event: Path):
    run("bye", event, "3", "--round", "2", "--points", "0.5")
    assert load_tournament(OpenpyxlPort(event)).requested_byes == {2: {3: ByeKind.HALF}}
    bad = run("bye", event, "3", "--round", "2", "--points", "2", ok=False)
    assert bad.exit_code == 65


def test_unknown_system_and_unknown_option_are_refused(tmp_path: Path):
    roster = tmp_path / "r.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    out = run("new", tmp_path / "x.xlsx", "--system", "nonsense", "--rounds", "5", "--players", roster, ok=False)
    assert out.exit_code == 2 and "nonsense" in out.output and "dutch" in out.output  # the choices are listed
    out = run("new", tmp_path / "x.xlsx", "--system", "berger", "--players", roster, "--option", "foo=1", ok=False)
    assert out.exit_code == 65 and "no option 'foo'" in out.output
    assert not (tmp_path / "x.xlsx").exists()


def test_pair_into_a_copy_leaves_the_original_untouched(event: Path, tmp_path: Path):
    before = digest(event)
    copy = tmp_path / "copy.xlsx"
    run("pair", event, "-o", copy)
    assert digest(event) == before
    assert load_tournament(OpenpyxlPort(copy)).current_round == 1


def test_systems_lists_the_registry():
    out = run("systems")
    assert out.stdout.startswith("berger") or "berger " in out.stdout


def test_a_result_typed_below_the_boards_and_a_missing_column_name_their_cells(event: Path):
    run("pair", event)
    book = openpyxl.load_workbook(event)
    book["Round 1"]["G9"] = "1-0"
    book.save(event)
    out = run("pair", event, ok=False)
    assert out.exit_code == 65 and "Round 1!G9" in out.output and "does not exist" in out.output
    book = openpyxl.load_workbook(event)
    book["Round 1"]["G9"] = None
    book["Players"]["B1"] = "Surname"
    book.save(event)
    out = run("standings", event, ok=False)
    assert out.exit_code == 65 and "Players!A1" in out.output and "'Name'" in out.output


def test_charts_and_comments_of_the_arbiter_survive_without_a_loss_warning(event: Path):
    from openpyxl.chart import BarChart, Reference
    from openpyxl.comments import Comment

    book = openpyxl.load_workbook(event)
    sheet = book.create_sheet("Prizes")
    for row in (("Place", "Prize"), (1, 500), (2, 300)):
        sheet.append(row)
    chart = BarChart()
    chart.add_data(Reference(sheet, min_col=2, min_row=1, max_row=3), titles_from_data=True)
    sheet.add_chart(chart, "D2")
    sheet["A1"].comment = Comment("prize fund confirmed", "arbiter")
    book.save(event)
    run("pair", event)
    book = openpyxl.load_workbook(event)
    assert book["Prizes"]["A1"].comment.text == "prize fund confirmed"
    assert len(book["Prizes"]._charts) == 1


def test_content_openpyxl_would_drop_is_never_lost(event: Path):
    import zipfile

    with zipfile.ZipFile(event, "a") as package:
        package.writestr("customXml/item1.xml", "<root>add-in state</root>")
    before = digest(event)
    out = run("pair", event, ok=False)
    assert out.exit_code == 65
    assert "customXml/item1.xml" in out.output and "event-sheetpair.xlsx" in out.output
    assert digest(event) == before
    side = event.with_name("event-sheetpair.xlsx")
    assert load_tournament(OpenpyxlPort(side)).current_round == 1
