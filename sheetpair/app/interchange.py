"""Moving events in and out: a roster or a TRF file becomes a workbook, a workbook becomes a TRF file.

The kind of a source file is told by its content (TRF record codes at the start of its lines) rather than
its name, because arbiters receive ``.txt`` TRF exports and ``.csv`` rosters alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError, OperationError, TrfError
from ..core.model import Player, Tournament
from ..core.standings import StandingsTable
from ..io.port import WorkbookPort
from ..io.roster import read_roster, read_roster_text
from ..io.trf import decode_trf, detect_format, read_trf
from ..io.trf_declared import declared_standings
from ..io.trf_records import TrfFormat as TrfFormat  # the formats the doors offer
from ..io.trf_records import rank_records
from ..io.trf_write import save_trf, write_trf
from ..io.workbook import META_SHEET, SETTINGS_SHEET
from ..pairing import SYSTEMS
from .event import EventRequest, create_event
from .fide_list import Choose, fill_roster
from .ranking import standings
from .session import write

_TRF_STARTS = ("001 ", "012 ", "XXR ")
_NOT_TRF_SUFFIXES = (".xlsx", ".xlsm", ".csv", ".tsv")


@dataclass(frozen=True)
class Imported:
    """An event read from another program's file: the tournament, what kind of file it was, and whether
    sheetpair has its pairing system (without it, the event can be kept and ranked but not paired)."""

    tournament: Tournament
    kind: str

    @property
    def system_known(self) -> bool:
        return self.tournament.settings.system in SYSTEMS


def looks_like_trf(lines: list[str]) -> bool:
    """True when the lines carry TRF record codes (a player line, the event name or the rounds record)."""
    return any(line.lstrip("\ufeff")[:4] in _TRF_STARTS for line in lines)


def read_event(source: Path, *, system: str | None = None, rounds: int | None = None) -> Imported:
    """The event in a TRF16/TRF26 file, or a new event from a CSV/xlsx roster (``system`` defaults to the
    file's own for a TRF, to ``dutch`` for a roster)."""
    if source.suffix.lower() not in _NOT_TRF_SUFFIXES:
        head = source.read_bytes()[:4096].decode("utf-8", "replace")
        if looks_like_trf(head.splitlines()):
            return _imported_trf(decode_trf(source.read_bytes()), system)
    return Imported(new_event(source, EventRequest(system or "dutch", rounds=rounds)), "roster")


def _imported_trf(text: str, system: str | None) -> Imported:
    """The event in a TRF's text, with the final ranks it declares kept when they are not the ones sheetpair
    computes (unique ranks where sheetpair shares one, another order among tied players): an export writes
    them back until a result, a pairing, the scoring or the tie-breaks change (docs/interchange.md)."""
    tournament = read_trf(text, system=system)
    try:
        declared = {tpn: d.rank for tpn, d in declared_standings(text).items()}
    except TrfError:  # a rank column that holds no number declares no rank: the standings give them all
        declared = {}
    if None not in declared.values() and len(declared) == len(tournament.players):
        ranks = {tpn: rank for tpn, rank in declared.items() if rank is not None}
        if ranks != {s.tpn: s.rank for s in standings(tournament)}:
            tournament.preserved_records += rank_records(tournament, ranks)
    return Imported(tournament, detect_format(text).value.upper())


def refuse_same_file(source: Path, workbook: Path) -> None:
    """Refuses to create ``workbook`` from ``source`` when both name one file (also through a link): the
    new workbook would be written over the roster or TRF it is made from, which then is neither.

    :raises OperationError: naming both, before anything is read or written.
    """
    same = workbook.exists() and source.exists() and source.samefile(workbook)
    if same or source.resolve() == workbook.resolve():
        raise OperationError(f"{workbook} is the file the players are read from ({source}); the new workbook "
                             "would be written over it: give the workbook another name")


def new_event(roster: Path, request: EventRequest, *, fide: FideSource | None = None) -> Tournament:
    """A new event from the roster in a CSV or xlsx file and the arbiter's choices; with ``fide``, every player
    filled from FIDE's rating list first (so a roster may give FIDE ids alone).

    :raises InputError: for a player given by FIDE id alone that no list names.
    """
    players = read_roster(roster)
    if fide is not None:
        fill_roster(players, fide.path, choose=fide.choose, rating_list=fide.rating_list, tick=fide.tick)
    return create_event(named(players, str(roster), fide), request)


@dataclass(frozen=True)
class FideSource:
    """FIDE's rating list for a new event: the file, the list, how a name found twice is settled, progress."""

    path: Path
    choose: Choose
    rating_list: str = "standard"
    tick: Callable[[], None] = lambda: None


def named(players: list[Player], source: str, fide: FideSource | None) -> list[Player]:
    """``players`` when each has a name, else one sentence naming the FIDE ids given without one.

    :raises InputError: naming the ids, and what to do about them.
    """
    ids = [p.fide_id for p in players if not p.name.strip()]
    if not ids:
        return players
    listed = ", ".join(ids)
    if fide is None:
        raise InputError(f"{source}: the player(s) with FIDE id {listed} have no name: give FIDE's rating list "
                         "(--from-fide FILE) to take their names, ratings and titles from it")
    raise InputError(f"{source}: FIDE id {listed} is not on the FIDE list {fide.path.name}: check the id(s), or "
                     "give the name in the roster")


def read_pasted(lines: list[str], request: EventRequest | None) -> Imported:
    """The event in lines pasted into a sheet: a TRF file, or a CSV roster started with ``request``.

    :raises InputError: for a roster pasted without the event's settings.
    """
    text = "\n".join(lines)
    if looks_like_trf(lines):
        return _imported_trf(text, request.system if request else None)
    if request is None:
        raise InputError("a pasted roster needs the event's settings (at least the pairing system)")
    return Imported(create_event(named(read_roster_text(text, source="Import"), "Import", None), request), "CSV roster")


def create_workbook(port: WorkbookPort, tournament: Tournament) -> StandingsTable:
    """Writes a new event into an empty workbook (or one holding other sheets, which are kept).

    :raises OperationError: when the workbook already holds a tournament.
    """
    refuse_existing_event(port.sheet_names())
    return write(port, tournament)


def refuse_existing_event(sheet_names: list[str]) -> None:
    """Refuses to start an event in a workbook whose sheets show it holds one already.

    :raises OperationError: when it does.
    """
    if SETTINGS_SHEET in sheet_names or META_SHEET in sheet_names:
        raise OperationError("this workbook already holds a tournament; start the event in a new, empty workbook")


def trf_text(tournament: Tournament, trf_format: TrfFormat = TrfFormat.TRF26) -> str:
    """The event as a Tournament Report File, ranked by the one standings pipeline."""
    return write_trf(tournament, standings(tournament), trf_format)


def export_trf(tournament: Tournament, target: Path, trf_format: TrfFormat = TrfFormat.TRF26) -> list[int]:
    """Writes the event to ``target`` as a TRF and returns the rounds that still have games without result
    (engines and FIDE's rating server refuse such a file until they are in)."""
    save_trf(tournament, standings(tournament), target, trf_format)
    return [r.number for r in tournament.rounds if any(not g.result.is_known for g in r.games)]
