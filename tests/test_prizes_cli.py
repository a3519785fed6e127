"""``sheetpair prizes``: the Prizes sheet, --place and --sharing, the JSON shape and the Prize list sheet."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.app.prizes import prize_list
from sheetpair.cli import cli
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.prizes import PRIZE_LIST_SHEET, PRIZES_HEADER, PRIZES_SHEET

SAMPLE = Path(__file__).resolve().parent.parent / "sample_workbooks" / "club_championship.xlsx"


@pytest.fixture
def book(tmp_path: Path) -> Path:
    copy = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, copy)
    return copy


def run(*args: object, code: int = 0):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output + str(result.exception)
    return result


def standings(book: Path) -> list[dict]:
    return json.loads(run("standings", book, "--json", "--no-save").stdout)


def test_place_prizes_from_the_command_line_in_the_issues_shape(book: Path):
    table = standings(book)
    shown = json.loads(run("prizes", book, "--place", "1=100", "--place", "2=80", "--json").stdout)
    assert set(shown) == {"prizes"}
    assert all(set(p) == {"player", "name", "amount", "awards"} for p in shown["prizes"])
    paid = sum(p["amount"] for p in shown["prizes"])
    assert paid == pytest.approx(180)
    # sharing none: the tie-breaks decide between the two on 2½
    assert [(p["player"], p["amount"]) for p in shown["prizes"]] == [(table[0]["tpn"], 100), (table[1]["tpn"], 80)]
    sheet = openpyxl.load_workbook(book)[PRIZE_LIST_SHEET]
    assert [c.value for c in sheet[1]][:4] == ["TPN", "Name", "Prize", "Amount"]


def test_hort_through_the_command_line_when_two_tie_for_first(book: Path, tmp_path: Path):
    table = standings(book)
    port = OpenpyxlPort(book)
    tied = [line["tpn"] for line in table if line["points"] == table[0]["points"]]
    result = prize_list(port, write_sheet=False)
    assert result.awards == ()  # no Prizes sheet, no --place: no prizes
    assert len(tied) == 2  # the sample: Sato and Brandt on 2½
    shown = json.loads(run("prizes", book, "--place", "1=100", "--place", "2=80", "--sharing", "hort",
                           "--json", "--no-save").stdout)
    assert [(p["player"], p["amount"]) for p in shown["prizes"]] == [(tied[0], 95), (tied[1], 85)]
    pooled = json.loads(run("prizes", book, "--place", "1=100", "--place", "2=80", "--sharing", "pool",
                            "--json", "--no-save").stdout)
    assert [p["amount"] for p in pooled["prizes"]] == [90, 90]
    assert PRIZE_LIST_SHEET not in openpyxl.load_workbook(book).sheetnames  # --no-save wrote nothing


def test_the_prizes_sheet_gives_prizes_and_the_rule(book: Path):
    workbook = openpyxl.load_workbook(book)
    sheet = workbook.create_sheet(PRIZES_SHEET)
    sheet.append(PRIZES_HEADER)
    sheet.append(["First", 1, 100, "", ""])
    sheet.append(["Second", 2, 60, "", ""])
    sheet.append(["Cup for the best woman", 1, "cup", "sex=F", "women"])
    sheet.append(["Sharing", "pool"])
    workbook.save(book)
    shown = json.loads(run("prizes", book, "--json").stdout)
    labels = [label for p in shown["prizes"] for label in p["awards"]]
    assert sum(p["amount"] for p in shown["prizes"]) == pytest.approx(160)
    assert any(label.startswith("First") or "shared" in label for label in labels)
    written = openpyxl.load_workbook(book)[PRIZE_LIST_SHEET]
    assert written.max_row >= 3


def test_a_bad_prizes_sheet_names_the_cell(book: Path):
    workbook = openpyxl.load_workbook(book)
    sheet = workbook.create_sheet(PRIZES_SHEET)
    sheet.append(PRIZES_HEADER)
    sheet.append(["First", "one", 100, "", ""])
    workbook.save(book)
    result = run("prizes", book, code=65)
    assert "Prizes!B2" in result.output and "Traceback" not in result.output


def test_a_bad_place_option_is_one_sentence(book: Path):
    result = run("prizes", book, "--place", "first=100", code=65)
    assert "PLACE=AMOUNT" in result.output


def test_prizes_given_on_the_command_line_are_kept_for_the_reports(book: Path, tmp_path: Path):
    given = ("--place", "1=100", "--place", "2=80", "--place", "3=cup", "--sharing", "hort", "--minimum-share", "12.5")
    printed = json.loads(run("prizes", book, *given, "--json", "--no-save").stdout)
    assert PRIZES_SHEET not in openpyxl.load_workbook(book).sheetnames  # --no-save keeps nothing
    saved = run("prizes", book, *given, "--json")
    assert json.loads(saved.stdout) == printed and "Warning" not in saved.stderr  # a new sheet replaces nothing
    sheet = openpyxl.load_workbook(book)[PRIZES_SHEET]
    assert [c.value for c in sheet[1]] == PRIZES_HEADER
    assert json.loads(run("prizes", book, "--json").stdout) == printed  # the sheet alone gives the same list
    run("report", book, "--html", tmp_path / "site")
    page = (tmp_path / "site" / "prizes.html").read_text(encoding="utf-8")
    for line in printed["prizes"]:
        assert line["name"] in page
    assert "95" in page and "85" in page and "cup" in page


def test_the_command_line_replaces_only_what_it_gives_of_the_prizes_sheet_and_says_so(book: Path):
    workbook = openpyxl.load_workbook(book)
    sheet = workbook.create_sheet(PRIZES_SHEET)
    sheet.append(PRIZES_HEADER)
    sheet.append(["First", 1, 100, "", ""])
    sheet.append(["Second", 2, 60, "", ""])
    sheet.append(["Best woman", 1, 20, "sex=F", "women"])
    sheet.append(["Sharing", "pool"])
    workbook.save(book)
    before = json.loads(run("prizes", book, "--sharing", "hort", "--json", "--no-save").stdout)
    result = run("prizes", book, "--sharing", "hort", "--json")
    assert "sharing rule pool" in result.stderr and "the prizes" not in result.stderr
    assert json.loads(run("prizes", book, "--json").stdout) == before  # kept: the prizes and the new rule
    labels = [row[0].value for row in openpyxl.load_workbook(book)[PRIZES_SHEET].iter_rows(min_row=2)]
    assert "Best woman" in labels
    result = run("prizes", book, "--place", "1=50", "--json")
    assert "the prizes First, Second, Best woman" in result.stderr
    kept = openpyxl.load_workbook(book)[PRIZES_SHEET]
    assert [[c.value for c in row] for row in kept.iter_rows(min_row=2)] == [
        ["1. place", 1, 50, None, None], ["Sharing", "hort", None, None, None]]  # the old rows cleared
    assert run("prizes", book, "--place", "1=50").stderr == ""  # nothing new: nothing replaced
