"""Revisions of a workbook: who changed what, what was typed by hand, and how two copies of one event compare.

A workbook is the event's single source of truth, but it travels: it is emailed to a deputy, typed into in
Excel, opened twice. sheetpair keeps a journal and a hash of each part of the tournament in the hidden
``_sheetpair`` sheet (:mod:`sheetpair.io.metadata`) and, from them:

* finds the edits typed by hand since sheetpair last wrote (:func:`hand_edits`, reported by
  :mod:`sheetpair.app.status`) and checks edited pairings against the rules every system keeps
  (:func:`pairing_problems`). An edited pairing is
  the arbiter's decision, which the FIDE rules allow; sheetpair records it and names each rule it breaks;
* refuses to change a copy that is not the revision the caller read (:func:`check_revision`);
* compares two copies of one event part by part (:func:`compare`) and merges the ones whose edits do not
  conflict (:func:`merge`; :mod:`sheetpair.app.merge` writes the result).

The rules in the arbiter's words are in ``docs/arbiters-workflow.md``.
"""

from __future__ import annotations

import copy
import datetime as dt
import getpass
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Literal

from ..core.errors import OperationError, StaleCopyError, WorkbookError
from ..core.model import ByeKind, Game, Result, Round, Tournament
from ..core.results import result_code
from ..io.metadata import (
    ROSTER,
    SETTINGS,
    JournalEntry,
    Metadata,
    as_cut_now,
    pairing_part,
    part_hash,
    read_metadata,
    results_part,
    round_pairing,
    tournament_parts,
)
from ..io.port import WorkbookPort
from ..io.workbook import load_tournament

Side = Literal["A", "B"]
SIDES: tuple[Side, Side] = ("A", "B")
HAND_EDIT_USER = "unknown (typed in the workbook)"
HAND_EDIT_COMMAND = "hand edit"


@dataclass(frozen=True)
class Stamp:
    """Who writes, with which command, and which revision they expect the workbook to be at.

    ``warn`` receives one sentence per rule an edited pairing breaks (the command line prints them).
    """

    command: str = ""
    arbiter: str | None = None
    expect_revision: int | None = None
    warn: Callable[[str], None] | None = None
    accept_deleted_games: bool = False
    """The arbiter confirms that games with a result, deleted from the round sheets by hand, are to go."""
    force: bool = False
    """The arbiter confirms a change to a result that later rounds were paired from (also one typed by hand)."""

    @property
    def user(self) -> str:
        """The arbiter named on the command line, else the operating system's user name."""
        if self.arbiter:
            return self.arbiter
        try:
            return getpass.getuser()
        except (OSError, KeyError, ImportError):  # no login name: a service account, a container, Pyodide (no pwd)
            return "unknown"


def utc_now() -> str:
    """The current UTC time as the journal writes it, to the second."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def entry_text(entry: JournalEntry | None) -> str:
    """A journal entry in one line, for messages."""
    if entry is None:
        return "no journal entry"
    return f"revision {entry.revision}, {entry.time}, {entry.user}: {entry.command} ({entry.change})"


# --- stale copies --------------------------------------------------------------------------------------

def check_revision(meta: Metadata, expected: int | None) -> None:
    """Refuses a workbook that is not at revision ``expected`` (no check when ``expected`` is ``None``).

    :raises StaleCopyError: naming both revisions and the workbook's last journal entry.
    """
    if expected is not None and meta.revision != expected:
        raise StaleCopyError(f"the workbook is at revision {meta.revision}, not {expected} as expected; it was "
                             f"changed since it was read (last change: {entry_text(meta.last_entry)})")


def check_unchanged(port: WorkbookPort, revision_read: int) -> None:
    """For a door that reads, computes, then commits (the Excel add-in): re-reads the ``_sheetpair`` sheet
    just before committing and refuses when another program wrote the workbook since it was read.

    :raises StaleCopyError: as :func:`check_revision`.
    """
    check_revision(read_metadata(port), revision_read)


# --- describing changes ----------------------------------------------------------------------------

def _round_of(part: str) -> int:
    return int(part.split()[1])


def _results_lines(number: int, old: list[list[Any]] | None, new: list[list[Any]] | None, verb: str) -> list[str]:
    before = {board: code for board, code in old or []}
    after = {board: code for board, code in new or []}
    lines = []
    for board in sorted(set(before) & set(after)):
        was, now = before[board], after[board]
        if was == now:
            continue
        if not was:
            lines.append(f"round {number} board {board}: {now} {verb}")
        elif not now:
            lines.append(f"round {number} board {board}: {was} cleared")
        else:
            lines.append(f"round {number} board {board}: {was} changed to {now}")
    return lines


def _pairing_lines(number: int, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    before = {board: (white, black) for board, white, black in old["games"]}
    after = {board: (white, black) for board, white, black in new["games"]}
    lines = []
    for board in sorted(set(before) | set(after)):
        was, now = before.get(board), after.get(board)
        if was == now:
            continue
        if was is None:
            lines.append(f"round {number} board {board}: {now[0]}-{now[1]} added")  # type: ignore[index]
        elif now is None:
            lines.append(f"round {number} board {board}: {was[0]}-{was[1]} removed")
        else:
            lines.append(f"round {number} board {board}: {was[0]}-{was[1]} changed to {now[0]}-{now[1]}")
    if old["byes"] != new["byes"]:
        lines.append(f"round {number} byes: {_byes_text(old['byes'])} changed to {_byes_text(new['byes'])}")
    return lines


def _byes_text(byes: list[list[Any]]) -> str:
    return ", ".join(f"{player} ({kind})" for player, kind, _ in byes) or "none"


def _settings_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    flat_old, flat_new = _flatten(old), _flatten(new)
    return [f"setting {key}: {flat_old.get(key)!r} changed to {flat_new.get(key)!r}"
            for key in sorted(set(flat_old) | set(flat_new)) if flat_old.get(key) != flat_new.get(key)]


def _flatten(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, dict):
            flat |= _flatten(value, f"{prefix}{key}.")
        else:
            flat[prefix + key] = value
    return flat


def describe_part(part: str, old: Any, new: Any, *, by_hand: bool = False) -> list[str]:
    """What changed in ``part`` from ``old`` to ``new`` (``None`` when the part did not exist), one line per
    board, bye or setting where the values are known, else one line for the part. A result new in a round is
    "typed" when ``by_hand``, else "entered"."""
    if part.endswith(" results"):
        return _results_lines(_round_of(part), old, new, "typed" if by_hand else "entered")
    if part.endswith(" pairing"):
        if old is None or new is None:
            return [f"round {_round_of(part)} {'paired' if old is None else 'removed'}"]
        return _pairing_lines(_round_of(part), old, new)
    if part == SETTINGS and old is not None and new is not None:
        return _settings_lines(old, new)
    return [f"{part} changed"]


def changes(before: Tournament, after: Tournament) -> list[str]:
    """Every change from ``before`` to ``after``, one line each, parts in the order of the workbook."""
    old, new = tournament_parts(before), tournament_parts(after)
    lines = []
    for part in [*old, *(p for p in new if p not in old)]:
        if old.get(part) != new.get(part):
            lines += describe_part(part, old.get(part), new.get(part))
    return lines


# --- hand edits ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HandEdit:
    """One part typed into by hand since sheetpair last wrote the workbook, with one line per change."""

    part: str
    lines: tuple[str, ...]

    @property
    def is_results(self) -> bool:
        """Results typed into a round sheet: the normal way of entering them, nothing to check."""
        return self.part.endswith(" results")

    @property
    def round_number(self) -> int | None:
        return _round_of(self.part) if self.part.startswith("round ") else None


def hand_edits(meta: Metadata, tournament: Tournament) -> list[HandEdit]:
    """The parts of ``tournament`` (as read) that differ from what sheetpair last wrote (``meta``).

    A workbook without hashes (never written by this version) has no detectable hand edits.
    """
    if not meta.hashes:
        return []
    parts = tournament_parts(tournament)
    edits = []
    for part in [*meta.hashes, *(p for p in parts if p not in meta.hashes)]:
        stored, current = meta.hashes.get(part), parts.get(part)
        if current is not None and stored == part_hash(current):
            continue
        written = as_cut_now(part, meta.written[part]) if part in meta.written else None
        if current is not None and written == current:
            continue  # written by an earlier version, before a field of the part existed
        if part.endswith(" results") and pairing_part(_round_of(part)) not in (meta.hashes.keys() & parts.keys()):
            continue  # its round sheet was added or removed as a whole: said once, by the pairing
        if current is None:
            lines = [f"round {_round_of(part)} removed by hand"]
        elif stored is None:
            lines = [f"round {_round_of(part)} added by hand" if part.endswith(" pairing") else f"{part} added by hand"]
        elif written is not None:
            lines = describe_part(part, written, current, by_hand=True)
        else:
            lines = [f"{part} edited by hand"]
        edits.append(HandEdit(part, tuple(lines)))
    return edits


# --- deleted games ---------------------------------------------------------------------------------------

DELETED_GAMES_OPTION = "--accept-deleted-games"


@dataclass(frozen=True)
class DeletedGame:
    """A game sheetpair last wrote with a result, in a round that had results, that the round sheet no
    longer holds: its board row was deleted or cleared by hand (or the whole round sheet removed)."""

    round_number: int
    board: int
    white: int
    black: int
    result: str

    def text(self, tournament: Tournament) -> str:
        return (f"round {self.round_number} board {self.board} ({player_name(tournament, self.white)} - "
                f"{player_name(tournament, self.black)}, {self.result}) was deleted from the sheet")


def deleted_games(meta: Metadata, tournament: Tournament) -> list[DeletedGame]:
    """The games with a result that ``tournament`` (as read) lost since sheetpair last wrote ``meta``.

    A game counts as kept while its two players still meet in that round, on any board and with either
    colour, so boards renumbered or colours swapped by hand are edits, not deletions. Only games whose
    result was written are looked at: a pending board dropped by hand is a pairing edit, the arbiter's
    decision, while a played game dropped silently takes the points of both players with it.
    """
    found = []
    rounds = {rnd.number: rnd for rnd in tournament.rounds}
    for part, written in meta.written.items():
        if not part.endswith(" pairing"):
            continue
        number = _round_of(part)
        results = {board: code for board, code in meta.written.get(results_part(number), [])}
        rnd = rounds.get(number)
        meetings = {frozenset((g.white, g.black)) for g in rnd.games} if rnd is not None else set()
        found += [DeletedGame(number, board, white, black, results[board]) for board, white, black in written["games"]
                  if results.get(board) and frozenset((white, black)) not in meetings]
    return sorted(found, key=lambda game: (game.round_number, game.board))


def refuse_deleted_games(meta: Metadata, tournament: Tournament, stamp: Stamp | None = None) -> None:
    """Refuses to go on from a workbook that lost a played game by hand, unless ``stamp`` confirms it.

    :raises WorkbookError: naming the round sheet, the board and both players, and how to restore the game.
    """
    lost = deleted_games(meta, tournament)
    if not lost or (stamp is not None and stamp.accept_deleted_games):
        return
    first = lost[0]
    more = f" (and {len(lost) - 1} more game(s) with a result)" if len(lost) > 1 else ""
    raise WorkbookError(f"{first.text(tournament)}{more}, so both players would lose the game; type the board "
                        f"back (board {first.board}, White {first.white}, Black {first.black}, result {first.result}), "
                        f"or, if it really is to go, give {DELETED_GAMES_OPTION} to the next pair, result, bye, "
                        "withdraw, enter or undo",
                        sheet=f"Round {first.round_number}")


# --- rule checks ---------------------------------------------------------------------------------------

def _met(game: Game) -> bool:
    """A game that counts as a meeting: played, or still to be played (a forfeit is no meeting)."""
    return game.result.was_played or not game.result.is_known


def pairing_problems(tournament: Tournament, round_number: int) -> list[str]:
    """Each rule the pairing of ``round_number`` breaks: a rematch (C.04.1 b, Dutch criterion C1), a player
    twice in the round, a withdrawn player paired, a pair the arbiter ruled must not meet."""
    rnd = tournament.round(round_number)
    problems = []
    seen = Counter(p for g in rnd.games for p in (g.white, g.black)) + Counter(b.player for b in rnd.byes)
    problems += [f"round {round_number}: {player_name(tournament, tpn)} appears {count} times in the round"
                 for tpn, count in sorted(seen.items()) if count > 1]
    allowed = 2 if tournament.settings.double_round_robin else 1
    for game in sorted(rnd.games, key=lambda g: g.board):
        where = f"round {round_number} board {game.board}"
        names = f"{player_name(tournament, game.white)} and {player_name(tournament, game.black)}"
        pair = {game.white, game.black}
        met = [other.number for other in tournament.rounds if other.number != round_number
               for g in other.games if {g.white, g.black} == pair and _met(g)]
        if len(met) >= allowed and _met(game):
            problems.append(f"{where}: {names} met in round {', '.join(map(str, met))} [C1]")
        if frozenset(pair) in tournament.forbidden_pairs:
            problems.append(f"{where}: {names} must not meet [forbidden pair]")
        for tpn in (game.white, game.black):
            player = tournament.player(tpn) if tournament.has_player(tpn) else None
            if player is not None and not player.is_active_in(round_number) and game.result.was_played:
                problems.append(f"{where}: {player.name} is withdrawn from round {player.withdrawn_from} [withdrawn]")
            elif player is not None and not player.is_active_in(round_number) and not game.result.is_known:
                problems.append(f"{where}: {player.name} is withdrawn from round {player.withdrawn_from} but "
                                "paired [withdrawn]")
    return problems


def edit_problems(meta: Metadata, tournament: Tournament) -> list[str]:
    """The rules broken by the structural hand edits (pairings, roster, forbidden pairs): the edited rounds
    are checked, and every round when the roster or the forbidden pairs were edited."""
    structural = [e for e in hand_edits(meta, tournament) if not e.is_results]
    if not structural:
        return []
    roster_wide = any(e.round_number is None for e in structural)
    numbers = range(1, tournament.current_round + 1) if roster_wide else sorted(
        {n for e in structural if (n := e.round_number) is not None and n <= tournament.current_round})
    return [line for number in numbers for line in pairing_problems(tournament, number)]


def player_name(tournament: Tournament, tpn: int) -> str:
    """The player's name, or the start number when the roster (edited by hand) no longer has it."""
    return tournament.player(tpn).name if tournament.has_player(tpn) else f"start number {tpn}"


# --- writing: the journal of one write --------------------------------------------------------------

def journal_for_write(meta: Metadata, before: Tournament | None, after: Tournament, stamp: Stamp) -> list[JournalEntry]:
    """The journal entries of the write of ``after`` over a workbook with ``meta`` read as ``before``.

    Hand edits found in ``before`` come first (one entry); a hand-edited pairing is also kept as a ``###``
    comment line for the TRF export and each rule it breaks is passed to ``stamp.warn``. Then the command's
    own entry, naming what it changed.
    """
    revision, time = meta.revision + 1, utc_now()
    if before is None:  # a write without a read (a new workbook, the standings): no hand edit can be told apart
        done = [line for edit in hand_edits(meta, after) for line in edit.lines] if meta.revision else ["created"]
        return [JournalEntry(revision, time, stamp.user, stamp.command or "write", _one_line(done) or "no change")]
    entries = []
    edits = hand_edits(meta, before)
    if edits:
        lines = [line for edit in edits for line in edit.lines]
        entries.append(JournalEntry(revision, time, HAND_EDIT_USER, HAND_EDIT_COMMAND, _one_line(lines)))
        for edit in edits:
            if edit.part.endswith(" pairing"):
                after.preserved_records.append(f"### {edit.part} edited by hand (revision {revision}): "
                                               + _one_line(list(edit.lines)))
        problems = edit_problems(meta, before)
        for problem in problems:
            if stamp.warn is not None:
                stamp.warn(f"hand-edited pairing kept as the arbiter's decision, but {problem}")
    done = changes(before, after)
    entries.append(JournalEntry(revision, time, stamp.user, stamp.command or "write", _one_line(done) or "no change"))
    return entries


def _one_line(lines: list[str], limit: int = 400) -> str:
    text = "; ".join(lines)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- comparing two copies ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Difference:
    """One item in which two copies differ. ``side`` is the copy that has it (``A`` or ``B``), or
    ``None`` for a conflict the arbiter must resolve; ``item`` is the id ``--take ITEM=A|B`` names."""

    item: str
    text: str
    a: str
    b: str
    side: Side | None

    @property
    def is_conflict(self) -> bool:
        return self.side is None


@dataclass(frozen=True)
class Copy:
    """One copy of an event: the tournament as read and its metadata."""

    tournament: Tournament
    meta: Metadata


def read_copy(port: WorkbookPort) -> Copy:
    return Copy(load_tournament(port), read_metadata(port))


def same_event(a: Copy, b: Copy) -> None:
    """:raises OperationError: when the copies are of different events (different event ids)."""
    if a.meta.event_id and b.meta.event_id and a.meta.event_id != b.meta.event_id:
        raise OperationError(f"these are two different events (event ids {a.meta.event_id} and "
                             f"{b.meta.event_id}); only copies of one event can be compared or merged")


def compare(a: Tournament, b: Tournament) -> list[Difference]:
    """Every difference between two copies of one event, part by part: settings, roster, requested byes,
    forbidden pairs, then round by round (pairings, then results board by board)."""
    return [*_compare_settings(a, b), *_compare_roster(a, b), *_compare_requested_byes(a, b),
            *_compare_forbidden(a, b), *_compare_rounds(a, b)]


def _compare_settings(a: Tournament, b: Tournament) -> list[Difference]:
    parts_a, parts_b = tournament_parts(a), tournament_parts(b)
    flat_a, flat_b = _flatten(parts_a[SETTINGS]), _flatten(parts_b[SETTINGS])
    return [Difference(f"setting.{key}", f"setting {key} differs", repr(flat_a.get(key)), repr(flat_b.get(key)), None)
            for key in sorted(set(flat_a) | set(flat_b)) if flat_a.get(key) != flat_b.get(key)]


def _compare_roster(a: Tournament, b: Tournament) -> list[Difference]:
    roster_a = {p["tpn"]: p for p in tournament_parts(a)[ROSTER]}
    roster_b = {p["tpn"]: p for p in tournament_parts(b)[ROSTER]}
    found = []
    for tpn in sorted(set(roster_a) | set(roster_b)):
        pa, pb = roster_a.get(tpn), roster_b.get(tpn)
        if pa == pb:
            continue
        if pa is None or pb is None:
            side: Side = "A" if pb is None else "B"
            name = (pa or pb or {}).get("name")
            found.append(Difference(f"player{tpn}", f"player {tpn} ({name}) only in {side}",
                                    str(pa and pa["name"] or "-"), str(pb and pb["name"] or "-"), side))
            continue
        fields = [key for key in pa if pa[key] != pb.get(key)]
        found.append(Difference(f"player{tpn}", f"player {tpn} ({pa['name']}) differs in {', '.join(fields)}",
                                _fields_text(pa, fields), _fields_text(pb, fields), None))
    return found


def _fields_text(player: dict[str, Any], fields: list[str]) -> str:
    return ", ".join(f"{key}={player.get(key)!r}" for key in fields)


def _compare_requested_byes(a: Tournament, b: Tournament) -> list[Difference]:
    """Byes asked for rounds neither copy has paired (those of a round one copy paired are part of that
    round's item: see :func:`_later_rounds`)."""
    found = []
    paired = max(a.current_round, b.current_round)
    keys = {(n, t) for n, wanted in a.requested_byes.items() for t in wanted if n > paired}
    keys |= {(n, t) for n, wanted in b.requested_byes.items() for t in wanted if n > paired}
    for number, tpn in sorted(keys):
        ka, kb = a.requested_byes.get(number, {}).get(tpn), b.requested_byes.get(number, {}).get(tpn)
        if ka == kb:
            continue
        side: Side | None = None if ka and kb else ("A" if ka else "B")
        found.append(Difference(f"bye.r{number}.p{tpn}", f"round {number}: bye requested by player {tpn}",
                                ka.value if ka else "-", kb.value if kb else "-", side))
    return found


def _compare_forbidden(a: Tournament, b: Tournament) -> list[Difference]:
    found = []
    for pair in sorted(sorted(p) for p in a.forbidden_pairs ^ b.forbidden_pairs):
        side: Side = "A" if frozenset(pair) in a.forbidden_pairs else "B"
        found.append(Difference(f"forbidden.{pair[0]}-{pair[1]}", f"forbidden pair {pair[0]}-{pair[1]} only in {side}",
                                "yes" if side == "A" else "-", "yes" if side == "B" else "-", side))
    return found


def _rank(result: Result) -> int:
    """How much a board's result says: nothing, postponed, final."""
    return 2 if result.is_known else (1 if result is Result.POSTPONED else 0)


def _compare_rounds(a: Tournament, b: Tournament) -> list[Difference]:
    found = []
    for number in range(1, min(a.current_round, b.current_round) + 1):
        ra, rb = a.round(number), b.round(number)
        if round_pairing(ra) != round_pairing(rb):
            found.append(Difference(f"round{number}", f"round {number} is paired differently",
                                    _pairing_text(ra), _pairing_text(rb), None))
            continue
        found += _compare_results(number, ra, rb)
    if a.current_round > b.current_round:
        found.append(_later_rounds(a, b, "A"))
    elif b.current_round > a.current_round:
        found.append(_later_rounds(b, a, "B"))
    return found


def _compare_results(number: int, ra: Round, rb: Round) -> list[Difference]:
    found = []
    for game in sorted(ra.games, key=lambda g: g.board):
        other = rb.game_on_board(game.board)
        assert other is not None  # same pairing
        if result_code(game) == result_code(other):
            continue
        ranks = _rank(game.result), _rank(other.result)
        side: Side | None = None if ranks[0] == ranks[1] else ("A" if ranks[0] > ranks[1] else "B")
        text = (f"round {number} board {game.board}: conflicting results" if side is None
                else f"round {number} board {game.board}: result entered only in {side}")
        found.append(Difference(f"r{number}b{game.board}", text, result_code(game) or "-",
                                result_code(other) or "-", side))
    return found


def _later_rounds(longer: Tournament, shorter: Tournament, side: Side) -> Difference:
    """The rounds paired in one copy only. They merge when that copy paired them knowing every result and
    every requested bye the other copy has; else the pairing may not be the one the system makes now."""
    first, last = shorter.current_round + 1, longer.current_round
    span = f"round {first}" if first == last else f"rounds {first}-{last}"
    results, byes = _results_unknown(longer, shorter), _byes_unknown(longer, shorter)
    other: Side = "B" if side == "A" else "A"
    a, b = ("paired", "-") if side == "A" else ("-", "paired")
    if not results and not byes:
        return Difference(f"round{first}", f"{span} paired only in {side}", a, b, side)
    reasons = []
    if results:
        reasons.append(f"paired in {side} before round {first - 1} was complete in {other}: {other} has "
                       f"{', '.join(results)}")
    if byes:
        reasons.append(f"paired in {side} without the bye(s) asked in {other}: {', '.join(byes)}")
    return Difference(f"round{first}", f"{span} " + "; ".join(reasons) + f", which {side} did not have when pairing",
                      a, b, None)


def _results_unknown(longer: Tournament, shorter: Tournament) -> list[str]:
    """Results (or whole rounds) of the shorter copy that the longer one did not have."""
    unknown = []
    for number in range(1, shorter.current_round + 1):
        ours, theirs = longer.round(number), shorter.round(number)
        for game in theirs.games:
            mine = ours.game_on_board(game.board)
            if mine is None or (mine.white, mine.black) != (game.white, game.black):
                unknown.append(f"round {number} paired differently")
                break
            if _rank(game.result) > _rank(mine.result) or (game.result.is_known and mine.result is not game.result):
                unknown.append(f"round {number} board {game.board} {result_code(game)}")
    return unknown


def _byes_unknown(longer: Tournament, shorter: Tournament) -> list[str]:
    """Byes asked in the shorter copy for rounds the longer one paired without giving them."""
    unknown = []
    for number in range(shorter.current_round + 1, longer.current_round + 1):
        given = {(bye.player, bye.kind) for bye in longer.round(number).byes}
        unknown += [f"{kind.value} bye for {player_name(shorter, tpn)} in round {number}"
                    for tpn, kind in sorted(shorter.requested_byes.get(number, {}).items()) if (tpn, kind) not in given]
    return unknown


def _pairing_text(rnd: Round) -> str:
    games = [f"{g.board}:{g.white}-{g.black}" for g in sorted(rnd.games, key=lambda g: g.board)]
    return " ".join(games + [f"bye:{b.player}" for b in rnd.byes])


# --- merging -------------------------------------------------------------------------------------------

class MergeConflictError(OperationError):
    """Two copies conflict and the arbiter has not said which side to take; nothing was written."""

    def __init__(self, conflicts: list[Difference]) -> None:
        self.conflicts = conflicts
        listed = "".join(f"\n  {d.item}: {d.text} (A: {d.a}; B: {d.b})" for d in conflicts)
        super().__init__(f"nothing was written: {len(conflicts)} conflict(s) to resolve with --take A|B for all, "
                         f"or --take ITEM=A|B for one:{listed}")


def merge(a: Tournament, b: Tournament, *, take: dict[str, Side] | None = None,
          take_all: Side | None = None) -> tuple[Tournament, list[Difference]]:
    """The two copies merged: what only one copy has is taken from it; each conflict from the side
    ``take`` names for its item, else ``take_all``. Returns the merged tournament and the differences.

    :raises MergeConflictError: listing every conflict left unresolved (nothing is merged).
    :raises OperationError: for a ``take`` item that is not one of the differences.
    """
    take = take or {}
    found = compare(a, b)
    unknown = sorted(set(take) - {d.item for d in found})
    if unknown:
        raise OperationError(f"--take names {', '.join(unknown)}, which is not a difference of these copies")
    open_conflicts = [d for d in found if d.is_conflict and take.get(d.item, take_all) is None]
    if open_conflicts:
        raise MergeConflictError(open_conflicts)
    merged = copy.deepcopy(a)
    for difference in found:
        chosen = difference.side or take.get(difference.item, take_all)
        if chosen == "B":
            _take_from_b(merged, b, difference)
    for number in [n for n in merged.requested_byes if n <= merged.current_round]:
        del merged.requested_byes[number]  # asked for a round now paired: the pairing has settled them
    return merged, found


def _take_from_b(merged: Tournament, b: Tournament, difference: Difference) -> None:
    item = difference.item
    if item.startswith("setting."):
        merged.settings = _setting_from(merged, b, item[len("setting."):])
    elif item.startswith("player"):
        tpn = int(item[len("player"):])
        merged.players = sorted([p for p in merged.players if p.tpn != tpn]
                                + [copy.deepcopy(p) for p in b.players if p.tpn == tpn], key=lambda p: p.tpn)
    elif item.startswith("bye."):
        number, tpn = (int(x[1:]) for x in item.split(".")[1:])
        kind: ByeKind | None = b.requested_byes.get(number, {}).get(tpn)
        wanted = merged.requested_byes.setdefault(number, {})
        if kind is None:
            wanted.pop(tpn, None)
        else:
            wanted[tpn] = kind
    elif item.startswith("forbidden."):
        pair = frozenset(int(x) for x in item[len("forbidden."):].split("-"))
        merged.forbidden_pairs ^= {pair}
    elif item.startswith("round"):
        number = int(item[len("round"):])
        merged.rounds = merged.rounds[: number - 1] + copy.deepcopy(b.rounds[number - 1:])
    else:
        number, board = (int(x) for x in item[1:].split("b"))
        game = merged.round(number).game_on_board(board)
        other = b.round(number).game_on_board(board)
        assert game is not None and other is not None
        game.result, game.rated = other.result, other.rated


def _setting_from(merged: Tournament, b: Tournament, key: str) -> Any:
    """``merged``'s settings with the one setting ``key`` (``event.name`` for the event header) from ``b``."""
    head, _, rest = key.partition(".")
    if head == "event" and rest:
        return replace(merged.settings, event=replace(merged.settings.event, **{rest: getattr(b.settings.event, rest)}))
    if head == "options":
        options = dict(merged.settings.options)
        if rest in b.settings.options:
            options[rest] = b.settings.options[rest]
        else:
            options.pop(rest, None)
        return replace(merged.settings, options=options)
    return replace(merged.settings, **{head: copy.deepcopy(getattr(b.settings, head))})


def merged_journal(a: Metadata, b: Metadata) -> list[JournalEntry]:
    """Both histories: the union of the two journals in time order (entries of one write keep their order)."""
    union = {entry.key: entry for entry in [*a.journal, *b.journal]}
    return sorted(union.values(), key=lambda e: (e.time, e.revision))



def compare_copies(a: WorkbookPort, b: WorkbookPort) -> list[Difference]:
    """The differences between two workbooks holding copies of one event (``sheetpair diff``).

    :raises OperationError: when they hold different events.
    """
    first, second = read_copy(a), read_copy(b)
    same_event(first, second)
    return compare(first.tournament, second.tournament)
