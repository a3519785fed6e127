"""Printable reports: pairings, standings, crosstable and tie-break breakdowns, as HTML pages or an A4 PDF.

:func:`build_report` computes what is shown (module :mod:`.data`); :func:`write_html` and :func:`write_pdf`
lay it out with the Jinja2 templates of the top-level ``templates/`` folder (module :mod:`.render`).
"""

from __future__ import annotations

from .data import Report, build_report, format_value
from .render import SECTIONS, render_html, write_html, write_pdf

__all__ = ["SECTIONS", "Report", "build_report", "format_value", "render_html", "write_html", "write_pdf"]
