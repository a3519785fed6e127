"""Knowing, without rebuilding it, that an owned sheet already holds what sheetpair would write into it.

A command that changes one round of a long event rewrote every round sheet: on a 2000-player event after
10 rounds, rebuilding the ten unchanged round sheets (values, borders, fonts, the results dropdown) was most
of the time spent writing. A round sheet only changes when its round or an earlier one does, so most of
them are the same sheet again.

Two checks together make "the same" exact. The *fingerprint* of a :class:`~sheetpair.io.port.SheetSpec`
(every field of it, and the sheetpair version, whose code lays the sheet out) is stored per sheet in the
workbook's custom document property :data:`PROPERTY` when the sheet is written; a sheet whose new spec has
the fingerprint stored for it was laid out from an identical spec. And :func:`holds` compares the cells
sheetpair owns with the spec, so a value typed over by hand in a sheetpair sheet (a name, a board number,
a formula) still has the sheet rebuilt. A file without the property (older sheetpair, or a program that
drops custom properties) has every sheet rebuilt, as before. What a skipped sheet keeps that a rebuild would
have reset is only formatting the arbiter gave cells of sheetpair's own block.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from typing import Any

from openpyxl import Workbook
from openpyxl.packaging.custom import StringProperty

from .. import __version__
from .port import CONTROL_CHARACTERS, REPLACEMENT_MARK, CellValue, SheetSpec

PROPERTY = "sheetpair sheet fingerprints"
"""Custom document property holding ``{sheet name: fingerprint}`` as JSON."""


def fingerprint(spec: SheetSpec) -> str:
    """A digest of everything ``spec`` says and of the sheetpair version that lays it out."""
    fields = {name: _canonical(value) for name, value in vars(spec).items()}
    text = json.dumps([__version__, fields], sort_keys=True, ensure_ascii=False, default=_canonical)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _canonical(value: Any) -> Any:
    """Sets in sorted order and dates as text, so the digest does not depend on the process."""
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, (dt.date, dt.datetime)):
        return [type(value).__name__, value.isoformat()]
    if isinstance(value, float):
        return ["float", repr(value)]
    return value


def read_fingerprints(book: Workbook) -> dict[str, str]:
    """The fingerprints stored in ``book``; empty when there are none or the property is not ours."""
    for prop in book.custom_doc_props.props:
        if prop.name == PROPERTY and isinstance(prop, StringProperty) and prop.value:
            try:
                stored = json.loads(prop.value)
            except ValueError:
                return {}
            if isinstance(stored, dict):
                return {str(k): str(v) for k, v in stored.items()}
    return {}


def store_fingerprints(book: Workbook, fingerprints: dict[str, str]) -> None:
    """Replaces the stored fingerprints with those of the sheets ``book`` still has."""
    present = {name: value for name, value in sorted(fingerprints.items()) if name in book.sheetnames}
    props = book.custom_doc_props
    if PROPERTY in props.names:
        del props[PROPERTY]
    if present:
        props.append(StringProperty(name=PROPERTY, value=json.dumps(present, ensure_ascii=False)))


def holds(cells: Mapping[tuple[int, int], object], hidden: bool, spec: SheetSpec) -> bool:
    """Whether the non-empty ``cells`` of a sheet (by row and column; a formula is never equal to a value)
    hold exactly, within the block ``spec`` describes (header, rows, legend), its values as
    :meth:`~sheetpair.io.openpyxl_port.OpenpyxlPort.write_sheet` stores them, and nothing else; and the
    sheet is ``hidden`` exactly when the spec says so. Each value is compared where it belongs, then the
    cells inside the block are counted: as many as the spec's values there, so no other is."""
    if hidden != spec.hidden:
        return False
    table: list[list[CellValue]] = [list(spec.header), *spec.rows]
    last_row = max(len(spec.rows) + 1, 2)
    legend = [(last_row + offset, line) for offset, line in enumerate(spec.legend, start=2)]
    height = legend[-1][0] if legend else max((r for r, row in enumerate(table, start=1) if row), default=0)
    width = len(spec.header)
    found = cells.get
    for r, row in enumerate(table, start=1):
        for c, value in enumerate(row, start=1):
            if (_stored(value) if value.__class__ is str else value) != found((r, c)):
                return False
    for r, line in legend:
        if _stored(line) != found((r, 1)):
            return False
    written = sum(1 for row in table for value in row[:width] if value is not None and value != "") + sum(
        1 for _, line in legend if line and width >= 1)  # the cells inside the block holding the spec's values
    return sum(1 for r, c in cells if r <= height and c <= width) == written  # and nothing else inside it


def _stored(value: CellValue) -> CellValue:
    """What writing ``value`` leaves in its cell (characters an ``.xlsx`` cannot hold become a mark)."""
    if isinstance(value, str):
        value = CONTROL_CHARACTERS.sub(REPLACEMENT_MARK, value)
        return value or None
    return value
