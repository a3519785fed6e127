"""The arbiter's paperwork after the last round, from the command line: the prize list."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import click

from ..app.prizes import prize_list
from ..core.prizes import SHARING_RULES, PrizeList, format_amount, parse_amount, parse_place_prize
from ..io.openpyxl_port import OpenpyxlPort
from .base import cli, reports_errors
from .display import pad, width
from .tournament import EXISTING_WORKBOOK, OUTPUT, editing


def reading(workbook: Path) -> OpenpyxlPort:
    """The workbook opened for reading only (the one place this module opens one without changing it)."""
    return OpenpyxlPort(workbook)


@cli.command("prizes")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the prize list as JSON on stdout.")
@click.option("--place", "places", multiple=True, metavar="PLACE=AMOUNT",
              help="A place prize, e.g. 1=100 or 3=cup (repeat; replaces the Prizes sheet).")
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
        result = prize_list(reading(workbook), prizes=given, sharing=sharing, minimum_share=minimum,
                            write_sheet=False)
    else:
        with editing(workbook, output) as port:
            result = prize_list(port, prizes=given, sharing=sharing, minimum_share=minimum)
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
