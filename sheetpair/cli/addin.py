"""``sheetpair addin``: the Excel add-ins, for arbiters who never open a terminal once this has run.

Classic (Windows/macOS with a local Python): one small ribbon add-in per button, each made from xlwings'
own template (``quickstart_addin_ribbon.xlam``, what ``xlwings quickstart NAME --addin --ribbon``
copies). The template's VBA cannot be changed without Excel: its only ribbon callback,
``RibbonMyAddin.RunMain``, runs ``import <add-in file name>; <add-in file name>.main()``. So each button
is its own add-in named after a small Python module written beside it, and all of them put their button
into one shared ``sheetpair`` ribbon tab (RibbonX ``idQ``). Everything edited is plain XML in the add-in's
zip package: the ribbon (``customUI/customUI.xml``) and the add-in's settings sheet (interpreter and
PYTHONPATH); ``xl/vbaProject.bin`` is copied byte for byte.

``--lite``: the ``main.py`` and ``requirements.txt`` to paste into xlwings Lite's editor, one ``@script``
per button.
"""

from __future__ import annotations

import re
import sys
import zipfile
from collections.abc import Callable
from html import escape
from pathlib import Path

import click

from .. import __version__
from ..core.errors import OperationError
from .base import cli, reports_errors

TEMPLATE_NAME = "quickstart_addin_ribbon.xlam"
TEMPLATE_CALLBACK = "RibbonMyAddin.RunMain"
CONFIG_SHEET = "myaddin.conf"
"""The template's settings sheet; its VBA reads it only under this name (``_myaddin.conf`` is switched off)."""
MODULE_PREFIX = "sheetpair_"
RIBBON_NAMESPACE = "sheetpair.ribbon"


@cli.command()
@click.option("--lite", is_flag=True, help="Write main.py and requirements.txt for xlwings Lite instead.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write into (default: sheetpair-addin, or sheetpair-lite with --lite).")
@click.option("--python", "interpreter", help="Python that runs the buttons (default: this one).")
@reports_errors
def addin(lite: bool, output: Path | None, interpreter: str | None) -> None:
    """Make the Excel add-in: ribbon buttons Pair next round, Update standings, Make reports, Import TRF/CSV."""
    if lite:
        folder = output or Path("sheetpair-lite")
        write_lite(folder)
        click.echo(f"Wrote {folder / 'main.py'} and {folder / 'requirements.txt'}.\n"
                   "In Excel: Home > Add-ins > xlwings Lite; in its editor replace main.py and requirements.txt with "
                   "these files; then run the buttons from the task pane's Scripts list.", err=True)
        return
    folder = output or Path("sheetpair-addin")
    key, python = _interpreter(interpreter)
    written = write_classic(folder, interpreter_key=key, interpreter=python)
    install = folder / "INSTALL.txt"
    install.write_text(_install_text(folder.resolve(), key, python), encoding="utf-8")
    click.echo(f"Wrote {len(written)} add-ins to {folder}. Read {install} to install them.", err=True)


# --- classic ribbon add-ins --------------------------------------------------------------------------

def write_classic(folder: Path, *, interpreter_key: str | None, interpreter: str | None) -> list[Path]:
    """Writes one ``.xlam`` and its ``.py`` per button into ``folder``; returns the add-ins written."""
    from .. import addin  # imports xlwings: only this command needs it

    template = _template()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for button in addin.BUTTONS:
        module = MODULE_PREFIX + button.name
        (folder / f"{module}.py").write_text(
            f'"""Ribbon button "{button.label}" of sheetpair: the add-in {module}.xlam calls main()."""\n\n'
            "import sheetpair.addin\n\n\n"
            "def main():\n"
            f'    sheetpair.addin.run_from_excel("{button.name}")\n',
            encoding="utf-8",
        )
        settings = {"PYTHONPATH": str(folder.resolve())}
        if interpreter_key and interpreter:
            settings[interpreter_key] = interpreter
        target = folder / f"{module}.xlam"
        _write_xlam(template, target, ribbon_xml(button.name, button.label, button.image, _summary(button.run)), settings)
        written.append(target)
    return written


def ribbon_xml(button_id: str, label: str, image: str, tip: str) -> str:
    """One button in the shared ``sheetpair`` tab, wired to the template's only callback."""
    return (
        '<customUI xmlns="http://schemas.microsoft.com/office/2006/01/customui" '
        f'xmlns:sp="{RIBBON_NAMESPACE}">\n'
        "  <ribbon>\n    <tabs>\n"
        '      <tab idQ="sp:sheetpairTab" label="sheetpair">\n'
        '        <group idQ="sp:sheetpairGroup" label="Tournament">\n'
        f'          <button id="{escape(button_id)}" label="{escape(label)}" size="large" '
        f'onAction="{TEMPLATE_CALLBACK}" imageMso="{escape(image)}" screentip="{escape(label)}" supertip="{escape(tip)}" />\n'
        "        </group>\n      </tab>\n"
        "    </tabs>\n  </ribbon>\n</customUI>\n"
    )


def _summary(function: Callable[..., object]) -> str:
    """The first line of a button function's docstring: the ribbon tooltip and the Lite script's docstring."""
    return (function.__doc__ or "").strip().splitlines()[0].replace("``", "")


def _template() -> Path:
    import xlwings

    template = Path(xlwings.__file__).parent / TEMPLATE_NAME
    if not template.is_file():
        raise OperationError(f"xlwings {xlwings.__version__} has no add-in template {TEMPLATE_NAME}")
    with zipfile.ZipFile(template) as package:
        ribbon = package.read("customUI/customUI.xml").decode("utf-8")
        workbook = package.read("xl/workbook.xml").decode("utf-8")
    if f'onAction="{TEMPLATE_CALLBACK}"' not in ribbon or f'name="_{CONFIG_SHEET}"' not in workbook:
        raise OperationError(f"the add-in template of xlwings {xlwings.__version__} changed; "
                             "sheetpair knows the one of xlwings 0.37")
    return template


def _write_xlam(template: Path, target: Path, ribbon: str, settings: dict[str, str]) -> None:
    """Copies the template package, replacing the ribbon and filling and switching on its settings sheet."""
    with zipfile.ZipFile(template) as source:
        strings = _shared_strings(source.read("xl/sharedStrings.xml").decode("utf-8"))
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
            for item in source.infolist():
                data = source.read(item.filename)
                if item.filename == "customUI/customUI.xml":
                    data = ribbon.encode("utf-8")
                elif item.filename == "xl/workbook.xml":
                    data = data.replace(f'name="_{CONFIG_SHEET}"'.encode(), f'name="{CONFIG_SHEET}"'.encode())
                elif item.filename == "xl/worksheets/sheet1.xml":
                    data = _fill_settings(data.decode("utf-8"), strings, settings).encode("utf-8")
                out.writestr(item, data)


def _shared_strings(xml: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", item) for item in re.findall(r"<si>(.*?)</si>", xml, flags=re.S)]


def _fill_settings(sheet_xml: str, strings: list[str], settings: dict[str, str]) -> str:
    """Puts each setting's value in column B of the row whose column A holds its key (as the VBA reads it)."""
    rows = {strings[int(index)].upper(): int(row) for row, index in
            re.findall(r'<c r="A(\d+)"[^>]*t="s"[^>]*><v>(\d+)</v></c>', sheet_xml)}
    for key, value in settings.items():
        row = rows.get(key.upper())
        if row is None:
            raise OperationError(f"the add-in template has no setting {key}")
        pattern = re.compile(rf'(<row r="{row}")([^>]*)>(.*?)</row>', flags=re.S)
        cell = f'<c r="B{row}" s="1" t="inlineStr"><is><t>{escape(value, quote=False)}</t></is></c>'
        sheet_xml = pattern.sub(
            lambda m: m[1] + m[2].replace('spans="1:1"', 'spans="1:2"') + ">" + m[3] + cell + "</row>", sheet_xml, count=1)
    return sheet_xml


def _interpreter(given: str | None) -> tuple[str | None, str | None]:
    """The settings key for this platform's interpreter and the Python to run the buttons with."""
    key = {"win32": "Interpreter_Win", "darwin": "Interpreter_Mac"}.get(sys.platform)
    # python.exe, not pythonw.exe: the add-in's VBA hides the console itself and reads Python's error output
    # from a log file when Python fails to start (sheetpair missing, for instance).
    return key, given or sys.executable


def _install_text(folder: Path, key: str | None, python: str | None) -> str:
    from .. import addin

    files = "\n".join(f"    {MODULE_PREFIX}{b.name}.xlam   ({b.label})" for b in addin.BUTTONS)
    interpreter = (f"Each add-in runs the buttons with {python} ({key} in its {CONFIG_SHEET} sheet)."
                   if key and python else
                   f"This folder was made on {sys.platform}: run 'sheetpair addin' again on the Windows or macOS "
                   "computer that runs Excel, so the add-ins know its Python (or fill in Interpreter_Win / "
                   f"Interpreter_Mac in each add-in's {CONFIG_SHEET} sheet).")
    title = f"sheetpair {__version__}: Excel ribbon add-ins"
    return f"""{title}
{"=" * len(title)}

This folder holds one add-in per button; together they make the "sheetpair" ribbon tab:
{files}
and, beside each, the small Python module it calls (keep them together in this folder:
{folder}).

Install (once, Excel closed or open):
  1. Python with sheetpair must be installed on this computer ("pip install sheetpair").
     {interpreter}
  2. macOS only: run "xlwings runpython install" once (lets Excel start Python).
  3. Excel: File > Options > Add-ins > Manage: Excel Add-ins > Go... > Browse..., pick the {len(addin.BUTTONS)} .xlam
     files in this folder, and make sure they are ticked. (Or run "xlwings addin install --dir {folder}",
     which copies them into Excel's start-up folder; PYTHONPATH in their settings still points here.)
  4. Trust Center: the add-ins contain xlwings' VBA; if Excel blocks macros from this folder, add it under
     File > Options > Trust Center > Trust Center Settings > Trusted Locations.

Use: open the tournament workbook; the "sheetpair" tab has Pair next round, Update standings, Make
reports and Import TRF/CSV. Results are typed into the Result column of each round sheet.
Errors appear in a message box and on the "sheetpair" sheet; the workbook is then left unchanged.

After upgrading xlwings or sheetpair, run "sheetpair addin" again: the add-in must match the installed
xlwings version (its VBA loads xlwings' own DLL of that version on Windows).
"""


# --- xlwings Lite ----------------------------------------------------------------------------------

def write_lite(folder: Path) -> None:
    """Writes ``main.py`` (one ``@script`` per button) and ``requirements.txt`` for xlwings Lite."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text(lite_main(), encoding="utf-8")
    (folder / "requirements.txt").write_text(f"sheetpair=={__version__}\n", encoding="utf-8")


def lite_main() -> str:
    """The ``main.py`` for xlwings Lite: each button runs the add-in function of the same name."""
    from .. import addin

    scripts = "\n\n".join(
        f"@script\ndef {b.name}(book: xw.Book):\n"
        f'    """{b.label}: {_summary(b.run)}"""\n'
        f"    addin.{b.name}(book)\n"
        for b in addin.BUTTONS
    )
    return f'''"""sheetpair {__version__} for xlwings Lite: the tournament buttons, run from the task pane.

Everything here runs in the browser (Pyodide): there is no file system, so imports come from text pasted
into the Import sheet and reports are written into the Report sheet as HTML text. PDF reports come from
the sheetpair command line (WeasyPrint cannot run here). Messages appear on the "sheetpair" sheet.
"""

import xlwings as xw
from xlwings import script

from sheetpair import addin


{scripts}'''
