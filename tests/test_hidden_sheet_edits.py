"""Edits of the hidden ``_sheetpair`` sheet give a sentence naming the cell, never a traceback, and never
restart the revision count."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.cli import cli

from .safety_support import write_event


def _edited(tmp_path: Path, key_part: str, value: object) -> Path:
    book = write_event(tmp_path / "event.xlsx")
    raw = openpyxl.load_workbook(book)
    sheet = raw["_sheetpair"]
    row = next(r for r in range(1, sheet.max_row + 1) if str(sheet.cell(r, 1).value) == key_part)
    sheet.cell(row, 2).value = value
    raw.save(book)
    return book


EDITS = [("written round 1 pairing", "1.5"), ("written round 1 pairing", '{"games": 3}'),
         ("written round 1 results", "[[1]]"), ("revision", "x")]


@pytest.mark.parametrize(("key_part", "value"), EDITS)
def test_a_hand_edit_of_the_hidden_sheet_is_a_sentence(tmp_path: Path, key_part: str, value: object) -> None:
    book = _edited(tmp_path, key_part, value)
    outcome = CliRunner().invoke(cli, ["result", str(book), "--board", "1", "1-0"])
    assert outcome.exit_code == 65, outcome.output
    assert "_sheetpair" in outcome.output and "changed by hand" in outcome.output
    assert outcome.exc_info is None or isinstance(outcome.exc_info[1], SystemExit)
