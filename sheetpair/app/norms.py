"""The use case behind ``sheetpair norms`` (and the "Norms" button): every player's title norms so far."""

from __future__ import annotations

from ..core.errors import OperationError
from ..core.norms import MIN_GAMES, PlayerNorms, all_norms, it3_counts
from ..io.norms import it1_sheet, norms_sheet
from ..io.port import WorkbookPort
from .ranking import standings
from .session import load


def norms(port: WorkbookPort, *, player: int | None = None, exempt: bool = False, needed: int = MIN_GAMES,
          write_sheets: bool = False) -> list[PlayerNorms]:
    """The norms of every player (or of ``player``) after the rounds with results, in the event's rounds;
    with ``write_sheets``, the Norms sheet (with the IT3 counts) and, when a norm is achieved, the IT1 sheet.

    ``exempt`` says the event is one of those B.01 1.4.3a-c frees from the federation rules; ``needed`` is the
    games a norm needs (9, or 7 or 8 in the events B.01 1.4.1b names).

    :raises OperationError: for a start number no player has.
    """
    tournament = load(port)
    if player is not None and not tournament.has_player(player):
        raise OperationError(f"no player has start number {player}")
    state = standings(tournament).state
    found = all_norms(state, rounds=tournament.settings.rounds, exempt=exempt, needed=needed)
    if write_sheets:
        port.write_sheet(norms_sheet(found, it3_counts(state, found)))
        if any(n.status == "achieved" for p in found for n in p.norms.values()):
            port.write_sheet(it1_sheet(found, state))
    return [p for p in found if player is None or p.tpn == player]


__all__ = ["norms"]
