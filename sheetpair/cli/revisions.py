"""Copies and revisions from the command line: status, diff, merge (the options that stamp a write are in
:mod:`.stamping`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..app.copies import compare_copies, merge_copies, parse_take
from ..app.status import status
from ..app.workbooks.files import editing, reading
from ..history.compare import Difference
from ..history.stamp import Stamp
from ..report.arbiter import differences_text, status_text
from .base import cli, reports_errors

EXISTING_WORKBOOK = click.Path(exists=True, dir_okay=False, path_type=Path)


@cli.command("status")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON on stdout.")
@reports_errors
def status_command(workbook: Path, as_json: bool) -> None:
    """What was changed by hand since sheetpair last wrote WORKBOOK, and what the next pairing waits for.

    \b
    Example:
      sheetpair status open.xlsx
    """
    with reading(workbook) as port:
        report = status(port)
    if as_json:
        click.echo(json.dumps(report.as_json(), ensure_ascii=False))
        return
    click.echo(status_text(report))


def _difference_json(difference: Difference) -> dict[str, object]:
    return {"item": difference.item, "text": difference.text, "a": difference.a, "b": difference.b,
            "conflict": difference.is_conflict, "from": difference.side}


@cli.command("diff")
@click.argument("first", metavar="A", type=EXISTING_WORKBOOK)
@click.argument("second", metavar="B", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the differences as JSON on stdout.")
@reports_errors
def diff_command(first: Path, second: Path, as_json: bool) -> None:
    """Compare two copies A and B of one event; exit 0 when equal, 1 when they differ, 4 for two events.

    \b
    Example:
      sheetpair diff open.xlsx open-from-anna.xlsx
    """
    with reading(first) as a, reading(second) as b:
        differences = compare_copies(a, b)
    if as_json:
        click.echo(json.dumps([_difference_json(d) for d in differences], ensure_ascii=False))
    else:
        click.echo(differences_text(differences))
    if differences:
        raise SystemExit(1)


@cli.command("merge")
@click.argument("first", metavar="A", type=EXISTING_WORKBOOK)
@click.argument("second", metavar="B", type=EXISTING_WORKBOOK)
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The merged workbook (a copy of A with the merged event).")
@click.option("--take", "takes", multiple=True, metavar="A|B|ITEM=A|B",
              help="Resolve every conflict (A or B) or one (ITEM=A, item ids as 'sheetpair diff' prints them).")
@click.option("--arbiter", metavar="NAME", help="Name for the journal (default: the login name).")
@reports_errors
def merge_command(first: Path, second: Path, output: Path, takes: tuple[str, ...], arbiter: str | None) -> None:
    """Merge copies A and B of one event into OUTPUT; nothing is written while a conflict is unresolved.

    \b
    Example:
      sheetpair merge open.xlsx open-from-anna.xlsx -o open-merged.xlsx --take r3b4=B
    """
    take_all, per_item = parse_take(takes)
    stamp = Stamp(f"merge {first.name} {second.name}", arbiter)
    with editing(first, output) as a, reading(second) as b:  # B read under the lock: it may be the output
        merged = merge_copies(a, b, second.name, take=per_item, take_all=take_all, stamp=stamp)
    for difference in merged.differences:
        side = difference.side or per_item.get(difference.item, take_all)
        click.echo(f"{difference.item:<16} from {side}: {difference.text}", err=True)
    click.echo(f"Merged into {output}, revision {merged.revision}.", err=True)
