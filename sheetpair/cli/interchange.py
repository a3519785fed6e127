"""Exchanging tournaments with other programs and with FIDE: import, export, and the pairing checker."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..app.check import ComparedPairing, RoundCheck, check_tournament
from ..app.files import load_for_check
from ..app.interchange import TrfFormat, create_workbook, export_trf, read_event, refuse_same_file
from ..app.season import AUTO, EXECUTORS
from ..app.session import load
from ..app.standings_check import check_standings
from ..app.teams import check_team_trf, is_team_trf
from ..app.workbooks.files import creating, holds_team_event_file, reading, refuse_output_over_input
from ..core.errors import InputError, OperationError
from ..core.fide_mode import fide_warnings
from ..pairing import SYSTEMS, get_system
from ..pairing.teams import TEAM_SYSTEMS
from . import teams
from .base import cli, reports_errors
from .progress import progress
from .season import check_many
from .standings_check import STANDINGS_DIFFER, standings_json, standings_text

EXISTING_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)
NEW_FILE = click.Path(dir_okay=False, path_type=Path)


@cli.command("import")
@click.argument("source", type=EXISTING_FILE)
@click.option("-o", "--output", "workbook", required=True, type=NEW_FILE, help="The workbook to create.")
@click.option("--system", "system_name", type=click.Choice(sorted(SYSTEMS)),
              help="Pairing system to store (TRF: default from the file, else dutch).")
@click.option("--rounds", type=click.IntRange(min=1), help="Rosters: planned rounds (round robins count them).")
@reports_errors
def import_(source: Path, workbook: Path, system_name: str | None, rounds: int | None) -> None:
    """Create a workbook from a TRF16/TRF26 file or a CSV/xlsx roster (the kind is detected).

    \b
    Example:
      sheetpair import event.trf -o event.xlsx
      sheetpair import roster.csv -o open.xlsx --system dutch --rounds 9
    """
    refuse_same_file(source, workbook)
    if workbook.exists():
        raise OperationError(f"{workbook} already exists; choose another file name")
    if is_team_trf(source):
        return teams.import_trf(source, workbook)
    with progress(3, "Importing") as step:
        imported = read_event(source, system=system_name, rounds=rounds)
        step()
        with creating(workbook) as port:
            create_workbook(port, imported.tournament)
            step()
        step()
    tournament = imported.tournament
    if not imported.system_known:
        click.echo(f"Warning: {tournament.settings.system!r} is not a registered pairing system; "
                   "'sheetpair pair' needs one (see 'sheetpair systems').", err=True)
    click.echo(f"Created {workbook} from a {imported.kind}: {len(tournament.players)} players, "
               f"{tournament.current_round} of {tournament.settings.rounds} rounds played, "
               f"system {tournament.settings.system}.", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_FILE)
@click.option("--trf", "target", required=True, type=NEW_FILE, help="The Tournament Report File to write.")
@click.option("--format", "trf_format", type=click.Choice([f.value for f in TrfFormat]), default="trf26",
              show_default=True, help="TRF26 (current) or TRF16 (legacy, still read by every engine).")
@reports_errors
def export(workbook: Path, target: Path, trf_format: str) -> None:
    """Write the tournament as a FIDE Tournament Report File.

    \b
    Example:
      sheetpair export open.xlsx --trf open.trf --format trf16
    """
    if holds_team_event_file(workbook):
        return teams.export(workbook, target, trf_format)
    refuse_output_over_input(target, workbook, what="the TRF")
    with reading(workbook) as port:
        tournament = load(port)
    pending = export_trf(tournament, target, TrfFormat(trf_format))
    if pending:
        click.echo(f"Warning: round(s) {', '.join(map(str, pending))} have games without a result; pairing "
                   "engines and FIDE's rating server refuse such a file until the results are in.", err=True)
    for warning in fide_warnings(tournament, trf_format=trf_format):
        click.echo(f"Warning: {warning}", err=True)
    click.echo(f"Wrote {target} ({trf_format.upper()}): {len(tournament.players)} players, "
               f"{tournament.current_round} rounds.", err=True)


@cli.command()
@click.argument("source", type=click.Path(path_type=Path))
@click.option("--system", "system_name", type=click.Choice([AUTO, *sorted(SYSTEMS), *sorted(TEAM_SYSTEMS)]),
              help="Pairing system to check with (default or 'auto': the file's own; a team file: team-swiss).")
@click.option("--json", "as_json", is_flag=True, help="Print the verdict of every round as JSON on stdout.")
@click.option("--jobs", type=click.IntRange(min=1), help="Folder or pattern: worker processes (default: all cores).")
@click.option("--executor", type=click.Choice(EXECUTORS), default="local", show_default=True,
              help="Folder or pattern: check on this machine, or on a Dask cluster (extra sheetpair[cluster]).")
@click.option("--scheduler", help="Folder or pattern: address of the Dask scheduler (with --executor dask).")
@click.option("--report", type=click.Path(dir_okay=False, path_type=Path),
              help="Folder or pattern: also write the summary as an .html or .json file.")
@reports_errors
def check(source: Path, system_name: str | None, as_json: bool, jobs: int | None, executor: str,
          scheduler: str | None, report: Path | None) -> None:
    """Re-pair every round from the rounds before it and report the rounds that differ (exit code 1).

    SOURCE is a workbook or TRF file, or a folder or glob pattern of TRF files: a season, checked in parallel.
    A TRF's declared points and ranks are checked too, against the results and its tie-break list (exit code
    5 when only they differ).

    \b
    Example:
      sheetpair check event.trf --system dutch
      sheetpair check 'season/*.trf' --jobs 2 --report season.html
    """
    if report is not None:
        refuse_output_over_input(report, *([source] if source.is_file() else []), what="the report")
    if not source.is_file():
        return check_many(str(source), system_name or AUTO, jobs, executor, scheduler, report, as_json)
    system_name = None if system_name == AUTO else system_name
    if is_team_trf(source):
        return _check_team(source, system_name, as_json)
    if source.suffix.lower() in (".xlsx", ".xlsm") and holds_team_event_file(source):
        return teams.check(source, as_json)
    tournament, declared = load_for_check(source, system_name)
    if not tournament.rounds:
        raise InputError(f"{source} has no paired round to check")
    system = get_system(system_name or tournament.settings.system).name
    with progress(len(tournament.rounds), "Checking rounds") as step:
        checks = check_tournament(tournament, system, progress=step)
    issues = check_standings(tournament, declared)
    if as_json:
        click.echo(json.dumps(_check_json(system, checks) | {"standings": standings_json(issues)}))
    else:
        click.echo("\n".join([_check_text(system, checks), *standings_text(issues, bool(declared))]))
    if not all(c.agrees for c in checks):
        raise SystemExit(1)
    if issues:
        raise SystemExit(STANDINGS_DIFFER)


def _check_team(source: Path, system_name: str | None, as_json: bool) -> None:
    """A TRF-2026 team file: every round re-paired by the team system, the ``310`` records' scores and ranks
    checked; the same exit codes as an individual file."""
    result = check_team_trf(source, system_name or "team-swiss")
    rounds = result.rounds
    if as_json:
        click.echo(json.dumps({"system": result.system, "agree": sum(c.same_colours for c in rounds),
                               "differ": sum(not c.same_colours for c in rounds),
                               "rounds": [{"round": c.round_number, "agrees": c.same_colours,
                                           "same_pairs": c.same_pairs} for c in rounds],
                               "standings": standings_json(result.standings)}))
    else:
        click.echo("\n".join([teams.check_text(rounds, result.system), *standings_text(result.standings, True)]))
    if not all(c.same_colours for c in rounds):
        raise SystemExit(1)
    if result.standings:
        raise SystemExit(STANDINGS_DIFFER)


def _check_json(system: str, checks: list[RoundCheck]) -> dict[str, object]:
    def side(pairing: ComparedPairing | None) -> dict[str, object] | None:
        if pairing is None:
            return None
        return {"games": [list(g) for g in pairing.games], "pairing_byes": list(pairing.pairing_byes)}

    return {
        "system": system,
        "agree": sum(c.agrees for c in checks),
        "differ": sum(not c.agrees for c in checks),
        "rounds": [
            {"round": c.round, "agrees": c.agrees, "recorded": side(c.recorded), "repaired": side(c.repaired),
             "only_recorded": [list(g) for g in c.only_recorded], "only_repaired": [list(g) for g in c.only_repaired],
             "decisions": list(c.decisions)}
            | ({"error": c.error} if c.error else {})
            for c in checks
        ],
    }


def _check_text(system: str, checks: list[RoundCheck]) -> str:
    lines = []
    for c in checks:
        if c.agrees:
            lines.append(f"Round {c.round}: agrees")
            continue
        if c.decisions:
            lines.append(f"Round {c.round}: differs by the arbiter's decision")
            lines += [f"  {decision}" for decision in c.decisions]
        else:
            lines.append(f"Round {c.round}: DIFFERS")
        lines.append(f"  recorded: {_pairing_text(c.recorded)}")
        lines.append(f"  {system}: " + (_pairing_text(c.repaired) if c.repaired else f"cannot pair ({c.error})"))
        if c.repaired:
            lines.append(f"  only recorded: {_games_text(c.only_recorded)}; only {system}: "
                         f"{_games_text(c.only_repaired)}")
    agree = sum(c.agrees for c in checks)
    lines.append(f"{agree} of {len(checks)} rounds agree with {system}.")
    return "\n".join(lines)


def _pairing_text(pairing: ComparedPairing) -> str:
    text = _games_text(list(pairing.games))
    if pairing.pairing_byes:
        text += "; bye " + ", ".join(map(str, pairing.pairing_byes))
    return text


def _games_text(games: list[tuple[int, int]]) -> str:
    return " ".join(f"{w}-{b}" for w, b in games) or "none"
