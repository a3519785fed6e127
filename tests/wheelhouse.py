"""Local wheels for the installation tests, downloaded once with pip (CI fetches them in .ci/run).

* :func:`host_wheels`: sheetpair's core dependencies for this machine, so that the install test can
  install the built wheel with ``--no-index --find-links`` (no index in the test itself);
* :func:`pyodide_wheels`: the same closure plus xlwings as wheels Pyodide can unpack: pure-Python
  (``py3-none-any``) wherever PyPI has one. MarkupSafe has none; its Linux wheel carries the pure-Python
  fallback beside a compiled speed-up that Pyodide cannot load and skips.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import tempfile
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .conftest import REPO

WHEELHOUSE = Path(os.environ.get("SHEETPAIR_WHEELHOUSE", REPO / "tests" / "pyodide" / "wheels"))
"""Where the wheels go (gitignored); ``SHEETPAIR_WHEELHOUSE`` chooses another folder."""
PYODIDE_PYTHON = "3.12"
"""The Python of the Pyodide the tests run (tests/pyodide/package.json pins Pyodide 0.27)."""


@contextmanager
def building() -> Iterator[None]:
    """Held while sheetpair's own wheel is built from the source tree: setuptools writes ``build/`` and the
    egg-info into it, so two builds at once (the install and Pyodide tests on two workers) must take turns."""
    with open(Path(tempfile.gettempdir()) / "sheetpair-test-build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def core_requirements() -> list[str]:
    """The ``dependencies`` of pyproject.toml: what a plain ``pip install sheetpair`` brings."""
    with open(REPO / "pyproject.toml", "rb") as handle:
        return list(tomllib.load(handle)["project"]["dependencies"])


def _download(folder: Path, requirements: list[str], *options: str) -> Path:
    """``pip download`` into ``folder`` unless a previous run with the same request completed there."""
    request = "\n".join([*options, *requirements]) + "\n"
    done = folder / "request.txt"
    if done.is_file() and done.read_text() == request:
        return folder
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--dest", str(folder), *options, *requirements],
                   check=True, capture_output=True, text=True, timeout=300)
    done.write_text(request)
    return folder


def host_wheels() -> Path:
    """The core dependencies' wheels for this machine's Python."""
    return _download(WHEELHOUSE / "host", core_requirements(), "--only-binary=:all:")


def excel_host_wheels() -> Path:
    """The core and ``excel`` dependencies' wheels for this machine, xlwings at the add-in's pinned version:
    what the add-in folder's ``wheels`` holds, for the test that runs its install script here."""
    from sheetpair.excel.pin import pinned_requirement

    with open(REPO / "pyproject.toml", "rb") as handle:
        excel = [r for r in tomllib.load(handle)["project"]["optional-dependencies"]["excel"]
                 if not r.startswith("xlwings")]
    return _download(WHEELHOUSE / "excel-host", [*core_requirements(), *excel, pinned_requirement()],
                     "--only-binary=:all:")


def pyodide_wheels() -> list[Path]:
    """The wheels to unpack into Pyodide: core dependencies and xlwings, pure Python where PyPI has it."""
    common = ("--only-binary=:all:", "--python-version", PYODIDE_PYTHON)
    folder = _download(WHEELHOUSE / "pyodide", [*core_requirements(), "xlwings>=0.37.5"],
                       *common, "--platform", "any", "--platform", "manylinux2014_x86_64")
    pure = _download(WHEELHOUSE / "pyodide-xlwings", ["xlwings>=0.37.5"], *common, "--platform", "any", "--no-deps")
    wheels = [w for w in folder.glob("*.whl") if not w.name.startswith("xlwings-")]
    return sorted(wheels) + sorted(pure.glob("xlwings-*.whl"))
