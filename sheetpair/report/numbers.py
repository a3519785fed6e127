"""How numbers print in a report: one style per column (see ``docs/reports.md``).

A column of scores and most tie-breaks holds only whole and half points and prints them as arbiters write
them (``3½``); a column that holds any other fraction (WNT, AOB, a non-standard scoring) prints every value
with two decimals, so that ``12.75`` and ``3½`` never stand in one column. Decimals follow the report's
language (Babel's CLDR data): ``12.75`` in English, ``12,75`` in German, French and Spanish.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from babel.numbers import format_decimal

from ..core.results import format_points, is_half_points

Formatter = Callable[[float], str]


def format_value(value: float, language: str = "en") -> str:
    """A single value as printed alone: halves with ``½`` (``14½``), other fractions with two decimals."""
    if is_half_points(value):
        return format_points(value) if value >= 0 else "-" + format_points(-value)
    return decimals(value, language)


def decimals(value: float, language: str = "en") -> str:
    """A value with two decimals in ``language``, the style of a column that holds quarters or other fractions."""
    return format_decimal(value, format="0.00", locale=language)


def column_style(values: Iterable[float], language: str = "en") -> Formatter:
    """The one formatter for a whole column: ``½``-style when every value is a whole or half number,
    two decimals (in ``language``) otherwise."""
    if all(is_half_points(v) for v in values):
        return format_value
    return lambda value: decimals(value, language)


def signed(value: float, language: str = "en") -> str:
    """A rating change with its sign and one decimal (``+12.4``, ``−3,0``), as rating reports print it."""
    text = format_decimal(abs(value), format="0.0", locale=language)
    return ("−" if value < 0 else "+") + text
