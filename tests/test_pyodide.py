"""xlwings Lite, proven under Pyodide: the Lite ``main.py`` pairs a Dutch round, writes the standings and
puts the HTML report into a sheet, inside the Pyodide that Lite runs on, offline, in Node.

Pyodide comes from npm (tests/pyodide/package.json, installed by .ci/run into tests/pyodide/node_modules);
sheetpair's wheel is built here and unpacked with its pure-Python dependencies (tests/wheelhouse.py) into
Pyodide's site-packages, as micropip would after fetching them. The book is the in-memory Excel of
tests/memxw.py with Lite's semantics. Pyodide has no compiled matcher, WeasyPrint or pandas: the run must
not need them. Marked ``pyodide``; skipped where Node or Pyodide is missing, except on CI.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli

from .conftest import REPO
from .wheelhouse import building, pyodide_wheels

HERE = REPO / "tests" / "pyodide"
PYODIDE = HERE / "node_modules" / "pyodide" / "pyodide.asm.wasm"

pytestmark = pytest.mark.pyodide
if not (shutil.which("node") and PYODIDE.is_file()):
    if os.environ.get("CI"):
        raise RuntimeError(f"CI must run the Pyodide test, but node or {PYODIDE} is missing (npm ci in {HERE})")
    pytest.skip("Node or Pyodide missing: run 'npm ci' in tests/pyodide", allow_module_level=True)


@pytest.fixture(scope="module")
def lite_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    work = tmp_path_factory.mktemp("pyodide")
    with building():
        subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work), str(REPO)],
                       check=True, capture_output=True, timeout=300)
    (wheel,) = work.glob("sheetpair-*.whl")
    assert CliRunner().invoke(cli, ["addin", "--lite", "-o", str(work), "--wheel", str(wheel)]).exit_code == 0
    shutil.copy(REPO / "sample_workbooks" / "club_championship_roster.csv", work / "roster.csv")
    shutil.copy(REPO / "tests" / "memxw.py", work / "memxw.py")
    files = [work / "main.py", work / "roster.csv", work / "memxw.py", *work.glob("sheetpair-*.whl"), *pyodide_wheels()]
    done = subprocess.run(["node", str(HERE / "run.mjs"), str(HERE / "lite_driver.py"), *map(str, files)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_it_ran_in_pyodide_with_the_pure_python_matcher(lite_run: dict[str, object]) -> None:
    assert lite_run["platform"] == "emscripten"
    assert lite_run["compiled_matcher"] is False
    assert lite_run["loaded"] == []  # no WeasyPrint, pandas, numpy or py4swiss


def test_a_dutch_round_is_paired_and_the_standings_written(lite_run: dict[str, object]) -> None:
    played = (lite_run["system"], lite_run["players"], lite_run["rounds_played"], lite_run["boards"])
    assert played == ("dutch", 8, 1, 4)
    head = lite_run["standings_head"]
    assert isinstance(head, list) and head[0] == ["Rank", "TPN", "Name"] and head[1][0] == 1
    assert lite_run["status"] == ["done", "The report is in the Report sheet: copy its column A into a file named "
                                          "report.html."]


def test_the_html_report_lands_in_a_sheet(lite_run: dict[str, object]) -> None:
    html = str(lite_run["report_html"])
    assert html.lstrip().lower().startswith("<!doctype html>") and "</html>" in html
    # the round is paired and has no result yet: the report is what an arbiter posts, its pairing list
    assert "Pairings, round 1" in html and "Lindqvist, Anna" in html
