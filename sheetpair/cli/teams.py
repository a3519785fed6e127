"""Team events from the command line: the ``lineup`` command, and the team side of new, pair, result,
undo, standings, export and check (those commands hand a team workbook to the functions here)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..app import team_event
from ..app.event import EventRequest
from ..app.teams import RoundCheck
from ..app.workbooks.files import creating, editing, reading, refuse_output_over_input
from ..core.results import format_points, parse_game_result
from ..core.team_book import TeamBook, match_score
from ..core.team_standings import TeamTable, bye_points
from ..core.teams import TeamRound, pairing_json
from ..history.stamp import Stamp
from .base import cli, reports_errors
from .display import pad, width
from .stamping import stamped


def new(workbook: Path, roster: Path, request: EventRequest) -> None:
    """``new`` for a team system."""
    book = team_event.create_team_book(roster, request)
    boards = book.event.boards
    with creating(workbook) as port:
        team_event.create_workbook(port, book)
    click.echo(f"Created {workbook}: {len(book.event.teams)} teams of {boards} boards, {len(book.players)} "
               f"players, {book.rounds} rounds, system {book.system}.", err=True)


def pair_text(rnd: TeamRound, book: TeamBook) -> str:
    """The pairing as posted: each match with its team names, then its boards with the players."""
    event = book.event
    names = max([width(p.name) for p in book.players] + [width(t.name) for t in event.teams] + [4])
    lines = [f"Round {rnd.number} of {book.rounds}, {book.name or 'the event'} ({book.system}): "
             f"{len(rnd.matches)} match(es)" + (f", {len(rnd.byes)} bye(s)" if rnd.byes else "")]
    for match in rnd.matches:
        lines.append(f"Table {match.table}: {match.white:>3} {pad(event.team(match.white).name, names)}  -  "
                     f"{match.black:>3} {event.team(match.black).name}  {match_score(match)}")
        for g in match.boards:
            white = book.player(g.white).name if g.white else "(no player)"
            black = book.player(g.black).name if g.black else "(no player)"
            lines.append(f"  {g.board:>2}  {g.white:>4} {pad(white, names)}  -  {g.black:>4} {black}  "
                         f"{g.result.value}")
    for bye in rnd.byes:
        lines.append(f"Bye: {bye.team} {event.team(bye.team).name} ({bye.kind.value}, "
                     f"{format_points(bye_points(event, bye.kind))})")
    return "\n".join(line.rstrip() for line in lines)


def pair(port_path: Path, output: Path | None, as_json: bool, allow_pending: bool, stamp: Stamp) -> None:
    with editing(port_path, output) as port:
        rnd, book = team_event.pair(port, allow_pending=allow_pending, stamp=stamp)
    click.echo(json.dumps(pairing_json(rnd, book.event), ensure_ascii=False) if as_json else pair_text(rnd, book))


def result(workbook: Path, output: Path | None, round_number: int | None, table: int | None,
           boards: tuple[tuple[int, str], ...], match: str | None, stamp: Stamp) -> None:
    if table is None:
        raise click.UsageError("a team event's results name the table: --table T --board B RESULT")
    parsed = [(board, parse_game_result(text)[0]) for board, text in boards]
    forfeit = None if match is None else match.strip()
    with editing(workbook, output) as port:
        entered = team_event.enter_results(port, round_number, table, parsed, match_forfeit=forfeit, stamp=stamp)
    m = entered.match
    click.echo(f"Round {entered.round_number}, table {m.table}: team {m.white} - team {m.black} "
               f"{match_score(m) or 'no result yet'}", err=True)


def undo(workbook: Path, output: Path | None, yes: bool, stamp: Stamp) -> None:
    def confirm(last: TeamRound, entered: int) -> bool:
        return yes or click.confirm(f"Round {last.number} has {entered} result(s). Remove it anyway?", abort=True)

    with editing(workbook, output) as port:
        removed = team_event.undo(port, confirm, stamp)
    click.echo(f"Round {removed.number} removed.", err=True)


def standings(workbook: Path, output: Path | None, as_json: bool, no_save: bool, tiebreaks: str | None,
              save: bool, rules: str | None = None) -> None:
    """``standings`` of a team event: ``--tiebreaks`` (team codes such as GPTS,BH:MP,SB:MP) and ``--rules``
    only for this print unless ``--save``."""
    codes = tuple(c.strip() for c in tiebreaks.split(",") if c.strip()) if tiebreaks else None
    if no_save or ((codes is not None or rules is not None) and not save):
        with reading(workbook) as port:
            book, table = team_event.read_standings(port, codes, rules=rules)
    else:
        with editing(workbook, output) as port:
            book, table = team_event.update_standings(port, codes, rules=rules)
    click.echo(json.dumps(standings_json(book, table), ensure_ascii=False) if as_json else standings_text(table))


def standings_json(book: TeamBook, table: TeamTable) -> dict[str, object]:
    """The team standings, the crosstable and the board ranking as ``standings --json`` prints them."""
    return {
        "teams": [{"rank": s.rank, "tpn": s.tpn, "name": s.name, "match_points": s.match_points,
                   "game_points": s.game_points, "tiebreaks": s.tiebreaks} for s in table.teams],
        "crosstable": {str(t): {str(o): v for o, v in row.items()} for t, row in table.crosstable.items()},
        "boards": [{"board": b.board, "rank": b.rank, "tpn": b.tpn, "name": book.player(b.tpn).name, "team": b.team,
                    "points": b.points, "games": b.games, "percentage": b.percentage, "performance": b.performance}
                   for b in table.boards],
    }


def standings_text(table: TeamTable) -> str:
    names = max([width(s.name) for s in table.teams] + [4])
    lines = [f"{'Rk':>3} {'TPN':>4} {pad('Team', names)} {'MP':>5} {'GP':>5} " +
             " ".join(f"{c:>8}" for c in table.codes)]
    for s in table.teams:
        values = " ".join(f"{s.tiebreaks[c]:>8g}" for c in table.codes)
        lines.append(f"{s.rank:>3} {s.tpn:>4} {pad(s.name, names)} {format_points(s.match_points):>5} "
                     f"{format_points(s.game_points):>5} {values}")
    return "\n".join(lines)


def export(workbook: Path, target: Path, trf_format: str) -> None:
    refuse_output_over_input(target, workbook, what="the TRF")
    with reading(workbook) as port:
        book, _ = team_event.read_standings(port)
    target.write_text(team_event.trf_text(book, trf16=trf_format == "trf16"), encoding="utf-8", newline="")
    click.echo(f"Wrote {target} ({trf_format.upper()}): {len(book.event.teams)} teams, "
               f"{len(book.event.rounds)} rounds.", err=True)


def import_trf(source: Path, workbook: Path) -> None:
    book = team_event.import_team_trf(source)
    with creating(workbook) as port:
        team_event.create_workbook(port, book, Stamp(f"import {source.name}"))
    click.echo(f"Created {workbook} from a team TRF: {len(book.event.teams)} teams of {book.event.boards} boards, "
               f"{len(book.event.rounds)} of {book.rounds} rounds played, system {book.system}.", err=True)


def check(source: Path, as_json: bool) -> None:
    """``check`` of a team workbook: every round re-paired, the ones that differ named (exit 1)."""
    with reading(source) as port:
        checks = team_event.check(port)
    if as_json:
        click.echo(json.dumps({"rounds": [{"round": c.round_number, "same_pairs": c.same_pairs,
                                           "same_colours": c.same_colours} for c in checks]}))
    else:
        click.echo(check_text(checks))
    if not all(c.same_colours for c in checks):
        raise SystemExit(1)


def check_text(checks: list[RoundCheck], system: str = "team-swiss") -> str:
    """A line per round re-paired (the ones that differ named), then how many agree."""
    lines = [f"Round {c.round_number}: " + ("agrees" if c.same_colours else
                                            "DIFFERS (colours on board 1)" if c.same_pairs else "DIFFERS")
             for c in checks]
    lines.append(f"{sum(c.same_colours for c in checks)} of {len(checks)} rounds agree with {system}.")
    return "\n".join(lines)


@cli.command()
@click.argument("workbook", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--round", "round_number", type=click.IntRange(min=1), required=True, help="The round.")
@click.option("--team", required=True, help="The team: start number, name or short name.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the changed workbook to this copy; the workbook itself stays as it was.")
@click.argument("players")
@stamped("lineup")
@reports_errors
def lineup(workbook: Path, round_number: int, team: str, players: str, output: Path | None, stamp: Stamp) -> None:
    """Set a team's line-up for a paired round before its results: PLAYERS are start numbers in board order.

    \b
    Example:
      sheetpair lineup league.xlsx --round 3 --team 2 12,14,15,17
    """
    numbers = team_event.parse_lineup(players)
    with editing(workbook, output) as port:
        tpn, rnd = team_event.set_lineup(port, round_number, team, numbers, stamp)
    click.echo(f"Round {rnd.number}, team {tpn}: line-up {', '.join(map(str, rnd.lineups[tpn]))}", err=True)
