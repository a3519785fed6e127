"""Why a round is paired the way it is (C.04.1 Art. 9), in the words of the event's own system.

The round is re-paired from exactly the input the checker uses (:func:`sheetpair.app.check.pairing_input`),
so ``explain`` and ``check`` always speak of the same history.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import OperationError
from ..core.model import Tournament
from ..pairing import get_system
from ..pairing.explanation import RoundExplanation
from .check import pairing_input


@dataclass(frozen=True)
class Explained:
    """A round's explanation, and whether the stored round differs from the pairing explained."""

    round_number: int
    explanation: RoundExplanation
    differs_from_stored: bool
    decisions: tuple[str, ...] = ()
    """The arbiter's decisions recorded for the round: the explanation is of the system's own pairing beside them."""


def explain(tournament: Tournament, round_number: int | None, board: int | None = None) -> Explained:
    """Explains round ``round_number`` (a paired round, or the next one; default: the last paired round), or
    only its ``board``.

    :raises OperationError: for a round neither paired nor next, or a board the round does not have; with no
        round given, when none is paired yet.
    :raises PairingError: when the system gives no explanations.
    """
    if round_number is None:
        round_number = tournament.current_round
        if round_number < 1:
            raise OperationError("no round is paired yet: there is nothing to explain")
    history = pairing_input(tournament, round_number)
    explanation = get_system(tournament.settings.system).explain(history, round_number)
    if board is not None and not any(b.board == board for b in explanation.boards):
        raise OperationError(f"round {round_number} has no board {board}")
    differs = False
    if round_number <= tournament.current_round:
        stored = [(g.white, g.black) for g in tournament.round(round_number).games]
        differs = stored != [(b.white, b.black) for b in explanation.boards]
    return Explained(round_number, explanation, differs, tuple(tournament.decisions(round_number)))
