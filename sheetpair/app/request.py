"""The ``Request`` sheet: what an arbiter's ribbon button needs besides the workbook (the add-in's buttons
for byes, withdrawals, late entries, fixed boards, forbidden pairs, a colleague's copy and a team's line-up).

A button has no arguments, so it reads them from this small form, made on the first press of such a button:
one key per row in column A, the arbiter's value in column B, what to type in column C. The values are what
the matching command takes on its command line (a player as a start number or a name, a round, a bye's
points, a file), checked by the same use cases of :mod:`sheetpair.app`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import WorkbookError
from ..io.port import CellValue, SheetSpec, WorkbookPort, cell_address, cell_text

REQUEST_SHEET = "Request"
REQUEST_FIELDS: tuple[tuple[str, str], ...] = (
    ("player", "start number or name (a part of the name is enough): bye, withdraw, reinstate, forbidden pair, "
               "fixed board (White)"),
    ("second player", "start number or name: forbidden pair (the other player), fixed board (Black)"),
    ("round", "bye: its round; withdraw: the first round missed (empty: the next round); line-up: its round "
              "(empty: the last paired round)"),
    ("points", "bye: 0.5 for a half-point bye, 0 for a zero-point bye"),
    ("name", "late entry: the player's name"),
    ("rating", "late entry: rating (empty or 0: unrated)"),
    ("title", "late entry: FIDE title (GM, IM, WFM...)"),
    ("federation", "late entry: federation (three letters)"),
    ("fide id", "late entry: FIDE ID"),
    ("club", "late entry: club"),
    ("missed", "late entry: zero or half, what each round already paired counts (empty: the Settings sheet's)"),
    ("copy", "compare/merge: the full path of a colleague's copy of this workbook (.xlsx)"),
    ("take", "merge: A (this workbook) or B (the copy) for every conflict, or ITEM=A / ITEM=B, comma-separated"),
    ("team", "line-up (team event): the team's start number, name or short name"),
    ("players", "line-up (team event): the players' start numbers in board order, comma-separated (12,14,15,17)"),
)
"""The form's keys (column A) and what to type beside each (column C)."""
_HEADER = ["Request", "Value", "What to type"]


@dataclass(frozen=True)
class Request:
    """The values typed into the ``Request`` sheet, by key; empty cells are absent."""

    values: dict[str, str]

    def get(self, key: str) -> str | None:
        return self.values.get(key)

    def needs(self, key: str, purpose: str) -> str:
        """The value of ``key``.

        :raises WorkbookError: naming the cell to fill in, and why, when it is empty.
        """
        value = self.values.get(key)
        if value is None:
            raise WorkbookError(f"type the {key} here {purpose}", sheet=REQUEST_SHEET, cell=cell_of(key))
        return value

    def whole(self, key: str) -> int | None:
        """The value of ``key`` as a whole number (``None`` when empty).

        :raises WorkbookError: naming the cell when it holds something else.
        """
        value = self.values.get(key)
        if value is None:
            return None
        try:
            number = float(value)
        except ValueError:
            number = -1.0
        if number < 0 or number != int(number):
            raise WorkbookError(f"{key} must be a whole number, not {value!r}", sheet=REQUEST_SHEET, cell=cell_of(key))
        return int(number)


def cell_of(key: str) -> str:
    """The cell of column B where ``key``'s value is typed."""
    return cell_address(1 + [k for k, _ in REQUEST_FIELDS].index(key) + 1, 2)


def read_request(port: WorkbookPort) -> Request | None:
    """The ``Request`` sheet's values; ``None`` when the sheet did not exist (it is made now, empty)."""
    if REQUEST_SHEET not in port.sheet_names():
        rows: list[list[CellValue]] = [[key, None, hint] for key, hint in REQUEST_FIELDS]
        port.write_sheet(SheetSpec(REQUEST_SHEET, _HEADER, rows, text_columns=frozenset(_HEADER),
                                   column_widths={"Request": 16, "Value": 40, "What to type": 100}))
        return None
    keys = {key for key, _ in REQUEST_FIELDS}
    values = {}
    for row in port.read_sheet(REQUEST_SHEET)[1:]:
        key = cell_text(row[0]).strip().lower() if row else ""
        value = cell_text(row[1]).strip() if len(row) > 1 else ""
        if key in keys and value:
            values[key] = value
    return Request(values)
