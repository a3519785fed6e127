"""Which characters the PDF can print: the union of every font fontconfig knows.

Typst falls back glyph by glyph to any font it finds (its own, the package's and the system's); so a name
prints when some installed font has each of its characters, and shows empty boxes ("tofu") otherwise. fontconfig
reports each font's character set (``fc-list --format %{charset}``) in one call, which is quicker and no
less reliable than opening every font file. Where fontconfig is not installed the check cannot be made and
says so instead of guessing.
"""

from __future__ import annotations

import bisect
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ..core.model import Player


@dataclass(frozen=True)
class MissingGlyphs:
    """A player whose name has characters no installed font can print, and the scripts they belong to."""

    player: Player
    scripts: tuple[str, ...]

    def sentence(self) -> str:
        return (f"player {self.player.tpn} ({self.player.name}): no installed font has the "
                f"{', '.join(self.scripts)} characters of this name, which will print as empty boxes")


def parse_charset(text: str) -> list[tuple[int, int]]:
    """fontconfig's charset notation (``20-7e a0 400-4ff``) as inclusive code point ranges."""
    ranges = []
    for item in text.split():
        first, _, last = item.partition("-")
        ranges.append((int(first, 16), int(last or first, 16)))
    return ranges


class Coverage:
    """The code points some font covers, as sorted disjoint ranges."""

    def __init__(self, ranges: Iterable[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for first, last in sorted(ranges):
            if merged and first <= merged[-1][1] + 1:
                merged[-1] = (merged[-1][0], max(merged[-1][1], last))
            else:
                merged.append((first, last))
        self._starts = [first for first, _ in merged]
        self._ranges = merged

    def __contains__(self, char: str) -> bool:
        point = ord(char)
        i = bisect.bisect_right(self._starts, point) - 1
        return i >= 0 and self._ranges[i][1] >= point


@lru_cache(maxsize=1)
def installed_coverage() -> Coverage | None:
    """What the installed fonts cover, or ``None`` where fontconfig is not there to say."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return None
    listing = subprocess.run([fc_list, "--format", "%{charset}\n"], capture_output=True, text=True, check=False)
    if listing.returncode != 0:
        return None
    return Coverage(r for line in listing.stdout.splitlines() for r in parse_charset(line))


def script_of(char: str) -> str:
    """The script of ``char`` as Unicode names it (``CJK``, ``CYRILLIC``, ``HANGUL``), title-cased."""
    name = unicodedata.name(char, "")
    return name.split(" ")[0].title() if name else f"U+{ord(char):04X}"


def missing_glyphs(players: Iterable[Player], coverage: Coverage | None = None) -> list[MissingGlyphs]:
    """The players whose names will not print fully, with the scripts missing; empty when the check cannot
    be made (see :func:`installed_coverage`)."""
    fonts = coverage if coverage is not None else installed_coverage()
    if fonts is None:
        return []
    found = []
    for player in players:
        lacking = [c for c in player.name if not c.isspace() and unicodedata.category(c)[0] != "C" and c not in fonts]
        if lacking:
            found.append(MissingGlyphs(player, tuple(dict.fromkeys(script_of(c) for c in lacking))))
    return found
