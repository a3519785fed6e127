"""A self-contained HTML page with the standings and the crosstable, for places without PDF tools.

xlwings Lite runs in the browser (Pyodide), where WeasyPrint cannot run and no file can be saved, so the
add-in offers this page as text. It renders the very sheets the workbook layer builds
(:func:`~sheetpair.io.workbook.standings_sheet`, :func:`~sheetpair.io.workbook.crosstable_sheet`), so the
page and the workbook never disagree. Pure standard library, as everything Lite loads must be.
"""

from __future__ import annotations

from html import escape

from ..core.model import Tournament
from ..core.results import format_points
from .port import CellValue, SheetSpec
from .workbook import crosstable_sheet, standings_sheet

_STYLE = (
    "body{font-family:'DejaVu Sans',Arial,sans-serif;font-size:10pt}"
    "table{border-collapse:collapse;margin-bottom:1.5em}"
    "th,td{border:.5pt solid #888;padding:2pt 6pt}th{background:#ddebf7}"
    "td.n{text-align:right;font-variant-numeric:tabular-nums}"
)


def report_html(tournament: Tournament) -> str:
    """The standings and the crosstable of ``tournament`` as one HTML page."""
    title = tournament.settings.event.name or "Tournament"
    played = tournament.current_round
    parts = [
        "<!DOCTYPE html>",
        f'<html><head><meta charset="utf-8"><title>{escape(title)}</title><style>{_STYLE}</style></head><body>',
        f"<h1>{escape(title)}</h1>",
        f"<h2>Standings after round {played}</h2>",
        _table(standings_sheet(tournament)),
        "<h2>Crosstable</h2>",
        _table(crosstable_sheet(tournament)),
        "</body></html>",
    ]
    return "\n".join(parts)


def _table(spec: SheetSpec) -> str:
    head = "".join(f"<th>{escape(title)}</th>" for title in spec.header)
    body = "\n".join(
        "<tr>" + "".join(_cell(value) for value in row) + "</tr>" for row in spec.rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>\n{body}\n</tbody></table>"


def _cell(value: CellValue) -> str:
    if value is None:
        return "<td></td>"
    if isinstance(value, float):
        return f'<td class="n">{escape(format_points(value))}</td>'
    if isinstance(value, int):
        return f'<td class="n">{value}</td>'
    return f"<td>{escape(value)}</td>"
