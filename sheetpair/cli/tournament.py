"""Running an event from the command line: new, pair, result, bye, withdraw, undo, standings, systems."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..app import rounds
from ..app.event import EventRequest, parse_options
from ..app.interchange import create_workbook, new_event
from ..app.revisions import Stamp
from ..app.standings import update_standings
from ..core.model import Round, Tournament
from ..core.results import format_points, parse_bye_points, parse_result
from ..core.standings import Standing, StandingsTable
from ..core.tiebreaks import EDITIONS, parse_tiebreak_list
from ..io.openpyxl_port import OpenpyxlPort
from ..pairing import SYSTEMS
from .base import cli, reports_errors
from .revisions import stamped

WORKBOOK = click.Path(dir_okay=False, path_type=Path)
EXISTING_WORKBOOK = click.Path(exists=True, dir_okay=False, path_type=Path)


@cli.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--system", "system_name", required=True, help="Pairing system (see 'sheetpair systems').")
@click.option("--rounds", type=click.IntRange(min=1), help="Planned rounds (round robins count them themselves).")
@click.option("--players", "roster", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Roster as CSV or xlsx (columns by header: name, rating, title, federation, fide_id, club, team).")
@click.option("--seed", type=int, help="Random seed of the draw; drawn and saved when not given.")
@click.option("--keep-order", is_flag=True, help="Use the roster order as start numbers.")
@click.option("--double", is_flag=True, help="Round robins: play every pairing twice.")
@click.option("--tiebreaks", help="Comma-separated tie-break codes, e.g. BH-C1,BH,SB,DE,WIN or WNT.")
@click.option("--bye-value", help="Points for the pairing-allocated bye: 1, 0.5 or 0 (default: the system's).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A system's own setting.")
@reports_errors
def new(workbook: Path, system_name: str, rounds: int | None, roster: Path, seed: int | None, keep_order: bool,
        double: bool, tiebreaks: str | None, bye_value: str | None, options: tuple[str, ...]) -> None:
    """Create a tournament workbook from a roster."""
    request = EventRequest(system_name, rounds=rounds, seed=seed, keep_order=keep_order, double_round_robin=double,
                           tiebreaks=tiebreaks, bye_value=bye_value, options=parse_options(options))
    tournament = new_event(roster, request)
    port = OpenpyxlPort(workbook, create=not workbook.exists())
    create_workbook(port, tournament)
    port.save()
    settings = tournament.settings
    click.echo(f"Created {workbook}: {len(tournament.players)} players, {settings.rounds} rounds, "
               f"system {settings.system}, seed {settings.seed}.", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the pairing as JSON on stdout.")
@click.option("-o", "--output", type=WORKBOOK, help="Write the result to this copy instead of the workbook itself.")
@stamped("pair")
@reports_errors
def pair(workbook: Path, as_json: bool, output: Path | None, stamp: Stamp) -> None:
    """Pair the next round and write its sheet."""
    port = OpenpyxlPort(workbook)
    outcome = rounds.pair(port, stamp=stamp)
    port.save(output)
    paired, tournament = outcome.round, outcome.tournament
    if as_json:
        click.echo(json.dumps(_pairing_json(paired, tournament), ensure_ascii=False))
    else:
        click.echo(_pairing_text(paired, tournament))
    for note in paired.notes:
        click.echo(f"Note: {note}", err=True)


def _pairing_json(paired: Round, tournament: Tournament) -> dict[str, object]:
    settings = tournament.settings
    return {
        "round": paired.number,
        "boards": [{"board": g.board, "white": g.white, "black": g.black} for g in paired.games],
        "byes": [{"player": b.player, "points": settings.points_for_bye(b.kind), "kind": b.kind.value}
                 | ({"board": b.board} if b.board is not None else {})
                 for b in paired.byes],
    }


def _pairing_text(paired: Round, tournament: Tournament) -> str:
    lines = [f"Round {paired.number}"]
    for g in paired.games:
        white, black = tournament.player(g.white), tournament.player(g.black)
        lines.append(f"{g.board:>4}  {g.white:>4} {white.name:<28} - {g.black:>4} {black.name}")
    for b in paired.byes:
        points = format_points(tournament.settings.points_for_bye(b.kind))
        lines.append(f"{'':>4}  {b.player:>4} {tournament.player(b.player).name:<28}   bye ({b.kind.value}, {points})")
    return "\n".join(lines)


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--round", "round_number", type=click.IntRange(min=1), required=True)
@click.option("--board", type=click.IntRange(min=1), required=True)
@click.argument("result")
@stamped("result")
@reports_errors
def result(workbook: Path, round_number: int, board: int, result: str, stamp: Stamp) -> None:
    """Record the RESULT of one board: 1-0, 0-1, ½-½ (1/2-1/2, 0.5-0.5, =), +/-, -/+, -/-, * (postponed)."""
    parsed = parse_result(result)
    port = OpenpyxlPort(workbook)
    rounds.enter_result(port, round_number, board, parsed, stamp=stamp)
    port.save()
    click.echo(f"Round {round_number}, board {board}: {parsed.value or 'cleared'}", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.argument("tpn", type=click.IntRange(min=1))
@click.option("--round", "round_number", type=click.IntRange(min=1), help="Round of the bye (default: the next).")
@click.option("--points", required=True, help="0.5 for a half-point bye, 0 for a zero-point bye.")
@reports_errors
def bye(workbook: Path, tpn: int, round_number: int | None, points: str) -> None:
    """Record a bye that player TPN asked for, before the round is paired."""
    kind = parse_bye_points(points)
    port = OpenpyxlPort(workbook)
    number = rounds.grant_bye(port, tpn, round_number, kind)
    port.save()
    click.echo(f"Player {tpn}: {kind.value} bye in round {number}", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.argument("tpn", type=click.IntRange(min=1))
@click.option("--from-round", type=click.IntRange(min=1), help="First round the player misses (default: the next).")
@reports_errors
def withdraw(workbook: Path, tpn: int, from_round: int | None) -> None:
    """Withdraw player TPN from a round on."""
    port = OpenpyxlPort(workbook)
    number = rounds.withdraw(port, tpn, from_round)
    port.save()
    click.echo(f"Player {tpn} withdrawn from round {number}", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--yes", is_flag=True, help="Do not ask, even when the round already has results.")
@stamped("undo")
@reports_errors
def undo(workbook: Path, yes: bool, stamp: Stamp) -> None:
    """Remove the last paired round."""
    port = OpenpyxlPort(workbook)

    def confirm(last: Round, entered: int) -> bool:
        return yes or click.confirm(f"Round {last.number} has {entered} result(s). Remove it anyway?", abort=True)

    removed = rounds.undo(port, confirm, stamp=stamp)
    port.save()
    click.echo(f"Round {removed.number} removed.", err=True)


@cli.command("standings")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON on stdout.")
@click.option("--tiebreaks", help="Tie-break codes to compute now, e.g. BH-C1,BH,SB,DE,WIN (default: the saved list).")
@click.option("--rules", type=click.Choice(EDITIONS), help="FIDE tie-break rules edition (default: the event's, 2026).")
@click.option("--save", is_flag=True, help="Keep --tiebreaks and --rules as the event's settings.")
@reports_errors
def standings_command(workbook: Path, as_json: bool, tiebreaks: str | None, rules: str | None, save: bool) -> None:
    """Recompute and write the Standings and Crosstable sheets; print the standings."""
    codes = parse_tiebreak_list(tiebreaks) if tiebreaks is not None else None
    port = OpenpyxlPort(workbook)
    table = update_standings(port, tiebreaks=codes, rules=rules, keep=save)
    port.save()
    if as_json:
        click.echo(json.dumps([_standing_json(s) for s in table], ensure_ascii=False))
    else:
        click.echo(_standings_text(table))
    for code in table.codes:
        note = next((s.tiebreaks[code].note for s in table if s.tiebreaks[code].note), "")
        if note:
            click.echo(f"{code}: {note}", err=True)


def _standing_json(line: Standing) -> dict[str, object]:
    return {"rank": line.rank, "tpn": line.tpn, "name": line.name, "points": line.points,
            "tiebreaks": {code: value.value for code, value in line.tiebreaks.items()}}


def _standings_text(table: StandingsTable) -> str:
    codes = table.codes
    lines = [f"{'Rk':>3} {'TPN':>4} {'Name':<28} {'Pts':>5} " + " ".join(f"{c:>8}" for c in codes)]
    for s in table:
        values = " ".join(f"{s.tiebreaks[c].value:>8g}" for c in codes)
        lines.append(f"{s.rank:>3} {s.tpn:>4} {s.name:<28} {format_points(s.points):>5} {values}")
    return "\n".join(lines)


@cli.command()
@click.option("--verbose", is_flag=True, help="Also list each system's options.")
def systems(verbose: bool) -> None:
    """List the pairing systems."""
    for name, system in sorted(SYSTEMS.items()):
        click.echo(f"{name:<20} {system.description}")
        if verbose:
            for key, spec in system.options.items():
                choices = f" [{'|'.join(spec.choices)}]" if spec.choices else ""
                click.echo(f"{'':<22}--option {key}=...{choices} (default {spec.default}): {spec.help}")
