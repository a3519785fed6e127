"""``sheetpair report``: the event's web pages and its printouts, in English, German, Spanish or French."""

from __future__ import annotations

from pathlib import Path

import click

from ..app import team_event
from ..app.prizes import report_prizes
from ..app.session import load
from ..app.workbooks.files import holds_team_event_file, reading, refuse_output_over_input
from ..core.errors import InputError
from ..core.model import Tournament
from ..core.tiebreaks import EDITIONS
from ..optional import require
from ..report import SECTIONS, build_report, default_sections, parse_sections, write_html, write_pdf
from ..report.fonts import missing_glyphs
from ..report.i18n import LANGUAGES, parse_language, time_zone
from ..report.pdfdata import PAPERS
from ..report.render import site_pages
from ..report.team import TEAM_SECTIONS, team_pdf, write_team_site
from .base import cli, reports_errors
from .display import table
from .progress import progress


@cli.command()
@click.argument("workbook", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--round", "round_number", type=click.IntRange(min=0),
              help="Report this round: its pairings, and the standings after it (default: the last paired).")
@click.option("--html", "html_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write the event's web pages into this folder (every round, standings, crosstable, players).")
@click.option("--pdf", "pdf_file", type=click.Path(dir_okay=False, path_type=Path), help="Write one PDF.")
@click.option("--paper", type=click.Choice(tuple(PAPERS)), default="a4", show_default=True, help="Paper of the PDF.")
@click.option("--sections", "section_list",
              help=f"Sections of the PDF, comma-separated, from: {', '.join(SECTIONS)} (default: the starting list "
                   "or the current pairings, then standings and crosstable).")
@click.option("--section", "sections", multiple=True, type=click.Choice(SECTIONS),
              help="One section of the PDF (repeatable; same as --sections).")
@click.option("--breakdowns", is_flag=True, help="Add each tie-break's breakdown to the player cards.")
@click.option("--lang", "language", type=click.Choice(LANGUAGES),
              help="Language of the reports (default: the event's language setting, else English).")
@click.option("--tz", "zone_name", metavar="ZONE",
              help="Time zone of the print time, an IANA name such as Europe/Vienna (default: this machine's).")
@click.option("--tiebreaks", help="Tie-break codes to show (default: the saved list).")
@click.option("--rules", type=click.Choice(EDITIONS), help="FIDE tie-break rules edition (default: the event's).")
@reports_errors
def report(workbook: Path, round_number: int | None, html_dir: Path | None, pdf_file: Path | None, paper: str,
           section_list: str | None, sections: tuple[str, ...], breakdowns: bool, language: str | None,
           zone_name: str | None, tiebreaks: str | None, rules: str | None) -> None:
    """Write the web pages and printouts of WORKBOOK: starting list, pairings, standings, crosstable, player
    cards and charts.

    \b
    Example:
      sheetpair report open.xlsx --html site --pdf open.pdf --lang de
    """
    if html_dir is None and pdf_file is None:
        raise click.UsageError("say where the report goes: --html DIR and/or --pdf FILE")
    try:
        chosen = (*parse_sections(section_list or ""), *sections)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--sections") from None
    try:
        zone = time_zone(zone_name)
    except InputError as error:
        raise click.BadParameter(str(error), param_hint="--tz") from None
    if pdf_file is not None:
        refuse_output_over_input(pdf_file, workbook, what="the PDF")
        require("typst", "typst")  # before the web pages are written, so a missing extra writes nothing
    if holds_team_event_file(workbook):
        return _team_report(workbook, html_dir, pdf_file, paper, chosen, language)
    with reading(workbook) as port:
        tournament = load(port)
        prizes = report_prizes(port, tournament)
    data = build_report(tournament, round_number=round_number, tiebreaks=tiebreaks, rules=rules, language=language,
                        source=workbook, breakdowns=breakdowns, prize_list=prizes, zone=zone)
    pdf_sections = chosen or default_sections(data)
    if pdf_file is not None:
        warn_missing_glyphs(tournament)
    pages: list[Path] = []
    steps = (len(site_pages(data)) if html_dir is not None else 0) + (len(pdf_sections) if pdf_file is not None else 0)
    label = " and ".join(name for name, wanted in (("Web pages", html_dir), ("PDF", pdf_file)) if wanted is not None)
    with progress(steps, label) as step:
        def site() -> None:
            if html_dir is not None:
                pages.extend(write_html(data, html_dir, progress=step))

        if pdf_file is None:
            site()
        else:
            write_pdf(data, pdf_file, pdf_sections, paper=paper, progress=step,
                      alongside=site if html_dir is not None else None)
    if html_dir is not None:
        click.echo(f"Wrote {len(pages)} web pages to {html_dir} (open {html_dir / 'index.html'})", err=True)
    if pdf_file is not None:
        click.echo(f"Wrote {pdf_file}", err=True)


def _team_report(workbook: Path, html_dir: Path | None, pdf_file: Path | None, paper: str,
                 chosen: tuple[str, ...], language: str | None) -> None:
    with reading(workbook) as port:
        book, table = team_event.read_standings(port)
    language = language or parse_language(book.language)
    if html_dir is not None:
        pages = write_team_site(book, table, html_dir, language)
        click.echo(f"Wrote {len(pages)} web pages to {html_dir} (open {html_dir / 'index.html'})", err=True)
    if pdf_file is not None:
        kinds = tuple(k for k in chosen if k in TEAM_SECTIONS) or TEAM_SECTIONS
        team_pdf(book, table, pdf_file, kinds, paper=paper, language=language)
        click.echo(f"Wrote {pdf_file}", err=True)


def warn_missing_glyphs(tournament: Tournament) -> None:
    """Names the players whose names no installed font can print, before the PDF is laid out."""
    lacking = missing_glyphs(tournament.players)
    if lacking:
        click.echo("Warning: these names will not print fully in the PDF (install a font for their script):", err=True)
        for line in table([(str(m.player.tpn), m.player.name, ", ".join(m.scripts)) for m in lacking]):
            click.echo(f"  {line}", err=True)
