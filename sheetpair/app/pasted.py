"""An event started from text pasted into a workbook's ``Import`` sheet (the add-in's Import TRF/CSV button).

Where there is no file to read (xlwings Lite has no file system, and an arbiter often has the TRF or roster only
as text in an email), the text is pasted into column A of the ``Import`` sheet, under a few settings a CSV roster
needs (the keys :data:`IMPORT_KEYS` in column A, values in column B): the same choices ``sheetpair new`` takes.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from ..core.errors import InputError
from ..core.team_book import TeamBook
from ..io.port import CellValue, SheetSpec, WorkbookPort, cell_flag, cell_text
from ..io.roster import read_roster_text
from ..pairing.teams import TEAM_SYSTEMS
from .event import EventRequest, parse_options
from .interchange import Imported, create_workbook, looks_like_trf, read_pasted, refuse_existing_event
from .team_event import create_workbook as create_team_workbook
from .team_event import team_book

IMPORT_SHEET = "Import"
IMPORT_KEYS = ("system", "rounds", "tiebreaks", "seed", "bye_value", "keep_order", "double_round_robin", "options",
               "boards")
"""Settings an arbiter may give above a pasted CSV roster (``Import`` sheet, column A key, column B value)."""
_PROMPT = "(paste the TRF or CSV lines from the next row down, one line per row in column A)"


@dataclass(frozen=True)
class Pasted:
    """What the Import sheet gave: the event it started, or ``None`` when the sheet was only made now."""

    imported: Imported | None
    team: TeamBook | None = None
    """A team event started from a pasted roster (system team-swiss or team-berger)."""
    first_row: int = len(IMPORT_KEYS) + 3
    """The row the text is pasted from."""


def import_pasted(port: WorkbookPort) -> Pasted:
    """Starts the event from the ``Import`` sheet; makes that sheet (and starts nothing) when it is missing.

    :raises OperationError: when the workbook already holds a tournament.
    :raises InputError: naming the sheet, when nothing is pasted or a roster comes without its system.
    """
    names = port.sheet_names()
    if IMPORT_SHEET not in names:
        port.write_sheet(_template())
        return Pasted(None)
    refuse_existing_event(names)
    settings, lines = _read_sheet(port.read_sheet(IMPORT_SHEET))
    if not "\n".join(lines).strip():
        raise InputError(f"{IMPORT_SHEET}: nothing is pasted below the settings")
    request = _request(settings)
    if request is not None and request.system in TEAM_SYSTEMS:
        book = team_book(read_roster_text("\n".join(lines), source=IMPORT_SHEET), request, source=IMPORT_SHEET)
        create_team_workbook(port, book)
        return Pasted(None, team=book)
    if request is None and not looks_like_trf(lines):
        raise InputError(f"{IMPORT_SHEET}: fill in the pairing system (for example dutch or berger) beside 'system'")
    imported = read_pasted(lines, request)
    create_workbook(port, imported.tournament)
    return Pasted(imported)


def _template() -> SheetSpec:
    rows: list[list[CellValue]] = [[key, None] for key in IMPORT_KEYS]
    rows.append([_PROMPT, None])
    title = "Setting or pasted line"
    return SheetSpec(IMPORT_SHEET, [title, "Value"], rows, text_columns=frozenset({title, "Value"}),
                     column_widths={title: 60})


def _read_sheet(rows: list[list[CellValue]]) -> tuple[dict[str, str], list[str]]:
    """Splits the ``Import`` sheet into settings (known keys in column A) and the pasted lines.

    A row Excel split into several cells (CSV pasted with "text to columns") is joined back as CSV.
    """
    settings: dict[str, str] = {}
    lines: list[str] = []
    for row in rows[1:]:
        cells = [cell_text(v) for v in row]
        while cells and cells[-1] == "":
            cells.pop()
        if not cells or cells[0] == _PROMPT:
            continue
        key = cells[0].strip().lower()
        if key in IMPORT_KEYS:
            if len(cells) > 1 and cells[1].strip():
                settings[key] = cells[1].strip()
            continue
        if len(cells) == 1:
            lines.append(cells[0])
        else:
            buffer = io.StringIO()
            csv.writer(buffer, lineterminator="").writerow(cells)
            lines.append(buffer.getvalue())
    return settings, lines


def _request(settings: dict[str, str]) -> EventRequest | None:
    """The arbiter's choices above a pasted roster, as the ``new`` command takes them (``options`` holds
    ``KEY=VALUE`` items separated by semicolons); ``None`` when no system is given."""
    if "system" not in settings:
        return None
    return EventRequest(
        settings["system"], rounds=_whole(settings, "rounds"), seed=_whole(settings, "seed"),
        keep_order=_yes(settings, "keep_order"), double_round_robin=_yes(settings, "double_round_robin"),
        tiebreaks=settings.get("tiebreaks"), bye_value=settings.get("bye_value"),
        options=parse_options(item for item in settings.get("options", "").split(";") if item.strip()),
        boards=_whole(settings, "boards") or 4,
    )


def _whole(settings: dict[str, str], key: str) -> int | None:
    if key not in settings:
        return None
    try:
        return int(float(settings[key]))
    except ValueError:
        raise InputError(f"{IMPORT_SHEET}: {key} must be a whole number, not {settings[key]!r}") from None


def _yes(settings: dict[str, str], key: str) -> bool:
    if key not in settings:
        return False
    try:
        return cell_flag(settings[key])
    except ValueError:
        raise InputError(f"{IMPORT_SHEET}: {key} must be yes or no, not {settings[key]!r}") from None
