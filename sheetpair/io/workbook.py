"""The tournament workbook: which sheets hold what, and how a tournament is read from and written to them.

Sheets:

* ``Settings`` — key/value pairs (system, rounds, scoring, bye value, tie-breaks, seed, options, header).
* ``Players`` — the roster as an Excel Table. The arbiter owns it: extra columns and formatting survive,
  sheetpair only sets the cells of its own columns.
* ``Round 1``, ``Round 2``, ... — one sheet per paired round: board, both players (start number, title, name,
  rating, points before the round) around the result; byes below the boards. The Result column has the
  result-code dropdown; results typed there are read back. The sheet prints as a pairing list.
* ``Byes`` — requested byes for rounds not paired yet.
* ``Forbidden pairs`` — pairs the arbiter has ruled must not meet (optional).
* ``Standings`` and ``Crosstable`` — derived, rewritten on every save.
* ``_sheetpair`` (hidden) — schema, event id, revision, part hashes and journal (:mod:`sheetpair.io.metadata`).
* ``_records`` (hidden) — lines of an imported file that sheetpair keeps but does not interpret, so an
  export gives them back.

Reading checks everything and raises :class:`~sheetpair.core.errors.WorkbookError` naming the sheet and
cell of the first problem; nothing is written before reading has succeeded.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any, TypeVar

from ..core.errors import InputError, OperationError, WorkbookError
from ..core.model import (
    Bye,
    ByeKind,
    Colour,
    EventInfo,
    Game,
    Player,
    Result,
    Round,
    Settings,
    Tournament,
)
from ..core.rating import rating_changes
from ..core.results import (
    BYE_LABELS,
    RESULT_CODES,
    crosstable_entry,
    format_points,
    is_half_points,
    parse_game_result,
    result_code,
)
from ..core.standings import StandingsTable
from ..core.state import SystemTraits, derive
from ..core.tiebreaks import DEFAULT_EDITION, describe, parse_rules, parse_tiebreak_list
from ..history.records import Metadata, next_metadata
from .metadata import META_SHEET as META_SHEET  # re-exported: where callers have always found it
from .metadata import metadata_sheet, read_metadata
from .port import CellValue, SheetSpec, WorkbookPort, cell_address, cell_flag, cell_inactive, cell_int, cell_text

_log = logging.getLogger("sheetpair")
POINTS_COLUMNS = ("White points", "Black points")
"""Columns of a round sheet that sheetpair fills in itself (each player's points before the round)."""

SETTINGS_SHEET = "Settings"
PLAYERS_SHEET = "Players"
PLAYERS_TABLE = "Players"
BYES_SHEET = "Byes"
FORBIDDEN_SHEET = "Forbidden pairs"
RECORDS_SHEET = "_records"
STANDINGS_SHEET = "Standings"
RATING_CHANGE = "Rating change"
"""The Standings sheet's column of each player's FIDE rating change (beside the K-factor used)."""
TEAMS_SHEET = "Teams"
"""The sheet that makes a workbook a team event's (:mod:`sheetpair.io.team_workbook`)."""
CROSSTABLE_SHEET = "Crosstable"
ROUND_SHEET = re.compile(r"^Round (\d+)$")
T = TypeVar("T")


def round_sheet_name(number: int) -> str:
    return f"Round {number}"


# --- Players ---------------------------------------------------------------------------------------

PLAYER_COLUMNS: tuple[tuple[str, str], ...] = (
    ("TPN", "tpn"),
    ("Name", "name"),
    ("Rating", "rating"),
    ("Title", "title"),
    ("Federation", "federation"),
    ("FIDE ID", "fide_id"),
    ("Birth date", "birth_date"),
    ("Sex", "sex"),
    ("Club", "club"),
    ("Team", "team"),
    ("Withdrawn from round", "withdrawn_from"),
    ("Provisional rating", "provisional_rating"),
    ("K", "k_factor"),
)
INACTIVE_COLUMN = ("Inactive", "inactive")
"""Written only once a player is flagged inactive (or the sheet has the column), so a workbook without the
flag keeps its columns."""
_PLAYER_ALIASES = {
    "no": "tpn", "start number": "tpn", "startno": "tpn", "snr": "tpn", "tpn": "tpn",
    "name": "name", "player": "name",
    "rating": "rating", "elo": "rating", "rtg": "rating",
    "title": "title", "federation": "federation", "fed": "federation",
    "fide id": "fide_id", "fideid": "fide_id", "id": "fide_id",
    "birth date": "birth_date", "born": "birth_date", "sex": "sex",
    "club": "club", "team": "team",
    "withdrawn from round": "withdrawn_from", "withdrawn from": "withdrawn_from", "withdrawn": "withdrawn_from",
    "provisional rating": "provisional_rating",
    "k": "k_factor", "k factor": "k_factor", "k-factor": "k_factor",
    "inactive": "inactive",
}

# --- Round sheets ----------------------------------------------------------------------------------

ROUND_HEADER = ["Board", "White TPN", "White", "Result", "Black TPN", "Black"]
"""The columns a Round sheet must have; the reader finds them by these titles, wherever they stand."""
ROUND_COLUMNS: dict[str, float] = {
    "Board": 7, "White TPN": 7, "White title": 7, "White": 28, "White rating": 8, "White points": 8,
    "Result": 10,
    "Black points": 8, "Black TPN": 7, "Black title": 7, "Black": 28, "Black rating": 8,
}
"""The printed layout of a Round sheet and each column's fixed width (in characters): both players with
start number, title, name, rating and points before the round, mirrored around the Result column."""
ROUND_FONT_SIZE = 12
"""Points: a pairing list on the wall is read from a step away."""

# --- Settings --------------------------------------------------------------------------------------

_EVENT_KEYS = {f.name: f.name.replace("_", " ").capitalize() for f in fields(EventInfo)}


def holds_team_event(port: WorkbookPort) -> bool:
    """True when the workbook holds a team event: a Teams sheet, and ``kind`` ``team`` in its Settings sheet
    (a sheet of that name an arbiter added to an individual event does not make it one)."""
    names = port.sheet_names()
    if TEAMS_SHEET not in names or SETTINGS_SHEET not in names:
        return False
    return any(row[:2] == ["kind", "team"] for row in port.read_sheet(SETTINGS_SHEET)[1:10])


def load_tournament(port: WorkbookPort) -> Tournament:
    """Reads a tournament from a sheetpair workbook.

    :raises WorkbookError: naming the sheet and cell of the first problem found.
    :raises OperationError: for a team event's workbook.
    """
    names = port.sheet_names()
    if holds_team_event(port):
        raise OperationError("this workbook holds a team event, and this works on individual events only (a team "
                             "event has new, pair, lineup, result, undo, standings, explain, report, export, check)")
    for required in (SETTINGS_SHEET, PLAYERS_SHEET):
        if required not in names:
            raise WorkbookError("this is not a sheetpair workbook (create one with 'sheetpair new')", sheet=required)
    read_metadata(port, names)  # refuses a schema newer than this sheetpair
    settings = _read_settings(port.read_sheet(SETTINGS_SHEET))
    players = _read_players(port.read_sheet(PLAYERS_SHEET))
    tournament = Tournament(settings=settings, players=players)
    numbers = sorted(int(m[1]) for n in names if (m := ROUND_SHEET.match(n)))
    points: list[_Points] = []
    for expected, number in enumerate(numbers, start=1):
        if number != expected:
            raise WorkbookError(f"round sheets must be numbered 1, 2, ... without gaps; missing Round {expected}",
                                sheet=round_sheet_name(number))
        tournament.rounds.append(_read_round(number, port.read_sheet(round_sheet_name(number)), tournament, points))
    _warn_typed_points(tournament, points)
    if BYES_SHEET in names:
        tournament.requested_byes = _read_requested_byes(port.read_sheet(BYES_SHEET), tournament)
    if FORBIDDEN_SHEET in names:
        tournament.forbidden_pairs = _read_forbidden_pairs(port.read_sheet(FORBIDDEN_SHEET), tournament)
    if RECORDS_SHEET in names:
        rows = port.read_sheet(RECORDS_SHEET)
        column = rows[0].index("Kept record") if rows and "Kept record" in rows[0] else 0  # one column before
        tournament.preserved_records = [str(row[column]) for row in rows[1:]
                                        if len(row) > column and row[column] is not None]
    return tournament


def save_tournament(port: WorkbookPort, tournament: Tournament, table: StandingsTable, *,
                    previous_rounds: int | None = None, metadata: Metadata | None = None) -> None:
    """Writes every sheet sheetpair owns from ``tournament`` and its standings ``table``, and the roster cells
    in place.

    ``previous_rounds`` is the number of round sheets the workbook had when it was read; sheets of rounds
    that no longer exist (after an undo) are removed. ``metadata`` is the ``_sheetpair`` sheet to write
    (default: the next revision after the workbook's, with no journal entry).
    """
    names = port.sheet_names()
    port.write_sheet(_settings_sheet(tournament.settings))
    _write_players(port, tournament, names)
    for rnd in tournament.rounds:
        port.write_sheet(_round_sheet(rnd, tournament, table))
    stale = previous_rounds if previous_rounds is not None else len(tournament.rounds)
    for number in range(len(tournament.rounds) + 1, max(stale, len(tournament.rounds)) + 1):
        port.delete_sheet(round_sheet_name(number))
    _write_optional(port, names, BYES_SHEET,
                    _requested_byes_sheet(tournament) if any(tournament.requested_byes.values()) else None)
    _write_optional(port, names, FORBIDDEN_SHEET,
                    _forbidden_pairs_sheet(tournament) if tournament.forbidden_pairs else None)
    _write_optional(port, names, RECORDS_SHEET, SheetSpec(  # two values a row: a row of one is an arbiter's note
        RECORDS_SHEET, ["No", "Kept record"], [[n, line] for n, line in enumerate(tournament.preserved_records, 1)],
        text_columns=frozenset({"Kept record"}), hidden=True) if tournament.preserved_records else None)
    port.write_sheet(standings_sheet(tournament, table))
    port.write_sheet(crosstable_sheet(tournament, table))
    port.write_sheet(metadata_sheet(metadata if metadata is not None else next_metadata(
        read_metadata(port, names), tournament, [])))


def _write_optional(port: WorkbookPort, names: list[str], name: str, spec: SheetSpec | None) -> None:
    """Writes a sheet that exists only while it has something to hold."""
    if spec is not None:
        port.write_sheet(spec)
    elif name in names:
        port.delete_sheet(name)


# --- reading ---------------------------------------------------------------------------------------

def _number(raw: CellValue) -> float:
    return float(str(raw).replace(",", "."))


def _integer(raw: CellValue) -> int:
    value = cell_int(raw)
    if value is None:
        raise ValueError(f"{raw!r} is not a whole number")
    return value


def _colour(raw: CellValue) -> Colour:
    text = str(raw).strip().lower()
    if text in ("white", "w", "white1"):
        return Colour.WHITE
    if text in ("black", "b", "black1"):
        return Colour.BLACK
    raise ValueError(f"initial colour must be white or black, not {raw!r}")


def _read_settings(rows: list[list[CellValue]]) -> Settings:
    values: dict[str, tuple[CellValue, str]] = {}
    for r, row in enumerate(rows[1:], start=2):
        if row and row[0] not in (None, ""):
            values[str(row[0]).strip()] = (row[1] if len(row) > 1 else None, cell_address(r, 2))

    def get(key: str, parse: Callable[[CellValue], Any], default: Any = None, *, required: bool = False) -> Any:
        if key not in values or values[key][0] in (None, ""):
            if required:
                raise WorkbookError(f"the setting {key!r} is missing", sheet=SETTINGS_SHEET)
            return default
        raw, where = values[key]
        try:
            return parse(raw)
        except (InputError, ValueError) as error:
            raise WorkbookError(f"setting {key!r}: {error}", sheet=SETTINGS_SHEET, cell=where) from None

    options = {key[len("option."):]: str(v) for key, (v, _) in values.items()
               if key.startswith("option.") and v not in (None, "")}
    event = EventInfo(**{field: str(get(f"event.{field}", str, "")) for field in _EVENT_KEYS})
    return Settings(
        system=str(get("system", str, required=True)).strip(),
        rounds=get("rounds", _integer, required=True),
        points_win=get("points_win", _number, 1.0),
        points_draw=get("points_draw", _number, 0.5),
        points_loss=get("points_loss", _number, 0.0),
        bye_value=get("bye_value", _number, 1.0),
        tiebreaks=get("tiebreaks", lambda raw: parse_tiebreak_list(str(raw)), ()),
        tiebreak_rules=get("tiebreak_rules", lambda raw: parse_rules(cell_text(raw)), DEFAULT_EDITION),
        language=cell_text(get("language", str, "")),
        missed_rounds=get("missed_rounds", _missed_rounds, "zero"),
        fide_mode=get("fide_mode", cell_flag, None),
        initial_colour=get("initial_colour", _colour, Colour.WHITE),
        seed=get("seed", _integer, None),
        double_round_robin=get("double_round_robin", cell_flag, False),
        options=options,
        event=event,
    )


def _read_players(rows: list[list[CellValue]]) -> list[Player]:
    if not rows:
        raise WorkbookError("the roster is empty: the first row must hold the column names", sheet=PLAYERS_SHEET,
                            cell="A1")
    columns: dict[str, int] = {}
    for c, title in enumerate(rows[0]):
        key = _PLAYER_ALIASES.get(str(title).strip().lower()) if title is not None else None
        if key and key not in columns:
            columns[key] = c
    for key, title in (("tpn", "TPN"), ("name", "Name")):
        if key not in columns:
            raise WorkbookError(f"the required column {title!r} is missing", sheet=PLAYERS_SHEET, cell="A1")
    players: list[Player] = []
    seen: dict[int, str] = {}
    for r, row in enumerate(rows[1:], start=2):
        def cell(key: str) -> CellValue:
            c = columns.get(key)
            return row[c] if c is not None and c < len(row) else None

        if all(v in (None, "") for v in row):
            continue
        where = cell_address(r, columns["tpn"] + 1)
        tpn = cell_int(cell("tpn"))
        if tpn is None or tpn < 1:
            raise WorkbookError(f"start number {cell('tpn')!r} is not a positive whole number", sheet=PLAYERS_SHEET,
                                cell=where)
        if tpn in seen:
            raise WorkbookError(f"duplicate start number {tpn} (also at {seen[tpn]})", sheet=PLAYERS_SHEET, cell=where)
        seen[tpn] = where
        name = cell("name")
        if name in (None, ""):
            raise WorkbookError(f"player {tpn} has no name", sheet=PLAYERS_SHEET,
                                cell=cell_address(r, columns["name"] + 1))
        rating = cell("rating")
        rating_value = cell_int(rating) if rating not in (None, "") else 0
        if rating_value is None:
            raise WorkbookError(f"rating {rating!r} is not a number", sheet=PLAYERS_SHEET,
                                cell=cell_address(r, columns["rating"] + 1))
        withdrawn = cell("withdrawn_from")
        withdrawn_value = cell_int(withdrawn) if withdrawn not in (None, "") else None
        if withdrawn not in (None, "") and withdrawn_value is None:
            raise WorkbookError(f"'withdrawn from round' {withdrawn!r} is not a round number", sheet=PLAYERS_SHEET,
                                cell=cell_address(r, columns["withdrawn_from"] + 1))
        players.append(Player(
            tpn, str(name).strip(), rating_value,
            **{key: cell_text(cell(key))
               for key in ("title", "federation", "fide_id", "birth_date", "sex", "club", "team")},
            withdrawn_from=withdrawn_value, provisional_rating=cell_int(cell("provisional_rating")) or 0,
            k_factor=cell_int(cell("k_factor")), board=0,  # a board order belongs to team events only
            inactive=_inactive(cell("inactive"), r, columns.get("inactive")),
        ))
    return sorted(players, key=lambda p: p.tpn)


_Points = tuple[int, int, str, tuple[int, int], CellValue]
"""A points cell of a round sheet as read: round, player, column, row and column number (its address made
only for a warning), value."""


def _warn_typed_points(tournament: Tournament, points: list[_Points]) -> None:
    """A value in a points column that is not the player's points before the round was typed there (a result
    typed one column too far, often): sheetpair writes the column again, so the value is named in a warning
    instead of disappearing without a word."""
    if not points:
        return
    state = derive(tournament)
    postponed = any(game.result is Result.POSTPONED for rnd in tournament.rounds for game in rnd.games)
    provisional = derive(tournament, traits=SystemTraits(postponed_as_draw=True)) if postponed else state  # Monrad's
    numbers = {number for number, *_ in points}
    scores = {number: state.scores_after(number - 1) for number in numbers}
    drawn = {number: provisional.scores_after(number - 1) for number in numbers}
    for number, tpn, column, (row, index), value in points:
        expected = scores[number][tpn]
        if _points_value(value) not in (expected, drawn[number][tpn]):
            _log.warning("%s!%s: %r typed into %s, a column sheetpair fills in (points before the round: %s), is "
                         "written over at the next save; a result belongs in the Result column",
                         round_sheet_name(number), cell_address(row, index), value, column, format_points(expected))


def _points_value(value: CellValue) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value).strip().replace(",", ".")
    try:
        return float(text[:-1] or 0) + 0.5 if text.endswith("½") else float(text)
    except ValueError:
        return None


def _read_round(number: int, rows: list[list[CellValue]], tournament: Tournament,
                points: list[_Points] | None = None) -> Round:
    sheet = round_sheet_name(number)
    if not rows:
        raise WorkbookError("the round sheet is empty", sheet=sheet, cell="A1")
    header = [str(v).strip() if v is not None else "" for v in rows[0]]
    missing = [h for h in ROUND_HEADER if h not in header]
    if missing:
        raise WorkbookError(f"the column {missing[0]!r} is missing", sheet=sheet, cell="A1")
    col = {h: header.index(h) for h in ROUND_HEADER}
    col |= {h: header.index(h) for h in POINTS_COLUMNS if h in header}
    rnd = Round(number)
    placed: dict[int, str] = {}
    boards: dict[int, str] = {}
    for r, row in enumerate(rows[1:], start=2):
        def value(title: str) -> CellValue:
            cell = row[col[title]] if col[title] < len(row) else None
            return _as_typed(cell) if title == "Result" else cell

        def where(title: str) -> str:
            return cell_address(r, col[title] + 1)

        if all(value(title) in (None, "") for title in ROUND_HEADER):
            continue  # an empty board row, or a note of the arbiter's in a column of its own
        white = cell_int(value("White TPN"))
        black = cell_int(value("Black TPN"))
        board = cell_int(value("Board"))
        black_text = str(value("Black") or "").strip().lower()
        if white is None:
            raise WorkbookError("a result or entry with no board and no players: this board does not exist",
                                sheet=sheet, cell=where("Result" if value("Result") not in (None, "") else "White TPN"))
        _check_known(tournament, white, sheet, where("White TPN"), placed)
        if black is None:
            kind = next((k for k, label in BYE_LABELS.items() if label == black_text), None)
            if kind is None:
                raise WorkbookError(f"Black is neither a start number nor a bye: {value('Black')!r}",
                                    sheet=sheet, cell=where("Black TPN"))
            rnd.byes.append(Bye(white, kind, board))
            _note_points(points, number, row, col, r, {white: "White points"})
            continue
        _check_known(tournament, black, sheet, where("Black TPN"), placed)
        _check_board_once(board, where("Board"), boards, sheet)
        if board is None:
            raise WorkbookError(f"board number {value('Board')!r} is not a whole number", sheet=sheet,
                                cell=where("Board"))
        try:
            result, rated = parse_game_result(value("Result"))
        except InputError as error:
            raise WorkbookError(str(error), sheet=sheet, cell=where("Result")) from None
        rnd.games.append(Game(board, white, black, result, rated))
        _note_points(points, number, row, col, r, {white: "White points", black: "Black points"})
    return rnd


def _note_points(points: list[_Points] | None, number: int, row: list[CellValue], col: dict[str, int], r: int,
                 seats: dict[int, str]) -> None:
    """Keeps the points cells of one board row that hold a value, for :func:`_warn_typed_points`."""
    if points is None:
        return
    for tpn, column in seats.items():
        index = col.get(column)
        if index is not None and index < len(row) and row[index] not in (None, ""):
            points.append((number, tpn, column, (r, index + 1), row[index]))


def _check_board_once(board: int | None, where: str, boards: dict[int, str], sheet: str) -> None:
    """Two games with one board number would make results typed for "board 3" ambiguous, and the loss of a
    played game undetectable by its board: refused, naming both cells. Byes are not games; the number a
    system prints beside a bye may repeat."""
    if board is None:
        return
    if board in boards:
        raise WorkbookError(f"board {board} appears twice in the round (also at {boards[board]}); "
                            "give each board its own number", sheet=sheet, cell=where)
    boards[board] = where


def _check_known(tournament: Tournament, tpn: int, sheet: str, where: str, placed: dict[int, str]) -> None:
    if not tournament.has_player(tpn):
        raise WorkbookError(f"no player has start number {tpn}", sheet=sheet, cell=where)
    if tpn in placed:
        raise WorkbookError(f"player {tpn} appears twice in the round (also at {placed[tpn]})", sheet=sheet, cell=where)
    placed[tpn] = where


_EXCEL_EPOCH = dt.date(1899, 12, 30)
"""Day 0 of Excel's (1900) date serials, as LibreOffice counts them too; serial 46024 is 2026-01-02."""
_FIRST_PLAUSIBLE_SERIAL = 367
"""1901-01-01: smaller numbers are typed numbers (``1``, ``10``), never a date a program made of ``1/2``."""
_LAST_SERIAL = 2_958_465
"""9999-12-31, the last day a spreadsheet date can hold."""


def _as_typed(value: CellValue) -> CellValue:
    """The result as the arbiter typed it, undoing one spreadsheet habit: ``1/2`` typed into a cell not
    formatted as text becomes a date (the 2nd of January, or the 1st of February where days come first),
    stored as a date or as its serial number. No result looks like any other date, so such a value can
    only be a draw typed as ``1/2``. Round sheets format the Result column as text, which prevents this in
    sheets sheetpair wrote; the rule rescues cells formatted by hand or rows added below them."""
    day = value
    if isinstance(value, (int, float)) and not isinstance(value, bool) and float(value).is_integer() \
            and _FIRST_PLAUSIBLE_SERIAL <= value <= _LAST_SERIAL:
        day = _EXCEL_EPOCH + dt.timedelta(days=int(value))
    if isinstance(day, (dt.date, dt.datetime)) and (day.month, day.day) in ((1, 2), (2, 1)):
        return "1/2-1/2"
    return value


def _read_requested_byes(rows: list[list[CellValue]], tournament: Tournament) -> dict[int, dict[int, ByeKind]]:
    byes: dict[int, dict[int, ByeKind]] = {}
    for r, row in enumerate(rows[1:], start=2):
        if not row or all(v in (None, "") for v in row):
            continue
        number, tpn = cell_int(row[0]), cell_int(row[1] if len(row) > 1 else None)
        if number is None:
            raise WorkbookError(f"round {row[0]!r} is not a round number", sheet=BYES_SHEET, cell=cell_address(r, 1))
        if tpn is None or not tournament.has_player(tpn):
            raise WorkbookError(f"no player has start number {row[1] if len(row) > 1 else None!r}",
                                sheet=BYES_SHEET, cell=cell_address(r, 2))
        label = str(row[3] if len(row) > 3 else "").strip().lower()
        kind = next((k for k, text in BYE_LABELS.items() if text == label), None)
        if kind is None:
            raise WorkbookError(f"unknown bye {row[3] if len(row) > 3 else None!r}", sheet=BYES_SHEET,
                                cell=cell_address(r, 4))
        byes.setdefault(number, {})[tpn] = kind
    return byes


def _read_forbidden_pairs(rows: list[list[CellValue]], tournament: Tournament) -> set[frozenset[int]]:
    pairs: set[frozenset[int]] = set()
    for r, row in enumerate(rows[1:], start=2):
        if not row or all(v in (None, "") for v in row):
            continue
        numbers = []
        for column in (1, 3):
            value = cell_int(row[column - 1] if len(row) >= column else None)
            if value is None or not tournament.has_player(value):
                raise WorkbookError("no player has this start number", sheet=FORBIDDEN_SHEET,
                                    cell=cell_address(r, column))
            numbers.append(value)
        pairs.add(frozenset(numbers))
    return pairs


# --- writing ---------------------------------------------------------------------------------------

def _settings_sheet(settings: Settings) -> SheetSpec:
    rows: list[list[CellValue]] = [
        ["system", settings.system, "pairing system (see 'sheetpair systems')"],
        ["rounds", settings.rounds, "planned rounds"],
        ["points_win", settings.points_win, "points for a win"],
        ["points_draw", settings.points_draw, "points for a draw"],
        ["points_loss", settings.points_loss, "points for a loss"],
        ["bye_value", settings.bye_value, "points for the pairing-allocated bye"],
        ["tiebreaks", ",".join(settings.tiebreaks), "ordered tie-break codes"],
        ["tiebreak_rules", settings.tiebreak_rules, "FIDE tie-break rules edition (2026 or 2024)"],
        ["language", settings.language or None, "language of the reports: en, de, es or fr"],
        ["missed_rounds", settings.missed_rounds, "a late entry's missed rounds: zero or half (point byes)"],
        ["fide_mode", None if settings.fide_mode is None else "yes" if settings.fide_mode else "no",
         "FIDE mode: yes or no (empty: on for the FIDE systems)"],
        ["initial_colour", "white" if settings.initial_colour is Colour.WHITE else "black",
         "colour of start number 1 in round 1"],
        ["seed", settings.seed, "random seed of the draw (keep it: the draw replays from it)"],
        ["double_round_robin", "yes" if settings.double_round_robin else "no",
         "round robins: play every pairing twice"],
    ]
    rows += [[f"option.{key}", value, "system option"] for key, value in sorted(settings.options.items())]
    rows += [[f"event.{key}", getattr(settings.event, key), label] for key, label in _EVENT_KEYS.items()]
    return SheetSpec(SETTINGS_SHEET, ["Key", "Value", "Meaning"], rows, text_columns=frozenset({"Value"}))


def _missed_rounds(raw: CellValue) -> str:
    value = cell_text(raw).lower()
    if value not in ("zero", "half"):
        raise ValueError("missed_rounds is zero or half")
    return value


def _inactive(value: CellValue, r: int, column: int | None) -> bool:
    try:
        return cell_inactive(value)
    except ValueError:
        raise WorkbookError(f"the Inactive column holds i, yes or no, not {value!r}", sheet=PLAYERS_SHEET,
                            cell=cell_address(r, (column or 0) + 1)) from None


def _player_columns(tournament: Tournament, keys: Iterable[str] = ()) -> tuple[tuple[str, str], ...]:
    """The Players columns sheetpair writes: :data:`INACTIVE_COLUMN` once a player is flagged or the sheet has it."""
    if "inactive" in keys or any(p.inactive for p in tournament.players):
        return (*PLAYER_COLUMNS, INACTIVE_COLUMN)
    return PLAYER_COLUMNS


def _player_value(player: Player, attribute: str) -> CellValue:
    value = getattr(player, attribute)
    if attribute == "inactive":
        return "i" if value else None
    if attribute in ("rating", "provisional_rating", "k_factor") and not value:
        return None
    return value if value not in ("",) else None


def _write_players(port: WorkbookPort, tournament: Tournament, names: list[str]) -> None:
    if PLAYERS_SHEET not in names:
        wanted = _player_columns(tournament)
        rows = [[_player_value(p, attr) for _, attr in wanted] for p in tournament.players]
        port.write_sheet(SheetSpec(PLAYERS_SHEET, [title for title, _ in wanted], rows,
                                   table_name=PLAYERS_TABLE,
                                   text_columns=frozenset({"Name", "Title", "Federation", "FIDE ID", "Club", "Team"})))
        return
    existing = port.read_sheet(PLAYERS_SHEET)
    header: list[CellValue] = list(existing[0]) if existing else []
    columns: dict[str, int] = {}
    for c, title in enumerate(header, start=1):
        key = _PLAYER_ALIASES.get(str(title).strip().lower()) if title is not None else None
        if key and key not in columns:
            columns[key] = c
    wanted = _player_columns(tournament, columns)
    cells: dict[tuple[int, int], CellValue] = {}
    for title, attr in wanted:
        if attr not in columns:
            columns[attr] = len(header) + 1
            header.append(title)
            cells[(1, columns[attr])] = title
    rows_by_tpn = {cell_int(row[columns["tpn"] - 1]): r for r, row in enumerate(existing[1:], start=2)
                   if len(row) >= columns["tpn"]}
    next_row = len(existing) + 1
    for player in tournament.players:
        row = rows_by_tpn.get(player.tpn)
        if row is None:
            row, next_row = next_row, next_row + 1
        current = existing[row - 1] if row - 1 < len(existing) else []
        for _, attr in wanted:
            value = _player_value(player, attr)
            col = columns[attr]
            old = current[col - 1] if col - 1 < len(current) else None
            if _differs(old, value):
                cells[(row, col)] = value
    if cells:
        port.update_cells(PLAYERS_SHEET, cells, table_name=PLAYERS_TABLE)


def _round_sheet(rnd: Round, tournament: Tournament, table: StandingsTable) -> SheetSpec:
    """A Round sheet laid out to be printed and pinned up (see ``docs/excel.md``, "Printing the sheets"):
    the event and round on every page, both players with their points before the round, ruled cells in
    12 points. Byes stand below the boards with their points in the Result column."""
    seated = [tpn for game in rnd.games for tpn in (game.white, game.black)] + [bye.player for bye in rnd.byes]
    scores = table.paired.scores_after(rnd.number - 1)
    before = {tpn: scores[tpn] for tpn in seated}
    by_tpn = {player.tpn: player for player in tournament.players}  # a look-up per seat, not a scan

    def seat(tpn: int) -> list[CellValue]:
        player = by_tpn[tpn]
        return [tpn, player.title or None, player.name, player.rating or None, before[tpn]]

    rows: list[list[CellValue]] = []
    for game in sorted(rnd.games, key=lambda g: g.board):
        tpn, title, name, rating, points = seat(game.black)
        rows.append([game.board, *seat(game.white), result_code(game) or None, points, tpn, title, name, rating])
    for bye in rnd.byes:
        rows.append([bye.board, *seat(bye.player), format_points(tournament.settings.points_for_bye(bye.kind)),
                     None, None, None, BYE_LABELS[bye.kind], None])
    return SheetSpec(round_sheet_name(rnd.number), list(ROUND_COLUMNS), rows, dropdown_column="Result",
                     dropdown_values=RESULT_CODES, text_columns=frozenset({"White", "Black", "Result"}),
                     before=STANDINGS_SHEET, column_widths=dict(ROUND_COLUMNS), landscape=True,
                     number_formats=_number_formats({"White points": list(before.values()),
                                                     "Black points": list(before.values())}),
                     print_header=_event_heading(tournament, f"Round {rnd.number}"), borders=True,
                     font_size=ROUND_FONT_SIZE,
                     centred=frozenset({"White title", "Result", "Black title"}))


def _requested_byes_sheet(tournament: Tournament) -> SheetSpec:
    rows: list[list[CellValue]] = [
        [number, tpn, tournament.player(tpn).name, BYE_LABELS[kind]]
        for number, wanted in sorted(tournament.requested_byes.items())
        for tpn, kind in sorted(wanted.items())
    ]
    return SheetSpec(BYES_SHEET, ["Round", "TPN", "Name", "Bye"], rows, text_columns=frozenset({"Name", "Bye"}),
                     before=STANDINGS_SHEET)


def _forbidden_pairs_sheet(tournament: Tournament) -> SheetSpec:
    rows: list[list[CellValue]] = []
    for pair in sorted(sorted(p) for p in tournament.forbidden_pairs):
        first, second = pair
        rows.append([first, tournament.player(first).name, second, tournament.player(second).name])
    return SheetSpec(FORBIDDEN_SHEET, ["TPN", "Name", "TPN ", "Name "], rows,
                     text_columns=frozenset({"Name", "Name "}), before=STANDINGS_SHEET)


def standings_sheet(tournament: Tournament, table: StandingsTable) -> SheetSpec:
    """The Standings sheet: rank, player, points and every tie-break of the table, the tie-breaks named in
    full under it."""
    codes = table.codes
    lines = table.lines
    changes = rating_changes(table.state)
    header = ["Rank", "TPN", "Name", "Rating", "Federation", "Points", *codes, "K", RATING_CHANGE]
    rows: list[list[CellValue]] = []
    for line in lines:
        player = tournament.player(line.tpn)
        k, change = changes[line.tpn]
        rows.append([line.rank, line.tpn, line.name, player.rating or None, player.federation or None,
                     line.points, *(line.tiebreaks[c].value for c in codes), k,
                     None if change is None else round(change, 1)])
    formats = {**_number_formats(_value_columns(table)), RATING_CHANGE: "+0.0;-0.0;0.0"}
    return SheetSpec(STANDINGS_SHEET, header, rows, text_columns=frozenset({"Name"}), freeze="D2",
                     number_formats=formats, legend=_legend(table),
                     print_header=_event_heading(tournament, f"Standings after round {table.through_round}"),
                     borders=True)


def crosstable_sheet(tournament: Tournament, table: StandingsTable) -> SheetSpec:
    """The Crosstable sheet (wallchart) in ranking order: per round opponent, colour and result as ``12w1``,
    then points and the tie-breaks; rank, start number and name stay in view when scrolling. Every paired
    round has its column (a game still to be played shows ``?``)."""
    codes = table.codes
    lines = table.lines
    rounds = [f"R{n}" for n in range(1, table.paired.through_round + 1)]
    rows: list[list[CellValue]] = []
    for line in lines:
        player = tournament.player(line.tpn)
        entries = [crosstable_entry(record) for record in table.paired[line.tpn].records]
        rows.append([line.rank, line.tpn, player.name, player.rating or None, *entries, line.points,
                     *(line.tiebreaks[c].value for c in codes)])
    return SheetSpec(CROSSTABLE_SHEET, ["Rank", "TPN", "Name", "Rating", *rounds, "Points", *codes], rows,
                     text_columns=frozenset({"Name", *rounds}), landscape=True, freeze="D2",
                     number_formats=_number_formats(_value_columns(table)), legend=_legend(table),
                     print_header=_event_heading(tournament, "Crosstable"), borders=True)


def _event_heading(tournament: Tournament, what: str) -> str:
    """``Club Championship 2026 – Standings after round 5``: the printed title of a sheet."""
    name = tournament.settings.event.name
    return f"{name} – {what}" if name else what


def _value_columns(table: StandingsTable) -> dict[str, list[float]]:
    """The Points column and each tie-break column of the table, by header."""
    return {"Points": [line.points for line in table], **{code: [line.tiebreaks[code].value for line in table]
                                                          for code in table.codes}}


def _number_formats(columns: dict[str, list[float]]) -> dict[str, str]:
    """One number style per column, the reports' rule (see ``docs/reports.md``): whole and half points as
    fractions (``3 1/2``, Excel's way of writing ``3½`` while the cell stays a number), any other fraction
    (SB 7.25, WNT) with two decimals in the whole column."""
    return {title: "# ?/2" if all(is_half_points(v) for v in values) else "0.00" for title, values in columns.items()}


def _legend(table: StandingsTable) -> list[str]:
    """The tie-breaks of the table named in full, one line each, for the reader of a printed sheet."""
    return [f"{code}: {describe(code)}" for code in table.codes]


# --- small helpers ---------------------------------------------------------------------------------

def _differs(old: CellValue, new: CellValue) -> bool:
    if old in (None, "") and new in (None, ""):
        return False
    if isinstance(old, (int, float)) and isinstance(new, (int, float)):
        return float(old) != float(new)
    return cell_text(old) != cell_text(new)
