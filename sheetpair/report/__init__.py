"""Printable reports and the event's web pages: starting list, pairings, standings, crosstable, player cards
and charts, as a linked static site or an A4 PDF, in English, German, Spanish or French.

:func:`build_report` computes what is shown (module :mod:`.data`); :func:`write_html` and :func:`write_pdf`
lay it out from the top-level ``templates/`` folder: the web pages with Jinja2 (module :mod:`.render`), the
PDF with Typst (modules :mod:`.pdfdata` and :mod:`.pdf`).
"""

from __future__ import annotations

from .data import Report, build_report
from .numbers import format_value
from .pdf import write_pdf
from .render import SECTIONS, default_sections, parse_sections, render_html, write_html

__all__ = ["SECTIONS", "Report", "build_report", "default_sections", "format_value", "parse_sections", "render_html",
           "write_html", "write_pdf"]
