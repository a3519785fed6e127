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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import xlwings as xw

from ..app import rounds, team_event
from ..app import standings as standings_use_case
from ..app.copies import compare_copies, merge_copies, parse_take
from ..app.explain import explain
from ..app.fide_list import list_beside, refuse, update_from_fide
from ..app.interchange import trf_text
from ..app.norms import norms
from ..app.pasted import IMPORT_SHEET, import_pasted
from ..app.prizes import prize_list, report_prizes
from ..app.rating_report import check_report as check_report_use_case
from ..app.request import REQUEST_SHEET, Request, cell_of, read_request
from ..app.session import load
from ..app.status import status
from ..app.workbooks.live import ExcelWriteError, in_excel
from ..core.errors import InputError, OperationError, SheetpairError, WorkbookError
from ..core.model import ByeKind, Player, Round
from ..core.results import parse_bye_points
from ..history.merge import MergeConflictError
from ..history.stamp import Stamp
from ..io.norms import IT1_SHEET, NORMS_SHEET
from ..io.port import CellValue, SheetSpec, WorkbookPort
from ..io.prizes import PRIZE_LIST_SHEET, PRIZES_HEADER, PRIZES_SHEET
from ..io.team_workbook import TEAM_STANDINGS_SHEET
from ..io.workbook import (
    BYES_SHEET,
    FORBIDDEN_SHEET,
    PLAYERS_SHEET,
    ROUND_SHEET,
    SETTINGS_SHEET,
    STANDINGS_SHEET,
    TEAMS_SHEET,
    round_sheet_name,
)
from ..optional import require
from ..report.arbiter import differences_text, status_text
from ..report.data import Report, build_report
from ..report.i18n import parse_language
from ..report.pdf import write_pdf
from ..report.render import default_sections, render_html
from ..report.team import team_report_html
from .catalogue import BUTTONS

STATUS_SHEET = "sheetpair"
REPORT_SHEET = "Report"
TRF_SHEET = "TRF"
EXPLANATION_SHEET = "Explanation"
STATUS_TEXT_SHEET = "Status"
DIFFERENCES_SHEET = "Differences"
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


def request_bye(book: xw.Book) -> str:
    """Records the bye the player in the Request sheet asked for (``sheetpair bye``)."""
    return _run(book, "request_bye", lambda port: _with_request(port, _request_bye))


def cancel_bye(book: xw.Book) -> str:
    """Cancels the Request sheet's player's requested bye (``sheetpair bye --cancel``)."""
    return _run(book, "cancel_bye", lambda port: _with_request(port, _cancel_bye))


def withdraw_player(book: xw.Book) -> str:
    """Withdraws the Request sheet's player (``sheetpair withdraw``)."""
    return _run(book, "withdraw_player", lambda port: _with_request(port, _withdraw))


def reinstate_player(book: xw.Book) -> str:
    """Cancels the Request sheet's player's withdrawal (``sheetpair withdraw --cancel``)."""
    return _run(book, "reinstate_player", lambda port: _with_request(port, _reinstate))


def late_entry(book: xw.Book) -> str:
    """Enters the late player described in the Request sheet (``sheetpair enter``)."""
    return _run(book, "late_entry", lambda port: _with_request(port, _late_entry))


def pair_fixed_board(book: xw.Book) -> str:
    """Pairs the next round with the Request sheet's two players on a board set by hand
    (``sheetpair pair --manual``)."""
    return _run(book, "pair_fixed_board", lambda port: _with_request(port, _pair_fixed_board))


def forbid_pair(book: xw.Book) -> str:
    """Rules that the Request sheet's two players must not meet (``sheetpair forbid``)."""
    return _run(book, "forbid_pair", lambda port: _with_request(port, _forbid))


def team_lineup(book: xw.Book) -> str:
    """Sets the line-up of the Request sheet's team for a paired round (``sheetpair lineup``)."""
    return _run(book, "team_lineup", lambda port: _with_request(port, _team_lineup))


def allow_pair(book: xw.Book) -> str:
    """Lifts the ruling that the Request sheet's two players must not meet (``sheetpair forbid --cancel``)."""
    return _run(book, "allow_pair", lambda port: _with_request(port, _allow))


def pdf_report(book: xw.Book) -> str:
    """Saves the PDF report beside the workbook (``sheetpair report --pdf``)."""
    return _run(book, "pdf_report", lambda port: _pdf_report(port, book))


def event_status(book: xw.Book) -> str:
    """Writes what was edited by hand and what the next pairing waits for into the Status sheet
    (``sheetpair status``)."""
    return _run(book, "event_status", _event_status)


def compare_copy(book: xw.Book) -> str:
    """Compares the workbook with the colleague's copy named in the Request sheet (``sheetpair diff``)."""
    return _run(book, "compare_copy", lambda port: _with_request(port, lambda p, r: _compare_copy(p, r, book)))


def merge_copy(book: xw.Book) -> str:
    """Merges the colleague's copy named in the Request sheet into the workbook (``sheetpair merge``)."""
    return _run(book, "merge_copy", lambda port: _with_request(port, lambda p, r: _merge_copy(p, r, book)))


def update_from_fide_list(book: xw.Book) -> str:
    """Fills the Players sheet from FIDE's rating list saved beside the workbook."""
    return _run(book, "update_from_fide_list", lambda port: _update_from_fide_list(port, book))


def make_prize_list(book: xw.Book) -> str:
    """Hands out the prizes of the Prizes sheet and writes the Prize list sheet."""
    return _run(book, "make_prize_list", _make_prize_list)


def check_norms(book: xw.Book) -> str:
    """Writes the Norms sheet (and the IT1 sheet for each norm achieved)."""
    return _run(book, "check_norms", _check_norms)


def check_report(book: xw.Book) -> str:
    """Says what a rating officer would reject in the rating report; the workbook is not changed."""
    return _run(book, "check_report", _check_report)


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
    return _paired_message(rounds.pair(port, stamp=Stamp("pair")).round)


def _paired_message(paired: Round) -> ButtonResult:
    byes = f" and {len(paired.byes)} bye(s)" if paired.byes else ""
    notes = "".join(f" Note: {note}" for note in paired.notes)
    return (f"Round {paired.number} is paired: {len(paired.games)} board(s){byes}. Type the results into its "
            f"Result column.{notes}", round_sheet_name(paired.number))


def _update_standings(port: WorkbookPort) -> ButtonResult:
    table = standings_use_case.update_standings(port)
    return f"Standings of {len(table)} players after round {table.through_round} are up to date.", STANDINGS_SHEET


def _report_data(port: WorkbookPort, source: str | Path) -> Report:
    """What ``sheetpair report`` prints of the workbook: the event and the Prizes sheet's prize list."""
    tournament = load(port)
    return build_report(tournament, source=source, prize_list=report_prizes(port, tournament))


def _make_reports(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    report = _report_data(port, book.name)
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


def _update_from_fide_list(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    beside = _beside_workbook(book, "")
    found = list_beside(beside.parent) if beside is not None else None
    if found is None:
        return ("Save FIDE's rating list (players_list_xml.zip or players_list.zip, from FIDE's download page) in the "
                "workbook's folder, then press FIDE list again. Where there is no folder (xlwings Lite), run "
                "'sheetpair players EVENT --from-fide FILE' on a computer.", None)
    done = update_from_fide(port, found, choose=refuse, stamp=Stamp("players"))
    missing = f" Not on the list: {', '.join(map(str, done.not_found))}." if done.not_found else ""
    inactive = f" Inactive on the list: {', '.join(map(str, done.inactive))}." if done.inactive else ""
    return f"{len(done.updated)} player(s) updated from {found.name}.{missing}{inactive}", PLAYERS_SHEET


def _make_prize_list(port: WorkbookPort) -> ButtonResult:
    result = prize_list(port)
    if not result.awards:
        return (f"No prizes: list them in the {PRIZES_SHEET} sheet (header {' | '.join(PRIZES_HEADER)}), then press "
                "Prize list again.", None)
    return (f"{len(result.by_player())} player(s) get prizes; the {PRIZE_LIST_SHEET} sheet says who gets what and why.",
            PRIZE_LIST_SHEET)


def _check_norms(port: WorkbookPort) -> ButtonResult:
    found = norms(port, write_sheets=True)
    achieved = sum(1 for p in found for n in p.norms.values() if n.status == "achieved")
    possible = sum(1 for p in found for n in p.norms.values() if n.status == "possible")
    return (f"{achieved} norm(s) achieved, {possible} still possible: see the {NORMS_SHEET} sheet"
            + (f" and the {IT1_SHEET} sheet." if achieved else "."), NORMS_SHEET)


def _check_report(port: WorkbookPort) -> ButtonResult:
    problems = check_report_use_case(port)
    if not problems:
        return "Nothing a rating officer would reject: the rating report can be sent.", None
    return f"A rating officer would reject {len(problems)} thing(s): " + " ".join(problems), None


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
    if pasted.team is not None:
        team = pasted.team
        return (f"Imported the roster: {len(team.event.teams)} teams of {team.event.boards} boards, "
                f"{len(team.players)} players, {team.rounds} rounds, system {team.system}.", TEAMS_SHEET)
    if pasted.imported is None:
        return (f"Paste the TRF file or the CSV roster into the {IMPORT_SHEET} sheet from A{pasted.first_row} down "
                "(for a CSV roster fill in at least system and rounds), then press Import TRF/CSV again.", IMPORT_SHEET)
    imported, tournament = pasted.imported, pasted.imported.tournament
    return (f"Imported the {imported.kind}: {len(tournament.players)} players, {tournament.settings.rounds} rounds, "
            f"system {tournament.settings.system}, {tournament.current_round} round(s) played.", PLAYERS_SHEET)


def _with_request(port: WorkbookPort, action: Callable[[WorkbookPort, Request], ButtonResult]) -> ButtonResult:
    """Runs ``action`` with the Request sheet's values; makes the sheet on the first press instead."""
    request = read_request(port)
    if request is None:
        return (f"Fill in the {REQUEST_SHEET} sheet (what each row is for is beside it), then press the button "
                "again.", REQUEST_SHEET)
    return action(port, request)


def _request_bye(port: WorkbookPort, request: Request) -> ButtonResult:
    player = request.needs("player", "who asked for the bye")
    points = request.needs("points", "0.5 for a half-point bye, 0 for a zero-point bye")
    try:
        kind = parse_bye_points(points)
    except InputError as error:
        raise WorkbookError(str(error), sheet=REQUEST_SHEET, cell=cell_of("points")) from None
    found, number = rounds.grant_bye(port, player, request.whole("round"), kind, stamp=Stamp("bye"))
    return f"{found.tpn} {found.name}: {kind.value} bye in round {number}.", BYES_SHEET


def _cancel_bye(port: WorkbookPort, request: Request) -> ButtonResult:
    player = request.needs("player", "whose bye is cancelled")
    found, number, kind = rounds.cancel_bye(port, player, request.whole("round"), stamp=Stamp("bye"))
    return f"{found.tpn} {found.name}: the {kind.value} bye in round {number} is cancelled.", PLAYERS_SHEET


def _withdraw(port: WorkbookPort, request: Request) -> ButtonResult:
    player = request.needs("player", "who withdraws")
    found, number = rounds.withdraw(port, player, request.whole("round"), stamp=Stamp("withdraw"))
    return f"{found.tpn} {found.name} withdrawn from round {number}.", PLAYERS_SHEET


def _reinstate(port: WorkbookPort, request: Request) -> ButtonResult:
    player = request.needs("player", "whose withdrawal is cancelled")
    found, since = rounds.reinstate(port, player, stamp=Stamp("withdraw"))
    return f"{found.tpn} {found.name}: the withdrawal from round {since} is cancelled.", PLAYERS_SHEET


_MISSED = {"zero": ByeKind.ZERO, "half": ByeKind.HALF}


def _late_entry(port: WorkbookPort, request: Request) -> ButtonResult:
    name = request.needs("name", "of the late entry")
    missed = (request.get("missed") or "").lower()
    if missed and missed not in _MISSED:
        raise WorkbookError(f"missed must be zero or half, not {missed!r}", sheet=REQUEST_SHEET, cell=cell_of("missed"))
    player = Player(0, name, request.whole("rating") or 0, request.get("title") or "", request.get("federation") or "",
                    request.get("fide id") or "", club=request.get("club") or "")
    entered, rounds_missed, kind = rounds.enter_player(port, player, _MISSED.get(missed), stamp=Stamp("enter"))
    missed_text = (f"; round(s) {', '.join(map(str, rounds_missed))} count as {kind.outcome.value}s"
                   if rounds_missed else "")
    return f"{entered.tpn} {entered.name} entered{missed_text}.", PLAYERS_SHEET


def _pair_fixed_board(port: WorkbookPort, request: Request) -> ButtonResult:
    white = request.needs("player", "who plays White on the fixed board")
    black = request.needs("second player", "who plays Black on the fixed board")
    return _paired_message(rounds.pair(port, fixed=[(white, black)], stamp=Stamp("pair")).round)


def _two_players(request: Request) -> tuple[str, str]:
    return (request.needs("player", "one player of the pair"),
            request.needs("second player", "the other player of the pair"))


def _forbid(port: WorkbookPort, request: Request) -> ButtonResult:
    one, other = rounds.forbid_pair(port, *_two_players(request), stamp=Stamp("forbid"))
    return f"{one.tpn} {one.name} and {other.tpn} {other.name} will not be paired against each other.", FORBIDDEN_SHEET


def _allow(port: WorkbookPort, request: Request) -> ButtonResult:
    one, other = rounds.forbid_pair(port, *_two_players(request), cancel=True, stamp=Stamp("forbid"))
    return f"{one.tpn} {one.name} and {other.tpn} {other.name} may be paired again.", PLAYERS_SHEET


def _pdf_report(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    if sys.platform == "emscripten":
        raise OperationError("PDF reports need Typst, which does not run in xlwings Lite: make the PDF with the "
                             "command line (sheetpair report --pdf) or the classic add-in")
    target = _beside_workbook(book, " report.pdf")
    if target is None:
        raise OperationError("the PDF is saved beside the workbook: save the workbook on this computer first")
    require("typst", "typst")
    data = _report_data(port, Path(book.fullname))
    write_pdf(data, target, default_sections(data))
    return f"The PDF report is saved as {target}.", None


def _event_status(port: WorkbookPort) -> ButtonResult:
    report = status(port)
    _write_text_sheet(port, STATUS_TEXT_SHEET, "Status of the event", status_text(report))
    waiting = f"; before the next pairing: {len(report.missing)} item(s)" if report.missing else ""
    return (f"Revision {report.revision}, round {report.current_round} of {report.planned_rounds} paired"
            f"{waiting}. The details are in the {STATUS_TEXT_SHEET} sheet.", STATUS_TEXT_SHEET)


@contextmanager
def _colleagues_copy(book: xw.Book, request: Request) -> Iterator[tuple[WorkbookPort, Path]]:
    """The copy named beside ``copy``, opened in this Excel (as the arbiter would open it) and read through a
    live port like this workbook; closed again afterwards unless it was open already.

    :raises WorkbookError: naming the cell, when there is no such file or no Excel that could open it (Lite).
    """
    copy = Path(request.needs("copy", "(the full path of the colleague's copy)"))
    if sys.platform == "emscripten" or not copy.is_file():
        raise WorkbookError(f"no workbook file {str(copy)!r} can be opened here (xlwings Lite opens no files)",
                            sheet=REQUEST_SHEET, cell=cell_of("copy"))
    was_open = any(Path(other.fullname) == copy for other in book.app.books)
    other = book.app.books.open(str(copy))
    try:
        with in_excel(other) as port:
            yield port, copy
    finally:
        if not was_open:
            other.close()


def _compare_copy(port: WorkbookPort, request: Request, book: xw.Book) -> ButtonResult:
    with _colleagues_copy(book, request) as (other, copy):
        differences = compare_copies(port, other)
    _write_text_sheet(port, DIFFERENCES_SHEET, f"This workbook (A) and {copy.name} (B)", differences_text(differences))
    conflicts = sum(d.is_conflict for d in differences)
    return (f"{len(differences)} difference(s), {conflicts} of them conflict(s), with {copy.name}: see the "
            f"{DIFFERENCES_SHEET} sheet.", DIFFERENCES_SHEET)


def _merge_copy(port: WorkbookPort, request: Request, book: xw.Book) -> ButtonResult:
    take_all, per_item = parse_take(item for item in (request.get("take") or "").split(",") if item.strip())
    try:
        with _colleagues_copy(book, request) as (other, copy):
            merged = merge_copies(port, other, copy.name, take=per_item, take_all=take_all,
                                  stamp=Stamp(f"merge {book.name} {copy.name}"))
    except MergeConflictError as error:
        listed = "".join(f"\n  {d.item}: {d.text} (A: {d.a}; B: {d.b})" for d in error.conflicts)
        raise OperationError(f"{len(error.conflicts)} conflict(s): type A (this workbook) or B (the copy) beside "
                             f"take ({REQUEST_SHEET}!{cell_of('take')}), or ITEM=A / ITEM=B for one, and press "
                             f"Merge copy again:{listed}") from None
    shown = TEAM_STANDINGS_SHEET if team_event.holds_team_event(port) else STANDINGS_SHEET
    return (f"Merged {copy.name} into this workbook: {len(merged.differences)} difference(s) taken, revision "
            f"{merged.revision}.", shown)


# --- the same buttons on a team event ------------------------------------------------------------------

def _team_lineup(port: WorkbookPort, request: Request) -> ButtonResult:
    if not team_event.holds_team_event(port):
        raise OperationError("line-ups belong to team events, and this workbook holds an individual event")
    team = request.needs("team", "whose line-up it is (start number, name or short name)")
    typed = request.needs("players", "the players' start numbers in board order (12,14,15,17)")
    try:
        players = team_event.parse_lineup(typed)
    except InputError as error:
        raise WorkbookError(str(error), sheet=REQUEST_SHEET, cell=cell_of("players")) from None
    tpn, rnd = team_event.set_lineup(port, request.whole("round"), team, players)
    return (f"Round {rnd.number}, team {tpn}: line-up {', '.join(map(str, rnd.lineups[tpn]))}.",
            round_sheet_name(rnd.number))


def _team_pair(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    paired, _ = team_event.pair(port)
    byes = f" and {len(paired.byes)} bye(s)" if paired.byes else ""
    return (f"Round {paired.number} is paired: {len(paired.matches)} match(es){byes}. Type the results into the "
            "Result column of its board rows.", round_sheet_name(paired.number))


def _team_standings(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    _, table = team_event.update_standings(port)
    return (f"Standings of {len(table.teams)} teams after round {table.through_round} are up to date.",
            TEAM_STANDINGS_SHEET)


def _team_results(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    event, table = team_event.update_standings(port)
    if not event.event.rounds:
        return "No round is paired yet: press Pair next round first.", None
    current = event.event.rounds[-1]
    missing = [str(m.table) for m in current.matches if not m.is_complete]
    rest = f"; still without every result: table(s) {', '.join(missing)}" if missing else "; the round is complete"
    return (f"Round {current.number}: {len(current.matches) - len(missing)} of {len(current.matches)} match(es) "
            f"in{rest}. Standings after round {table.through_round} are up to date.",
            round_sheet_name(current.number))


def _team_reports(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    event, table = team_event.read_standings(port)
    html = team_report_html(event, table, language=parse_language(event.language))
    target = _beside_workbook(book, " report.html")
    if target is None:
        _write_text_sheet(port, REPORT_SHEET, "HTML report: copy column A into a text file named report.html", html)
        return (f"The report is in the {REPORT_SHEET} sheet: copy its column A into a file named report.html.",
                REPORT_SHEET)
    target.write_text(html, encoding="utf-8")
    return f"The report is saved as {target}.", TEAM_STANDINGS_SHEET


def _team_export(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    event, _ = team_event.read_standings(port)
    text = team_event.trf_text(event)
    target = _beside_workbook(book, ".trf")
    if target is None:
        _write_text_sheet(port, TRF_SHEET, "TRF26: copy column A into a text file named event.trf", text)
        return f"The TRF is in the {TRF_SHEET} sheet: copy its column A into a file named event.trf.", TRF_SHEET
    target.write_text(text, encoding="utf-8", newline="")
    return f"The TRF is saved as {target}.", None


def _team_undo(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    def only_without_results(last: object, entered: int) -> bool:
        raise OperationError(f"the last round has {entered} result(s): clear them in its Result column first, "
                             "then press Undo round again")

    removed = team_event.undo(port, only_without_results)
    return f"Round {removed.number} is removed.", TEAM_STANDINGS_SHEET


def _team_explain(port: WorkbookPort, book: xw.Book) -> ButtonResult:
    explanation = team_event.explain(port, _active_round(book))
    title = f"Why round {explanation.round_number} is paired as it is"
    _write_text_sheet(port, EXPLANATION_SHEET, title, explanation.text())
    return (f"The explanation of round {explanation.round_number} is in the {EXPLANATION_SHEET} sheet.",
            EXPLANATION_SHEET)


_TEAM_ACTIONS: dict[str, Callable[[WorkbookPort, xw.Book], ButtonResult]] = {
    "pair_next_round": _team_pair, "update_standings": _team_standings, "enter_results": _team_results,
    "make_reports": _team_reports, "export_trf": _team_export, "undo_round": _team_undo,
    "explain_round": _team_explain,
}
"""What each button does on a team event (Import TRF/CSV starts one from a roster with a team column)."""


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
            team = _TEAM_ACTIONS.get(name) if team_event.holds_team_event(port) else None
            message, show = team(port, book) if team is not None else action(port)
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
