"""Laying a :class:`~sheetpair.report.data.Report` out with the Jinja2 templates, as HTML pages or one PDF.

The templates live in the repository's top-level ``templates/`` folder. A built package carries a copy in
``sheetpair/report/templates/`` (setup.py copies it at build time), so they are found both from a
checkout and after ``pip install .``: the installed copy first, the checkout's folder otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

import jinja2

from ..core.results import format_points
from ..optional import require
from .data import Report

SECTIONS: tuple[str, ...] = ("pairings", "standings", "crosstable", "tiebreaks")
"""The report's sections, in print order (the tournament header opens every document)."""

PAGES: dict[str, str] = {
    "index.html": "standings", "pairings.html": "pairings", "standings.html": "standings",
    "crosstable.html": "crosstable", "tiebreaks.html": "tiebreaks",
}
_LABELS = {"index.html": "Overview", "pairings.html": "Pairings", "standings.html": "Standings",
           "crosstable.html": "Crosstable", "tiebreaks.html": "Tie-breaks"}


def template_dirs() -> list[Path]:
    """Where the templates are looked for: the installed copy, then the checkout's top-level folder."""
    here = Path(__file__).resolve().parent
    return [d for d in (here / "templates", here.parent.parent / "templates") if (d / "layout.html").is_file()]


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The Jinja2 environment of the report templates.

    :raises FileNotFoundError: when neither template folder exists (a broken installation).
    """
    dirs = template_dirs()
    if not dirs:
        raise FileNotFoundError("the report templates are missing (expected sheetpair/report/templates or ./templates)")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in dirs]),
        autoescape=jinja2.select_autoescape(("html",)),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["points"] = format_points
    return env


def render_html(report: Report, sections: Sequence[str] = SECTIONS, *,
                links: Sequence[tuple[str, str]] = (), page_title: str = "") -> str:
    """One HTML document: the tournament header, then ``sections`` in order.

    :raises ValueError: for an unknown section.
    """
    unknown = [s for s in sections if s not in SECTIONS]
    if unknown:
        raise ValueError(f"unknown report section(s) {', '.join(unknown)} (known: {', '.join(SECTIONS)})")
    return environment().get_template("layout.html").render(
        report=report, sections=["header", *sections], links=list(links), page_title=page_title,
    )


def write_html(report: Report, directory: Path) -> list[Path]:
    """Writes the report as linked HTML pages (index, pairings, standings, crosstable, tie-breaks)."""
    directory.mkdir(parents=True, exist_ok=True)
    links = list(_LABELS.items())
    written = []
    for name, section in PAGES.items():
        path = directory / name
        path.write_text(render_html(report, [section], links=links, page_title=_LABELS[name]), encoding="utf-8")
        written.append(path)
    return written


def write_pdf(report: Report, path: Path, sections: Sequence[str] = SECTIONS) -> Path:
    """Writes the report as one A4 PDF with page numbers and repeated table headers."""
    HTML = require("weasyprint", "pdf").HTML  # loads Pango: imported only for PDF output

    path.parent.mkdir(parents=True, exist_ok=True)
    HTML(string=render_html(report, sections), base_url=str(path.parent)).write_pdf(str(path))
    return path
