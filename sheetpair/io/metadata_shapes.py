"""The shapes of the parts the hidden ``_sheetpair`` sheet keeps as JSON, checked when it is read.

The sheet is hidden, not locked: an arbiter (or a script) can type into it. A part that no longer has its
shape (a number where a round's pairing was) used to end in a traceback deep inside the comparison of
hand edits; it is refused with the cell instead, and a revision that is no number is refused rather than
read as 0, which restarted the revision count at 1.
"""

from __future__ import annotations

from typing import Any


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _rows(value: Any, width: int) -> bool:
    return isinstance(value, list) and all(isinstance(row, list) and len(row) == width for row in value)


def well_formed_part(part: str, value: Any) -> bool:
    """Whether ``value`` has the shape sheetpair writes for ``part`` (parts it does not know pass)."""
    if part.endswith(" pairing"):
        return (isinstance(value, dict) and _rows(value.get("games"), 3)
                and all(all(_is_int(cell) for cell in row) for row in value["games"]))
    if part.endswith(" results"):
        return _rows(value, 2) and all((_is_int(board) or _is_table_board(board)) and isinstance(code, str)
                                       for board, code in value)
    return True


def _is_table_board(value: Any) -> bool:
    """A team event's ``[table, board]`` (board 0 for the whole match)."""
    return isinstance(value, list) and len(value) == 2 and all(_is_int(cell) for cell in value)
