"""``sheetpair explain``: why a round is paired the way it is (C.04.1 Art. 9)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click

from ..core.errors import OperationError
from ..core.model import ByeKind
from ..io.openpyxl_port import OpenpyxlPort
from ..io.workbook import load_tournament
from ..pairing import get_system
from .base import cli, reports_errors


@cli.command()
@click.argument("workbook", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--round", "round_number", type=click.IntRange(min=1), required=True,
              help="The round to explain (a paired round, or the next one).")
@click.option("--board", type=click.IntRange(min=1), help="Explain only this board.")
@reports_errors
def explain(workbook: Path, round_number: int, board: int | None) -> None:
    """Explain the pairing of a round, board by board, in the system's own terms."""
    tournament = load_tournament(OpenpyxlPort(workbook))
    if round_number > tournament.current_round + 1:
        raise OperationError(f"round {round_number} cannot be explained: only {tournament.current_round} "
                             "round(s) are paired")
    requested = dict(tournament.requested_byes)
    if round_number <= tournament.current_round:
        stored = tournament.round(round_number)
        requested = {round_number: {b.player: b.kind for b in stored.byes if b.kind is not ByeKind.PAB}}
    history = replace(tournament, rounds=tournament.rounds[: round_number - 1], requested_byes=requested)
    explained = get_system(tournament.settings.system).explain(history, round_number)
    if board is not None and not any(b.board == board for b in explained.boards):
        raise OperationError(f"round {round_number} has no board {board}")
    click.echo(explained.text(board))
    if round_number <= tournament.current_round:
        stored_pairs = [(g.white, g.black) for g in tournament.round(round_number).games]
        if stored_pairs != [(b.white, b.black) for b in explained.boards]:
            click.echo("Note: the stored round differs from this pairing (changed by hand, or paired by "
                       "another program).", err=True)
