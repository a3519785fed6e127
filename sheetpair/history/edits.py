"""What was typed by hand since sheetpair last wrote: the edits found by the parts' hashes, games with a
result deleted from a round sheet, and the rules an edited pairing breaks (an edited pairing is the arbiter's
decision, which the FIDE rules allow; sheetpair records it and names each rule it breaks)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..core.errors import WorkbookError
from ..core.model import Tournament
from ..core.state import rounds_met
from .describe import describe_part
from .parts import (
    LINEUPS,
    as_cut_now,
    pairing_part,
    part_hash,
    results_part,
    round_of,
    tournament_parts,
)
from .records import Metadata
from .stamp import Stamp


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
        return round_of(self.part) if self.part.startswith("round ") else None


def hand_edits(meta: Metadata, tournament: Tournament) -> list[HandEdit]:
    """The parts of ``tournament`` (as read) that differ from what sheetpair last wrote (``meta``).

    A workbook without hashes (never written by this version) has no detectable hand edits.
    """
    return parts_edited(meta, tournament_parts(tournament))


def parts_edited(meta: Metadata, parts: dict[str, Any], *, team: bool = False) -> list[HandEdit]:
    """:func:`hand_edits` of an event cut into ``parts`` (``team``: a team event's, see :mod:`.team`)."""
    if not meta.hashes:
        return []
    edits = []
    for part in [*meta.hashes, *(p for p in parts if p not in meta.hashes)]:
        stored, current = meta.hashes.get(part), parts.get(part)
        if current is not None and stored == part_hash(current):
            continue
        written = meta.written.get(part)
        if written is not None and not team:
            written = as_cut_now(part, written)
        if current is not None and written == current:
            continue  # written by an earlier version, before a field of the part existed
        in_both = meta.hashes.keys() & parts.keys()
        if part.endswith((" results", LINEUPS)) and pairing_part(round_of(part)) not in in_both:
            continue  # its round sheet was added or removed as a whole: said once, by the pairing
        if current is None:
            lines = [f"round {round_of(part)} removed by hand"]
        elif stored is None:
            lines = [f"round {round_of(part)} added by hand" if part.endswith(" pairing") else f"{part} added by hand"]
        elif written is not None:
            lines = describe_part(part, written, current, by_hand=True, team=team)
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
        number = round_of(part)
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
        met = rounds_met(tournament, game.white, game.black, pending=True, excluding_round=round_number)
        if len(met) >= allowed and game.result.is_meeting(pending=True):
            problems.append(f"{where}: {names} met in round {', '.join(map(str, met))} [C1]")
        if frozenset((game.white, game.black)) in tournament.forbidden_pairs:
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
    return problems_of(hand_edits(meta, tournament), tournament)


def problems_of(edits: list[HandEdit], tournament: Tournament) -> list[str]:
    """:func:`edit_problems` of the hand ``edits`` already found in ``tournament``."""
    structural = [e for e in edits if not e.is_results]
    if not structural:
        return []
    roster_wide = any(e.round_number is None for e in structural)
    numbers = range(1, tournament.current_round + 1) if roster_wide else sorted(
        {n for e in structural if (n := e.round_number) is not None and n <= tournament.current_round})
    return [line for number in numbers for line in pairing_problems(tournament, number)]


def player_name(tournament: Tournament, tpn: int) -> str:
    """The player's name, or the start number when the roster (edited by hand) no longer has it."""
    return tournament.player(tpn).name if tournament.has_player(tpn) else f"start number {tpn}"
