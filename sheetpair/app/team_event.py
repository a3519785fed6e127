"""The use cases of a team event kept in a workbook: create, pair, line-ups, results, undo, standings,
TRF export and check. Both doors (the command line and the add-in's buttons) call these.

Each reads the whole event from the workbook, changes it, ranks it once and writes every sheet back
(:func:`_edit`), as the individual events do through :mod:`sheetpair.app.session`: every write raises the
revision and adds to the journal (the hand edits found in what was read, then the command's change;
:mod:`sheetpair.history.team`), and a ``Stamp`` expecting another revision is refused before anything changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from ..core.errors import InputError, OperationError, PairingError
from ..core.model import Player, Result
from ..core.team_book import TeamBook
from ..core.team_standings import TeamTable, team_table
from ..core.teams import (
    Match,
    PrimaryScore,
    ProhibitedGroup,
    Team,
    TeamEvent,
    TeamRound,
    check_lineup,
    seat_boards,
)
from ..core.tiebreaks.base import DEFAULT_EDITION, edition_on
from ..core.tiebreaks.team import parse_team_code
from ..history.journal import parts_journal
from ..history.records import Metadata, metadata_after
from ..history.stamp import Stamp, check_revision
from ..history.team import team_parts
from ..io.metadata import read_metadata
from ..io.port import WorkbookPort
from ..io.roster import read_roster
from ..io.team_workbook import load_team_book, save_team_book
from ..io.trf_team import has_secondary_score, read_team_trf, team_players
from ..io.trf_team_write import team_code, team_trf_text, write_team_trf
from ..io.workbook import holds_team_event as holds_team
from ..pairing.explanation import RoundExplanation
from ..pairing.team_base import TeamSettings, baku_accelerations, from_options
from ..pairing.teams import get_team_system
from .event import EventRequest
from .teams import RoundCheck, before_round, check_rounds

T = TypeVar("T")
DEFAULT_TIEBREAKS = {PrimaryScore.MATCH: ("GPTS", "BH:MP", "SB:MP"), PrimaryScore.GAME: ("MPTS", "BH:GP", "SB:GP")}
"""The tie-breaks of a new team event when the arbiter names none: the other score, then Buchholz and
Sonneborn-Berger on the primary score (C.07 team codes)."""


def create_team_book(roster: Path, request: EventRequest) -> TeamBook:
    """A new team event from a roster file (see :func:`team_book`).

    :raises InputError: for a roster that cannot be read, or as :func:`team_book`.
    """
    return team_book(read_roster(roster), request, source=str(roster))


def team_book(players: list[Player], request: EventRequest, *, source: str) -> TeamBook:
    """A new team event from a roster whose ``team`` column names each player's team; its ``board`` column (or
    else the roster order) gives the board order within a team (members after ``request.boards`` are
    reserves). Teams are numbered by the
    average rating of their top boards (highest first, then name), players team by team in board order.

    :raises InputError: for a player without a team, or options the system refuses.
    :raises PairingError: for an unknown team system.
    """
    system = get_team_system(request.system)
    boards = request.boards
    unassigned = [p.name for p in players if not p.team]
    if unassigned:
        raise InputError(f"{source}: every player of a team event needs a team; {unassigned[0]!r} has none")
    by_team: dict[str, list[Player]] = {}
    for player in sorted(players, key=lambda p: p.board or len(players) + 1):  # stable: roster order otherwise
        by_team.setdefault(player.team, []).append(player)

    def strength(name: str) -> tuple[float, str]:
        top = [p.rating for p in by_team[name][:boards]]
        return -sum(top) / len(top), name

    numbered: list[Player] = []
    teams: list[Team] = []
    shorts: set[str] = set()
    for tpn, name in enumerate(sorted(by_team, key=strength), start=1):
        first = len(numbered) + 1
        numbered += [replace(p, tpn=first + i, team=str(tpn)) for i, p in enumerate(by_team[name])]
        teams.append(Team(tpn, name, tuple(range(first, len(numbered) + 1)), _short_name(name, shorts)))
    settings, scoring = from_options(system, request.options, rounds=request.rounds or 0)
    event = TeamEvent(tuple(teams), boards, (), scoring)
    rounds = system.planned_rounds(event, settings) or request.rounds
    if not rounds:
        raise OperationError(f"the {system.name} system needs the number of rounds (--rounds)")
    tiebreaks = tuple(request.tiebreaks.split(",")) if request.tiebreaks else DEFAULT_TIEBREAKS[scoring.primary]
    book = TeamBook(event, numbered, system.name, rounds, dict(request.options), tiebreaks, request.event.name,
                    request.seed or 0)
    _table(book)  # refuses an unknown tie-break code before anything is written
    return book


def _short_name(name: str, taken: set[str]) -> str:
    """Up to five capitals: the name itself when it is that short, else the initials of its words and its
    digits (``Club 38`` -> ``C38``), or a single word's first letters; a number tells apart two teams that
    would share one."""
    compact = "".join(ch for ch in name.upper() if ch.isalnum())
    words = name.upper().split()
    short = compact if len(compact) <= 5 else "".join(w if w.isdigit() else w[0] for w in words if w[0].isalnum())[:5]
    if len(short) < 3:  # one long word: its first letters
        short = compact[:5]
    candidate, n = short or "T", 1
    while candidate in taken:
        n += 1
        candidate = f"{short[:5 - len(str(n))]}{n}"
    taken.add(candidate)
    return candidate


def create_workbook(port: WorkbookPort, book: TeamBook, stamp: Stamp | None = None) -> TeamTable:
    """Writes a new team event's sheets, its journal starting with ``created``."""
    return write(port, book, stamp=stamp or Stamp("new"), before=None, base=Metadata())


def write(port: WorkbookPort, book: TeamBook, *, stamp: Stamp, before: dict[str, Any] | None, base: Metadata,
          previous_rounds: int = 0) -> TeamTable:
    """Writes every sheet of ``book`` and the revision after ``base`` with its journal entries (the hand
    edits in ``before``, the parts as read, then the change to ``book``; ``None`` for a new workbook)."""
    table = _table(book)
    parts = team_parts(book)
    journal = parts_journal(base, before, parts, stamp, team=True)
    save_team_book(port, book, table, previous_rounds=previous_rounds, metadata=metadata_after(base, parts, journal))
    return table


def _table(book: TeamBook) -> TeamTable:
    try:
        return team_table(book.event, book.tiebreaks, {p.tpn: p.rating for p in book.players},
                          rules=book.tiebreak_rules or DEFAULT_EDITION)
    except ValueError as error:
        raise InputError(str(error)) from None


def _edit(port: WorkbookPort, change: Callable[[TeamBook], T], stamp: Stamp) -> tuple[T, TeamBook, TeamTable]:
    """Reads the event, applies ``change``, writes it back with the next revision.

    :raises StaleCopyError: before anything changes, when ``stamp`` expects another revision.
    """
    book = load_team_book(port)
    meta = read_metadata(port)
    check_revision(meta, stamp.expect_revision)
    before = team_parts(book)
    rounds = len(book.event.rounds)
    outcome = change(book)
    table = write(port, book, stamp=stamp, before=before, base=meta, previous_rounds=rounds)
    return outcome, book, table


def settings_for(book: TeamBook, round_number: int) -> TeamSettings:
    """The system's settings for pairing ``round_number``: the event's options, the teams and the members
    absent then."""
    settings, _ = from_options(get_team_system(book.system), book.options, rounds=book.rounds,
                               teams=len(book.event.teams))
    absent = frozenset(p for p, rounds in book.absent.items() if round_number in rounds)
    teams = frozenset(t for t, rounds in book.team_absent.items() if round_number in rounds)
    return replace(settings, absent_players=absent, absent=teams, prohibited=book.prohibited)


def pair_round(book: TeamBook, round_number: int) -> TeamRound:
    """Round ``round_number`` as the system pairs it from the rounds before it."""
    return get_team_system(book.system).pair(before_round(book.event, round_number), round_number,
                                             settings_for(book, round_number))


def pair(port: WorkbookPort, *, allow_pending: bool = False, stamp: Stamp | None = None) -> tuple[TeamRound, TeamBook]:
    """Pairs the next round and writes its sheet (``allow_pending``: although matches of the last round
    still lack results, which then count as not yet played).

    :raises OperationError: when the event's rounds are all paired, or a match of the last round has no
        result yet (unless ``allow_pending``).
    """

    def change(book: TeamBook) -> TeamRound:
        number = len(book.event.rounds) + 1
        if number > book.rounds:
            raise OperationError(f"all {book.rounds} rounds are paired")
        if book.event.rounds:
            last = book.event.rounds[-1]
            open_tables = [str(m.table) for m in last.matches if not m.is_complete]
            if open_tables and not allow_pending:
                raise OperationError(f"round {last.number}: table(s) {', '.join(open_tables)} still lack results")
        new = pair_round(book, number)
        lineups = {tpn: players for m in new.matches for tpn, players in _lineups(m).items()}
        new = replace(new, lineups=lineups)
        book.event = replace(book.event, rounds=(*book.event.rounds, new))
        return new

    new, book, _ = _edit(port, change, stamp or Stamp("pair"))
    return new, book


def _lineups(match: Match) -> dict[int, tuple[int, ...]]:
    return {match.white: tuple(g.white if g.board % 2 else g.black for g in match.boards),
            match.black: tuple(g.black if g.board % 2 else g.white for g in match.boards)}


def _round(book: TeamBook, number: int | None) -> TeamRound:
    if not book.event.rounds:
        raise OperationError("no round has been paired yet")
    number = number or book.event.rounds[-1].number
    for rnd in book.event.rounds:
        if rnd.number == number:
            return rnd
    raise OperationError(f"round {number} is not paired")


def _put_round(book: TeamBook, rnd: TeamRound) -> None:
    book.event = replace(book.event, rounds=tuple(rnd if r.number == rnd.number else r for r in book.event.rounds))


def _team_number(book: TeamBook, team: str) -> int:
    """A team named by start number, name or short name."""
    found = [t.tpn for t in book.event.teams
             if team.strip() in (str(t.tpn), t.name) or (t.short_name and team.strip().upper() == t.short_name)]
    if len(found) != 1:
        raise OperationError(f"no team is named {team!r} (give its start number, name or short name)")
    return found[0]


def parse_lineup(text: str) -> list[int]:
    """The players of a line-up typed as start numbers separated by commas (``12,14,15,17``).

    :raises InputError: for anything else, quoting it.
    """
    try:
        return [int(p) for p in text.replace(" ", "").split(",") if p]
    except ValueError:
        raise InputError(f"players are start numbers separated by commas (12,14,15,17), not {text!r}") from None


def set_lineup(port: WorkbookPort, round_number: int | None, team: str,
               players: Sequence[int], stamp: Stamp | None = None) -> tuple[int, TeamRound]:
    """Sets a team's line-up for a paired round (``None``: the last one) before its match has results.

    :raises OperationError: when the round or team does not exist, the match has a result, or the line-up
        breaks a rule (a player of another team, twice, too many, out of the roster's order).
    """

    def change(book: TeamBook) -> tuple[int, TeamRound]:
        tpn = _team_number(book, team)
        rnd = _round(book, round_number)
        match = next((m for m in rnd.matches if tpn in (m.white, m.black)), None)
        if match is None:
            raise OperationError(f"team {tpn} plays no match in round {rnd.number}")
        if any(g.result.is_known for g in match.boards) or match.forfeit_winner is not None:
            raise OperationError(f"round {rnd.number}, table {match.table} already has results: clear them first")
        lineups = dict(rnd.lineups)
        lineups[tpn] = tuple(players)
        try:
            check_lineup(book.event, tpn, tuple(players), lineups)
        except ValueError as error:
            raise OperationError(str(error)) from None
        boards = seat_boards(book.event.boards, lineups[match.white], lineups[match.black])
        new = replace(match, boards=boards)
        rnd = replace(rnd, matches=tuple(new if m.table == match.table else m for m in rnd.matches), lineups=lineups)
        _put_round(book, rnd)
        return tpn, rnd

    return _edit(port, change, stamp or Stamp("lineup"))[0]


@dataclass(frozen=True)
class TableResults:
    """Results entered on one table: the match after the change."""

    round_number: int
    match: Match


def enter_results(port: WorkbookPort, round_number: int | None, table: int, boards: Sequence[tuple[int, Result]],
                  *, match_forfeit: str | None = None, stamp: Stamp | None = None) -> TableResults:
    """Records board results of one table, or a whole match lost by forfeit (``+/-``, ``-/+``, ``-/-``; an
    empty text clears it).

    :raises OperationError: for a table or board that does not exist.
    """

    def change(book: TeamBook) -> TableResults:
        rnd = _round(book, round_number)
        match = next((m for m in rnd.matches if m.table == table), None)
        if match is None:
            raise OperationError(f"round {rnd.number} has no table {table}")
        games = {g.board: g for g in match.boards}
        for board, result in boards:
            if board not in games:
                raise OperationError(f"round {rnd.number}, table {table} has no board {board}")
            games[board] = replace(games[board], result=result)
        new = replace(match, boards=tuple(games[b] for b in sorted(games)))
        if match_forfeit is not None:
            winners = {"+/-": match.white, "-/+": match.black, "-/-": 0, "": None}
            if match_forfeit not in winners:
                raise OperationError(f"a whole match is forfeited as +/-, -/+ or -/-, not {match_forfeit!r}")
            new = replace(new, forfeit_winner=winners[match_forfeit])
        _put_round(book, replace(rnd, matches=tuple(new if m.table == table else m for m in rnd.matches)))
        return TableResults(rnd.number, new)

    return _edit(port, change, stamp or Stamp("result"))[0]


def undo(port: WorkbookPort, confirm: Callable[[TeamRound, int], bool], stamp: Stamp | None = None) -> TeamRound:
    """Removes the last paired round; when it has results, only if ``confirm(round, results)`` agrees.

    :raises OperationError: when no round is paired, or the arbiter kept it.
    """

    def change(book: TeamBook) -> TeamRound:
        last = _round(book, None)
        entered = sum(g.result.is_known for m in last.matches for g in m.boards) + sum(
            m.forfeit_winner is not None for m in last.matches)
        if entered and not confirm(last, entered):
            raise OperationError(f"round {last.number} was kept")
        book.event = replace(book.event, rounds=book.event.rounds[:-1])
        return last

    return _edit(port, change, stamp or Stamp("undo"))[0]


def update_standings(port: WorkbookPort, tiebreaks: tuple[str, ...] | None = None,
                     stamp: Stamp | None = None, *, rules: str | None = None) -> tuple[TeamBook, TeamTable]:
    """Reads what was typed (line-ups, results) and writes the team standings, crosstable and board ranking;
    ``tiebreaks`` and ``rules`` (the C.07 edition) become the event's.

    :raises InputError: for a code the team tie-breaks do not know.
    """

    def change(book: TeamBook) -> None:
        _tiebreaks_of(book, tiebreaks, rules)

    _, book, table = _edit(port, change, stamp or Stamp("standings"))
    return book, table


def read_standings(port: WorkbookPort, tiebreaks: tuple[str, ...] | None = None, *,
                   rules: str | None = None) -> tuple[TeamBook, TeamTable]:
    """The standings without writing anything (on ``tiebreaks`` and ``rules`` instead of the event's when
    given)."""
    book = load_team_book(port)
    _tiebreaks_of(book, tiebreaks, rules)
    return book, _table(book)


def _tiebreaks_of(book: TeamBook, tiebreaks: tuple[str, ...] | None, rules: str | None) -> None:
    """``book`` with the tie-breaks and the C.07 edition given (the 2026 one kept as empty, the default)."""
    if tiebreaks is not None:
        book.tiebreaks = tiebreaks
    if rules is not None:
        book.tiebreak_rules = "" if rules == DEFAULT_EDITION else rules


def import_team_trf(path: Path) -> TeamBook:
    """A team event from a TRF-2026 (or TRF16) team file: its teams, members and rounds; the file's lines are
    kept so that exporting the event unchanged gives the file back byte for byte.

    :raises TrfError: naming the line of a record that cannot be read.
    """
    text = path.read_bytes().decode("utf-8")
    team_file = read_team_trf(text)
    event = team_file.event
    primary = event.scoring.primary is PrimaryScore.MATCH
    win, draw, loss = (p / 2 for p in event.scoring.match_points)
    options = {"primary": "match" if primary else "game", "colours": team_file.colour_type,
               "match-points": f"{win:g},{draw:g},{loss:g}", "initial-colour": team_file.initial_colour,
               "secondary": "yes" if has_secondary_score(team_file.code) else "no"}
    rounds = max(team_file.rounds, len(event.rounds), 1)
    if team_file.accelerations and team_file.accelerations == baku_accelerations(len(event.teams), rounds,
                                                                               event.scoring):
        options["acceleration"] = "baku"
    name = next((line[4:].strip() for line in team_file.lines if line.startswith("012")), "")
    return TeamBook(event, team_players(text), "team-swiss", rounds, options,
                    _known_codes(team_file.tiebreaks) or DEFAULT_TIEBREAKS[event.scoring.primary], name,
                    prohibited=_known(team_file.prohibited, event), team_absent=_absences(team_file.absences),
                    source=team_file.lines, tiebreak_rules="" if edition_on(team_file.start_date) == DEFAULT_EDITION
                    else edition_on(team_file.start_date))


def _known_codes(codes: tuple[str, ...]) -> tuple[str, ...]:
    """The file's tie-break list (record 202) when sheetpair computes every code of it, else none."""
    try:
        for code in codes:
            parse_team_code(code)
    except ValueError:
        return ()
    return codes


def _absences(by_round: dict[int, frozenset[int]]) -> dict[int, frozenset[int]]:
    """Round to absent teams (record 240) turned into team to the rounds it misses (the Teams sheet's)."""
    teams: dict[int, set[int]] = {}
    for number, absent in by_round.items():
        for team in absent:
            teams.setdefault(team, set()).add(number)
    return {team: frozenset(rounds) for team, rounds in teams.items()}


def _known(groups: tuple[ProhibitedGroup, ...], event: TeamEvent) -> tuple[ProhibitedGroup, ...]:
    """The prohibited groups restricted to the event's teams (a group left with one team prohibits nothing)."""
    teams = {t.tpn for t in event.teams}
    kept = (replace(g, teams=g.teams & teams) for g in groups)
    return tuple(g for g in kept if len(g.teams) > 1)


def trf_text(book: TeamBook, *, trf16: bool = False) -> str:
    """The event as a TRF-2026 team file: an imported file's own lines while the event is still what the file
    says (team records rewritten where a team changed), else written afresh with the teams' ranks."""
    if book.source and not trf16:
        team_file = read_team_trf("".join(book.source))
        if [(r.matches, r.byes) for r in team_file.event.rounds] == [(r.matches, r.byes) for r in book.event.rounds]:
            team_file.event = replace(team_file.event, teams=book.event.teams)
            return write_team_trf(team_file)
    primary = book.options.get("primary", "match") == "match"
    ranks = {s.tpn: s.rank for s in _table(book).teams}
    code = team_code(primary, book.options.get("colours", "A"), book.options.get("secondary") != "no")
    return team_trf_text(book.event, book.players, name=book.name, rounds=book.rounds, code=code,
                         initial_colour=book.options.get("initial-colour", "W"), trf16=trf16, ranks=ranks)


def explain(port: WorkbookPort, round_number: int | None) -> RoundExplanation:
    """Why round ``round_number`` (default: the last paired) is paired as the system pairs it.

    :raises OperationError: when no round is paired, or the round is neither paired nor the next.
    """
    book = load_team_book(port)
    number = round_number or len(book.event.rounds)
    if not 1 <= number <= len(book.event.rounds) + 1:
        raise OperationError("no round is paired yet: there is nothing to explain" if not book.event.rounds
                             else f"round {number} is neither paired nor the next round")
    return get_team_system(book.system).explain(before_round(book.event, number), number, settings_for(book, number))


def check(port: WorkbookPort) -> list[RoundCheck]:
    """Re-pairs every round of the event from the rounds before it and compares it with the round played.

    :raises PairingError: when a round cannot be re-paired.
    """
    book = load_team_book(port)
    if not book.event.rounds:
        raise PairingError("no round has been paired yet: there is nothing to check")
    return check_rounds(book.event, lambda number: pair_round(book, number))


def holds_team_event(port: WorkbookPort) -> bool:
    """True when the workbook behind ``port`` holds a team event."""
    return holds_team(port)
