"""The floors of the house hold: the core imports nothing above it, and heavy or platform-bound libraries
stay at the edges (like click's own test_imports).

The core and the pairing systems must run anywhere, xlwings Lite included, and the command line must start
fast on machines without Excel: only the add-in modules import xlwings.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys

from .conftest import REPO


def _loaded_after(imports: str) -> set[str]:
    code = f"import json, sys\n{imports}\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout))


def test_the_core_loads_nothing_above_it() -> None:
    loaded = _loaded_after("import sheetpair.core.model, sheetpair.core.state, sheetpair.core.standings, "
                           "sheetpair.core.tiebreaks")
    above = {m for m in loaded if m.startswith(("sheetpair.pairing", "sheetpair.io", "sheetpair.report",
                                                "sheetpair.cli", "sheetpair.app", "sheetpair.addin"))}
    assert not above


def test_no_function_level_import_dodges_a_circle() -> None:
    """Imports of sheetpair's own modules stand at the top of each module, where the import graph shows them.

    The only function-level imports allowed load an optional extra where it is used: third-party libraries,
    and the add-in module, which imports xlwings.
    """
    hidden = []
    for path in sorted((REPO / "sheetpair").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if not isinstance(inner, ast.ImportFrom):
                        continue
                    own = inner.level > 0 or (inner.module or "").startswith("sheetpair")
                    addin = inner.module in ("addin", "sheetpair.addin") or [a.name for a in inner.names] == ["addin"]
                    if own and not addin:
                        hidden.append(f"{path.relative_to(REPO)}:{inner.lineno}")
    assert not hidden


def test_core_and_pairing_import_no_edge_library() -> None:
    loaded = {m.split(".")[0] for m in _loaded_after("import sheetpair.core.standings, sheetpair.pairing")}
    assert not loaded & {"xlwings", "openpyxl", "click", "pandas", "jinja2", "typst", "numpy"}


def test_command_line_does_not_import_xlwings() -> None:
    loaded = {m.split(".")[0] for m in _loaded_after("import sheetpair.cli")}
    assert "xlwings" not in loaded and "pandas" not in loaded


def test_the_add_in_does() -> None:
    assert "xlwings" in {m.split(".")[0] for m in _loaded_after("import sheetpair.addin")}
