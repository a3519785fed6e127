"""Laying a :class:`~sheetpair.report.data.Report` out with the Jinja2 templates: one HTML document, a linked
static site, or one A4 PDF.

The templates live in the repository's top-level ``templates/`` folder. A built package carries a copy in
``sheetpair/report/templates/`` (setup.py copies it at build time), so they are found both from a checkout
and after ``pip install .``: the installed copy first, the checkout's folder otherwise. Texts are translated
with Jinja2's i18n extension over the gettext catalogs of :mod:`.i18n`.

Long jobs report their steps through a ``progress`` callback (called once per page or stage), so the command
line can show a progress bar without this module knowing about terminals.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from ..core.norms import MIN_GAMES
from ..core.results import format_points
from .data import Report
from .i18n import translations
from .numbers import decimals

SECTIONS: tuple[str, ...] = ("starting", "pairings", "posting", "standings", "crosstable", "cards", "charts",
                             "tiebreaks", "prizes", "norms")
"""The report's sections, in print order (the event header opens every PDF)."""

Progress = Callable[[str], None]
"""Called with a short label each time a page or stage is done."""

SITE_PAGE = re.compile(r"(round|standings)-(\d+)\.html")
"""Per-round pages of the static site: removed when their round no longer exists (a round undone)."""


def template_dirs() -> list[Path]:
    """Where the templates are looked for: the installed copy, then the checkout's top-level folder."""
    here = Path(__file__).resolve().parent
    return [d for d in (here / "templates", here.parent.parent / "templates") if (d / "layout.html").is_file()]


@lru_cache(maxsize=None)
def environment(language: str = "en") -> jinja2.Environment:
    """The Jinja2 environment of the report templates in ``language``.

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
        extensions=["jinja2.ext.i18n"],
    )
    env.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    env.filters["points"] = format_points
    env.filters["css_string"] = css_string
    env.filters["decimals"] = lambda value: decimals(value, language)
    return env


def css_string(text: str) -> Markup:
    """``text`` as the inside of a double-quoted CSS string (the running header of the PDF's pages).

    Every character but letters, digits and spaces is written as a six-digit CSS escape followed by the
    space that ends it: a quote, a backslash, a line break of any kind (a carriage return ends a CSS string
    as a newline does), a ``<`` that could close the ``<style>`` element, none of them can end the string
    or the element, so a crafted event name stays text.
    """
    return Markup("".join(ch if ch.isalnum() or ch == " " else f"\\{ord(ch):06X} " for ch in str(text)))


def default_sections(report: Report) -> tuple[str, ...]:
    """What an arbiter prints: the starting list before any pairing, else the current pairings; then the
    standings and crosstable once a result is in, and the prize list once the Prizes sheet gives one."""
    first = ("pairings",) if report.round_number else ("starting",)
    return first + (("standings", "crosstable") if report.standings_round else ()) + (
        ("prizes",) if report.prizes() else ())


def document_sections(report: Report) -> tuple[str, ...]:
    """The sections of a single HTML document (the add-in's report): what an arbiter prints, and the standings
    even before the first result, where they are the field in rating order."""
    sections = default_sections(report)
    return sections if "standings" in sections else (*sections, "standings")


def parse_sections(text: str) -> tuple[str, ...]:
    """A comma-separated list of sections (``pairings,standings``).

    :raises ValueError: naming an unknown section and the known ones.
    """
    names = tuple(s.strip() for s in text.split(",") if s.strip())
    unknown = [s for s in names if s not in SECTIONS]
    if unknown:
        raise ValueError(f"unknown report section(s) {', '.join(unknown)} (known: {', '.join(SECTIONS)})")
    return names


def render_html(report: Report, sections: Sequence[str] | None = None, *, links: Sequence[tuple[str, str]] = (),
                page_title: str = "", view_round: int | None = None, after: int | None = None,
                header: bool = True, masthead: bool = True, numbered: bool = True, card_page: str | None = None) -> str:
    """One HTML document: the title (unless ``masthead`` is false), the event header (unless ``header`` is
    false), then ``sections`` in order; ``numbered`` puts page numbers on its printed pages.

    ``sections`` defaults to :func:`document_sections`; ``view_round`` is the round whose pairings are shown
    and ``after`` the round the standings, crosstable and cards are after (defaults: the report's). Players'
    names link to their cards on ``card_page`` (default: this document when it has the cards, else no link).

    :raises ValueError: for an unknown section.
    """
    chosen = tuple(sections) if sections is not None else document_sections(report)
    if card_page is None and {"cards", "tiebreaks"} & set(chosen):
        card_page = ""
    parse_sections(",".join(s for s in chosen if s != "index"))  # the site's index is a page, not a section
    return environment(report.language).get_template("layout.html").render(
        report=report, sections=(["header"] if header else []) + list(chosen), links=list(links),
        page_title=page_title, view_round=view_round or report.round_number,
        after=report.standings_round if after is None else after, masthead=masthead, numbered=numbered,
        card_page=card_page,
    )


@dataclass(frozen=True)
class SitePage:
    """One page of the static site: its file, its title, and what it shows."""

    name: str
    title: str
    section: str
    view_round: int | None = None
    after: int | None = None

    @property
    def header(self) -> bool:
        """Only the index carries the event header; the other pages have the title and the round."""
        return self.section == "index"


def site_pages(report: Report) -> list[SitePage]:
    """The pages of the static site, index first."""
    _ = report._
    pages = [SitePage("index.html", _("Overview"), "index"),
             SitePage("start.html", _("Starting rank list"), "starting")]
    pages += [SitePage(f"round-{n}.html", _("Pairings, round %(n)s", n=n), "pairings", view_round=n)
              for n in report.paired_rounds]
    pages += [SitePage(f"standings-{n}.html", _("Standings after round %(n)s", n=n), "standings", after=n)
              for n in report.ranked_rounds]
    if report.standings_round:
        pages += [SitePage("crosstable.html", _("Crosstable"), "crosstable"),
                  SitePage("players.html", _("Players"), "cards")]
    if report.prizes():
        pages.append(SitePage("prizes.html", _("Prize list"), "prizes"))
    if report.standings_round and report.tournament.settings.rounds >= MIN_GAMES:
        pages.append(SitePage("norms.html", _("Title norms"), "norms"))
    return pages


def write_html(report: Report, directory: Path, *, progress: Progress | None = None) -> list[Path]:
    """Writes the static site: every round's pairings, the standings after every round, the crosstable, the
    player cards and an index, all linked. Every page is rewritten each time, so a new round's links reach
    the old pages; pages of rounds that no longer exist are removed."""
    directory.mkdir(parents=True, exist_ok=True)
    pages = site_pages(report)
    names = {page.name for page in pages}
    for stale in directory.glob("*-*.html"):
        if SITE_PAGE.fullmatch(stale.name) and stale.name not in names:
            stale.unlink()
    links = site_links(report)
    cards = "players.html" if "players.html" in names else None
    written = []
    for page in pages:
        html = render_html(report, [page.section], links=links, page_title=page.title, view_round=page.view_round,
                           after=page.after, header=page.header, card_page=cards)
        path = directory / page.name
        path.write_text(html, encoding="utf-8")
        written.append(path)
        if progress is not None:
            progress(page.name)
    return written


def site_links(report: Report) -> list[tuple[str, str]]:
    """The navigation bar: overview, starting list, the latest pairings and standings, crosstable, players."""
    _ = report._
    links = [("index.html", _("Overview")), ("start.html", _("Starting rank list"))]
    if report.round_number:
        links.append((f"round-{report.round_number}.html", _("Pairings")))
    if report.standings_round:
        links += [(f"standings-{report.standings_round}.html", _("Standings")), ("crosstable.html", _("Crosstable")),
                  ("players.html", _("Players"))]
    return links + [(page.name, page.title) for page in site_pages(report) if page.section in ("prizes", "norms")]
