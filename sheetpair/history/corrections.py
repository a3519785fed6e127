"""Results typed into a round sheet that a later round was paired from: guarded as ``result`` guards them.

Typing a result into a round sheet is the normal way to enter one, and sheetpair reads it as the arbiter's
hand edit. Changing a result that was already known, in a round the next round was paired from, changes
the scores that pairing was made from; the command line refuses that without ``--force`` (a deliberate
correction). The same change typed into the sheet used to pass unchecked, so the next command of any kind
now refuses it in the same words, and ``sheetpair result ... --force`` is how it is confirmed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import OperationError
from ..core.model import Tournament
from .parts import results_part, round_results
from .records import Metadata


@dataclass(frozen=True)
class TypedCorrection:
    """A known result of ``round_number`` changed by hand on ``board``, with later rounds paired from it."""

    round_number: int
    board: int
    written: str
    typed: str

    def text(self) -> str:
        typed = self.typed or "cleared"
        return f"round {self.round_number} board {self.board} was {self.written}, typed {typed}"


def typed_corrections(meta: Metadata, tournament: Tournament) -> list[TypedCorrection]:
    """The known results sheetpair last wrote (``meta``) that were typed over by hand, in rounds a later
    round was paired from, for games whose players play in a later round."""
    found = []
    for rnd in tournament.rounds[:-1]:
        written = {board: code for board, code in meta.written.get(results_part(rnd.number), [])}
        later = {p for after in tournament.rounds[rnd.number:] for g in after.games for p in (g.white, g.black)}
        games = {g.board: g for g in rnd.games}
        for board, typed in round_results(rnd):
            before = written.get(board, "")
            game = games[board]
            if before and before != "*" and typed != before and {game.white, game.black} & later:
                found.append(TypedCorrection(rnd.number, board, before, typed))
    return found


def refuse_typed_corrections(meta: Metadata, tournament: Tournament, *, force: bool) -> None:
    """Refuses, unless ``force``, results typed over in rounds a later round was paired from.

    :raises OperationError: naming the first such board and how to confirm the correction.
    """
    found = typed_corrections(meta, tournament)
    if not found or force:
        return
    first = found[0]
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    code = first.typed or "''"
    raise OperationError(f"Round {first.round_number}: {first.text()} by hand{more}, and round "
                         f"{first.round_number + 1} is already paired from it; correct it only as a deliberate "
                         f"change: sheetpair result WORKBOOK --round {first.round_number} --board {first.board} "
                         f"{code} --force (or type {first.written} back)")
