"""Running an event from the command line: new, pair, result, bye, withdraw, undo, standings."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import click

from ..app import rounds
from ..app.event import EventRequest, parse_dates, parse_options
from ..app.fide_list import RATING_LISTS, chunks
from ..app.interchange import FideSource, create_workbook, new_event, refuse_same_file
from ..app.operations import MANUAL_NOTE, PENDING_NOTE
from ..app.rounds import Paired
from ..app.standings import standings_if_current, update_standings
from ..app.workbooks.files import creating, editing, holds_team_event_file, reading
from ..core.fide_mode import fide_warnings
from ..core.model import ByeKind, EventInfo, Player, Round, Tournament
from ..core.rating import RatingFigures, rating_figures
from ..core.results import format_points, parse_bye_points, parse_game_result, result_code
from ..core.standings import Standing, StandingsTable
from ..core.tiebreaks import EDITIONS, parse_tiebreak_list
from ..history.stamp import Stamp
from ..pairing import SYSTEMS
from ..pairing.teams import TEAM_SYSTEMS
from . import teams
from .base import cli, reports_errors
from .display import pad, width
from .fide_choice import chooser
from .progress import progress
from .stamping import stamped

WORKBOOK = click.Path(dir_okay=False, path_type=Path)
EXISTING_WORKBOOK = click.Path(exists=True, dir_okay=False, path_type=Path)


@cli.command()
@click.argument("workbook", type=WORKBOOK)
@click.option("--system", "system_name", required=True, type=click.Choice(sorted([*SYSTEMS, *TEAM_SYSTEMS])),
              help="Pairing system (see 'sheetpair systems --verbose'); team-swiss and team-berger pair teams.")
@click.option("--boards", type=click.IntRange(min=1), default=4, show_default=True,
              help="Team systems: boards per match (the roster's team column names each player's team).")
@click.option("--rounds", type=click.IntRange(min=1), help="Planned rounds (round robins count them themselves).")
@click.option("--players", "roster", required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Roster as CSV or xlsx (columns by header: name, rating, title, federation, fide_id, club, team); "
                   "with --from-fide, FIDE ids alone (a FIDE id column, or one id a line).")
@click.option("--from-fide", "fide_list", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="FIDE's rating list (XML or TXT, zipped or not): every player filled from it.")
@click.option("--list", "rating_list", type=click.Choice(RATING_LISTS), default="standard", show_default=True,
              help="With --from-fide: which rating and K to take.")
@click.option("-y", "--yes", is_flag=True, help="With --from-fide: never ask; a name found twice is refused.")
@click.option("--seed", type=int, help="Random seed of the draw; drawn and saved when not given.")
@click.option("--keep-order", is_flag=True, help="Use the roster order as start numbers.")
@click.option("--double", is_flag=True, help="Round robins: play every pairing twice.")
@click.option("--tiebreaks", help="Comma-separated tie-break codes, e.g. BH-C1,BH,SB,DE,WIN or WNT.")
@click.option("--bye-value", help="Points for the pairing-allocated bye: 1, 0.5 or 0 (default: the system's).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A system's own setting.")
@click.option("--name", default="", help="The event's name, printed on every report.")
@click.option("--city", default="", help="Where it is played.")
@click.option("--federation", default="", help="The organising federation (three letters, e.g. NOR).")
@click.option("--dates", default="", metavar="START[/END]",
              help="First day, or first and last day (2026-04-01/2026-04-05).")
@click.option("--arbiter", default="", help="The chief arbiter, with title and FIDE id (IA Anna Berg 1234567).")
@click.option("--time-control", default="", help="The time control, e.g. \"90 min + 30 s\".")
@click.option("--lang", "language", type=click.Choice(["en", "de", "es", "fr"]), default="en", show_default=True,
              help="The language of the reports (kept in the Settings sheet).")
@reports_errors
def new(workbook: Path, system_name: str, boards: int, rounds: int | None, roster: Path, fide_list: Path | None,
        rating_list: str, yes: bool, seed: int | None, keep_order: bool, double: bool, tiebreaks: str | None,
        bye_value: str | None, options: tuple[str, ...], name: str, city: str, federation: str, dates: str,
        arbiter: str, time_control: str, language: str) -> None:
    """Create a tournament workbook from a roster.

    \b
    Example:
      sheetpair new open.xlsx --system dutch --rounds 9 --players roster.csv --name "Spring Open" \\
          --city Oslo --dates 2026-04-01/2026-04-05 --arbiter "IA A. Arbiter 1234567" --time-control "90+30"
      sheetpair new open.xlsx --system dutch --rounds 9 --players ids.txt --from-fide players_list_xml_foa.zip
    """
    refuse_same_file(roster, workbook)
    start, end = parse_dates(dates)
    header = EventInfo(name=name, city=city, federation=federation, start_date=start, end_date=end,
                       chief_arbiter=arbiter, time_control=time_control)
    request = EventRequest(system_name, rounds=rounds, seed=seed, keep_order=keep_order, double_round_robin=double,
                           tiebreaks=tiebreaks, bye_value=bye_value, options=parse_options(options), event=header,
                           language="" if language == "en" else language)
    if system_name in TEAM_SYSTEMS:
        return teams.new(workbook, roster, dataclasses.replace(request, boards=boards))
    if fide_list is None:
        tournament = new_event(roster, request)
    else:
        with progress(chunks(fide_list), "Reading the FIDE list") as tick:
            fide = FideSource(fide_list, chooser(not yes and sys.stdin.isatty()), rating_list, tick)
            tournament = new_event(roster, request, fide=fide)
    with creating(workbook) as port:
        create_workbook(port, tournament)
    settings = tournament.settings
    click.echo(f"Created {workbook}: {len(tournament.players)} players, {settings.rounds} rounds, "
               f"system {settings.system}, seed {settings.seed}.", err=True)


OUTPUT = click.option("-o", "--output", type=WORKBOOK,
                      help="Write the changed workbook to this copy; the workbook itself stays as it was.")


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the pairing as JSON on stdout.")
@click.option("--allow-pending", is_flag=True,
              help="Pair although earlier games have no result or are postponed (they are named).")
@click.option("--manual", type=(str, str), multiple=True, metavar="WHITE BLACK",
              help="Set this game by hand (start numbers or names), placed in the board order; the system pairs "
                   "the rest.")
@click.option("--force", is_flag=True,
              help="Set --manual games that break an absolute rule (a rematch, a pair ruled not to meet, colours).")
@click.option("-v", "--verbose", is_flag=True, help="Also print the system's notes (score brackets, floats...).")
@OUTPUT
@stamped("pair")
@reports_errors
def pair(workbook: Path, as_json: bool, allow_pending: bool, manual: tuple[tuple[str, str], ...], force: bool,
         verbose: bool, output: Path | None, stamp: Stamp) -> None:
    """Pair the next round and write its sheet.

    \b
    Example:
      sheetpair pair open.xlsx
      sheetpair pair open.xlsx --json -o open-round5.xlsx
      sheetpair pair open.xlsx --manual 1 7 --manual Hansen Berg
    """
    if holds_team_event_file(workbook):
        if manual:
            raise click.UsageError("a team event's matches are made by its system; --manual sets boards of "
                                   "individual events (change a line-up with 'sheetpair lineup')")
        return teams.pair(workbook, output, as_json, allow_pending, stamp)
    with editing(workbook, output) as port:
        paired = rounds.pair(port, allow_pending=allow_pending, fixed=manual, force=force, stamp=stamp)
    if as_json:
        click.echo(json.dumps(_pairing_json(paired.round, paired.tournament), ensure_ascii=False))
    else:
        click.echo(_pairing_text(paired))
    for note in paired.round.notes:
        if verbose or note.startswith((PENDING_NOTE, MANUAL_NOTE)):
            click.echo(f"Note: {note}", err=True)
    for warning in fide_warnings(paired.tournament):  # FIDE mode's warnings cannot be switched off
        click.echo(f"Warning: {warning}", err=True)


def _pairing_json(paired: Round, tournament: Tournament) -> dict[str, object]:
    settings = tournament.settings
    return {
        "round": paired.number,
        "boards": [{"board": g.board, "white": g.white, "black": g.black} for g in paired.games],
        "byes": [{"player": b.player, "points": settings.points_for_bye(b.kind), "kind": b.kind.value}
                 | ({"board": b.board} if b.board is not None else {})
                 for b in paired.byes],
    }


def _pairing_text(paired: Paired) -> str:
    """The pairing list as posted: a header line, then per board both players with rating and score before
    the round."""
    tournament, rnd = paired.tournament, paired.round
    event = tournament.settings.event.name or "the event"
    lines = [f"Round {rnd.number} of {tournament.settings.rounds}, {event} ({tournament.settings.system}): "
             f"{len(rnd.games)} board(s)" + (f", {len(rnd.byes)} bye(s)" if rnd.byes else "")]
    names = max((width(p.name) for p in tournament.players), default=4)

    def who(tpn: int) -> str:
        player = tournament.player(tpn)
        rating = f"{player.rating}" if player.rating else "-"
        score = f"({format_points(paired.scores_before[tpn])})"
        return f"{tpn:>4} {pad(player.name, names)} {rating:>5} {score:<6}"

    for g in rnd.games:
        lines.append(f"{g.board:>4}  {who(g.white)}  -  {who(g.black)}")
    for b in rnd.byes:
        points = format_points(tournament.settings.points_for_bye(b.kind))
        lines.append(f"{'':>4}  {who(b.player)}  bye ({b.kind.value}, {points})")
    return "\n".join(line.rstrip() for line in lines)


@cli.command(context_settings={"ignore_unknown_options": True})
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--round", "round_number", type=click.IntRange(min=1), help="The round (default: the last paired).")
@click.option("--table", type=click.IntRange(min=1), help="Team events: the table (match) of the boards.")
@click.option("--board", "boards", type=(click.IntRange(min=1), str), multiple=True,
              metavar="BOARD RESULT", help="A board and its result; repeat for several boards.")
@click.option("--match", "match", metavar="RESULT",
              help="Team events: the whole match lost by forfeit (+/-, -/+, -/-; '' clears it).")
@click.option("--force", is_flag=True, help="Change a result that later rounds were already paired from.")
@OUTPUT
@stamped("result")
@reports_errors
def result(workbook: Path, round_number: int | None, table: int | None, boards: tuple[tuple[int, str], ...],
           match: str | None, force: bool, output: Path | None, stamp: Stamp) -> None:
    """Record the results of boards of a round.

    Results: 1-0, 0-1, ½-½ (also 1/2, 1/2-1/2, 0.5, =), +/- and -/+ (forfeits), -/-, and * or p (postponed;
    quote '*' in a shell, or write postponed). A u after a played result ('1-0 u') marks a game that is not
    rated (less than one move). An empty '' clears a board.

    \b
    Example:
      sheetpair result open.xlsx --board 3 1-0 --board 4 =
      sheetpair result open.xlsx --round 2 --board 1 '*' --board 2 '0-1 u'
      sheetpair result league.xlsx --table 2 --board 3 1-0
    """
    for board, text in boards:
        if text.strip().isdigit():  # "10" and "01" are results in a workbook cell, but here they read as boards
            raise click.BadParameter(f"--board {board} {text}: is {text!r} a result or a board number? Write the "
                                     "result as 1-0 or 0-1, and each board as --board BOARD RESULT",
                                     param_hint="--board")
    if holds_team_event_file(workbook):
        return teams.result(workbook, output, round_number, table, boards, match, stamp)
    if not boards:
        raise click.UsageError("name a board and its result: --board BOARD RESULT")
    parsed = [(board, *parse_game_result(text)) for board, text in boards]
    with editing(workbook, output) as port:
        entered = rounds.enter_results(port, round_number, [(board, result) for board, result, _ in parsed],
                                       unrated_boards={board for board, _, rated in parsed if not rated},
                                       force=force, stamp=dataclasses.replace(stamp, force=force))
    tournament = entered.tournament
    for e in entered.entries:
        names = f"{tournament.player(e.game.white).name} - {tournament.player(e.game.black).name}"
        was = f" (was {e.previous.value})" if e.previous.value and e.previous is not e.game.result else ""
        click.echo(f"Round {e.round_number}, board {e.game.board}: {names} {result_code(e.game) or 'cleared'}{was}",
                   err=True)
    if entered.later_boards:
        listed = ", ".join(f"round {r} board {b}" for r, b in entered.later_boards)
        click.echo(f"Warning: later rounds were paired from the old result; their pairing may differ: {listed}",
                   err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.argument("player")
@click.option("--round", "round_number", type=click.IntRange(min=1), help="Round of the bye (default: the next).")
@click.option("--points", help="0.5 for a half-point bye, 0 for a zero-point bye.")
@click.option("--cancel", is_flag=True, help="Cancel the bye the player asked for.")
@OUTPUT
@stamped("bye")
@reports_errors
def bye(workbook: Path, player: str, round_number: int | None, points: str | None, cancel: bool,
        output: Path | None, stamp: Stamp) -> None:
    """Record (or cancel) a bye PLAYER asked for, before the round is paired. PLAYER is a start number or a
    name (a part of it is enough when only one player's name has it).

    \b
    Example:
      sheetpair bye open.xlsx 5 --round 3 --points 0.5
      sheetpair bye open.xlsx Carlsen --cancel
    """
    if cancel:
        with editing(workbook, output) as port:
            found, number, kind = rounds.cancel_bye(port, player, round_number, stamp=stamp)
        click.echo(f"{found.tpn} {found.name}: the {kind.value} bye in round {number} is cancelled", err=True)
        return
    if points is None:
        raise click.UsageError("say what the bye is worth: --points 0.5 or --points 0 (or --cancel)")
    with editing(workbook, output) as port:
        found, number = rounds.grant_bye(port, player, round_number, parse_bye_points(points), stamp=stamp)
    click.echo(f"{found.tpn} {found.name}: {parse_bye_points(points).value} bye in round {number}", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.argument("player")
@click.option("--from-round", type=click.IntRange(min=1), help="First round the player misses (default: the next).")
@click.option("--cancel", is_flag=True, help="Cancel the player's withdrawal.")
@OUTPUT
@stamped("withdraw")
@reports_errors
def withdraw(workbook: Path, player: str, from_round: int | None, cancel: bool, output: Path | None,
             stamp: Stamp) -> None:
    """Withdraw PLAYER (start number or name) from a round on, or cancel a withdrawal.

    \b
    Example:
      sheetpair withdraw open.xlsx 9 --from-round 4
      sheetpair withdraw open.xlsx 9 --cancel
    """
    if cancel:
        with editing(workbook, output) as port:
            found, since = rounds.reinstate(port, player, stamp=stamp)
        click.echo(f"{found.tpn} {found.name}: the withdrawal from round {since} is cancelled", err=True)
        return
    with editing(workbook, output) as port:
        found, number = rounds.withdraw(port, player, from_round, stamp=stamp)
    click.echo(f"{found.tpn} {found.name} withdrawn from round {number}", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.argument("first")
@click.argument("second")
@click.option("--cancel", is_flag=True, help="Lift the ruling: the two may be paired again.")
@OUTPUT
@stamped("forbid")
@reports_errors
def forbid(workbook: Path, first: str, second: str, cancel: bool, output: Path | None, stamp: Stamp) -> None:
    """Rule that players FIRST and SECOND (start numbers or names) must not be paired against each other, for
    example two players of one family; the pairs stand in the Forbidden pairs sheet.

    \b
    Example:
      sheetpair forbid open.xlsx 4 17
      sheetpair forbid open.xlsx 4 17 --cancel
    """
    with editing(workbook, output) as port:
        one, other = rounds.forbid_pair(port, first, second, cancel=cancel, stamp=stamp)
    ruling = "may be paired again" if cancel else "will not be paired against each other"
    click.echo(f"{one.tpn} {one.name} and {other.tpn} {other.name} {ruling}.", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--name", required=True, help="The player's name.")
@click.option("--rating", type=click.IntRange(min=0), default=0, help="Rating (0 for an unrated player).")
@click.option("--title", default="", help="FIDE title (GM, IM, WFM...).")
@click.option("--federation", default="", help="Federation (three letters).")
@click.option("--fide-id", default="", help="FIDE ID.")
@click.option("--club", default="", help="Club.")
@click.option("--missed", type=click.Choice(["zero", "half"]),
              help="What each round already paired counts for the player: a zero- or half-point bye (default: "
                   "the Settings sheet's missed_rounds, zero unless changed).")
@OUTPUT
@stamped("enter")
@reports_errors
def enter(workbook: Path, name: str, rating: int, title: str, federation: str, fide_id: str, club: str,
          missed: str | None, output: Path | None, stamp: Stamp) -> None:
    """Enter a late player: the next start number, and the rounds already paired recorded as byes.

    \b
    Example:
      sheetpair enter open.xlsx --name "Berg, Ada" --rating 1850 --missed half
    """
    kind = {"half": ByeKind.HALF, "zero": ByeKind.ZERO}.get(missed or "")
    player = Player(0, name.strip(), rating, title, federation, fide_id, club=club)
    with editing(workbook, output) as port:
        entered, rounds_missed, kind = rounds.enter_player(port, player, kind, stamp=stamp)
    missed_text = (f"; round(s) {', '.join(map(str, rounds_missed))} count as {kind.outcome.value}s"
                   if rounds_missed else "")
    click.echo(f"{entered.tpn} {entered.name} entered{missed_text}.", err=True)


@cli.command()
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--yes", is_flag=True, help="Do not ask, even when the round already has results.")
@OUTPUT
@stamped("undo")
@reports_errors
def undo(workbook: Path, yes: bool, output: Path | None, stamp: Stamp) -> None:
    """Remove the last paired round (asks first when it has results; declining exits with 1).

    \b
    Example:
      sheetpair undo open.xlsx --yes
    """
    if holds_team_event_file(workbook):
        return teams.undo(workbook, output, yes, stamp)
    def confirm(last: Round, entered: int) -> bool:
        return yes or click.confirm(f"Round {last.number} has {entered} result(s). Remove it anyway?", abort=True)

    with editing(workbook, output) as port:
        removed = rounds.undo(port, confirm, stamp=stamp)
    click.echo(f"Round {removed.number} removed.", err=True)


@cli.command("standings")
@click.argument("workbook", type=EXISTING_WORKBOOK)
@click.option("--json", "as_json", is_flag=True, help="Print the standings as JSON on stdout.")
@click.option("--tiebreaks", help="Tie-break codes to compute now, e.g. BH-C1,BH,SB,DE,WIN (default: the saved list).")
@click.option("--rules", type=click.Choice(EDITIONS), help="FIDE tie-break rules edition (default: the event's, 2026).")
@click.option("--save", is_flag=True, help="Keep --tiebreaks and --rules as the event's settings.")
@click.option("--no-save", is_flag=True, help="Only print: write nothing to the workbook.")
@OUTPUT
@reports_errors
def standings_command(workbook: Path, as_json: bool, tiebreaks: str | None, rules: str | None, save: bool,
                      no_save: bool, output: Path | None) -> None:
    """Recompute and write the Standings and Crosstable sheets; print the standings.

    \b
    Example:
      sheetpair standings open.xlsx
      sheetpair standings open.xlsx --tiebreaks BH-C1,BH,SB --rules 2026 --no-save --json
    """
    if save and no_save:
        raise click.UsageError("--save keeps settings in the workbook; --no-save writes nothing: choose one")
    if holds_team_event_file(workbook):
        return teams.standings(workbook, output, as_json, no_save, tiebreaks, save, rules)
    codes = parse_tiebreak_list(tiebreaks) if tiebreaks is not None else None
    with reading(workbook) as port:
        current = (update_standings(port, tiebreaks=codes, rules=rules, write_sheets=False) if no_save else
                   None if output is not None else standings_if_current(port, tiebreaks=codes, rules=rules, keep=save))
    if current is not None:
        table = current  # the sheets already show these standings: nothing is written
    else:
        with editing(workbook, output) as port:
            table = update_standings(port, tiebreaks=codes, rules=rules, keep=save)
    if as_json:
        figures = rating_figures(table.state).players
        click.echo(json.dumps([_standing_json(s, figures[s.tpn]) for s in table], ensure_ascii=False))
    else:
        click.echo(_standings_text(table))
    for code in table.codes:
        note = next((s.tiebreaks[code].note for s in table if s.tiebreaks[code].note), "")
        if note:
            click.echo(f"{code}: {note}", err=True)


def _standing_json(line: Standing, figures: RatingFigures) -> dict[str, object]:
    return {"rank": line.rank, "tpn": line.tpn, "name": line.name, "points": line.points,
            "tiebreaks": {code: value.value for code, value in line.tiebreaks.items()},
            "k": figures.k, "expected": figures.expected, "rating_change": figures.change}


def _standings_text(table: StandingsTable) -> str:
    codes = table.codes
    names = max([width(s.name) for s in table] + [4])
    lines = [f"{'Rk':>3} {'TPN':>4} {pad('Name', names)} {'Pts':>5} " + " ".join(f"{c:>8}" for c in codes)]
    for s in table:
        values = " ".join(f"{s.tiebreaks[c].value:>8g}" for c in codes)
        lines.append(f"{s.rank:>3} {s.tpn:>4} {pad(s.name, names)} {format_points(s.points):>5} {values}")
    return "\n".join(lines)
