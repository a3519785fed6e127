"""The add-in folders: the classic ``sheetpair.xlam`` with its wheel, install scripts and INSTALL.txt, and
the ``main.py`` and ``requirements.txt`` of xlwings Lite.

Classic (Windows/macOS with a local Python): one ``sheetpair.xlam`` whose ribbon tab holds every button of
:mod:`sheetpair.excel.catalogue` (built by :mod:`sheetpair.excel.xlam`), the sheetpair wheel, install scripts
for Windows (``install.cmd``) and macOS (``install.command``) that install the wheel into the Python the
add-in is to use and tell the add-in where that Python is, and INSTALL.txt. Lite: one ``@script`` per button.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from .. import __version__
from ..core.errors import OperationError
from ..optional import require
from .catalogue import BUTTONS
from .xlam import PROJECT_NAME, SETTINGS_SHEET, RibbonButton, write_xlam

XLAM_NAME = "sheetpair.xlam"
WHEEL_NAME = f"sheetpair-{__version__}-py3-none-any.whl"
_REPO = Path(__file__).resolve().parents[2]


# --- the classic add-in ------------------------------------------------------------------------------

def write_classic(folder: Path, *, interpreter: str | None = None, wheel: Path | None = None) -> list[Path]:
    """Writes the add-in, the wheel, the install scripts and INSTALL.txt into ``folder``; returns them.

    ``wheel`` is copied (its name kept), else :func:`write_wheel` makes one. ``interpreter`` goes into the
    add-in's settings sheet for this platform (``Interpreter_Win`` or ``Interpreter_Mac``); without it the
    add-in uses the user's settings file that the install script writes (``sheetpair addin --configure``).
    """
    xlwings = require("xlwings", "excel")
    buttons = list(BUTTONS)
    settings = {}
    key = {"win32": "Interpreter_Win", "darwin": "Interpreter_Mac"}.get(sys.platform)
    if interpreter and key:
        settings[key] = interpreter
    folder.mkdir(parents=True, exist_ok=True)
    try:
        xlam = write_xlam(folder / XLAM_NAME, buttons, settings, Path(str(xlwings.__file__)).parent)
    except ValueError as error:
        raise OperationError(f"cannot build the add-in from xlwings {xlwings.__version__}: {error}") from None
    made = Path(shutil.copy(wheel, folder)) if wheel is not None else write_wheel(folder)
    scripts = [_write_script(folder / "install.cmd", _windows_script(), newline="\r\n"),
               _write_script(folder / "install.command", _mac_script(), newline="\n")]
    install = folder / "INSTALL.txt"
    install.write_text(_install_text(buttons, xlwings.__version__), encoding="utf-8")
    return [xlam, made, *scripts, install]


# --- the wheel -----------------------------------------------------------------------------------------

def write_wheel(folder: Path) -> Path:
    """The sheetpair wheel the install scripts install: built from the source tree when this sheetpair runs
    from one, else packed again from the installed distribution's files (as pip installed them).

    :raises OperationError: when neither is possible (an editable install without its source tree).
    """
    if (_REPO / "pyproject.toml").is_file() and (_REPO / "sheetpair" / "__init__.py").is_file():
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                               "-w", str(folder), str(_REPO)], capture_output=True, text=True)
        if done.returncode != 0:
            raise OperationError(f"could not build the sheetpair wheel from {_REPO}: {done.stderr.strip()}")
        return folder / WHEEL_NAME
    return _repack_installed(folder / WHEEL_NAME)


def _repack_installed(target: Path) -> Path:
    """A wheel holding the installed distribution's files (RECORD rewritten, pip's own markers left out)."""
    distribution = importlib.metadata.distribution("sheetpair")
    info = f"sheetpair-{__version__}.dist-info"
    skipped = {f"{info}/{name}" for name in ("RECORD", "INSTALLER", "REQUESTED", "direct_url.json")}
    files = [f for f in distribution.files or () if f.parts[0] != ".." and f.suffix != ".pyc"
             and str(f.as_posix()) not in skipped]
    if not any(f.as_posix() == "sheetpair/__init__.py" for f in files):
        raise OperationError("sheetpair is installed in editable mode without its source tree: "
                             "build the wheel with 'python -m build' instead")
    record = []
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for file in sorted(files, key=lambda f: f.as_posix()):
            data = file.read_binary()
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            wheel.writestr(file.as_posix(), data)
            record.append(f"{file.as_posix()},sha256={digest},{len(data)}")
        record.append(f"{info}/RECORD,,")
        wheel.writestr(f"{info}/RECORD", "\n".join(record) + "\n")
    return target


def user_settings_file() -> Path:
    """The user's xlwings settings file of the add-in (read when the workbooks have no settings sheet)."""
    if sys.platform == "darwin":  # inside Excel's sandbox, where its VBA may read without asking
        return Path.home() / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / SETTINGS_SHEET
    return Path.home() / f".{PROJECT_NAME}" / SETTINGS_SHEET


def configure_user(python: str) -> Path:
    """Writes ``python`` as this platform's interpreter into :func:`user_settings_file` (one quoted
    key-value line per setting, as the add-in's VBA reads them); returns the file."""
    key = "Interpreter_Mac" if sys.platform == "darwin" else "Interpreter_Win"
    target = user_settings_file()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(f'"{key}","{python}"\n', encoding="utf-8")
    return target


# --- install scripts and instructions ------------------------------------------------------------------

def _write_script(path: Path, text: str, *, newline: str) -> Path:
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    path.chmod(0o755)
    return path


def _windows_script() -> str:
    return rf"""@echo off
rem sheetpair {__version__}: installs sheetpair into Python and tells the Excel add-in which Python to use.
rem Set SHEETPAIR_PYTHON to a python.exe to choose another Python than the "py" launcher's default.
setlocal
cd /d "%~dp0"
rem PY keeps the quotes around a path with spaces.
if "%SHEETPAIR_PYTHON%"=="" (set PY=py -3) else (set PY="%SHEETPAIR_PYTHON%")
%PY% -m pip install --upgrade --find-links . "{WHEEL_NAME}[excel]" || goto failed
%PY% -m sheetpair addin --configure || goto failed
set "XLSTART=%APPDATA%\Microsoft\Excel\XLSTART"
if not exist "%XLSTART%" mkdir "%XLSTART%"
copy /y "{XLAM_NAME}" "%XLSTART%\{XLAM_NAME}" >nul || goto failed
echo sheetpair is installed. Start Excel: the sheetpair tab is on the ribbon.
pause
exit /b 0
:failed
echo The installation failed: read the message above.
pause
exit /b 1
"""


def _mac_script() -> str:
    startup = "$HOME/Library/Group Containers/UBF8T346G9.Office/User Content.localized/Startup.localized/Excel"
    return f"""#!/bin/bash
# sheetpair {__version__}: installs sheetpair into Python and tells the Excel add-in which Python to use.
# Set SHEETPAIR_PYTHON to choose another Python than python3.
set -euo pipefail
cd "$(dirname "$0")"
PY="${{SHEETPAIR_PYTHON:-python3}}"
"$PY" -m pip install --upgrade --find-links . "{WHEEL_NAME}[excel]"
"$PY" -m sheetpair addin --configure
"$PY" -m xlwings runpython install
mkdir -p "{startup}"
cp "{XLAM_NAME}" "{startup}/{XLAM_NAME}"
echo "sheetpair is installed. Start Excel: the sheetpair tab is on the ribbon."
"""


def _install_text(buttons: list[RibbonButton], xlwings_version: str) -> str:
    title = f"sheetpair {__version__}: the Excel ribbon add-in"
    names = "\n".join(f"    {b.label}: {b.tip}" for b in buttons)
    return rf"""{title}
{"=" * len(title)}

This folder holds:
    {XLAM_NAME}        the add-in: a "sheetpair" tab on Excel's ribbon with these buttons:
{names}
    {WHEEL_NAME}   sheetpair itself, for the Python that the buttons run
    install.cmd           installs everything on Windows (double-click it)
    install.command       installs everything on macOS (double-click it, or run it in Terminal)

Install (once, with Excel closed):
  1. Python 3.11 or newer must be installed (python.org). The install script installs sheetpair and
     xlwings {xlwings_version} into it, writes that Python into the add-in's settings file, and copies
     {XLAM_NAME} into Excel's start-up folder, so the tab appears whenever Excel starts.
  2. Windows: if Windows says it protected your PC, choose "More info" > "Run anyway". If Excel later says
     it blocked macros from this file, right-click {XLAM_NAME} in the XLSTART folder > Properties > tick
     "Unblock", or add the folder under File > Options > Trust Center > Trust Center Settings > Trusted
     Locations.
  3. macOS: right-click install.command > Open the first time (it is not from the App Store).

Which Python the buttons use: the settings file the install script wrote
(Windows: %USERPROFILE%\.{PROJECT_NAME}\{SETTINGS_SHEET}; macOS:
~/Library/Containers/com.microsoft.Excel/Data/{SETTINGS_SHEET}), one line "Interpreter_Win","C:\path\python.exe"
(or Interpreter_Mac). A sheet named {SETTINGS_SHEET} in the tournament workbook, with the key in column A and
the value in column B, overrides it for that workbook.

Use: open the tournament workbook; the sheetpair tab has the buttons. Errors appear in a message box and on
the "sheetpair" sheet; the workbook is then left unchanged. After upgrading sheetpair or xlwings, make the
add-in again ("sheetpair addin") and run the install script again.
"""


# --- xlwings Lite ----------------------------------------------------------------------------------

def write_lite(folder: Path) -> None:
    """Writes ``main.py`` (one ``@script`` per button) and ``requirements.txt`` for xlwings Lite."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "main.py").write_text(lite_main(), encoding="utf-8")
    (folder / "requirements.txt").write_text(f"sheetpair=={__version__}\n", encoding="utf-8")


def lite_main() -> str:
    """The ``main.py`` for xlwings Lite: each button runs the add-in function of the same name."""
    scripts = "\n\n".join(
        f"@script\ndef {b.name}(book: xw.Book):\n"
        f'    """{b.label}: {b.tip}"""\n'
        f"    buttons.{b.name}(book)\n"
        for b in BUTTONS
    )
    return f'''"""sheetpair {__version__} for xlwings Lite: the tournament buttons, run from the task pane.

Everything here runs in the browser (Pyodide): there is no file system, so imports come from text pasted
into the Import sheet and reports are written into the Report sheet as HTML text. PDF reports come from
the sheetpair command line (WeasyPrint cannot run here). Messages appear on the "sheetpair" sheet.
"""

import xlwings as xw
from xlwings import script

from sheetpair.excel import buttons


{scripts}'''
