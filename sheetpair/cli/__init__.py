"""The ``sheetpair`` command. Each family of subcommands lives in its own module of this package and is
added to the one :data:`cli` group below; all of them call the core through the workbook port."""

from __future__ import annotations

from .base import cli, main
from . import tournament  # noqa: F401  (registers new, pair, result, bye, standings, undo, withdraw, systems)
from . import interchange  # noqa: F401  (registers import, export, check)
from . import addin  # noqa: F401  (registers addin)
from . import report  # noqa: F401  (registers report)
from . import explain  # noqa: F401  (registers explain)
from . import samples  # noqa: F401  (registers samples)

__all__ = ["cli", "main"]
