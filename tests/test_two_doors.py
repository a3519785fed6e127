"""The two doors are one: the same steps through the command line and through the buttons give the same
tournament, revisions and journal; a press reads each sheet of the workbook once; what only reads the event
(reports, exports, explanations) creates no revision from either door."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.excel import buttons as addin
from sheetpair.history.records import Metadata
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import new_book
from .test_addin import ROSTER, SEED, _import_roster, type_results

RESULTS = ["1-0", "½-½", "0-1", "1-0"]


def _journal(meta: Metadata) -> list[tuple[int, str, str]]:
    """The journal without who and when: what two doors must agree on."""
    return [(entry.revision, entry.command, entry.change) for entry in meta.journal]


def _through_the_command_line(tmp_path: Path) -> Path:
    workbook = tmp_path / "club.xlsx"
    runner = CliRunner()

    def run(*args: str) -> None:
        result = runner.invoke(cli, [*args], catch_exceptions=False)
        assert result.exit_code == 0, result.output

    run("new", str(workbook), "--system", "berger", "--players", str(ROSTER), "--seed", str(SEED))
    run("pair", str(workbook))
    typed = openpyxl.load_workbook(workbook)  # the arbiter types the results in Excel and saves
    header = [cell.value for cell in typed["Round 1"][1]]
    for row, result in enumerate(RESULTS, start=2):
        typed["Round 1"].cell(row, header.index("Result") + 1, result)
    typed.save(workbook)
    run("standings", str(workbook))
    run("pair", str(workbook))
    run("undo", str(workbook), "--yes")
    run("report", str(workbook), "--html", str(tmp_path / "site"))
    run("export", str(workbook), "--trf", str(tmp_path / "club.trf"))
    run("explain", str(workbook), "--round", "1")
    return workbook


def _through_the_buttons() -> object:
    book = new_book("Club.xlsx")
    _import_roster(book)
    addin.pair_next_round(book)
    type_results(book, 1, RESULTS)
    addin.enter_results(book)
    addin.pair_next_round(book)
    addin.undo_round(book)
    addin.make_reports(book)
    addin.export_trf(book)
    addin.explain_round(book)
    return book


def test_the_same_steps_give_the_same_tournament_revisions_and_journal(tmp_path: Path) -> None:
    on_file = OpenpyxlPort(_through_the_command_line(tmp_path))
    in_excel = XlwingsPort(_through_the_buttons())
    assert load_tournament(in_excel) == load_tournament(on_file)
    file_meta, excel_meta = read_metadata(on_file), read_metadata(in_excel)
    assert excel_meta.revision == file_meta.revision == 5  # created, paired, standings, paired, undone
    assert _journal(excel_meta) == _journal(file_meta)
    assert excel_meta.hashes == file_meta.hashes


@pytest.fixture
def counted_reads(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Whole-sheet reads from the live book (each one a round trip over COM), by sheet."""
    counts: Counter[str] = Counter()
    read = XlwingsPort._read

    def counting(port: XlwingsPort, name: str, limit: int | None) -> list[list[object]]:
        if limit is None:
            counts[name] += 1
        return read(port, name, limit)  # type: ignore[return-value]

    monkeypatch.setattr(XlwingsPort, "_read", counting)
    return counts


@pytest.mark.parametrize("button", [addin.enter_results, addin.update_standings, addin.pair_next_round,
                                    addin.make_reports, addin.export_trf, addin.explain_round, addin.undo_round])
def test_one_press_reads_each_sheet_once(button, counted_reads: Counter[str]) -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    addin.pair_next_round(book)
    type_results(book, 1, RESULTS if button is not addin.undo_round else [])
    counted_reads.clear()
    button(book)
    assert counted_reads["_sheetpair"] == 1
    assert max(counted_reads.values()) == 1, counted_reads


@pytest.mark.parametrize("button", [addin.make_reports, addin.export_trf, addin.explain_round])
def test_what_only_reads_the_event_creates_no_revision(button) -> None:
    book = new_book("Club.xlsx")
    _import_roster(book)
    addin.pair_next_round(book)
    before = read_metadata(XlwingsPort(book))
    assert "The workbook was not changed" not in button(book)
    after = read_metadata(XlwingsPort(book))
    assert (after.revision, after.journal) == (before.revision, before.journal)
