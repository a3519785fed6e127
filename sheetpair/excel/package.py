"""The add-in folders: the classic ``sheetpair.xlam`` with the wheels and install script that install it
offline, and the ``main.py`` and ``requirements.txt`` of xlwings Lite.

Classic (Windows or macOS with a local Python): one ``sheetpair.xlam`` whose ribbon tab holds every button of
:mod:`sheetpair.excel.catalogue` (built by :mod:`sheetpair.excel.xlam`), a ``wheels`` folder with the
sheetpair wheel and every wheel it needs for that platform and the supported Python versions (downloaded
from the package index when the folder is made, so that installing needs none), the platform's install
script and INSTALL.txt (:mod:`sheetpair.excel.installers`). Lite: one ``@script`` per button.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import shutil
import subprocess
import sys
import tempfile
import textwrap
import zipfile
from collections.abc import Callable
from pathlib import Path

from .. import __version__
from ..core.errors import OperationError
from ..optional import require
from .catalogue import BUTTONS
from .installers import PYTHONS, WHEELS, XLAM_NAME, install_text, mac_script, windows_script
from .pin import pinned_requirement
from .xlam import PROJECT_NAME, SETTINGS_SHEET, write_xlam

WHEEL_NAME = f"sheetpair-{__version__}-py3-none-any.whl"
_REPO = Path(__file__).resolve().parents[2]

PLATFORMS: dict[str, tuple[str, ...]] = {
    "windows": ("win_amd64",),
    "macos": ("macosx_11_0_arm64", "macosx_10_13_x86_64"),
}
"""The wheel platform tags each folder carries (Apple silicon and Intel Macs; pip also takes older tags)."""
MARKED_REQUIREMENTS: dict[str, tuple[str, ...]] = {
    "windows": ("pywin32>=224", "colorama", "tzdata"),
    "macos": ("psutil>=2.0.0", "appscript>=1.0.1"),
}
"""What sheetpair, xlwings and Click need only on that platform (``; platform_system == ...``): pip judges such markers
by the machine that downloads, never by ``--platform``, so they are named here (a test reads them from the
installed packages' metadata)."""
_SETTING = {"windows": "Interpreter_Win", "macos": "Interpreter_Mac"}

Fetch = Callable[[Path, Path, str], None]
"""Puts into the first folder the wheels that the given sheetpair wheel needs on a platform of :data:`PLATFORMS`."""


def host_platform() -> str:
    """The platform of :data:`PLATFORMS` this machine is (Windows elsewhere than macOS)."""
    return "macos" if sys.platform == "darwin" else "windows"


# --- the classic add-in ------------------------------------------------------------------------------

def write_classic(folder: Path, *, platform: str, interpreter: str | None = None, wheel: Path | None = None,
                  fetch: Fetch | None = None) -> list[Path]:
    """Writes the add-in, the ``wheels`` folder, the platform's install script and INSTALL.txt into
    ``folder``; returns them.

    ``wheel`` is copied (its name kept), else :func:`write_wheel` makes one. ``fetch`` fills the wheels
    folder (default :func:`download_wheels`, from the package index). ``interpreter`` goes into the add-in's
    settings sheet; without it the add-in uses the user's settings file that the install script writes.

    :raises OperationError: when the installed xlwings is not the one the add-in is pinned to, or a
        download fails.
    """
    xlwings = require("xlwings", "excel")
    settings = {_SETTING[platform]: interpreter} if interpreter else {}
    folder.mkdir(parents=True, exist_ok=True)
    try:
        xlam = write_xlam(folder / XLAM_NAME, list(BUTTONS), settings, Path(str(xlwings.__file__)).parent)
    except ValueError as error:
        raise OperationError(f"cannot build the add-in from xlwings {xlwings.__version__}: {error}") from None
    wheels = folder / WHEELS
    wheels.mkdir(exist_ok=True)
    made = _place_wheel(wheel, wheels) if wheel is not None else write_wheel(wheels)
    (fetch or download_wheels)(wheels, made, platform)
    if platform == "windows":
        script = _write_script(folder / "install.cmd", windows_script(), newline="\r\n")
    else:
        script = _write_script(folder / "install.command", mac_script(), newline="\n")
    install = folder / "INSTALL.txt"
    text = install_text(BUTTONS, "Windows" if platform == "windows" else "macOS")
    install.write_bytes(text.replace("\n", "\r\n" if platform == "windows" else "\n").encode("utf-8"))
    return [xlam, wheels, script, install]


def write_release(output: Path, platforms: list[str], *, wheel: Path | None = None) -> list[Path]:
    """One folder per platform (``sheetpair-addin-windows``, ...) and its zip, the download the docs give
    arbiters; returns the zips. The sheetpair wheel is built once for all of them."""
    output.mkdir(parents=True, exist_ok=True)
    zips = []
    with tempfile.TemporaryDirectory() as scratch:
        wheel = wheel or write_wheel(Path(scratch))
        for platform in platforms:
            folder = output / f"sheetpair-addin-{platform}"
            write_classic(folder, platform=platform, wheel=wheel)
            zips.append(Path(shutil.make_archive(str(folder), "zip", output, folder.name)))
    return zips


def download_wheels(wheels: Path, sheetpair_wheel: Path, platform: str) -> None:
    """``pip download`` of every wheel ``sheetpair[excel]`` and the pinned xlwings need, once per Python
    version of :data:`~sheetpair.excel.installers.PYTHONS` and platform tag of :data:`PLATFORMS`.

    :raises OperationError: naming the Python version and tag pip found no wheels for.
    """
    for tag in PLATFORMS[platform]:
        for python in PYTHONS:
            done = subprocess.run(
                [sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                 "--only-binary=:all:", "--platform", tag, "--python-version", python, "--dest", str(wheels),
                 "--find-links", str(wheels), f"{sheetpair_wheel}[excel]", pinned_requirement(),
                 *MARKED_REQUIREMENTS[platform]],
                capture_output=True, text=True)
            if done.returncode != 0:
                raise OperationError(f"could not download the wheels for Python {python} on {tag}: "
                                     f"{(done.stderr.strip().splitlines() or ['no message'])[-1]}")


def _place_wheel(wheel: Path, folder: Path) -> Path:
    """``wheel`` copied into ``folder`` (left where it is when it is there already)."""
    target = folder / wheel.name
    if not target.exists() or not target.samefile(wheel):
        shutil.copy(wheel, target)
    return target


# --- the wheel -----------------------------------------------------------------------------------------

def write_wheel(folder: Path) -> Path:
    """The sheetpair wheel the install scripts install: built from the source tree when this sheetpair runs
    from one, else packed again from the installed distribution's files (as pip installed them).

    :raises OperationError: when neither is possible (an editable install without its source tree).
    """
    if (_REPO / "pyproject.toml").is_file() and (_REPO / "sheetpair" / "__init__.py").is_file():
        with tempfile.TemporaryDirectory() as scratch:
            done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                                   "-w", scratch, str(_REPO)], capture_output=True, text=True)
            if done.returncode != 0:
                raise OperationError(f"could not build the sheetpair wheel from {_REPO}: {done.stderr.strip()}")
            (built,) = Path(scratch).glob("sheetpair-*.whl")  # its version comes from the source tree
            return Path(shutil.copy(built, folder))
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


# --- install scripts -----------------------------------------------------------------------------------

def _write_script(path: Path, text: str, *, newline: str) -> Path:
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    path.chmod(0o755)
    return path


# --- xlwings Lite ----------------------------------------------------------------------------------

def write_lite(folder: Path, *, wheel: Path | None = None, wheel_url: str | None = None) -> list[Path]:
    """Writes ``main.py`` (one ``@script`` per button), the sheetpair wheel and ``requirements.txt`` for
    xlwings Lite; returns them.

    No package index has sheetpair, so Lite installs the wheel from an address the arbiter hosts:
    ``requirements.txt`` names ``wheel_url`` (a folder address; the wheel's name is added), else the
    wheel's bare name as a line to replace with that address (docs/excel.md, "xlwings Lite").
    """
    folder.mkdir(parents=True, exist_ok=True)
    main = folder / "main.py"
    main.write_text(lite_main(), encoding="utf-8")
    made = _place_wheel(wheel, folder) if wheel is not None else write_wheel(folder)
    line = f"{wheel_url.rstrip('/')}/{made.name}" if wheel_url else made.name
    requirements = folder / "requirements.txt"
    requirements.write_text(line + "\n", encoding="utf-8")
    return [main, made, requirements]


def _docstring(text: str) -> str:
    return textwrap.fill(text, width=110, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)


def lite_main() -> str:
    """The ``main.py`` for xlwings Lite: each button runs the add-in function of the same name."""
    scripts = "\n\n".join(
        f"@script\ndef {b.name}(book: xw.Book):\n"
        f'    """{_docstring(f"{b.label}: {b.tip}")}"""\n'
        f"    buttons.{b.name}(book)\n"
        for b in BUTTONS
    )
    return f'''"""sheetpair {__version__} for xlwings Lite: the tournament buttons, run from the task pane.

Everything here runs in the browser (Pyodide): there is no file system, so imports come from text pasted
into the Import sheet and reports are written into the Report sheet as HTML text. PDF reports come from
the sheetpair command line (Typst does not run in the browser). Messages appear on the "sheetpair" sheet.
"""

import xlwings as xw
from xlwings import script

from sheetpair.excel import buttons


{scripts}'''
