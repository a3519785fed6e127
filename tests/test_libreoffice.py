"""Workbooks written by sheetpair open in LibreOffice, and what LibreOffice saves reads back unchanged."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

from .conftest import REPO

SOFFICE = shutil.which("soffice")
pytestmark = pytest.mark.skipif(SOFFICE is None, reason="LibreOffice is not installed (.ci/run installs it)")


def test_a_workbook_resaved_by_libreoffice_is_the_same_tournament(tmp_path: Path):
    original = REPO / "sample_workbooks" / "club_championship.xlsx"
    source = tmp_path / "event.xlsx"
    shutil.copy(original, source)
    out = tmp_path / "out"
    env = dict(os.environ, HOME=str(tmp_path))
    subprocess.run(
        [SOFFICE, "--headless", "--norestore", "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out),
         str(source)],
        check=True, capture_output=True, env=env, timeout=180,
    )
    resaved = out / "event.xlsx"
    assert resaved.exists(), "LibreOffice could not load the workbook"
    assert load_tournament(OpenpyxlPort(resaved)) == load_tournament(OpenpyxlPort(original))
