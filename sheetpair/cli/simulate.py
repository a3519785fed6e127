"""``sheetpair simulate``: compare pairing systems by how they treat the players, over many seeded events."""

from __future__ import annotations

import json
import math
from pathlib import Path

import click

from ..app.simulate import EXPECTATIONS, MEASURES, ResultModel, SystemSummary
from ..app.simulate import simulate as run_simulation
from ..pairing import SYSTEMS
from ..report.simulation import write_simulation_html
from .base import cli, reports_errors
from .progress import progress


@cli.command()
@click.option("--system", "systems", required=True, multiple=True, type=click.Choice(sorted(SYSTEMS)),
              help="A pairing system to simulate; repeat the option to compare several.")
@click.option("--players", required=True, type=click.IntRange(min=2), help="Players in each simulated event.")
@click.option("--rounds", required=True, type=click.IntRange(min=1),
              help="Rounds of each event (round robins play their own planned rounds).")
@click.option("--runs", required=True, type=click.IntRange(min=1), help="Events played per system.")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Random seed: the same seed gives the same numbers.")
@click.option("--model", default="elo", show_default=True, type=click.Choice(EXPECTATIONS),
              help="Result model: the Elo expectation from the two ratings, or FIDE's table of expected scores.")
@click.option("--draw-rate", default=0.3, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that two equally rated players draw (less for unequal ones).")
@click.option("--forfeit-rate", default=0.0, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that a game is lost by forfeit.")
@click.option("--bye-rate", default=0.0, show_default=True, type=click.FloatRange(0, 1),
              help="Chance that a player asks for a half-point bye in a round, where the system allows it.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON on stdout.")
@click.option("--html", "html_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Also draw the comparison as charts in DIR/index.html.")
@reports_errors
def simulate(systems: tuple[str, ...], players: int, rounds: int, runs: int, seed: int, model: str,
             draw_rate: float, forfeit_rate: float, bye_rate: float, as_json: bool, html_dir: Path | None) -> None:
    """Play RUNS seeded events per system and report, with 95 % confidence intervals, how each system treats
    the players: colours, rematches, floats, opponents' strength, who wins.

    \b
    Example:
      sheetpair simulate --system monrad --system dutch --players 40 --rounds 9 --runs 100 --json
    """
    result_model = ResultModel(draw_rate=draw_rate, forfeit_rate=forfeit_rate, bye_rate=bye_rate, expectation=model)
    names = list(dict.fromkeys(systems))
    with progress(runs * len(names), "Simulating") as step:
        summaries = run_simulation(names, players=players, rounds=rounds, runs=runs, seed=seed, model=result_model,
                                   progress=step)
    if html_dir is not None:
        page = write_simulation_html(summaries, html_dir, players=players, rounds=rounds, seed=seed)
        click.echo(f"Wrote {page}.", err=True)
    if as_json:
        click.echo(json.dumps({"systems": {
            name: {"runs": s.runs} | {m: {"mean": _number(v.mean), "ci95": [_number(v.low), _number(v.high)]}
                                      for m, v in s.measures.items()}
            for name, s in summaries.items()
        }}))
        return
    click.echo(_table(summaries))


def _number(value: float) -> float | None:
    """JSON has no NaN: an undefined measure is ``null``."""
    return None if math.isnan(value) else value


def _table(summaries: dict[str, SystemSummary]) -> str:
    rows = [["measure", *summaries]]
    for measure in MEASURES:
        row = [measure]
        for summary in summaries.values():
            value = summary.measures[measure]
            row.append(f"{value.mean:.3g} [{value.low:.3g}, {value.high:.3g}]")
        rows.append(row)
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(r, widths)).rstrip() for r in rows)

