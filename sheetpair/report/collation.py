"""Alphabetical order of names in every script: the Unicode Collation Algorithm (UTS #10).

Sorting by code point puts ``Ødegård``, ``Łukasz``, ``Şahin`` and ``Попов`` after ``Smith``; the Unicode
Collation Algorithm with its default table (DUCET) files a letter with a diacritic beside its base letter
(``Ł`` with ``L``, ``Ş`` with ``S``), orders Latin, Greek, Cyrillic and the other scripts one after the other, and
ignores case at the first level. PyICU would add per-language tailorings, but it has no wheels on PyPI, so the
pure-Python ``pyuca`` implementation of the same algorithm is used (see ``docs/reports.md``).
"""

from __future__ import annotations

from functools import lru_cache

from pyuca import Collator


@lru_cache(maxsize=1)
def _collator() -> Collator:
    return Collator()  # loads the DUCET table once (about 0.2 s)


def name_key(name: str) -> tuple[int, ...]:
    """The sort key of ``name`` in Unicode collation order."""
    key: tuple[int, ...] = _collator().sort_key(name)
    return key
