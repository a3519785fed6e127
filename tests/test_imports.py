"""Heavy or platform-bound libraries stay at the edges (like click's own test_imports).

The core and the pairing systems must run anywhere, xlwings Lite included, and the command line must start
fast on machines without Excel: only the add-in modules import xlwings.
"""

from __future__ import annotations

import json
import subprocess
import sys

from .conftest import REPO


def _loaded_after(imports: str) -> set[str]:
    code = f"import json, sys\n{imports}\nprint(json.dumps(sorted(m.split('.')[0] for m in sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout))


def test_core_and_pairing_import_no_edge_library() -> None:
    loaded = _loaded_after("import sheetpair.core.operations, sheetpair.core.standings, sheetpair.pairing")
    assert not loaded & {"xlwings", "openpyxl", "click", "pandas", "jinja2", "weasyprint", "numpy"}


def test_command_line_does_not_import_xlwings() -> None:
    loaded = _loaded_after("import sheetpair.cli")
    assert "xlwings" not in loaded and "pandas" not in loaded


def test_the_add_in_does() -> None:
    assert "xlwings" in _loaded_after("import sheetpair.addin")
