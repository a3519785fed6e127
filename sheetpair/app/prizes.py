"""The use case behind ``sheetpair prizes`` (and a "Prizes" button): the prize list after the last round.

The prizes come from the workbook's Prizes sheet, or from the caller (the command line's ``--place``); the
ranking is the event's standings, the one every writer uses, so a prize follows the Standings sheet's order.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ..core.model import Tournament
from ..core.prizes import Prize, PrizeList, award_prizes
from ..core.rating import event_year
from ..io.port import WorkbookPort
from ..io.prizes import PRIZES_SHEET, prize_list_sheet, read_prize_rules
from .ranking import standings
from .session import load


def prize_list(port: WorkbookPort, *, prizes: Sequence[Prize] | None = None, sharing: str | None = None,
               minimum_share: Fraction | None = None, write_sheet: bool = True) -> PrizeList:
    """The prize list of the event in ``port``, written to its Prize list sheet unless ``write_sheet`` is off.

    ``prizes``, ``sharing`` and ``minimum_share`` replace what the Prizes sheet says where given.

    :raises WorkbookError: for a Prizes sheet that is not understood, naming the cell.
    """
    tournament = load(port)
    result = awarded(port, tournament, prizes=prizes, sharing=sharing, minimum_share=minimum_share)
    if write_sheet:
        port.write_sheet(prize_list_sheet(result, tournament))
    return result


def awarded(port: WorkbookPort, tournament: Tournament, *, prizes: Sequence[Prize] | None = None,
            sharing: str | None = None, minimum_share: Fraction | None = None) -> PrizeList:
    """The prize list of ``tournament`` (read from ``port``) by its Prizes sheet, with the caller's
    replacements: what :func:`prize_list` writes, and what the reports print."""
    rules = read_prize_rules(port)
    table = standings(tournament)
    return award_prizes([(s.tpn, s.points) for s in table], tournament.players,
                        rules.prizes if prizes is None else prizes,
                        sharing=rules.sharing if sharing is None else sharing,
                        minimum_share=rules.minimum_share if minimum_share is None else minimum_share,
                        year=event_year(table.state))


def report_prizes(port: WorkbookPort, tournament: Tournament) -> PrizeList | None:
    """The prize list the reports print: by the Prizes sheet, ``None`` for a workbook without one."""
    return awarded(port, tournament) if PRIZES_SHEET in port.sheet_names() else None


__all__ = ["awarded", "prize_list", "report_prizes"]
