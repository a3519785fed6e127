"""``sheetpair report``: the printable reports of a workbook, as HTML pages and/or one A4 PDF."""

from __future__ import annotations

from pathlib import Path

import click

from ..app.session import load
from ..core.tiebreaks import EDITIONS
from ..io.openpyxl_port import OpenpyxlPort
from ..report import SECTIONS, build_report, write_html, write_pdf
from .base import cli, reports_errors


@cli.command()
@click.argument("workbook", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--round", "round_number", type=click.IntRange(min=0),
              help="Report after this round: its pairings, standings and crosstable (default: the last paired).")
@click.option("--html", "html_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write linked HTML pages into this folder.")
@click.option("--pdf", "pdf_file", type=click.Path(dir_okay=False, path_type=Path), help="Write one A4 PDF.")
@click.option("--section", "sections", multiple=True, type=click.Choice(SECTIONS),
              help="Only these sections in the PDF (repeatable; default: all).")
@click.option("--tiebreaks", help="Tie-break codes to show (default: the saved list).")
@click.option("--rules", type=click.Choice(EDITIONS), help="FIDE tie-break rules edition (default: the event's).")
@reports_errors
def report(workbook: Path, round_number: int | None, html_dir: Path | None, pdf_file: Path | None,
           sections: tuple[str, ...], tiebreaks: str | None, rules: str | None) -> None:
    """Print pairings, standings, crosstable and tie-break breakdowns of WORKBOOK.

    \b
    Example:
      sheetpair report open.xlsx --html site --pdf open.pdf
    """
    if html_dir is None and pdf_file is None:
        raise click.UsageError("say where the report goes: --html DIR and/or --pdf FILE")
    tournament = load(OpenpyxlPort(workbook))
    data = build_report(tournament, round_number=round_number, tiebreaks=tiebreaks, rules=rules)
    if html_dir is not None:
        pages = write_html(data, html_dir)
        click.echo(f"Wrote {len(pages)} HTML pages to {html_dir}", err=True)
    if pdf_file is not None:
        write_pdf(data, pdf_file, sections or SECTIONS)
        click.echo(f"Wrote {pdf_file}", err=True)
