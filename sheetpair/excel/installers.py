"""The install scripts and INSTALL.txt of the classic add-in folder, as text.

Each script makes a virtual environment of its own for sheetpair (so a Microsoft-Store Python, a pip user
install or Homebrew's "externally managed" Python never decide where xlwings' DLL lands: in a virtual
environment it sits where the add-in's VBA looks), installs sheetpair and exactly the xlwings of
:mod:`.pin` from the folder's ``wheels`` without any index, tells the add-in which Python to run, copies the
add-in into Excel's start-up folder and ends with a test press: a sample event paired into a copy. Every
step that fails says, in one sentence, what happened and what to do.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .. import __version__
from .pin import XLWINGS_VERSION, pinned_requirement
from .xlam import PROJECT_NAME, SETTINGS_SHEET, RibbonButton

XLAM_NAME = "sheetpair.xlam"
WHEELS = "wheels"
"""The folder, beside the scripts, that holds sheetpair's wheel and every wheel it needs."""
PYTHONS = ("3.13", "3.12", "3.11")
"""The Python versions the folder carries wheels for, the installer's first choice first."""
WINDOWS_VENV = r"%LOCALAPPDATA%\sheetpair\venv"
MAC_VENV = "$HOME/Library/Application Support/sheetpair/venv"
MAC_STARTUP = "$HOME/Library/Group Containers/UBF8T346G9.Office/User Content.localized/Startup.localized/Excel"
SAMPLE = "club_championship.xlsx"


def pip_install_arguments(wheels: str) -> list[str]:
    """What the scripts pass to ``python -m pip``: only the folder's wheels, never an index."""
    return ["install", "-q", "--disable-pip-version-check", "--no-index", "--find-links", wheels,
            "sheetpair[excel]", pinned_requirement()]


def _quoted(arguments: Sequence[str]) -> str:
    return " ".join(f'"{a}"' if any(c in a for c in " []=") else a for a in arguments)


def windows_script() -> str:
    """``install.cmd``: the ``py`` launcher picks the newest supported Python; everything else is checked."""
    tries = " ".join(PYTHONS)
    step = "echo. & echo Step"
    return rf"""@echo off
rem sheetpair {__version__}: installs sheetpair and xlwings {XLWINGS_VERSION} into a Python environment of
rem its own, from the "{WHEELS}" folder beside this script (no internet needed), and installs the Excel add-in.
setlocal
cd /d "%~dp0"
set "VENV={WINDOWS_VENV}"
set "VPY=%VENV%\Scripts\python.exe"
{step} 1 of 5: looking for Python {", ".join(PYTHONS)} (the py launcher of python.org).
set PY=
for %%v in ({tries}) do if not defined PY (py -%%v -c "" >nul 2>&1 && set "PY=py -%%v")
if not defined PY (
  echo Python {PYTHONS[-1]} or newer was not found. Install it from python.org with "py launcher" ticked,
  echo then double-click install.cmd again.
  goto failed
)
{step} 2 of 5: making sheetpair's own Python environment in %VENV%.
%PY% -m venv --clear "%VENV%" || (
  echo The folder %VENV% could not be made. Close Excel and any window using it, then try again.
  goto failed
)
{step} 3 of 5: installing sheetpair and xlwings {XLWINGS_VERSION} from the {WHEELS} folder.
"%VPY%" -m pip {_quoted(pip_install_arguments(WHEELS))} || (
  echo A package could not be installed from the {WHEELS} folder. Download the add-in folder again
  echo ^(all of it, unzipped^) and run install.cmd from inside it.
  goto failed
)
{step} 4 of 5: telling the add-in to use this Python and copying it into Excel's start-up folder.
"%VPY%" -m sheetpair addin --configure || (
  echo The add-in's settings file could not be written in %USERPROFILE%\.{PROJECT_NAME}. Check that the
  echo folder may be written, then try again.
  goto failed
)
set "XLSTART=%APPDATA%\Microsoft\Excel\XLSTART"
if not exist "%XLSTART%" mkdir "%XLSTART%"
copy /y "{XLAM_NAME}" "%XLSTART%\{XLAM_NAME}" >nul || (
  echo {XLAM_NAME} could not be copied to %XLSTART%. Close Excel, then try again.
  goto failed
)
{step} 5 of 5: a test press: pairing a sample event into a copy.
set "TRIAL=%TEMP%\sheetpair-test"
if exist "%TRIAL%" rmdir /s /q "%TRIAL%"
"%VPY%" -m sheetpair samples -o "%TRIAL%" >nul || goto press_failed
"%VPY%" -m sheetpair pair "%TRIAL%\{SAMPLE}" -o "%TRIAL%\paired.xlsx" || goto press_failed
echo.
echo sheetpair is installed. Start Excel: the sheetpair tab is on the ribbon.
pause
exit /b 0
:press_failed
echo sheetpair is installed but could not pair the sample event. Send the message above to the
echo person who gave you the add-in.
:failed
echo.
echo The installation stopped at this step; nothing after it was done.
pause
exit /b 1
"""


def mac_script() -> str:
    """``install.command``: a named Python (python.org's first, then ``python3.X`` on the path), never
    Apple's ``python3`` stub (3.9); a virtual environment, so Homebrew's PEP 668 refusal never applies."""
    return f"""#!/bin/bash
# sheetpair {__version__}: installs sheetpair and xlwings {XLWINGS_VERSION} into a Python environment of its
# own, from the "{WHEELS}" folder beside this script (no internet needed), and installs the Excel add-in.
# Set SHEETPAIR_PYTHON to the Python to use instead of the newest one found.
set -uo pipefail
cd "$(dirname "$0")"
VENV="{MAC_VENV}"
fail() {{ echo; echo "$*"; echo "The installation stopped at this step; nothing after it was done."; exit 1; }}
echo; echo "Step 1 of 5: looking for Python {", ".join(PYTHONS)}."
PY="${{SHEETPAIR_PYTHON:-}}"
for v in {" ".join(PYTHONS)}; do
  [ -n "$PY" ] && break
  for c in "/Library/Frameworks/Python.framework/Versions/$v/bin/python$v" "$(command -v "python$v")"; do
    if [ -n "$c" ] && [ -x "$c" ]; then PY="$c"; break; fi
  done
done
[ -n "$PY" ] || fail "Python {PYTHONS[-1]} or newer was not found." \
  "Install it from python.org, then open install.command again."
echo; echo "Step 2 of 5: making sheetpair's own Python environment in $VENV."
"$PY" -m venv --clear "$VENV" \
  || fail "The folder $VENV could not be made. Check that it may be written, then try again."
VPY="$VENV/bin/python"
echo; echo "Step 3 of 5: installing sheetpair and xlwings {XLWINGS_VERSION} from the {WHEELS} folder."
"$VPY" -m pip {_quoted(pip_install_arguments(WHEELS))} \\
  || fail "A package could not be installed from the {WHEELS} folder." \
  "Download the add-in folder again (all of it, unzipped) and open install.command from inside it."
echo; echo "Step 4 of 5: telling the add-in to use this Python and copying it into Excel's start-up folder."
"$VPY" -m sheetpair addin --configure \\
  || fail "The add-in's settings file could not be written. Start Excel once, quit it, then try again."
"$VENV/bin/xlwings" runpython install \\
  || fail "xlwings' AppleScript could not be installed for Excel. Quit Excel, then try again."
mkdir -p "{MAC_STARTUP}" && cp "{XLAM_NAME}" "{MAC_STARTUP}/{XLAM_NAME}" \\
  || fail "{XLAM_NAME} could not be copied into Excel's start-up folder. Quit Excel, then try again."
echo; echo "Step 5 of 5: a test press: pairing a sample event into a copy."
TRIAL="${{TMPDIR:-/tmp}}/sheetpair-test"
rm -rf "$TRIAL"
PRESS="sheetpair is installed but could not pair the sample event."
"$VPY" -m sheetpair samples -o "$TRIAL" >/dev/null \
  && "$VPY" -m sheetpair pair "$TRIAL/{SAMPLE}" -o "$TRIAL/paired.xlsx" \
  || fail "$PRESS" "Send the message above to the person who gave you the add-in."
echo; echo "sheetpair is installed. Start Excel: the sheetpair tab is on the ribbon."
"""


def _wrapped(text: str, indent: str) -> str:
    return textwrap.fill(text, width=110, initial_indent=indent, subsequent_indent=indent + "    ",
                         break_long_words=False, break_on_hyphens=False)


def install_text(buttons: Sequence[RibbonButton], platform: str) -> str:
    """INSTALL.txt: what the folder holds, how to install it and what each button does (nothing cut)."""
    title = f"sheetpair {__version__}: the Excel ribbon add-in for {platform}"
    names = "\n".join(_wrapped(f"{b.label}: {b.tip}", "        ") for b in buttons)
    script = "install.cmd (double-click it)" if platform == "Windows" else \
        "install.command (right-click it > Open the first time: it is not from the App Store)"
    wheels = f'{(WHEELS + "/").ljust(len(XLAM_NAME))}    sheetpair and every package it needs, for Python ' \
        + ", ".join(sorted(PYTHONS))
    return rf"""{title}
{"=" * len(title)}

This folder holds:
    {XLAM_NAME}    the add-in: a "sheetpair" tab on Excel's ribbon with these buttons:
{names}
    {wheels}
    {script}

Install (once, with Excel closed, no internet needed):
  1. Python {PYTHONS[-1]} or newer from python.org must be installed.
  2. Run {script}.
     It makes a Python environment of its own for sheetpair, installs sheetpair and xlwings
     {XLWINGS_VERSION} (the version the add-in was made for) into it from the {WHEELS} folder, writes that
     Python into the add-in's settings file, copies {XLAM_NAME} into Excel's start-up folder and pairs a
     sample event into a copy as a test. Each step says what it does; a step that fails says what to do.
  3. Windows: if Windows says it protected your PC, choose "More info" > "Run anyway". If Excel later says
     it blocked macros from this file, right-click {XLAM_NAME} in the XLSTART folder > Properties > tick
     "Unblock", or add the folder under File > Options > Trust Center > Trust Center Settings > Trusted
     Locations. A workbook received by email opens in Protected View: click "Enable Editing" before
     pressing a button.

Which Python the buttons use: the settings file the install script wrote
(Windows: %USERPROFILE%\.{PROJECT_NAME}\{SETTINGS_SHEET}; macOS:
~/Library/Containers/com.microsoft.Excel/Data/{SETTINGS_SHEET}), one line "Interpreter_Win","C:\path\python.exe"
(or Interpreter_Mac). A sheet named {SETTINGS_SHEET} in the tournament workbook, with the key in column A and
the value in column B, overrides it for that workbook.

Use: open the tournament workbook; the sheetpair tab has the buttons. Errors appear in a message box and on
the "sheetpair" sheet; the workbook is then left unchanged. To upgrade, run the install script of the new
add-in folder.
"""
