"""The Excel buttons: pair the next round, update the standings, make reports, import a TRF or CSV.

Each button is one function taking the open ``xw.Book``; the same functions serve both add-ins:

* xlwings Lite: the ``main.py`` that ``sheetpair addin --lite`` writes wraps each in an ``@script``.
* The classic ribbon add-in (Windows/macOS with a local Python): its VBA calls ``RunPython``, which runs
  :func:`run_from_excel` with the button's name on ``xw.Book.caller()`` (the active workbook).

Every button calls the same use case of :mod:`sheetpair.app` as the command line, over a
:class:`~sheetpair.io.xlwings_port.XlwingsPort` instead of a file: read the whole workbook, compute, then
write. The port only collects writes until :meth:`commit`, so a
failure anywhere leaves the workbook as it was; the arbiter then reads the reason in plain words in a
message box (where the engine has one) and on the small ``sheetpair`` status sheet, never a traceback.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import sys
from collections.abc import Callable
from pathlib import Path

import xlwings as xw

from ..app import rounds
from ..app import standings as standings_use_case
from ..app.event import EventRequest, parse_options
from ..app.explain import explain
from ..app.interchange import create_workbook, looks_like_trf, read_pasted, trf_text
from ..app.interchange import export_trf as export_file
from ..app.revisions import check_unchanged
from ..app.session import load, write
from ..core.errors import InputError, OperationError, SheetpairError
from ..core.model import Round
from ..io.metadata import read_metadata
from ..io.port import CellValue, SheetSpec, cell_text
from ..io.workbook import META_SHEET, PLAYERS_SHEET, ROUND_SHEET, SETTINGS_SHEET, STANDINGS_SHEET, round_sheet_name
from ..io.xlwings_port import XlwingsPort
from ..report.data import build_report
from ..report.render import default_sections, render_html
from .catalogue import BUTTONS

STATUS_SHEET = "sheetpair"
IMPORT_SHEET = "Import"
REPORT_SHEET = "Report"
TRF_SHEET = "TRF"
EXPLANATION_SHEET = "Explanation"
BUTTON_NAMES = frozenset(b.name for b in BUTTONS)
"""Every ribbon button has a function of its name in this module (:func:`run_from_excel` finds it)."""
IMPORT_KEYS = ("system", "rounds", "tiebreaks", "seed", "bye_value", "keep_order", "double_round_robin", "options")
"""Settings an arbiter may give above a pasted CSV roster (``Import`` sheet, column A key, column B value)."""


# --- the buttons -------------------------------------------------------------------------------------

def pair_next_round(book: xw.Book) -> str:
    """Pairs the next round and writes its sheet (results of the current round must all be in)."""
    return _run(book, "Pair next round", _pair_next_round)


def update_standings(book: xw.Book) -> str:
    """Reads the results typed in the round sheets and rewrites Standings and Crosstable."""
    return _run(book, "Update standings", _update_standings)


def make_reports(book: xw.Book) -> str:
    """Updates the standings and makes the HTML report (standings and crosstable).

    The classic add-in saves it beside the workbook; xlwings Lite (no file system) and unsaved workbooks
    get the ``Report`` sheet instead, whose column A is the page to copy into a ``.html`` file.
    """
    return _run(book, "Make reports", lambda port: _make_reports(port, book))


def import_trf_csv(book: xw.Book) -> str:
    """Starts the event from the TRF or CSV text pasted into the ``Import`` sheet (made on first use)."""
    return _run(book, "Import TRF/CSV", _import_trf_csv)


def enter_results(book: xw.Book) -> str:
    """Reads the results typed into the current round's sheet, checks them, and says which boards still
    have none (the standings are rewritten from them)."""
    return _run(book, "Enter results", _enter_results)


def export_trf(book: xw.Book) -> str:
    """Writes the event as a FIDE Tournament Report File (TRF26): beside a saved workbook, or into the
    ``TRF`` sheet where there is no file system (xlwings Lite)."""
    return _run(book, "Export TRF", lambda port: _export_trf(port, book))


def undo_round(book: xw.Book) -> str:
    """Removes the last paired round. A round with results is kept until its results are cleared, so no
    typed result is ever removed by one click."""
    return _run(book, "Undo round", _undo_round)


def explain_round(book: xw.Book) -> str:
    """Explains, board by board, the pairing of the round whose sheet is active (else the last paired
    round) in the ``Explanation`` sheet."""
    return _run(book, "Explain", lambda port: _explain_round(port, book))


def run_from_excel(name: str) -> str:
    """The classic add-in's entry, for every button:
    ``RunPython "import sheetpair.excel.buttons; sheetpair.excel.buttons.run_from_excel('pair_next_round')"``."""
    if name not in BUTTON_NAMES:
        raise ValueError(f"no sheetpair button is called {name!r}")
    button: Callable[[xw.Book], str] = globals()[name]
    return button(xw.Book.caller())


# --- what the buttons do -----------------------------------------------------------------------------

ButtonResult = tuple[str, str | None]
"""What a button tells the arbiter, and the sheet to show afterwards."""


def _pair_next_round(port: XlwingsPort) -> ButtonResult:
    _require_tournament(port)
    paired = rounds.pair(port).round
    byes = f" and {len(paired.byes)} bye(s)" if paired.byes else ""
    notes = "".join(f" Note: {note}" for note in paired.notes)
    return (f"Round {paired.number} is paired: {len(paired.games)} board(s){byes}. Type the results into its "
            f"Result column.{notes}", round_sheet_name(paired.number))


def _update_standings(port: XlwingsPort) -> ButtonResult:
    _require_tournament(port)
    table = standings_use_case.update_standings(port)
    return f"Standings of {len(table)} players after round {table.through_round} are up to date.", STANDINGS_SHEET


def _make_reports(port: XlwingsPort, book: xw.Book) -> ButtonResult:
    _require_tournament(port)
    tournament = load(port)
    write(port, tournament)
    report = build_report(tournament, source=book.name)
    html = render_html(report, default_sections(report))
    target = _report_file(book)
    if target is None:
        title = "HTML report: copy column A into a text file named report.html"
        port.write_sheet(SheetSpec(REPORT_SHEET, [title], [[line] for line in html.splitlines()],
                                   text_columns=frozenset({title}), column_widths={title: 120}))
        return (f"The report is in the {REPORT_SHEET} sheet: copy its column A into a file named report.html.",
                REPORT_SHEET)
    target.write_text(html, encoding="utf-8")
    return f"The report is saved as {target}.", STANDINGS_SHEET


def _enter_results(port: XlwingsPort) -> ButtonResult:
    _require_tournament(port)
    table = standings_use_case.update_standings(port)
    tournament = load(port)
    if not tournament.rounds:
        return "No round is paired yet: press Pair next round first.", None
    current = tournament.rounds[-1]
    missing = [str(g.board) for g in current.games if not g.result.is_known]
    done = len(current.games) - len(missing)
    rest = f"; still without a result: board(s) {', '.join(missing)}" if missing else "; the round is complete"
    return (f"Round {current.number}: {done} of {len(current.games)} result(s) in{rest}. Standings after round "
            f"{table.through_round} are up to date.", round_sheet_name(current.number))


def _export_trf(port: XlwingsPort, book: xw.Book) -> ButtonResult:
    _require_tournament(port)
    tournament = load(port)
    text = trf_text(tournament)
    target = _beside_workbook(book, ".trf")
    if target is None:
        title = "TRF26: copy column A into a text file named event.trf"
        port.write_sheet(SheetSpec(TRF_SHEET, [title], [[line] for line in text.splitlines()],
                                   text_columns=frozenset({title}), column_widths={title: 100}))
        return f"The TRF is in the {TRF_SHEET} sheet: copy its column A into a file named event.trf.", TRF_SHEET
    export_file(tournament, target)
    return f"The TRF is saved as {target}.", None


def _undo_round(port: XlwingsPort) -> ButtonResult:
    _require_tournament(port)

    def only_without_results(last: Round, entered: int) -> bool:
        raise OperationError(f"round {last.number} has {entered} result(s): clear them in its Result column "
                             "first, then press Undo round again")

    removed = rounds.undo(port, only_without_results)
    return f"Round {removed.number} is removed.", STANDINGS_SHEET


def _explain_round(port: XlwingsPort, book: xw.Book) -> ButtonResult:
    _require_tournament(port)
    tournament = load(port)
    active = ROUND_SHEET.match(book.sheets.active.name)
    number = int(active[1]) if active else tournament.current_round
    if number < 1:
        raise OperationError("no round is paired yet: there is nothing to explain")
    explained = explain(tournament, number)
    title = f"Why round {number} is paired as it is"
    lines = explained.explanation.text().splitlines()
    if explained.differs_from_stored:
        lines.append("Note: the stored round differs from this pairing (changed by hand, or paired elsewhere).")
    port.write_sheet(SheetSpec(EXPLANATION_SHEET, [title], [[line] for line in lines],
                               text_columns=frozenset({title}), column_widths={title: 120}))
    return f"The explanation of round {number} is in the {EXPLANATION_SHEET} sheet.", EXPLANATION_SHEET


def _beside_workbook(book: xw.Book, suffix: str) -> Path | None:
    """A file beside a saved workbook (``<name><suffix>``); ``None`` in xlwings Lite (the browser has no file
    system) and for a workbook never saved."""
    if sys.platform == "emscripten":
        return None
    workbook = Path(book.fullname)
    if not workbook.is_absolute() or not workbook.parent.is_dir():
        return None
    return workbook.with_name(f"{workbook.stem}{suffix}")


def _report_file(book: xw.Book) -> Path | None:
    """Where the classic add-in saves the report: beside a saved workbook (see :func:`_beside_workbook`)."""
    return _beside_workbook(book, " report.html")


def _require_tournament(port: XlwingsPort) -> None:
    if SETTINGS_SHEET not in port.sheet_names():
        raise OperationError("this workbook holds no tournament yet: start one with Import TRF/CSV")


def _import_trf_csv(port: XlwingsPort) -> ButtonResult:
    names = port.sheet_names()
    if IMPORT_SHEET not in names:
        port.write_sheet(_import_template())
        return (f"Paste the TRF file or the CSV roster into the {IMPORT_SHEET} sheet from A{len(IMPORT_KEYS) + 3} down "
                "(for a CSV roster fill in at least system and rounds), then press Import TRF/CSV again.", IMPORT_SHEET)
    if SETTINGS_SHEET in names or META_SHEET in names:
        raise OperationError("this workbook already holds a tournament; import into a new, empty workbook")
    settings, lines = _read_import_sheet(port.read_sheet(IMPORT_SHEET))
    if not "\n".join(lines).strip():
        raise InputError(f"{IMPORT_SHEET}: nothing is pasted below the settings")
    request = _request(settings)
    if request is None and not looks_like_trf(lines):
        raise InputError(f"{IMPORT_SHEET}: fill in the pairing system (for example dutch or berger) beside 'system'")
    imported = read_pasted(lines, request)
    tournament = imported.tournament
    create_workbook(port, tournament)
    return (f"Imported the {imported.kind}: {len(tournament.players)} players, {tournament.settings.rounds} rounds, "
            f"system {tournament.settings.system}, {tournament.current_round} round(s) played.", PLAYERS_SHEET)


def _import_template() -> SheetSpec:
    rows: list[list[CellValue]] = [[key, None] for key in IMPORT_KEYS]
    rows.append(["(paste the TRF or CSV lines from the next row down, one line per row in column A)", None])
    title = "Setting or pasted line"
    return SheetSpec(IMPORT_SHEET, [title, "Value"], rows, text_columns=frozenset({title, "Value"}),
                     column_widths={title: 60})


def _read_import_sheet(rows: list[list[CellValue]]) -> tuple[dict[str, str], list[str]]:
    """Splits the ``Import`` sheet into settings (known keys in column A) and the pasted lines.

    A row Excel split into several cells (CSV pasted with "text to columns") is joined back as CSV.
    """
    settings: dict[str, str] = {}
    lines: list[str] = []
    for row in rows[1:]:
        cells = [cell_text(v) for v in row]
        while cells and cells[-1] == "":
            cells.pop()
        if not cells or cells[0].startswith("(paste "):
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
    )


def _whole(settings: dict[str, str], key: str) -> int | None:
    if key not in settings:
        return None
    try:
        return int(float(settings[key]))
    except ValueError:
        raise InputError(f"{IMPORT_SHEET}: {key} must be a whole number, not {settings[key]!r}") from None


def _yes(settings: dict[str, str], key: str) -> bool:
    return settings.get(key, "").strip().lower() in ("yes", "true", "1", "y")


# --- running a button: all or nothing, and a plain answer --------------------------------------------

def _run(book: xw.Book, title: str, action: Callable[[XlwingsPort], ButtonResult]) -> str:
    """Runs ``action`` on a fresh port and commits its writes only when it succeeded; tells the arbiter.

    Writes wait in the port until the action is done; just before they go to Excel, the workbook's revision is
    read again, so a book another program saved meanwhile is refused instead of overwritten (classic add-in;
    xlwings Lite reads a snapshot and cannot see such a change).
    """
    port = XlwingsPort(book)
    try:
        seen = read_metadata(port).revision
        message, show = action(port)
        check_unchanged(port, seen)
    except SheetpairError as error:
        port.discard()
        text = str(error).rstrip(".")
        return _tell(book, title, f"{text[:1].upper()}{text[1:]}. The workbook was not changed.", failed=True)
    except Exception as error:  # noqa: BLE001 — a bug must still reach the arbiter in words, not a traceback
        port.discard()
        return _tell(book, title, f"sheetpair could not finish ({type(error).__name__}: {error}). "
                                  "The workbook was not changed. Please report this.", failed=True)
    try:
        port.commit()
    except Exception as error:  # noqa: BLE001 — Excel refused a write half-way
        return _tell(book, title, f"Excel stopped sheetpair while writing ({type(error).__name__}: {error}). "
                                  "Check the workbook, or undo with Ctrl+Z where Excel allows it.", failed=True)
    _tell(book, title, message, failed=False)
    if show is not None:
        _show(book, show)
    return message


def _show(book: xw.Book, name: str) -> None:
    """Brings ``name`` to the front: Excel activated each rewritten sheet as it was added.

    ``Sheet.activate()`` would also bring the Excel *application* to the foreground and check it against
    xlwings' list of running instances, which a button pressed inside Excel does not need; the sheet's own
    engine call (``Worksheet.Activate`` / ``worksheet.activate()``) is what the arbiter sees.
    """
    try:
        book.sheets[name].impl.activate()
    except NotImplementedError:
        pass


def _tell(book: xw.Book, title: str, message: str, *, failed: bool) -> str:
    """Shows ``message``: on the status sheet always, in a message box too when something failed."""
    status = XlwingsPort(book)
    rows: list[list[CellValue]] = [
        ["Button", title],
        ["Outcome", "FAILED" if failed else "done"],
        ["Message", message],
        ["When", dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")],
    ]
    if STATUS_SHEET in status.sheet_names():  # in place: a rewritten sheet would come to the front
        status.update_cells(STATUS_SHEET, {(row, 2): line[1] for row, line in enumerate(rows, start=2)})
    else:
        status.write_sheet(SheetSpec(STATUS_SHEET, ["sheetpair", ""], rows, text_columns=frozenset({""}),
                                     column_widths={"": 100}))
    status.commit()
    print(f"sheetpair, {title}: {message}")  # xlwings Lite shows printed text in its task pane
    if failed:
        try:
            book.app.alert(message, title=f"sheetpair: {title}", mode="critical")
        except Exception:  # noqa: BLE001 — no message box in this engine: the status sheet has it
            pass
    return message
