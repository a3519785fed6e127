"""The workbook of a team event: its sheets written from the model, and read back with what the arbiter typed.

A workbook holds a team event when it has a ``Teams`` sheet and ``kind`` ``team`` in its Settings
(:func:`~sheetpair.io.workbook.holds_team_event`). Its sheets:

* ``Settings``: key and value rows (system, rounds, boards, options, tie-breaks, the event's name).
* ``Teams``: start number, name, short name, federation or club, captain, and the average rating of the
  top boards (written, never read). Names, short names, federations and captains are the arbiter's.
* ``Prohibited teams`` (the arbiter's, optional): first round, last round, and teams (``3,7,9``) that may
  not meet each other in those rounds.
* ``Players``: start number, name, rating, title, federation, FIDE ID, the team's start number, the board
  (members in board order, reserves after the last board) and ``Absent`` (rounds the player misses, as
  ``3,5``: the default line-up skips the player there).
* ``Round K``: each match on one row (table, the team with White on board 1 first, the match score) and
  under it its boards (table, board, the players and the result); the byes last. A whole match lost by
  forfeit is typed in the match row's Result (``+/-``, ``-/+``, ``-/-``). Typing other members of a team
  into its board rows before any result is entered sets that round's line-up.
* ``Team standings``, ``Team crosstable``, ``Board ranking``: written from the one standings table.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.errors import WorkbookError
from ..core.model import Player, Result
from ..core.results import format_points, parse_result
from ..core.team_book import TeamBook, match_score
from ..core.team_standings import TeamTable, bye_points
from ..core.teams import (
    BoardGame,
    Match,
    PrimaryScore,
    ProhibitedGroup,
    Team,
    TeamBye,
    TeamByeKind,
    TeamEvent,
    TeamRound,
    TeamScoring,
    check_lineup,
)
from ..core.tiebreaks.base import EDITIONS
from ..history.records import Metadata
from .metadata import metadata_sheet
from .port import CellValue, SheetSpec, WorkbookPort, cell_address, cell_int, cell_text
from .workbook import ROUND_SHEET, SETTINGS_SHEET, TEAMS_SHEET, round_sheet_name

PLAYERS_SHEET = "Players"
TEAM_STANDINGS_SHEET = "Team standings"
TEAM_CROSSTABLE_SHEET = "Team crosstable"
BOARD_RANKING_SHEET = "Board ranking"
PROHIBITED_SHEET = "Prohibited teams"
PROHIBITED_HEADER = ["First round", "Last round", "Teams"]
SOURCE_SHEET = "_team_trf"
"""Hidden: the lines of the TRF the event was imported from, one a row, and the files' line ending."""
TEAMS_HEADER = ["TPN", "Name", "Short name", "Federation", "Captain", "Rating", "Absent"]
PLAYERS_HEADER = ["TPN", "Name", "Rating", "Title", "Federation", "FIDE ID", "Team", "Board", "Absent"]
ROUND_HEADER = ["Table", "Board", "White TPN", "White", "Result", "Black TPN", "Black"]
_FORFEITS = {"+/-": 0, "-/+": 1, "-/-": 2}


# --- reading -----------------------------------------------------------------------------------------

def load_team_book(port: WorkbookPort) -> TeamBook:
    """The team event the workbook holds, with the line-ups and results typed into its round sheets.

    :raises WorkbookError: naming the sheet and cell of the first value that cannot be used.
    """
    settings = {cell_text(row[0]).lower(): row[1] if len(row) > 1 else None
                for row in port.read_sheet(SETTINGS_SHEET)[1:] if row and cell_text(row[0])}
    boards = _setting_int(settings, "boards")
    players, team_rows, absent = _read_players(port)
    team_absent: dict[int, frozenset[int]] = {}
    teams = _read_teams(port, team_rows, team_absent)
    options = dict(p.split("=", 1) for p in cell_text(settings.get("options")).split(";") if "=" in p)
    primary = options.get("primary", "match")
    scoring = TeamScoring.from_text(options.get("match-points", "2,1,0"),
                                    primary=PrimaryScore(primary))
    event = TeamEvent(tuple(t for t, _ in teams), boards, (), scoring)
    book = TeamBook(event, players, cell_text(settings.get("system")), _setting_int(settings, "rounds"), options,
                    tuple(c for c in cell_text(settings.get("tiebreaks")).split(",") if c),
                    cell_text(settings.get("name")), cell_int(settings.get("seed")) or 0, absent,
                    {t.tpn: extra for t, extra in teams}, team_absent=team_absent,
                    language=cell_text(settings.get("language")), tiebreak_rules=_rules(settings))
    if PROHIBITED_SHEET in port.sheet_names():
        book.prohibited = _read_prohibited(port.read_sheet(PROHIBITED_SHEET), {t.tpn for t, _ in teams})
    if SOURCE_SHEET in port.sheet_names():
        rows = port.read_sheet(SOURCE_SHEET)
        ending = "\r\n" if rows and cell_text(rows[0][1] if len(rows[0]) > 1 else None) == "CRLF" else "\n"
        lines = [str(row[0]) if row and row[0] is not None else "" for row in rows[1:]]
        book.source = tuple(line + ending for line in lines)
    numbers = sorted(int(m[1]) for name in port.sheet_names() if (m := ROUND_SHEET.match(name)))
    rounds = tuple(_read_round(port, number, book.event) for number in numbers)
    book.event = replace(book.event, rounds=rounds)
    return book


def _rules(settings: dict[str, CellValue]) -> str:
    """The ``tiebreak rules`` setting: an edition sheetpair knows, or empty (2026).

    :raises WorkbookError: for another value.
    """
    rules = cell_text(settings.get("tiebreak rules"))
    if rules and rules not in EDITIONS:
        raise WorkbookError(f"tiebreak rules {rules!r}: type {' or '.join(EDITIONS)} (empty: 2026)",
                            sheet=SETTINGS_SHEET)
    return rules


def _setting_int(settings: dict[str, CellValue], key: str) -> int:
    value = cell_int(settings.get(key))
    if not value or value < 1:
        raise WorkbookError(f"the {key} setting must be a whole number of at least 1", sheet=SETTINGS_SHEET)
    return value


def _read_players(port: WorkbookPort) -> tuple[list[Player], dict[int, list[tuple[int, int]]],
                                                dict[int, frozenset[int]]]:
    players: list[Player] = []
    members: dict[int, list[tuple[int, int]]] = {}
    absent: dict[int, frozenset[int]] = {}
    rows: dict[int, int] = {}
    for row_number, row in enumerate(port.read_sheet(PLAYERS_SHEET)[1:], start=2):
        cells = [*row, *[None] * len(PLAYERS_HEADER)]
        if not any(cell_text(c) for c in cells):
            continue
        tpn, team, board = (_whole(cells[i], PLAYERS_SHEET, row_number, i) for i in (0, 6, 7))
        if tpn in rows:
            raise WorkbookError(f"player {tpn} is also on row {rows[tpn]}: a player belongs to one team only",
                                sheet=PLAYERS_SHEET, cell=cell_address(row_number, 1))
        rows[tpn] = row_number
        rating = cell_int(cells[2]) or 0
        players.append(Player(tpn, cell_text(cells[1]), rating, cell_text(cells[3]), cell_text(cells[4]),
                              cell_text(cells[5]), team=str(team)))
        members.setdefault(team, []).append((board, tpn))
        absent[tpn] = _rounds(cells[8], PLAYERS_SHEET, cell_address(row_number, 9))
    return players, members, absent


def _rounds(value: CellValue, sheet: str, cell: str) -> frozenset[int]:
    """Numbers typed as ``3,5``: the rounds a player or a team misses, the teams of a prohibited group."""
    text = cell_text(value)
    try:
        return frozenset(int(r) for r in text.replace(";", ",").split(",") if r.strip())
    except ValueError:
        raise WorkbookError(f"the rounds missed are written as 3,5, not {text!r}", sheet=sheet, cell=cell) from None


def _read_prohibited(rows: list[list[CellValue]], known: set[int]) -> tuple[ProhibitedGroup, ...]:
    groups = []
    for row_number, row in enumerate(rows[1:], start=2):
        cells = [*row, None, None, None]
        if not any(cell_text(c) for c in cells[:3]):
            continue
        first, last = (_whole(cells[i], PROHIBITED_SHEET, row_number, i) for i in (0, 1))
        teams = _rounds(cells[2], PROHIBITED_SHEET, cell_address(row_number, 3))
        unknown = sorted(teams - known)
        if unknown or len(teams) < 2:
            what = f"team {unknown[0]} is not on the {TEAMS_SHEET} sheet" if unknown else "name two teams or more"
            raise WorkbookError(f"{what} (teams are written as 3,7,9)", sheet=PROHIBITED_SHEET,
                                cell=cell_address(row_number, 3))
        groups.append(ProhibitedGroup((first, last), teams))
    return tuple(groups)


def _whole(value: CellValue, sheet: str, row: int, column: int) -> int:
    number = cell_int(value)
    if number is None or number < 1:
        raise WorkbookError(f"expected a whole number of at least 1, found {cell_text(value)!r}", sheet=sheet,
                            cell=cell_address(row, column + 1))
    return number


def _read_teams(port: WorkbookPort, members: dict[int, list[tuple[int, int]]],
                absent: dict[int, frozenset[int]]) -> list[tuple[Team, tuple[str, str]]]:
    teams: list[tuple[Team, tuple[str, str]]] = []
    for row_number, row in enumerate(port.read_sheet(TEAMS_SHEET)[1:], start=2):
        cells = [*row, *[None] * len(TEAMS_HEADER)]
        if not any(cell_text(c) for c in cells):
            continue
        tpn = _whole(cells[0], TEAMS_SHEET, row_number, 0)
        order = tuple(p for _, p in sorted(members.pop(tpn, [])))
        teams.append((Team(tpn, cell_text(cells[1]), order, cell_text(cells[2])),
                      (cell_text(cells[3]), cell_text(cells[4]))))
        absent[tpn] = _rounds(cells[6], TEAMS_SHEET, cell_address(row_number, 7))
    if members:
        team = min(members)
        raise WorkbookError(f"players are in team {team}, which the {TEAMS_SHEET} sheet does not list",
                            sheet=PLAYERS_SHEET)
    return teams


def _read_round(port: WorkbookPort, number: int, event: TeamEvent) -> TeamRound:
    sheet = round_sheet_name(number)
    matches: list[Match] = []
    byes: list[TeamBye] = []
    boards: dict[int, list[BoardGame]] = {}
    forfeits: dict[int, int | None] = {}
    for row_number, row in enumerate(port.read_sheet(sheet)[1:], start=2):
        cells = [*row, *[None] * len(ROUND_HEADER)]
        table, board = cell_int(cells[0]), cell_int(cells[1])
        white, black = cell_int(cells[2]), cell_int(cells[5])
        if white is None and black is None and board is None:
            continue
        result_text = cell_text(cells[4])
        if table is None:
            byes.append(TeamBye(_whole(cells[2], sheet, row_number, 2), _bye_kind(result_text, sheet, row_number)))
        elif board is None:
            teams = (_whole(cells[2], sheet, row_number, 2), _whole(cells[5], sheet, row_number, 5))
            matches.append(Match(table, *teams))
            forfeits[table] = (None if result_text not in _FORFEITS
                               else (teams[0], teams[1], 0)[_FORFEITS[result_text]])
        else:
            try:
                result = parse_result(result_text)
            except ValueError as error:
                raise WorkbookError(str(error), sheet=sheet, cell=cell_address(row_number, 5)) from None
            boards.setdefault(table, []).append(BoardGame(board, white or 0, black or 0, result))
    full = [replace(m, boards=tuple(sorted(boards.get(m.table, []), key=lambda g: g.board)),
                    forfeit_winner=forfeits[m.table]) for m in matches]
    lineups = {tpn: players for m in full for tpn, players in _lineups(m).items()}
    open_matches = [m for m in full if m.forfeit_winner is None and not any(g.result.is_known for g in m.boards)]
    for tpn in (t for m in open_matches for t in (m.white, m.black)):  # line-ups are set before the results
        try:
            check_lineup(event, tpn, tuple(p for p in lineups[tpn] if p), lineups)
        except ValueError as error:
            raise WorkbookError(str(error), sheet=sheet) from None
    return TeamRound(number, tuple(full), tuple(byes), lineups)


def _lineups(match: Match) -> dict[int, tuple[int, ...]]:
    """Each team's players in board order: the White team's player sits White on odd boards."""
    first = tuple(g.white if g.board % 2 else g.black for g in match.boards)
    second = tuple(g.black if g.board % 2 else g.white for g in match.boards)
    return {match.white: first, match.black: second}


def _bye_kind(text: str, sheet: str, row: int) -> TeamByeKind:
    try:
        return TeamByeKind(text.lower() or "pab")
    except ValueError:
        kinds = ", ".join(k.value for k in TeamByeKind)
        raise WorkbookError(f"a team bye is one of {kinds}, not {text!r}", sheet=sheet,
                            cell=cell_address(row, 5)) from None


# --- writing -----------------------------------------------------------------------------------------

def save_team_book(port: WorkbookPort, book: TeamBook, table: TeamTable, *, previous_rounds: int = 0,
                   metadata: Metadata | None = None) -> None:
    """Writes every sheet of the team event, and its revision and journal (``metadata``, the hidden
    ``_sheetpair`` sheet); removes round sheets beyond the rounds it now has."""
    options = ";".join(f"{k}={v}" for k, v in book.options.items())
    settings: list[list[CellValue]] = [
        ["kind", "team"], ["system", book.system], ["rounds", book.rounds], ["boards", book.event.boards],
        ["options", options], ["tiebreaks", ",".join(book.tiebreaks)], ["name", book.name],
        ["seed", book.seed], ["language", book.language]]
    if book.tiebreak_rules:
        settings.append(["tiebreak rules", book.tiebreak_rules])
    port.write_sheet(SheetSpec(SETTINGS_SHEET, ["Key", "Value"], settings, text_columns=frozenset({"Value"})))
    port.write_sheet(SheetSpec(TEAMS_SHEET, TEAMS_HEADER, [
        [t.tpn, t.name, t.short_name, *book.teams.get(t.tpn, ("", "")), book.rating_of_top(t),
         ",".join(map(str, sorted(book.team_absent.get(t.tpn, ()))))]
        for t in book.event.teams], column_widths={"Name": 28}, text_columns=frozenset({"Absent"})))
    board_of = {m: i for t in book.event.teams for i, m in enumerate(t.members, start=1)}
    port.write_sheet(SheetSpec(PLAYERS_SHEET, PLAYERS_HEADER, [
        [p.tpn, p.name, p.rating or None, p.title, p.federation, p.fide_id, int(p.team or 0), board_of.get(p.tpn),
         ",".join(map(str, sorted(book.absent.get(p.tpn, ()))))] for p in book.players],
        text_columns=frozenset({"Absent", "FIDE ID"}), column_widths={"Name": 28}))
    if book.prohibited:
        port.write_sheet(SheetSpec(PROHIBITED_SHEET, PROHIBITED_HEADER, [
            [g.rounds[0], g.rounds[1], ",".join(map(str, sorted(g.teams)))] for g in book.prohibited],
            text_columns=frozenset({"Teams"})))
    if book.source:
        ending = "CRLF" if book.source[0].endswith("\r\n") else "LF"
        port.write_sheet(SheetSpec(SOURCE_SHEET, ["TRF line", ending], [[line.rstrip("\r\n")] for line in book.source],
                                   text_columns=frozenset({"TRF line"}), hidden=True))
    for rnd in book.event.rounds:
        port.write_sheet(round_sheet(book, rnd))
    for number in range(len(book.event.rounds) + 1, previous_rounds + 1):
        port.delete_sheet(round_sheet_name(number))
    for spec in standings_sheets(book, table):
        port.write_sheet(spec)
    if metadata is not None:
        port.write_sheet(metadata_sheet(metadata))


def round_sheet(book: TeamBook, rnd: TeamRound) -> SheetSpec:
    """A round: each match, then its boards; the byes last."""
    event = book.event
    rows: list[list[CellValue]] = []
    for match in rnd.matches:
        rows.append([match.table, None, match.white, event.team(match.white).name, match_score(match),
                     match.black, event.team(match.black).name])
        for game in match.boards:
            rows.append([match.table, game.board, game.white or None, _name(book, game.white), game.result.value,
                         game.black or None, _name(book, game.black)])
    for bye in rnd.byes:
        rows.append([None, None, bye.team, event.team(bye.team).name, bye.kind.value, None,
                     f"bye ({format_points(bye_points(event, bye.kind))})"])
    return SheetSpec(round_sheet_name(rnd.number), ROUND_HEADER, rows, text_columns=frozenset({"Result"}),
                     dropdown_column="Result", dropdown_values=tuple(r.value for r in Result if r.value),
                     column_widths={"White": 28, "Black": 28}, borders=True, before=TEAM_STANDINGS_SHEET)


def _name(book: TeamBook, tpn: int) -> str:
    return book.player(tpn).name if tpn else ""


def standings_sheets(book: TeamBook, table: TeamTable) -> list[SheetSpec]:
    """The team standings, the team crosstable and the board ranking."""
    event = book.event
    standings = SheetSpec(TEAM_STANDINGS_SHEET, ["Rank", "TPN", "Team", "MP", "GP", *table.codes], [
        [s.rank, s.tpn, s.name, s.match_points, s.game_points, *(s.tiebreaks[c] for c in table.codes)]
        for s in table.teams], column_widths={"Team": 28})
    order = [s.tpn for s in table.teams]
    cells: list[list[CellValue]] = []
    for s in table.teams:
        met = [("x" if other == s.tpn else " ".join(format_points(v) for v in table.crosstable[s.tpn].get(other, [])))
               for other in order]
        cells.append([s.rank, s.tpn, s.name, *met, s.match_points, s.game_points])
    cross = SheetSpec(TEAM_CROSSTABLE_SHEET, ["Rank", "TPN", "Team", *map(str, range(1, len(order) + 1)), "MP", "GP"],
                      cells,
        text_columns=frozenset(map(str, range(1, len(order) + 1))), column_widths={"Team": 24})
    boards = SheetSpec(BOARD_RANKING_SHEET, ["Board", "Rank", "TPN", "Name", "Team", "Points", "Games", "%", "Perf"], [
        [b.board, b.rank, b.tpn, book.player(b.tpn).name, event.team(b.team).name if b.team else "", b.points,
         b.games, b.percentage, b.performance or None] for b in table.boards], column_widths={"Name": 28})
    return [standings, cross, boards]
