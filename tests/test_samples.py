"""The shipped sample workbooks open, and their next round pairs into a copy without touching them."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .conftest import REPO

SAMPLES = sorted((REPO / "sample_workbooks").glob("*.xlsx"))


def test_there_is_a_sample_per_family():
    systems = {load_tournament(OpenpyxlPort(path)).settings.system for path in SAMPLES}
    assert {"berger", "scheveningen", "berger-swiss"} <= systems


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_sample_pairs_its_next_round_into_a_copy(path: Path, tmp_path: Path):
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    copy = tmp_path / path.name
    result = CliRunner().invoke(cli, ["pair", str(path), "-o", str(copy)])
    assert result.exit_code == 0, result.output
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    played = load_tournament(OpenpyxlPort(path)).current_round
    assert load_tournament(OpenpyxlPort(copy)).current_round == played + 1
