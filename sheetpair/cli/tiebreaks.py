"""``sheetpair tiebreaks``: the catalogue of tie-break codes and modifiers (C.07 Art. 5 and 14)."""

from __future__ import annotations

import json
from dataclasses import asdict

import click

from ..core.tiebreaks import CatalogueEntry, catalogue
from .base import cli, reports_errors


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Print the catalogue as JSON on stdout.")
@reports_errors
def tiebreaks(as_json: bool) -> None:
    """List every tie-break code and modifier: name, C.07 article, meaning.

    \b
    Example:
      sheetpair tiebreaks --json
    """
    entries = catalogue()
    if as_json:
        click.echo(json.dumps({"schema": 1, "tiebreaks": [_json(e) for e in entries if e.kind == "tie-break"],
                               "modifiers": [_json(e) for e in entries if e.kind == "modifier"]},
                              ensure_ascii=False))
        return
    click.echo(_table([e for e in entries if e.kind == "tie-break"], "Code", "modifiers"))
    click.echo("")
    click.echo(_table([e for e in entries if e.kind == "modifier"], "Modifier", "applies to"))
    click.echo("\nWrite a modifier after the code, e.g. BH-C1 or KS-L+1 (TRF: BH/C1, KS/L+1).")


def _json(entry: CatalogueEntry) -> dict[str, object]:
    data = asdict(entry)
    del data["kind"]
    del data["modifiers" if entry.kind == "modifier" else "applies_to"]
    return data


def _table(entries: list[CatalogueEntry], heading: str, extra: str) -> str:
    """Aligned columns: code, name, article, then the meaning with the modifiers taken (or the codes taking them)."""
    rows = [(heading, "Name", "Article", f"Meaning [{extra}]")] + [
        (e.code, e.name, e.article, e.meaning + (f" [{' '.join(e.modifiers or e.applies_to)}]"
                                                 if e.modifiers or e.applies_to else ""))
        for e in entries
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    return "\n".join("  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[3]]) for row in rows)
