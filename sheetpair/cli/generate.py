"""``sheetpair generate``: the random tournament generator FIDE's acceptance of a program asks for."""

from __future__ import annotations

from pathlib import Path

import click

from ..app.generate import EXECUTORS, GeneratorSpec, parse_players
from ..app.generate import generate as generate_events
from ..app.simulate import ResultModel
from ..core.tiebreaks import parse_tiebreak_list
from ..pairing import SYSTEMS
from ..pairing.teams import TEAM_SYSTEMS
from .base import cli, reports_errors
from .progress import progress
from .season import CLUSTER_EXTRA


@cli.command()
@click.option("--system", required=True, type=click.Choice(sorted([*SYSTEMS, *TEAM_SYSTEMS])),
              help="The pairing system (team-swiss: team events, --players counts teams).")
@click.option("--count", required=True, type=click.IntRange(min=1), help="Tournaments to write.")
@click.option("--seed", default=0, show_default=True, type=int, help="The same seed writes the same files.")
@click.option("--players", required=True, help="Players per tournament: N, or MIN-MAX drawn evenly.")
@click.option("--rounds", required=True, type=click.IntRange(min=1), help="Rounds of each tournament.")
@click.option("--draw-rate", default=0.3, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that two equally rated players draw (less for unequal ones).")
@click.option("--forfeit-rate", default=0.0, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that a game is lost by forfeit.")
@click.option("--bye-rate", default=0.0, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that a player asks for a half-point bye before a round.")
@click.option("--withdraw-rate", default=0.0, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that a player withdraws before a round (from round 2).")
@click.option("--late-entries", default=0, show_default=True, type=click.IntRange(min=0),
              help="Players entering after round 1 (before a round of the first half).")
@click.option("--acceleration", default="none", show_default=True, type=click.Choice(["none", "baku"]),
              help="FIDE acceleration (C.04.7 Baku) for the systems that have it.")
@click.option("--tiebreaks", help="Tie-break list written in the files (default: the system's).")
@click.option("--unrated-share", default=0.0, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that a player is unrated.")
@click.option("-o", "--output", "directory", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="Folder the TRF files are written to (SYSTEM-00001.trf ...).")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes (default: all cores).")
@click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
              help="Play on this machine, or on a Dask cluster (extra sheetpair[cluster]).")
@click.option("--scheduler", help="Address of the Dask scheduler (with --executor dask).")
@reports_errors
def generate(system: str, count: int, seed: int, players: str, rounds: int, draw_rate: float, forfeit_rate: float,
             bye_rate: float, withdraw_rate: float, late_entries: int, acceleration: str, tiebreaks: str | None,
             unrated_share: float, directory: Path, jobs: int | None, executor: str, scheduler: str | None) -> None:
    """Write COUNT random tournaments, each paired by sheetpair and saved as a TRF-2026 file, with results drawn
    from FIDE's expected-score table and a draw model.

    \b
    Example:
      sheetpair generate --system dutch --count 100 --seed 7 --players 10-40 --rounds 9 -o events/
    """
    if executor == "dask" and not scheduler:
        raise click.UsageError("--executor dask needs --scheduler ADDRESS (the Dask scheduler to play the events on)")
    spec = GeneratorSpec(
        system=system, players=parse_players(players), rounds=rounds,
        model=ResultModel(draw_rate=draw_rate, forfeit_rate=forfeit_rate, bye_rate=bye_rate,
                          expectation="fide"),
        withdraw_rate=withdraw_rate, late_entries=late_entries, acceleration=acceleration,
        tiebreaks=parse_tiebreak_list(tiebreaks) if tiebreaks else None, unrated_share=unrated_share,
    )
    try:
        with progress(count, "Generating") as step:
            paths = generate_events(spec, count=count, seed=seed, directory=directory, jobs=jobs, executor=executor,
                                    scheduler=scheduler, progress=step)
    except ModuleNotFoundError:
        raise click.UsageError(f"--executor dask needs the optional extra {CLUSTER_EXTRA} "
                               f"(pip install '{CLUSTER_EXTRA}').") from None
    click.echo(f"Wrote {len(paths)} tournaments to {directory}.", err=True)
