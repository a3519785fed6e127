"""Reading a roster (CSV or xlsx) into players, columns found by their header however it is spelt.

Organisers bring lists from many programs: ``Name`` or ``Player``, ``Elo`` or ``Rtg``, ``;`` or ``,``,
UTF-8 or the Windows-1252 of older Excel exports. Headers are matched without regard to case, spaces and
punctuation against the common names below; values are normalised to what a Tournament Report File holds
(sex ``m``/``w``, birth date ``YYYY/MM/DD``, federation in capitals). Every row that cannot be used is
reported with its line number, all of them at once, so one correction pass fixes the file.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import logging
import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

from ..core.errors import InputError
from ..core.model import Player
from .package import inspect_workbook_file
from .port import (
    MAX_COLUMNS,
    MAX_ROWS,
    CellValue,
    cell_inactive,
    cell_int,
    cell_text,
    legacy_code_page,
    unicode_text,
    visible_text,
)

_ALIASES: dict[str, tuple[str, ...]] = {  # English first, then de, fr, es, nl, no, pl, ru
    "name": ("name", "player", "playername", "fullname", "names", "participant", "spieler", "teilnehmer", "joueur",
             "nomcomplet", "participante", "nombre", "jugador", "nombrecompleto", "naam", "speler", "navn", "spiller",
             "zawodnik", "uczestnik", "imieinazwisko", "игрок", "участник", "фио"),
    "first_name": ("firstname", "givenname", "forename", "vorname", "prenom", "nombrepila", "voornaam", "fornavn",
                   "imie", "имя"),
    "last_name": ("lastname", "surname", "familyname", "nachname", "nom", "nomdefamille", "apellido", "apellidos",
                  "achternaam", "etternavn", "nazwisko", "фамилия"),
    "rating": ("fiderating", "fideelo", "fidertg", "ratingfide", "elofide", "rtgfide", "rating", "rtg", "elo",
               "standardrating", "std", "classement", "classementfide", "rankingfide",
               "рейтинг", "рейтингфиде", "эло"),
    "title": ("title", "tit", "fidetitle", "titel", "titre", "titulo", "tittel", "tytuł", "звание", "титул"),
    "federation": ("fidefed", "fidefederation", "federation", "fed", "country", "nation", "land", "verband", "pays",
                   "federacion", "pais", "federatie", "forbund", "federacja", "kraj", "федерация", "страна"),
    "fide_id": ("fideid", "fidenumber", "fideno", "fidenr", "fidecode", "fideidnumber", "id", "idfide"),
    "club": ("club", "clubname", "clubcity", "verein", "vereniging", "klubb", "klub", "клуб"),
    "team": ("team", "teamname", "mannschaft", "equipe", "equipo", "lag", "druzyna", "команда"),
    "board": ("board", "boardno", "boardnumber", "bd", "brett"),
    "birth_date": ("birthdate", "birth", "born", "dob", "dateofbirth", "birthday", "yearofbirth", "byear",
                   "geburtsdatum", "geburtsjahr", "datedenaissance", "naissance", "fechadenacimiento", "nacimiento",
                   "geboortedatum", "fødselsdato", "dataurodzenia", "датарождения", "годрождения"),
    "sex": ("sex", "gender", "mf", "geschlecht", "sexe", "sexo", "geslacht", "kjønn", "płec", "пол"),
    "provisional_rating": ("provisionalrating", "provisional", "provrating", "provisionalelo"),
    "k_factor": ("k", "kfactor", "fidek", "kfide"),
    "inactive": ("inactive",),
}


def _header_key(text: str) -> str:
    """A header as matched: small letters and digits of any script, accents off, nothing else (``Prénom`` and
    ``prenom``, ``Дата рождения`` and ``датарождения`` are one header)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if c.isalpha() and not unicodedata.combining(c))


_log = logging.getLogger("sheetpair")

_FIELD_BY_HEADER = {_header_key(alias): key for key, aliases in _ALIASES.items() for alias in aliases}

_SEX = {"m": "m", "male": "m", "man": "m", "w": "w", "f": "w", "female": "w", "woman": "w"}
_DATE_FORMATS = ("%Y/%m/%d", "%Y-%m-%d", "%Y.%m.%d", "%d.%m.%Y", "%d/%m/%Y", "%d-%m-%Y")
TITLES = ("GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "AGM", "AIM", "AFM", "ACM")
"""The titles a roster may give: FIDE's, women's and the arena titles."""
_FEDERATION = re.compile(r"^[A-Za-z]{3}$")


def read_roster(path: str | Path) -> list[Player]:
    """Players of a CSV (``,``, ``;`` or tab; UTF-8 or Windows-1252) or xlsx roster, in file order, with
    start numbers 1, 2, ... in that order.

    :raises InputError: for an unreadable file or a missing name column, and listing every row it cannot use
        (line number and reason).
    """
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        rows = _xlsx_rows(path)
    elif suffix in (".csv", ".txt", ".tsv", ""):
        rows = _csv_rows(path)
    else:
        raise InputError(f"{path}: a roster is a .csv or .xlsx file, not {suffix}")
    return players_from_rows(rows, source=str(path))


def players_from_rows(rows: Iterable[tuple[int, list[CellValue]]], *, source: str) -> list[Player]:
    """Players from (line number, cells) rows whose first non-empty row is the header.

    :raises InputError: as :func:`read_roster`.
    """
    numbered = [(line, cells) for line, cells in rows if any(cell_text(c) for c in cells)]
    if not numbered:
        raise InputError(f"{source}: the roster is empty")
    header_line, header = numbered[0]
    columns = _columns(header)
    if _bare_ids(header):  # a list of FIDE ids, one a line, without a header
        columns, numbered = {"fide_id": 0}, [(header_line - 1, ["FIDE id"]), *numbered]
    ignored = [f"{_letter(index)} ({cell_text(cell)!r})" for index, cell in enumerate(header)
               if cell_text(cell) and index not in columns.values()]
    if ignored:
        _log.warning("%s, line %s: column(s) %s not read: no known header (a rating, a title... under another "
                     "name? Rename the header)", source, header_line, ", ".join(ignored))
    if "name" not in columns and "last_name" not in columns and "fide_id" not in columns:
        found = ", ".join(repr(cell_text(c)) for c in header if cell_text(c))
        raise InputError(f"{source}, line {header_line}: no name column (Name, Player, or Last name) and no "
                         f"FIDE id column; the header has {found}")
    players: list[Player] = []
    problems: list[str] = []
    fide_ids: dict[str, int] = {}
    seen: dict[tuple[object, ...], int] = {}
    for line, cells in numbered[1:]:
        values = {key: cells[c] if c < len(cells) else None for key, c in columns.items()}
        try:
            player = _player(len(players) + 1, values)
        except ValueError as error:
            problems.append(f"line {line}: {error}")
            continue
        if player.fide_id and player.fide_id in fide_ids:
            problems.append(f"line {line}: FIDE ID {player.fide_id} is also on line {fide_ids[player.fide_id]}")
            continue
        if player.fide_id:
            fide_ids[player.fide_id] = line
        same = (player.name.casefold(), player.rating, player.federation, player.birth_date, player.club,
                player.fide_id)  # rows of FIDE ids alone (filled from the list later) differ by their id
        if same in seen:
            problems.append(f"line {line}: the same player as line {seen[same]} ({player.name}); delete one of "
                            "the two rows")
            continue
        seen[same] = line
        players.append(player)
    if problems:
        listing = "\n  ".join(problems)
        raise InputError(f"{source}: {len(problems)} row(s) cannot be used:\n  {listing}")
    if not players:
        raise InputError(f"{source}: the roster has a header but no players")
    return players


def _letter(index: int) -> str:
    """The spreadsheet letter of the column at ``index`` (0: A, 26: AA)."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _columns(header: list[CellValue]) -> dict[str, int]:
    """Column of each field; when several headers name one field, the one earlier in its alias list wins
    (``FIDE ID`` over a plain ``ID``, which Swiss-Manager uses for the national number)."""
    best: dict[str, tuple[int, int]] = {}
    ranks = {key: [_header_key(a) for a in aliases] for key, aliases in _ALIASES.items()}
    for index, cell in enumerate(header):
        alias = _header_key(cell_text(cell))
        key = _FIELD_BY_HEADER.get(alias)
        if key:
            rank = ranks[key].index(alias)
            if key not in best or rank < best[key][0]:
                best[key] = (rank, index)
    return {key: index for key, (_, index) in best.items()}


def _player(tpn: int, values: dict[str, CellValue]) -> Player:
    name = cell_text(values.get("name"))
    if not name:
        last, first = cell_text(values.get("last_name")), cell_text(values.get("first_name"))
        name = f"{last}, {first}" if last and first else last or first
    fide_id = _fide_id(values.get("fide_id"))
    if not name and not fide_id:
        raise ValueError("the name is empty (a player given by FIDE id alone needs the id)")
    return Player(
        tpn=tpn,
        name=name,
        rating=_rating(values.get("rating")),
        title=_title(values.get("title")),
        federation=_checked(values.get("federation"), _FEDERATION, "a federation is 3 letters (NOR, GER...)").upper(),
        fide_id=fide_id,
        birth_date=_birth_date(values.get("birth_date")),
        sex=_sex(values.get("sex")),
        club=cell_text(values.get("club")),
        team=cell_text(values.get("team")),
        provisional_rating=_rating(values.get("provisional_rating")),
        k_factor=_k_factor(values.get("k_factor")),
        board=_board(values.get("board")),
        inactive=cell_inactive(values.get("inactive")),
    )


def _k_factor(value: CellValue) -> int | None:
    """The player's own K-factor (B.02 8.3.3: 40, 20 or 10, or lower by the 700 rule), empty for FIDE's rules."""
    text = cell_text(value)
    if not text:
        return None
    k = cell_int(text)
    if k is None or not 1 <= k <= 40:
        raise ValueError(f"K-factor {text!r} is not a whole number from 1 to 40")
    return k


def _bare_ids(row: list[CellValue]) -> bool:
    """A first row that is a FIDE id rather than a header: one number in the first cell."""
    texts = [cell_text(c) for c in row if cell_text(c)]
    return len(texts) == 1 and cell_text(row[0]).isdigit()


def _board(value: CellValue) -> int:
    """A team member's board (empty: the roster order decides)."""
    if not cell_text(value):
        return 0
    board = cell_int(value)
    if board is None or board < 1:
        raise ValueError(f"a board is a whole number from 1, not {cell_text(value)!r}")
    return board


def _rating(value: CellValue) -> int:
    text = cell_text(value).replace(" ", "")
    if not text or text in ("-", "0"):
        return 0
    number = cell_int(text)
    if number is None or not 0 <= number <= 9999:
        raise ValueError(f"rating {text!r} is not a whole number from 0 to 9999")
    return number


def _fide_id(value: CellValue) -> str:
    text = cell_text(value).replace(" ", "")
    if not text:
        return ""
    number = cell_int(text)
    if number is None or number <= 0 or len(str(number)) > 11:
        raise ValueError(f"FIDE ID {text!r} is not a number of up to 11 digits")
    return str(number)


def _birth_date(value: CellValue) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.strftime("%Y/%m/%d")
    text = cell_text(value)
    if not text:
        return ""
    if re.fullmatch(r"\d{4}(\.0)?", text):
        return text[:4]  # year only, as many lists give it
    for fmt in _DATE_FORMATS:
        try:
            return dt.datetime.strptime(text, fmt).strftime("%Y/%m/%d")
        except ValueError:
            continue
    if re.fullmatch(r"\d{4}/\d{2}/\d{2}", text):
        return text  # FIDE's own "1978/00/00" for an unknown day and month
    raise ValueError(f"birth date {text!r} is not a date such as 1990/05/17, 1990-05-17, 17.05.1990 or 1990")


def _sex(value: CellValue) -> str:
    text = cell_text(value).lower()
    if not text:
        return ""
    if text not in _SEX:
        raise ValueError(f"sex {cell_text(value)!r} is not m or w (male/female)")
    return _SEX[text]


def _title(value: CellValue) -> str:
    text = cell_text(value)
    if text and text.upper() not in TITLES:
        raise ValueError(f"title {text!r} is none of {', '.join(TITLES)}")
    return text.upper()


def _checked(value: CellValue, pattern: re.Pattern[str], expected: str) -> str:
    text = cell_text(value)
    if text and not pattern.match(text):
        raise ValueError(f"{text!r}: {expected}")
    return text


def read_roster_text(text: str, *, source: str = "roster") -> list[Player]:
    """Players of CSV text: for rosters that come without a file (pasted into a sheet in Excel).

    :raises InputError: as :func:`read_roster`, naming ``source``.
    """
    return players_from_rows(_text_rows(text, source=source), source=source)


def _csv_rows(path: Path) -> list[tuple[int, list[CellValue]]]:
    raw = path.read_bytes()
    text = unicode_text(raw)
    if text is None:
        text = legacy_text(raw, source=str(path))
    return _text_rows(text, source=str(path))


def legacy_text(raw: bytes, *, source: str) -> str:
    """The text of a roster that is not all UTF-8, decoded line by line: a line that is UTF-8 stays UTF-8
    (a UTF-8 list with one line pasted from an old Windows program); the other lines are read in the one
    code page that makes names of them all (:func:`~sheetpair.io.port.legacy_code_page`: Windows-1252, the
    code page of older Excel exports, Mac Roman, or Central European Windows-1250).

    :raises InputError: naming the first line that is not UTF-8 when no code page makes names of those
        lines (a Shift-JIS or other multi-byte roster), rather than garbling its names.
    """
    lines = raw.split(b"\n")
    foreign: dict[int, bytes] = {}
    for number, line in enumerate(lines, start=1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError:
            foreign[number] = line
    found = legacy_code_page(list(foreign.values()))
    if found is None:
        raise InputError(f"{source}, line {min(foreign)}: the text is neither UTF-8 nor a code page that makes "
                         "names of it (Windows-1252, Mac Roman, Windows-1250); save the roster as CSV UTF-8 and "
                         "import it again")
    return "\n".join(line.decode(found[0]) if number in foreign else line.decode("utf-8")
                     for number, line in enumerate(lines, start=1))


def _text_rows(text: str, *, source: str) -> list[tuple[int, list[CellValue]]]:
    """Rows of CSV text; control characters (a vertical tab from a copied cell, an ESC, a NUL) become a
    visible mark with a warning, as no workbook can hold them."""
    text = visible_text(text, source=source)
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(("\t", ";", ","), key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[CellValue]]] = []
    try:
        for cells in reader:
            if any("\n" in cell or "\r" in cell for cell in cells):
                raise _unbalanced_quote(source, rows[-1][0] + 1 if rows else 1)
            rows.append((reader.line_num, list(cells)))
    except csv.Error as error:  # a field over csv.field_size_limit() (128 KB), a NUL: no roster has either
        if "end of data" in str(error):
            raise _unbalanced_quote(source, rows[-1][0] + 1 if rows else 1) from None
        raise InputError(f"{source}, line {reader.line_num}: cannot be read as CSV ({error}); is it a "
                         "roster?") from None
    return rows


def _unbalanced_quote(source: str, line: int) -> InputError:
    """A quote that opens a field and is never closed (or closed lines later): the rest of the file would be
    read as one name."""
    return InputError(f"{source}, line {line}: a quote (\") opens a field that no quote on the same line closes; "
                      "close it, or remove it, and import the roster again")


def _xlsx_rows(path: Path) -> list[tuple[int, list[CellValue]]]:
    """Rows of the first sheet whose header names the players (a title sheet may come first), else the first.

    The package is inspected first (damaged, encrypted, a zip bomb: one sentence), and only the first
    :data:`~sheetpair.io.port.MAX_ROWS` rows and ``MAX_COLUMNS`` columns are read (anything
    beyond is ignored), keeping the non-empty ones: one stray keystroke in row 1 048 576 no longer makes a
    million rows.
    """
    from openpyxl import load_workbook

    inspect_workbook_file(path)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except Exception as error:  # openpyxl raises many kinds for a file that is no workbook
        raise InputError(f"{path}: cannot be read as an xlsx workbook ({error})") from None
    try:
        sheets = [
            [(number, list(row)) for number, row in enumerate(
                sheet.iter_rows(max_row=MAX_ROWS, max_col=MAX_COLUMNS, values_only=True), start=1)
             if any(value not in (None, "") for value in row)]
            for sheet in book.worksheets
        ]
    finally:
        book.close()
    return next((rows for rows in sheets if _names_players(rows)), sheets[0] if sheets else [])


def _names_players(rows: list[tuple[int, list[CellValue]]]) -> bool:
    header = next((cells for _, cells in rows if any(cell_text(c) for c in cells)), [])
    return bool({"name", "last_name"} & set(_columns(header)))
