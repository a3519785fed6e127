"""How numbers print in a report: one style per column (see ``docs/reports.md``).

A column of scores and most tie-breaks holds only whole and half points and prints them as arbiters write
them (``3½``); a column that holds any other fraction (WNT, AOB, a non-standard scoring) prints every value
with two decimals, so that ``12.75`` and ``3½`` never stand in one column.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ..core.results import format_points, is_half_points

Formatter = Callable[[float], str]


def format_value(value: float) -> str:
    """A single value as printed alone: halves with ``½`` (``14½``), other fractions with two decimals."""
    if is_half_points(value):
        return format_points(value) if value >= 0 else "-" + format_points(-value)
    return f"{value:.2f}"


def decimals(value: float) -> str:
    """A value with two decimals, the style of a column that holds quarters or other fractions."""
    return f"{value:.2f}"


def column_style(values: Iterable[float]) -> Formatter:
    """The one formatter for a whole column: ``½``-style when every value is a whole or half number,
    two decimals otherwise."""
    return format_value if all(is_half_points(v) for v in values) else decimals


def signed(value: float) -> str:
    """A rating change with its sign and one decimal (``+12.4``, ``−3.0``), as rating reports print it."""
    return f"{value:+.1f}".replace("-", "−")
