"""Reading a roster (CSV or xlsx) into players, columns found by their header."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..core.errors import InputError
from ..core.model import Player

_HEADERS = {
    "name": "name", "player": "name", "rating": "rating", "elo": "rating", "rtg": "rating",
    "title": "title", "federation": "federation", "fed": "federation", "fide id": "fide_id", "fide_id": "fide_id",
    "id": "fide_id", "club": "club", "team": "team", "sex": "sex", "birth date": "birth_date",
}


def read_roster(path: str | Path) -> list[Player]:
    """Players of a CSV (``,`` or ``;``, UTF-8 or Windows-1252) or xlsx roster, in file order.

    :raises InputError: naming the line of the first row it cannot use.
    """
    path = Path(path)
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        from openpyxl import load_workbook

        sheet = load_workbook(path, read_only=True, data_only=True).worksheets[0]
        rows = [["" if v is None else str(v) for v in row] for row in sheet.iter_rows(values_only=True)]
    else:
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252")
        delimiter = ";" if text.splitlines()[0].count(";") > text.splitlines()[0].count(",") else ","
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    if not rows:
        raise InputError(f"{path}: the roster is empty")
    columns = {}
    for c, title in enumerate(rows[0]):
        key = _HEADERS.get(title.strip().lower())
        if key and key not in columns:
            columns[key] = c
    if "name" not in columns:
        raise InputError(f"{path}, line 1: no 'Name' column among {rows[0]!r}")
    players = []
    for line, row in enumerate(rows[1:], start=2):
        if not any(v.strip() for v in row):
            continue
        values = {k: row[c].strip() if c < len(row) else "" for k, c in columns.items()}
        if not values["name"]:
            raise InputError(f"{path}, line {line}: the name is empty")
        rating = values.pop("rating", "") or "0"
        if not rating.isdigit():
            raise InputError(f"{path}, line {line}: rating {rating!r} is not a whole number")
        players.append(Player(len(players) + 1, rating=int(rating), **values))
    return players
