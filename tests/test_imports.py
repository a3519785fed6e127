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
from pathlib import Path

from .conftest import REPO


def _loaded_after(imports: str) -> set[str]:
    code = f"import json, sys\n{imports}\nprint(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True)
    return set(json.loads(result.stdout))


def test_the_core_loads_nothing_above_it() -> None:
    loaded = _loaded_after("import sheetpair.core.model, sheetpair.core.state, sheetpair.core.standings, "
                           "sheetpair.core.tiebreaks")
    above = {m for m in loaded if m.startswith(("sheetpair.pairing", "sheetpair.io", "sheetpair.report",
                                                "sheetpair.cli", "sheetpair.app", "sheetpair.excel"))}
    assert not above


def test_no_function_level_import_dodges_a_circle() -> None:
    """Imports of sheetpair's own modules stand at the top of each module, where the import graph shows them.

    The only function-level imports allowed load an optional extra where it is used: third-party libraries.
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
                    if own:
                        hidden.append(f"{path.relative_to(REPO)}:{inner.lineno}")
    assert not hidden


def test_core_and_pairing_import_no_edge_library() -> None:
    loaded = {m.split(".")[0] for m in _loaded_after("import sheetpair.core.standings, sheetpair.pairing")}
    assert not loaded & {"xlwings", "openpyxl", "click", "pandas", "jinja2", "typst", "numpy"}


def test_command_line_does_not_import_xlwings() -> None:
    loaded = {m.split(".")[0] for m in _loaded_after("import sheetpair.cli")}
    assert "xlwings" not in loaded and "pandas" not in loaded


def test_the_add_in_does() -> None:
    assert "xlwings" in {m.split(".")[0] for m in _loaded_after("import sheetpair.excel.buttons")}


FIDE_SYSTEMS = ("dutch", "dubov", "burstein", "lim")
"""The folders of the FIDE Swiss systems under ``sheetpair/pairing``; what they share is in ``pairing/fide``."""


def _own_imports(path: Path) -> list[str]:
    """The sheetpair modules ``path`` imports, as absolute dotted names (relative imports resolved)."""
    package = ".".join(path.relative_to(REPO).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rpartition(".")[0]
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            module = f"{base}.{node.module}" if node.level and node.module else base if node.level else node.module
            names.extend([module] if node.module else [f"{module}.{a.name}" for a in node.names])
        elif isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
    return [name for name in names if name and name.startswith("sheetpair")]


def _imports_under(folder: str) -> dict[str, list[str]]:
    return {str(path.relative_to(REPO)): _own_imports(path) for path in sorted((REPO / folder).rglob("*.py"))}


def test_own_imports_resolve_relative_names() -> None:
    imports = _own_imports(REPO / "sheetpair" / "pairing" / "dutch" / "colours.py")
    assert "sheetpair.pairing.fide.entrants" in imports and "sheetpair.core.model" in imports


def test_no_fide_system_imports_another_systems_folder() -> None:
    """Dutch, Dubov, Burstein and Lim share only ``pairing/fide`` (and the pairing floor's common modules)."""
    crossings = []
    for system in FIDE_SYSTEMS:
        others = tuple(f"sheetpair.pairing.{other}" for other in FIDE_SYSTEMS if other != system)
        for module, imports in _imports_under(f"sheetpair/pairing/{system}").items():
            crossings += [f"{module} -> {name}" for name in imports if name.startswith(others)]
    assert not crossings


def test_pairing_and_report_do_not_import_io() -> None:
    """Pairing reads domain state, never files; reports render what the application layer gives them."""
    reaching = [f"{module} -> {name}"
                for folder in ("sheetpair/pairing", "sheetpair/report")
                for module, imports in _imports_under(folder).items()
                for name in imports if name.startswith("sheetpair.io")]
    assert not reaching


def test_the_command_line_reaches_files_only_through_the_application_layer() -> None:
    """The command line parses, calls one use case, formats: it opens no workbook and reads no file format."""
    reaching = [f"{path}: {module}" for path, modules in _imports_under("sheetpair/cli").items()
                for module in modules if module.startswith("sheetpair.io")]
    assert not reaching


def test_only_the_workbooks_door_builds_a_port() -> None:
    """Every command and every button gets its port from :mod:`sheetpair.app.workbooks`, with its safety net."""
    door = REPO / "sheetpair" / "app" / "workbooks"
    built = []
    for path in sorted((REPO / "sheetpair").rglob("*.py")):
        if door in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("OpenpyxlPort", "XlwingsPort"):
                built.append(f"{path.relative_to(REPO)}:{node.lineno}")
    assert not built
