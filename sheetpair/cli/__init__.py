"""The ``sheetpair`` command. Each family of subcommands lives in its own module of this package and is
added to the one :data:`cli` group below; all of them call the application layer (:mod:`sheetpair.app`)."""

from __future__ import annotations

from . import (
    addin,  # noqa: F401  (registers addin)
    explain,  # noqa: F401  (registers explain)
    interchange,  # noqa: F401  (registers import, export, check)
    report,  # noqa: F401  (registers report)
    revisions,  # noqa: F401  (registers status, diff, merge)
    samples,  # noqa: F401  (registers samples)
    simulate,  # noqa: F401  (registers simulate)
    tiebreaks,  # noqa: F401  (registers tiebreaks)
    tournament,  # noqa: F401  (registers new, pair, result, bye, standings, undo, withdraw, systems)
)
from .base import cli, main

__all__ = ["cli", "main"]
