"""Formulas keep their calculated values through a save.

openpyxl keeps a formula but not the value Excel or LibreOffice last calculated for it, and sheetpair reads
formulas by that value (openpyxl calculates nothing). A formula in the arbiter's own Players columns (a
rating looked up from another sheet, a club from a code) therefore read once and then, after sheetpair's
first save, came back without a value: every second command refused the workbook. :func:`keep_values`
writes the value each formula had when the workbook was read back into the saved package, for every
formula cell that still holds the same formula. The spreadsheet program recalculates on its next save, as
it always does.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from collections.abc import Mapping
from html import escape

from openpyxl.utils.datetime import to_excel

from .port import CellValue

_CELL = re.compile(rb'<c r="(?P<ref>[A-Z]{1,3}[0-9]{1,7})"(?P<attrs>[^>]*)><f>(?P<f>[^<]*)</f><v\s*(?:/>|></v>)</c>')


def keep_values(package: bytes, values_by_part: Mapping[str, Mapping[str, CellValue]]) -> bytes:
    """``package`` with the calculated value of every formula cell named in ``values_by_part`` (sheet
    part name, e.g. ``xl/worksheets/sheet1.xml`` → cell reference → value) put back into the cell.

    Cells whose value is unknown, or that already carry a type, are left as openpyxl wrote them.
    """
    if not any(values_by_part.values()):
        return package
    source = zipfile.ZipFile(io.BytesIO(package))
    out = io.BytesIO()
    with source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            values = values_by_part.get(info.filename)
            if values:
                data = _CELL.sub(lambda match: _with_value(match, values), data)
            target.writestr(info, data)
    return out.getvalue()


def _with_value(match: re.Match[bytes], values: Mapping[str, CellValue]) -> bytes:
    value = values.get(match["ref"].decode())
    if value is None or b" t=" in match["attrs"]:
        return match[0]
    if isinstance(value, bool):
        kind, text = ' t="b"', "1" if value else "0"
    elif isinstance(value, (dt.datetime, dt.date, dt.time)):
        kind, text = "", repr(to_excel(value))
    elif isinstance(value, (int, float)):
        kind, text = "", repr(value)
    else:
        kind, text = ' t="str"', escape(str(value), quote=False)  # html's: xml.sax's loads urllib, 0.03 s
    return (b'<c r="' + match["ref"] + b'"' + match["attrs"] + kind.encode() + b"><f>" + match["f"] + b"</f><v>"
            + text.encode() + b"</v></c>")
