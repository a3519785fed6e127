"""Sentences the core writes for a reader (why a tie-break is not applied, why a rating figure is missing),
kept translatable.

A :class:`Note` is the English sentence itself (a ``str``: it prints, compares and joins as before) that
also remembers its template, with ``%(name)s`` placeholders, and the values it was filled with, so that a
report in another language looks the template up in its catalog and fills in the same values. The templates
are written as literal first arguments of ``Note(...)``, where the message extraction finds them.
"""

from __future__ import annotations

from collections.abc import Mapping


class Note(str):
    """An English sentence made from ``template`` and ``values``, which it keeps."""

    template: str
    values: Mapping[str, object]

    def __new__(cls, template: str, **values: object) -> Note:
        note = super().__new__(cls, template % values if values else template)
        note.template = template
        note.values = values
        return note

    def __reduce__(self) -> tuple[object, ...]:
        return (_note, (self.template, dict(self.values)))


def _note(template: str, values: dict[str, object]) -> Note:
    return Note(template, **values)
