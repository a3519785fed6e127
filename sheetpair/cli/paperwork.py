"""The arbiter's paperwork from the command line: prizes, title norms, the FIDE list, the rating report."""

from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import click

from ..app.fide_list import RATING_LISTS, ListUpdate, chunks, update_from_fide
from ..app.norms import norms
from ..app.prizes import prize_list
from ..app.rating_report import check_report
from ..app.workbooks.files import editing, reading
from ..core.norms import FEWEST_GAMES, MIN_GAMES, PlayerNorms
from ..core.prizes import SHARING_RULES, PrizeList, format_amount, parse_amount, parse_place_prize
from ..history.stamp import Stamp
from ..report.arbiter import norms_text
from .base import cli, reports_errors
from .display import pad, width
from .fide_choice import chooser
from .progress import progress
from .stamping import stamped
from .tournament import EXISTING_WORKBOOK, OUTPUT


@cli.command("prizes")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the prize list as JSON on stdout.")
@click.option("--place", "places", multiple=True, metavar="PLACE=AMOUNT",
              help="A place prize, e.g. 1=100 or 3=cup (repeat; kept in the Prizes sheet, replacing its prizes).")
@click.option("--sharing", type=click.Choice(SHARING_RULES),
              help="How tied players share the money of their places (default: the Prizes sheet's, else none).")
@click.option("--minimum-share", help="The smallest share paid out; below it the tie-breaks decide.")
@click.option("--no-save", is_flag=True, help="Only print: write nothing to the workbook.")
@OUTPUT
@reports_errors
def prizes_command(workbook: Path, as_json: bool, places: tuple[str, ...], sharing: str | None,
                   minimum_share: str | None, no_save: bool, output: Path | None) -> None:
    """Work out the prize list, write it to the Prize list sheet and print it.

    \b
    Example:
      sheetpair prizes open.xlsx
      sheetpair prizes open.xlsx --place 1=100 --place 2=80 --sharing hort --json
    """
    given = [parse_place_prize(text) for text in places] or None
    minimum = _money(minimum_share)
    if no_save:
        with reading(workbook) as port:
            result = prize_list(port, prizes=given, sharing=sharing, minimum_share=minimum, write_sheet=False)
    else:
        with editing(workbook, output) as port:
            result = prize_list(port, prizes=given, sharing=sharing, minimum_share=minimum,
                                warn=lambda message: click.echo(f"Warning: {message}", err=True))
    click.echo(json.dumps(prizes_json(result), ensure_ascii=False) if as_json else prizes_text(result))


def prizes_json(result: PrizeList) -> dict[str, object]:
    """``{"prizes": [{"player", "name", "amount", "awards": [labels]}]}``, start numbers, amounts in money."""
    return {"prizes": [{"player": tpn, "name": result.names[tpn], "amount": float(result.total(tpn)),
                        "awards": [a.label for a in awards]} for tpn, awards in result.by_player()]}


def prizes_text(result: PrizeList) -> str:
    """One line per award: start number, name, prize, amount and why."""
    rows = [(tpn, result.names[tpn], a) for tpn, awards in result.by_player() for a in awards]
    if not rows:
        return "No prizes: give them on the Prizes sheet or with --place."
    names = max([width(name) for _, name, _ in rows] + [4])
    lines = [f"{'TPN':>4} {pad('Name', names)} {'Amount':>8}  Prize"]
    for tpn, name, award in rows:
        why = f"  ({award.reason})" if award.reason else ""
        lines.append(f"{tpn:>4} {pad(name, names)} {format_amount(award.amount):>8}  {award.label}{why}")
    return "\n".join(lines)


def _money(text: str | None) -> Fraction | None:
    if text is None:
        return None
    amount = parse_amount(text, where="--minimum-share")
    if amount is None:
        raise click.BadParameter(f"{text!r} is not an amount", param_hint="--minimum-share")
    return amount


@cli.command("norms")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--player", type=int, help="Only this start number.")
@click.option("--json", "as_json", is_flag=True, help="Print the norms as JSON on stdout.")
@click.option("--exempt", is_flag=True, help="The event is free of the federation rules (B.01 1.4.3a-c: a "
              "national championship final, a national team championship, a zonal).")
@click.option("--games-needed", "needed", type=click.IntRange(FEWEST_GAMES, MIN_GAMES), default=MIN_GAMES,
              show_default=True, help="Games a norm needs: 7 or 8 only in the events B.01 1.4.1b names.")
@click.option("--save", is_flag=True, help="Also write the Norms sheet (with the IT3 counts) and the IT1 sheet.")
@OUTPUT
@reports_errors
def norms_command(workbook: Path, player: int | None, as_json: bool, exempt: bool, needed: int, save: bool,
                  output: Path | None) -> None:
    """Say per player and title norm: achieved, possible (with the points needed) or impossible, and why.

    \b
    Example:
      sheetpair norms open.xlsx --player 7
      sheetpair norms open.xlsx --json
      sheetpair norms open.xlsx --save
    """
    if save or output is not None:
        with editing(workbook, output) as port:
            found = norms(port, player=player, exempt=exempt, needed=needed, write_sheets=True)
    else:
        with reading(workbook) as port:
            found = norms(port, player=player, exempt=exempt, needed=needed)
    click.echo(json.dumps(norms_json(found), ensure_ascii=False) if as_json else norms_text(found))


def norms_json(found: list[PlayerNorms]) -> dict[str, object]:
    """``{"players": [{"player", "name", "norms": {"GM": {"status", "needs", "reasons"}, ...}}]}``."""
    return {"players": [{"player": p.tpn, "name": p.name,
                         "norms": {code: {"status": n.status, "needs": n.needs, "reasons": list(n.reasons)}
                                   for code, n in p.norms.items()}} for p in found]}


@cli.command("players")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--from-fide", "fide_list", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="FIDE's rating list: the XML or TXT file, zipped or not.")
@click.option("--list", "rating_list", type=click.Choice(RATING_LISTS), default="standard", show_default=True,
              help="Which rating and K to take.")
@click.option("-y", "--yes", is_flag=True, help="Never ask: a name found twice is refused, naming the candidates.")
@click.option("--add", "add", multiple=True, metavar="FIDE_ID",
              help="Add the player of this FIDE id, filled from the list (repeat; a late entry once paired).")
@OUTPUT
@stamped("players")
@reports_errors
def players_command(workbook: Path, fide_list: Path, rating_list: str, yes: bool, add: tuple[str, ...],
                    output: Path | None, stamp: Stamp) -> None:
    """Fill the roster from FIDE's rating list, by FIDE id or by name.

    \b
    Example:
      sheetpair players open.xlsx --from-fide players_list_xml_foa.zip
      sheetpair players open.xlsx --from-fide players_list_foa.txt --list rapid --yes
      sheetpair players open.xlsx --from-fide players_list_xml_foa.zip --add 1503014
    """
    ask = not yes and sys.stdin.isatty()
    ids = [_fide_id(text) for text in add]
    with editing(workbook, output) as port, progress(chunks(fide_list), "Reading the FIDE list") as tick:
        done = update_from_fide(port, fide_list, choose=chooser(ask), rating_list=rating_list,
                                tick=tick, stamp=stamp, add=ids)
    click.echo(list_update_text(done))


def list_update_text(done: ListUpdate) -> str:
    """What the list changed, in three short lines."""
    lines = [f"{len(done.updated) - len(done.added)} player(s) updated from the FIDE list."]
    if done.added:
        lines.append("Added: " + ", ".join(map(str, done.added)) + ".")
    if done.not_found:
        lines.append("Not on the list: " + ", ".join(map(str, done.not_found)) + ".")
    if done.inactive:
        lines.append("Inactive on the list: " + ", ".join(map(str, done.inactive)) + ".")
    return "\n".join(lines)


def _fide_id(text: str) -> str:
    if not text.strip().isdigit():
        raise click.BadParameter(f"{text!r} is not a FIDE id (a number)", param_hint="--add")
    return str(int(text))


@cli.command("check-report")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@reports_errors
def check_report_command(workbook: Path) -> None:
    """List what a rating officer would reject in the rating report; exit 1 when anything.

    \b
    Example:
      sheetpair check-report open.xlsx && sheetpair export open.xlsx --trf open.trf
    """
    with reading(workbook) as port:
        problems = check_report(port)
    for problem in problems:
        click.echo(problem)
    if problems:
        raise SystemExit(1)
    click.echo("Nothing a rating officer would reject.")
