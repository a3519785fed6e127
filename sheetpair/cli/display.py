"""Terminal text that lines up in every script: padding by display width, not by code points.

A Chinese or Japanese character takes two terminal columns and a combining accent none, so ``str.ljust``
misaligns a column of names; :func:`pad` counts columns with ``wcwidth`` (Unicode's East Asian Width and
the zero-width categories).
"""

from __future__ import annotations

from collections.abc import Sequence

from wcwidth import wcswidth


def width(text: str) -> int:
    """Terminal columns ``text`` takes (control characters count as one, never as -1)."""
    columns = wcswidth(text)
    return columns if columns >= 0 else len(text)


def pad(text: str, columns: int) -> str:
    """``text`` followed by spaces up to ``columns`` display columns."""
    return text + " " * max(0, columns - width(text))


def table(rows: Sequence[Sequence[str]]) -> list[str]:
    """Rows as lines with every column padded to its widest cell (the last column is not padded)."""
    if not rows:
        return []
    widths = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(pad(cell, w) if i < len(row) - 1 else cell for i, (cell, w) in enumerate(zip(row, widths)))
            for row in rows]
