"""The Excel buttons: one function per ribbon button (:mod:`sheetpair.excel.catalogue` lists them), taking the
open ``xw.Book``; the same functions serve both add-ins:

* xlwings Lite: the ``main.py`` that ``sheetpair addin --lite`` writes wraps each in an ``@script``.
* The classic ribbon add-in (Windows/macOS with a local Python): its VBA calls ``RunPython``, which runs
  :func:`run_from_excel` with the button's name on ``xw.Book.caller()`` (the active workbook).

A button is a door, like a command of the command line: it reads what the arbiter gave (the active sheet, the
sheets typed into), calls one use case of :mod:`sheetpair.app` over the port that
:func:`~sheetpair.app.workbooks.live.in_excel` opens, and says what happened in one message. The port
collects writes until the press succeeded, so a failure anywhere leaves the workbook as it was; the arbiter
then reads the reason in plain words in a message box (where the engine has one) and on the small
``sheetpair`` status sheet, never a traceback.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from pathlib import Path

import xlwings as xw

from ..app import rounds
from ..app import standings as standings_use_case
from ..app.explain import explain
from ..app.interchange import trf_text
from ..app.pasted import IMPORT_SHEET, import_pasted
from ..app.session import load
from ..app.workbooks.live import ExcelWriteError, in_excel
from ..core.errors import OperationError, SheetpairError
from ..core.model import Round
from ..history.stamp import Stamp
from ..io.port import CellValue, SheetSpec, WorkbookPort
from ..io.workbook import PLAYERS_SHEET, ROUND_SHEET, SETTINGS_SHEET, STANDINGS_SHEET, round_sheet_name
from ..report.data import build_report
from ..report.render import default_sections, render_html
from .catalogue import BUTTONS

STATUS_SHEET = "sheetpair"
REPORT_SHEET = "Report"
TRF_SHEET = "TRF"
EXPLANATION_SHEET = "Explanation"
BUTTON_NAMES = frozenset(b.name for b in BUTTONS)
"""Every ribbon button has a function of its name in this module (:func:`run_from_excel` finds it)."""
_TITLES = {b.name: b.label for b in BUTTONS}


# --- the buttons -------------------------------------------------------------------------------------

def pair_next_round(book: xw.Book) -> str:
    """Pairs the next round and writes its sheet."""
    return _run(book, "pair_next_round", _pair_next_round)


def update_standings(book: xw.Book) -> str:
    """Rewrites Standings and Crosstable from the results typed in the round sheets."""
    return _run(book, "update_standings", _update_standings)


def make_reports(book: xw.Book) -> str:
    """Makes the HTML report; the workbook is not changed (beyond the Report sheet where no file can be saved)."""
    return _run(book, "make_reports", lambda port: _make_reports(port, book))


def import_trf_csv(book: xw.Book) -> str:
    """Starts the event from the TRF or CSV text pasted into the Import sheet."""
    return _run(book, "import_trf_csv", _import_trf_csv, needs_event=False)


def enter_results(book: xw.Book) -> str:
    """Reads the results typed into the current round's sheet and says which boards still have none."""
    return _run(book, "enter_results", _enter_results)


def export_trf(book: xw.Book) -> str:
    """Writes the event as a TRF26, beside the workbook or into the TRF sheet."""
    return _run(book, "export_trf", lambda port: _export_trf(port, book))


def undo_round(book: xw.Book) -> str:
    """Removes the last paired round, if it has no results."""
    return _run(book, "undo_round", _undo_round)


def explain_round(book: xw.Book) -> str:
    """Explains the pairing of the active round sheet's round (else the last one) in the Explanation sheet."""
    return _run(book, "explain_round", lambda port: _explain_round(port, _active_round(book)))


def run_from_excel(name: str) -> str:
    """The classic add-in's entry, for every button:
    ``RunPython "import sheetpair.excel.buttons; sheetpair.excel.buttons.run_from_excel('pair_next_round')"``."""
    if name not in BUTTON_NAMES:
        raise ValueError(f"no sheetpair button is called {name!r}")
    button: Callable[[xw.Book], str] = globals()[name]
    return button(xw.Book.caller())


# --- what the buttons do: one use case each ------------------------------------------------------------

ButtonResult = tuple[str, str | None]
"""What a button tells the arbiter, and the sheet to show afterwards."""


def _pair_next_round(port: WorkbookPort) -> ButtonResult:
    paired = rounds.pair(port, stamp=Stamp("pair")).round
    byes = f" and {len(paired.byes)} bye(s)" if paired.byes else ""
    notes = "".join(f" Note: {note}" for note in paired.notes)
    return (f"Round {paired.number} is paired: {len(paired.games)} board(s){byes}. Type the results into its "
            f"Result column.{notes}", round_sheet_name(paired.number))


def _update_standings(port: WorkbookPort) -> ButtonResult:
    table = standings_use_case.update_standings(port)
    return f"Standings of {len(table)} players after round {table.through_round} are up to date.", STANDINGS_SHEET


def _make_reports(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    report = build_report(load(port), source=book.name)
    html = render_html(report, default_sections(report))
    target = _beside_workbook(book, " report.html")
    if target is None:
        _write_text_sheet(port, REPORT_SHEET, "HTML report: copy column A into a text file named report.html", html)
        return (f"The report is in the {REPORT_SHEET} sheet: copy its column A into a file named report.html.",
                REPORT_SHEET)
    target.write_text(html, encoding="utf-8")
    return f"The report is saved as {target}.", STANDINGS_SHEET


def _enter_results(port: WorkbookPort) -> ButtonResult:
    typed = standings_use_case.refresh(port)
    current = typed.tournament.rounds[-1] if typed.tournament.rounds else None
    if current is None:
        return "No round is paired yet: press Pair next round first.", None
    missing = [str(g.board) for g in current.games if not g.result.is_known]
    done = len(current.games) - len(missing)
    rest = f"; still without a result: board(s) {', '.join(missing)}" if missing else "; the round is complete"
    return (f"Round {current.number}: {done} of {len(current.games)} result(s) in{rest}. Standings after round "
            f"{typed.table.through_round} are up to date.", round_sheet_name(current.number))


def _export_trf(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    text = trf_text(load(port))
    target = _beside_workbook(book, ".trf")
    if target is None:
        _write_text_sheet(port, TRF_SHEET, "TRF26: copy column A into a text file named event.trf", text)
        return f"The TRF is in the {TRF_SHEET} sheet: copy its column A into a file named event.trf.", TRF_SHEET
    target.write_text(text, encoding="utf-8")
    return f"The TRF is saved as {target}.", None


def _undo_round(port: WorkbookPort) -> ButtonResult:
    def only_without_results(last: Round, entered: int) -> bool:
        raise OperationError(f"round {last.number} has {entered} result(s): clear them in its Result column "
                             "first, then press Undo round again")

    removed = rounds.undo(port, only_without_results, stamp=Stamp("undo"))
    return f"Round {removed.number} is removed.", STANDINGS_SHEET


def _explain_round(port: WorkbookPort, number: int | None) -> ButtonResult:
    tournament = load(port)
    explained = explain(tournament, number)
    title = f"Why round {explained.round_number} is paired as it is"
    lines = explained.explanation.text(names={p.tpn: p.name for p in tournament.players}).splitlines()
    if explained.differs_from_stored:
        lines.append("Note: the stored round differs from this pairing (changed by hand, or paired elsewhere).")
    _write_text_sheet(port, EXPLANATION_SHEET, title, "\n".join(lines))
    return (f"The explanation of round {explained.round_number} is in the {EXPLANATION_SHEET} sheet.",
            EXPLANATION_SHEET)


def _import_trf_csv(port: WorkbookPort) -> ButtonResult:
    pasted = import_pasted(port)
    if pasted.imported is None:
        return (f"Paste the TRF file or the CSV roster into the {IMPORT_SHEET} sheet from A{pasted.first_row} down "
                "(for a CSV roster fill in at least system and rounds), then press Import TRF/CSV again.", IMPORT_SHEET)
    imported, tournament = pasted.imported, pasted.imported.tournament
    return (f"Imported the {imported.kind}: {len(tournament.players)} players, {tournament.settings.rounds} rounds, "
            f"system {tournament.settings.system}, {tournament.current_round} round(s) played.", PLAYERS_SHEET)


# --- what the arbiter gave, and where the answer goes ----------------------------------------------------

def _active_round(book: xw.Book) -> int | None:
    """The round of the active sheet when it is a round sheet, else ``None`` (the use case's default)."""
    active = ROUND_SHEET.match(book.sheets.active.name)
    return int(active[1]) if active else None


def _write_text_sheet(port: WorkbookPort, name: str, title: str, text: str) -> None:
    """A sheet of one text column, one line per row (a file's content where no file can be saved)."""
    port.write_sheet(SheetSpec(name, [title], [[line] for line in text.splitlines()],
                               text_columns=frozenset({title}), column_widths={title: 120}))


def _beside_workbook(book: xw.Book, suffix: str) -> Path | None:
    """A file beside a saved workbook (``<name><suffix>``); ``None`` in xlwings Lite (the browser has no file
    system) and for a workbook never saved."""
    if sys.platform == "emscripten":
        return None
    workbook = Path(book.fullname)
    if not workbook.is_absolute() or not workbook.parent.is_dir():
        return None
    return workbook.with_name(f"{workbook.stem}{suffix}")


# --- running a button: all or nothing, and a plain answer --------------------------------------------

def _run(book: xw.Book, name: str, action: Callable[[WorkbookPort], ButtonResult], *, needs_event: bool = True) -> str:
    """Runs ``action`` on the live workbook's port, whose writes reach Excel only when it succeeded; tells the
    arbiter what happened."""
    title = _TITLES[name]
    try:
        with in_excel(book) as port:
            if needs_event and SETTINGS_SHEET not in port.sheet_names():
                raise OperationError("this workbook holds no tournament yet: start one with Import TRF/CSV")
            message, show = action(port)
    except ExcelWriteError as error:
        return _tell(book, title, f"Excel stopped sheetpair while writing ({error}). "
                                  "Check the workbook, or undo with Ctrl+Z where Excel allows it.", failed=True)
    except SheetpairError as error:
        text = str(error).rstrip(".")
        return _tell(book, title, f"{text[:1].upper()}{text[1:]}. The workbook was not changed.", failed=True)
    except Exception as error:  # noqa: BLE001 — a bug must still reach the arbiter in words, not a traceback
        return _tell(book, title, f"sheetpair could not finish ({type(error).__name__}: {error}). "
                                  "The workbook was not changed. Please report this.", failed=True)
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
    rows: list[list[CellValue]] = [
        ["Button", title],
        ["Outcome", "FAILED" if failed else "done"],
        ["Message", message],
        ["When", dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")],
    ]
    with in_excel(book, guarded=False) as status:
        if STATUS_SHEET in status.sheet_names():  # in place: a rewritten sheet would come to the front
            status.update_cells(STATUS_SHEET, {(row, 2): line[1] for row, line in enumerate(rows, start=2)})
        else:
            status.write_sheet(SheetSpec(STATUS_SHEET, ["sheetpair", ""], rows, text_columns=frozenset({""}),
                                         column_widths={"": 100}))
    print(f"sheetpair, {title}: {message}")  # xlwings Lite shows printed text in its task pane
    if failed:
        try:
            book.app.alert(message, title=f"sheetpair: {title}", mode="critical")
        except Exception:  # noqa: BLE001 — no message box in this engine: the status sheet has it
            pass
    return message
