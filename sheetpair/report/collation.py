"""Alphabetical order of names in every script: the Unicode Collation Algorithm (UTS #10).

Sorting by code point puts ``Ødegård``, ``Łukasz``, ``Şahin`` and ``Попов`` after ``Smith``; the Unicode
Collation Algorithm with its default table (DUCET) files a letter with a diacritic beside its base letter
(``Ł`` with ``L``, ``Ş`` with ``S``), orders Latin, Greek, Cyrillic and the other scripts one after the other, and
ignores case at the first level. PyICU would add per-language tailorings, but it has no wheels on PyPI, so the
pure-Python ``pyuca`` implementation of the same algorithm is used (see ``docs/reports.md``).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from pyuca import Collator
from pyuca.collator import COLL_ELEMENT_PATTERN
from pyuca.utils import hexstrings2int


class LazyCollator(Collator):  # type: ignore[misc]  # pyuca has no type hints
    """pyuca's collator with its table parsed only where names need it.

    Parsing the whole DUCET (30 000 entries) costs 0.1–0.2 s, up to a tenth of a small event's report command;
    a roster of names uses a few dozen characters. So the file is read once and its entries filed by their
    first code point (about 0.02 s), and a character's entries (itself, and the contractions it starts) are
    parsed the first time a name holds it. A key only ever looks up entries that start with a character of
    its own (decomposed) name, so every key is the one the fully loaded table gives.
    """

    def __init__(self) -> None:
        self._unparsed: dict[int, list[str]] = {}
        super().__init__()  # calls load()

    def load(self, filename: str) -> None:
        """Files the table's entries by first code point; only the implicit weights are read at once."""
        with open(filename, encoding="utf-8") as keys_file:
            for line in keys_file:
                entry = line.split("#", 1)[0].rstrip()
                if entry.startswith("@implicitweights"):
                    span, base = entry[len("@implicitweights"):].split(";")
                    first, last = span.split("..")
                    self.implicit_weights.append([int(first, 16), int(last, 16), int(base, 16)])
                elif entry and not entry.startswith("@"):
                    self._unparsed.setdefault(int(entry.split(None, 1)[0].rstrip(";"), 16), []).append(entry)

    def sort_key(self, string: str) -> tuple[int, ...]:
        for char in set(unicodedata.normalize("NFD", string)):
            for entry in self._unparsed.pop(ord(char), ()):
                chars, elements = entry.split(";", 1)
                self.table.add(hexstrings2int(chars.split()),
                               [hexstrings2int(m.groups()) for m in COLL_ELEMENT_PATTERN.finditer(elements)])
        key: tuple[int, ...] = super().sort_key(string)
        return key


@lru_cache(maxsize=1)
def _collator() -> LazyCollator:
    return LazyCollator()


def name_key(name: str) -> tuple[int, ...]:
    """The sort key of ``name`` in Unicode collation order."""
    return _collator().sort_key(name)
