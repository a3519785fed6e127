"""Copies and revisions from the command line: status, diff, merge, and the options that stamp a write.

``--expect-revision`` and ``--arbiter`` are shared by every command that changes a workbook through
:func:`stamped`, so each such command takes them with one decorator line.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..app.copies import compare_copies, merge_copies
from ..app.status import status
from ..app.workbooks.files import editing, reading
from ..core.errors import InputError
from ..history.compare import Difference
from ..history.edits import DELETED_GAMES_OPTION
from ..history.stamp import SIDES, Side, Stamp, entry_text
from .base import cli, reports_errors

F = TypeVar("F", bound=Callable[..., Any])
EXISTING_WORKBOOK = click.Path(exists=True, dir_okay=False, path_type=Path)


def stamped(command: str) -> Callable[[F], F]:
    """Adds ``--expect-revision N`` and ``--arbiter NAME`` to a command and hands it a :class:`Stamp` as
    ``stamp``; the warnings of the write (rules a hand-edited pairing breaks) go to stderr."""

    def decorate(function: F) -> F:
        @click.option("--expect-revision", type=click.IntRange(min=0), metavar="N",
                      help="Refuse (exit 75) unless the workbook is at revision N (see 'sheetpair status').")
        @click.option("--arbiter", metavar="NAME", help="Name for the journal (default: the login name).")
        @click.option(DELETED_GAMES_OPTION, "accept_deleted_games", is_flag=True,
                      help="Go on although games with a result were deleted from the round sheets by hand.")
        @functools.wraps(function)
        def run(*args: Any, expect_revision: int | None, arbiter: str | None, accept_deleted_games: bool,
                **kwargs: Any) -> Any:
            stamp = Stamp(command, arbiter, expect_revision, _warn, accept_deleted_games)
            return function(*args, stamp=stamp, **kwargs)

        return run  # type: ignore[return-value]

    return decorate


def _warn(message: str) -> None:
    click.echo(f"Warning: {message}", err=True)


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
    click.echo(f"Event {report.event_id or '(no id yet)'}, revision {report.revision} "
               f"(last change: {entry_text(report.last_entry)})")
    click.echo(f"Round {report.current_round} of {report.planned_rounds} paired.")
    sections = (
        ("Results typed by hand since sheetpair last wrote:", report.results_typed),
        ("Edited by hand since sheetpair last wrote:", report.edits),
        ("Rules the edits break:", report.problems),
        ("The system would have paired those players:", report.system_would_pair),
        ("Before the next pairing:", report.missing),
    )
    for title, lines in sections:
        if lines:
            click.echo(title)
            click.echo("\n".join(f"  {line}" for line in lines))
    if not report.event_id:
        click.echo("Hand edits cannot be told: the workbook has no record of sheetpair's last write (its hidden "
                   "_sheetpair sheet is missing, e.g. the sheets were copied into another workbook); the next "
                   "change by sheetpair starts one.")
    elif not (report.results_typed or report.edits):
        click.echo("No hand edits since sheetpair last wrote the workbook.")


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
    elif not differences:
        click.echo("The copies hold the same event data.")
    for difference in [] if as_json else differences:
        mark = "CONFLICT" if difference.is_conflict else f"from {difference.side}"
        click.echo(f"{difference.item:<16} {mark:<9} {difference.text} (A: {difference.a}; B: {difference.b})")
    if differences:
        raise SystemExit(1)


def parse_take(items: tuple[str, ...]) -> tuple[Side | None, dict[str, Side]]:
    """``--take A`` (every conflict) and ``--take ITEM=B`` (one) as the side for all and per item.

    :raises InputError: for a side other than A or B.
    """
    take_all: Side | None = None
    per_item: dict[str, Side] = {}
    for item in items:
        key, _, side = item.rpartition("=")
        side = side.strip().upper()
        if side not in SIDES:
            raise InputError(f"--take {item!r}: the side must be A or B")
        chosen: Side = "A" if side == "A" else "B"
        if key:
            per_item[key.strip()] = chosen
        else:
            take_all = chosen
    return take_all, per_item


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
