"""``sheetpair addin --lite``: the xlwings Lite files (the classic add-in: tests/test_xlam.py)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.excel import buttons as addin
from sheetpair.io.workbook import load_tournament
from sheetpair.io.xlwings_port import XlwingsPort

from .memxw import new_book, run_like_lite
from .test_addin import ROSTER, SEED


def test_lite_main_runs_each_button_in_lite_semantics(tmp_path: Path) -> None:
    wheel = tmp_path / "build" / "sheetpair-0.1.0-py3-none-any.whl"
    wheel.parent.mkdir()
    wheel.write_bytes(b"stand-in")
    result = CliRunner().invoke(cli, ["addin", "--lite", "-o", str(tmp_path), "--wheel", str(wheel),
                                      "--wheel-url", "https://chess.example.org/lite/"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "requirements.txt").read_text() == f"https://chess.example.org/lite/{wheel.name}\n"
    namespace: dict[str, object] = {}
    exec(compile((tmp_path / "main.py").read_text(), "main.py", "exec"), namespace)  # @script is a no-op off Lite
    assert [name for name in namespace if name in {b.name for b in addin.BUTTONS}] == [b.name for b in addin.BUTTONS]
    book = new_book("Club.xlsx")
    run_like_lite(book, namespace["import_trf_csv"])
    sheet = book.sheets["Import"]
    sheet["B2"].value, sheet["B5"].value = "berger", SEED
    sheet.range((10, 1)).value = [[line] for line in ROSTER.read_text(encoding="utf-8").splitlines()]
    for name in ("import_trf_csv", "pair_next_round", "update_standings", "make_reports"):
        run_like_lite(book, namespace[name])
    assert load_tournament(XlwingsPort(book)).current_round == 1
    assert "Report" in [s.name for s in book.sheets]


def test_lite_code_imports_nothing_lite_cannot_load() -> None:
    """Pyodide has no WeasyPrint, and sheetpair's Lite path needs no file libraries: beyond what xlwings itself
    loads (it brings pandas where installed), the add-in imports none of them. Jinja2, pure Python and part
    of Pyodide, renders the same HTML report the command line makes."""
    from .test_imports import _loaded_after

    def top(imports: str) -> set[str]:
        return {m.split(".")[0] for m in _loaded_after(imports)}

    extra = top("import sheetpair.excel.buttons") - top("import xlwings")
    assert not extra & {"weasyprint", "pandas", "openpyxl", "click", "defusedxml"}
