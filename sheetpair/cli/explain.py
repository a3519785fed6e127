"""``sheetpair explain``: why a round is paired the way it is (C.04.1 Art. 9)."""

from __future__ import annotations

from pathlib import Path

import click

from ..app import team_event
from ..app.explain import explain as explain_round
from ..app.session import load
from ..app.workbooks.files import holds_team_event_file, reading
from .base import cli, reports_errors


@cli.command()
@click.argument("workbook", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--round", "round_number", type=click.IntRange(min=1), required=True,
              help="The round to explain (a paired round, or the next one).")
@click.option("--board", type=click.IntRange(min=1), help="Explain only this board.")
@reports_errors
def explain(workbook: Path, round_number: int, board: int | None) -> None:
    """Explain the pairing of a round, board by board, in the system's own terms.

    \b
    Example:
      sheetpair explain open.xlsx --round 5 --board 3
    """
    if holds_team_event_file(workbook):
        with reading(workbook) as port:
            click.echo(team_event.explain(port, round_number).text(board))
        return
    with reading(workbook) as port:
        tournament = load(port)
    explained = explain_round(tournament, round_number, board)
    click.echo(explained.explanation.text(board, {p.tpn: p.name for p in tournament.players}))
    for decision in explained.decisions:
        click.echo(f"Note: {decision}; the pairing above is the system's own.", err=True)
    if explained.differs_from_stored and not explained.decisions:
        click.echo("Note: the stored round differs from this pairing (changed by hand, or paired by "
                   "another program).", err=True)
