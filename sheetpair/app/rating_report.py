"""The use case behind ``sheetpair check-report`` (and a "Check report" button)."""

from __future__ import annotations

from ..core.rating_report import report_problems
from ..io.port import WorkbookPort
from .session import load


def check_report(port: WorkbookPort) -> list[str]:
    """What a rating officer would reject in the event's rating report, one sentence each."""
    return report_problems(load(port))


__all__ = ["check_report"]
