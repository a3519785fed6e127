"""How the command line settles a name found twice on FIDE's rating list: it asks, or refuses naming the
candidates (with ``--yes``, or when stdin is not a terminal) — never a guess."""

from __future__ import annotations

import click

from ..app.fide_list import Choose, ListEntry, ambiguous, describe
from ..core.errors import OperationError
from ..core.model import Player


def chooser(ask: bool) -> Choose:
    """The question at the terminal when ``ask``, else the refusal."""
    return _ask if ask else _refuse


def _refuse(player: Player, candidates: list[ListEntry]) -> ListEntry | None:
    refusal = ambiguous(player, candidates)
    raise OperationError(f"{refusal}, or run without --yes to choose.")


def _ask(player: Player, candidates: list[ListEntry]) -> ListEntry | None:
    click.echo(f"Player {player.tpn} ({player.name}) is on the FIDE list {len(candidates)} times:", err=True)
    for i, candidate in enumerate(candidates, start=1):
        click.echo(f"  {i}. {describe(candidate)}", err=True)
    chosen = click.prompt("Which one (0: none)", type=click.IntRange(0, len(candidates)), err=True)
    return candidates[chosen - 1] if chosen else None


__all__ = ["chooser"]
