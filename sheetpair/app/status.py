"""``sheetpair status``: what was typed or edited by hand since sheetpair last wrote a workbook, the rules
those edits break, and what the next pairing still waits for.

Results typed into a round sheet are the normal way of entering them and are only listed. Edited pairings,
roster or forbidden pairs are the arbiter's decision, but each rule they break is named
(:func:`sheetpair.history.edits.pairing_problems`); when the last paired round was edited, the boards the
system would have made for the players concerned are shown beside them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.errors import OperationError, PairingError
from ..core.model import Result, Tournament
from ..history.edits import deleted_games, edit_problems, hand_edits, parts_edited, player_name
from ..history.parts import pairing_part
from ..history.records import JournalEntry, Metadata
from ..history.team import team_parts
from ..io.metadata import read_metadata
from ..io.port import WorkbookPort
from ..io.team_workbook import load_team_book
from ..io.workbook import holds_team_event, load_tournament
from ..pairing import get_system
from .check import pairing_input
from .operations import pending_games


@dataclass
class Status:
    """What ``sheetpair status`` reports: the revision, the hand edits since the last write with the rules
    they break, the current round, and what is missing before the next pairing."""

    event_id: str
    revision: int
    last_entry: JournalEntry | None
    current_round: int
    planned_rounds: int
    results_typed: list[str] = field(default_factory=list)
    edits: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    system_would_pair: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "event_id": self.event_id, "revision": self.revision,
            "last_change": None if self.last_entry is None else vars(self.last_entry),
            "current_round": self.current_round, "planned_rounds": self.planned_rounds,
            "results_typed": self.results_typed, "edits": self.edits, "problems": self.problems,
            "system_would_pair": self.system_would_pair, "missing": self.missing,
        }


def status(port: WorkbookPort) -> Status:
    """What changed by hand since sheetpair last wrote the workbook, and what the next pairing waits for."""
    if holds_team_event(port):
        return team_status(port)
    tournament = load_tournament(port)
    meta = read_metadata(port)
    report = Status(meta.event_id, meta.revision, meta.last_entry, tournament.current_round,
                    tournament.settings.rounds)
    for edit in hand_edits(meta, tournament):
        (report.results_typed if edit.is_results else report.edits).extend(edit.lines)
    report.problems = [game.text(tournament) for game in deleted_games(meta, tournament)]
    report.problems += edit_problems(meta, tournament)
    changed = _changed_players(meta, tournament, tournament.current_round) if report.edits else set()
    report.system_would_pair = (system_pairing(tournament, tournament.current_round, changed) or []) if changed else []
    report.missing = missing_before_next_pairing(tournament)
    return report


def team_status(port: WorkbookPort) -> Status:
    """``sheetpair status`` of a team event: the revision and last change, what was typed or edited by hand
    since sheetpair last wrote it (results apart), and the tables of the last round still without a result."""
    book = load_team_book(port)
    meta = read_metadata(port)
    report = Status(meta.event_id, meta.revision, meta.last_entry, len(book.event.rounds), book.rounds)
    for edit in parts_edited(meta, team_parts(book), team=True):
        (report.results_typed if edit.is_results else report.edits).extend(edit.lines)
    if len(book.event.rounds) >= book.rounds:
        report.missing.append(f"all {book.rounds} rounds are paired")
    if book.event.rounds:
        last = book.event.rounds[-1]
        report.missing += [f"round {last.number} table {m.table} ({book.event.team(m.white).name} - "
                           f"{book.event.team(m.black).name}): results missing"
                           for m in last.matches if not m.is_complete]
    return report


def system_pairing(tournament: Tournament, round_number: int, players: set[int]) -> list[str] | None:
    """The boards the system would have paired for ``players`` in the last paired round, or ``None`` when
    the round is not the last or the system cannot re-pair it."""
    if round_number != tournament.current_round:
        return None
    try:
        system = get_system(tournament.settings.system)
        pairing = system.pair(pairing_input(tournament, round_number), round_number)
    except (PairingError, OperationError):
        return None
    lines = [f"{player_name(tournament, g.white)} - {player_name(tournament, g.black)}" for g in pairing.games
             if {g.white, g.black} & players]
    lines += [f"{player_name(tournament, b.player)} bye ({b.kind.value})" for b in pairing.byes if b.player in players]
    return lines


def _changed_players(meta: Metadata, tournament: Tournament, number: int) -> set[int]:
    """Players of the boards of round ``number`` that differ from the pairing sheetpair wrote."""
    if number < 1:
        return set()
    written = meta.written.get(pairing_part(number))
    rnd = tournament.round(number)
    if written is None:
        return rnd.players() if pairing_part(number) not in meta.hashes else set()
    old = {(w, b) for _, w, b in written["games"]} | {(p, 0) for p, _, _ in written["byes"]}
    new = {(g.white, g.black) for g in rnd.games} | {(b.player, 0) for b in rnd.byes}
    return {p for pair in old ^ new for p in pair if p}


def missing_before_next_pairing(tournament: Tournament) -> list[str]:
    """Results still missing and postponed games, by round and board; or that every round is paired."""
    lines = [f"all {tournament.settings.rounds} rounds are paired"] \
        if tournament.current_round >= tournament.settings.rounds else []
    for number, game in pending_games(tournament):
        names = f"{player_name(tournament, game.white)} - {player_name(tournament, game.black)}"
        state = "postponed" if game.result is Result.POSTPONED else "no result yet"
        lines.append(f"round {number} board {game.board} ({names}): {state}")
    return lines
