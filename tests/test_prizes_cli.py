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
