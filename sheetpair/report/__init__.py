"""Printable reports and the event's web pages: starting list, pairings, standings, crosstable, player cards
and charts, as a linked static site or an A4 PDF, in English, German, Spanish or French.

:func:`build_report` computes what is shown (module :mod:`.data`); :func:`write_html` and :func:`write_pdf`
lay it out with the Jinja2 templates of the top-level ``templates/`` folder (module :mod:`.render`).
"""

from __future__ import annotations

from .data import Report, build_report
from .numbers import format_value
from .render import SECTIONS, default_sections, parse_sections, render_html, write_html, write_pdf

__all__ = ["SECTIONS", "Report", "build_report", "default_sections", "format_value", "parse_sections", "render_html",
           "write_html", "write_pdf"]
