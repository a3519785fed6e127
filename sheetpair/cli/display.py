"""Text for the terminal: columns padded by the width a name takes on screen, not by its length in code
points, so Chinese, Japanese and Korean names (two cells a character) and combining accents (none) keep
the columns straight."""

from __future__ import annotations

import unicodedata


def display_width(text: str) -> int:
    """Terminal cells ``text`` takes: wide and full-width characters two, combining marks none."""
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1
    return width


def pad(text: str, width: int) -> str:
    """``text`` left-aligned in ``width`` terminal cells (never cut)."""
    return text + " " * max(0, width - display_width(text))
