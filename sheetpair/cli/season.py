"""``sheetpair check DIR_OR_GLOB``: the season's files checked in parallel, a progress bar, a summary table."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..app.season import FileCheck, SeasonSummary, check_season, trf_files
from ..core.errors import InputError
from ..report.season import REPORT_SUFFIXES, season_json, write_season_report
from .progress import progress

CLUSTER_EXTRA = "sheetpair[cluster]"


def check_many(target: str, system: str, jobs: int | None, executor: str, scheduler: str | None,
               report: Path | None, as_json: bool) -> None:
    """Checks every TRF file of ``target``, prints the summary (as JSON with ``as_json``), writes ``report``;
    exit code 1 when a round differs or a file could not be checked."""
    if report is not None and report.suffix.lower() not in REPORT_SUFFIXES:
        raise click.BadParameter(f"the report must be a {' or '.join(REPORT_SUFFIXES)} file, not {report.name!r}",
                                 param_hint="--report")
    try:
        paths = trf_files(target)
    except InputError as error:
        raise click.BadParameter(str(error), param_hint="SOURCE") from None
    try:
        with progress(len(paths), "Checking") as step:
            results = check_season(paths, system=system, jobs=jobs, executor=executor, scheduler=scheduler,
                                   progress=step)
    except InputError as error:
        raise click.UsageError(str(error)) from None
    except ModuleNotFoundError:
        raise click.UsageError(f"--executor dask needs the optional extra {CLUSTER_EXTRA} "
                               f"(pip install '{CLUSTER_EXTRA}').") from None
    click.echo(json.dumps(season_json(results)) if as_json else season_text(results))
    if report is not None:
        click.echo(f"Wrote {write_season_report(results, report)}.", err=True)
    if any(r.differing or not r.checked for r in results):
        raise SystemExit(1)


def season_text(results: list[FileCheck]) -> str:
    """The files that differ or could not be checked, one line each, then the totals."""
    lines = [f"{r.path}: rounds {', '.join(map(str, r.differing))} differ ({r.system})" for r in results if r.differing]
    lines += [f"{r.path}: not checked: {r.reason}" for r in results if not r.checked]
    s = SeasonSummary.of(results)
    rows = [("files", s.files), ("checked", s.checked), ("not checked", s.files - s.checked), ("rounds", s.rounds),
            ("differing rounds", s.differing_rounds), ("files with a differing round", s.files_differing)]
    width = max(len(name) for name, _ in rows)
    return "\n".join([*lines, *(f"{name.ljust(width)}  {value:>7}" for name, value in rows)])
