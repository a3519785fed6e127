"""``sheetpair systems``: the pairing systems and their options (loads the registry only, so it answers fast)."""

from __future__ import annotations

import click

from ..pairing import SYSTEMS
from ..pairing.teams import TEAM_SYSTEMS
from .base import cli


@cli.command()
@click.option("-v", "--verbose", is_flag=True, help="Also list each system's options with defaults and meaning.")
def systems(verbose: bool) -> None:
    """List the pairing systems.

    \b
    Example:
      sheetpair systems --verbose
    """
    listed = {name: (s.description, s.options) for name, s in SYSTEMS.items()}
    listed |= {name: (s.description, s.options) for name, s in TEAM_SYSTEMS.items()}
    for name, (description, options) in sorted(listed.items()):
        click.echo(f"{name:<20} {description}")
        if verbose:
            for key, spec in options.items():
                choices = f" [{'|'.join(spec.choices)}]" if spec.choices else ""
                click.echo(f"{'':<22}--option {key}=...{choices} (default {spec.default}): {spec.help}")
