"""Optional dependencies: imported where they are used, with one plain sentence when they are missing.

The core (pairing, workbook, TRF, standings, HTML reports) installs with pure-Python packages only; each
heavier or platform-bound library belongs to an extra of the ``sheetpair`` distribution
(see docs/development.md, "Extras"). A feature that needs one calls :func:`require` at the moment it is
used, before it writes anything, so an arbiter without the extra gets one sentence naming the ``pip``
command, exit code 2 on the command line, and no half-written file.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .core.errors import SheetpairError

FEATURES: dict[str, str] = {
    "typst": "PDF reports need Typst",
    "excel": "The Excel add-in needs xlwings",
    "fast": "The compiled matcher needs py4swiss",
    "cluster": "Running on a cluster needs dask.distributed",
    "simulate": "The simulator needs SciPy",
}
"""What each extra brings, as the start of the sentence an arbiter reads when it is missing."""


class MissingExtraError(SheetpairError):
    """An optional dependency is not installed; the message names the extra that brings it."""

    def __init__(self, module: str, extra: str) -> None:
        self.module = module
        self.extra = extra
        feature = FEATURES.get(extra, f"This needs {module}")
        super().__init__(f'{feature}: pip install "sheetpair[{extra}]"')


def require(module: str, extra: str) -> ModuleType:
    """Imports ``module``, or raises :class:`MissingExtraError` naming ``extra``.

    A module that is installed but cannot load (a compiled wheel for another platform, for instance)
    raises its own error unchanged: only a missing package is the extra's business.

    :raises MissingExtraError: when ``module`` (or a package it imports) is not installed.
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as error:
        raise MissingExtraError(module, extra) from error
