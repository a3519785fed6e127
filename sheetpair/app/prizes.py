"""The use case behind ``sheetpair prizes`` (and a "Prizes" button): the prize list after the last round.

The prizes come from the workbook's Prizes sheet, or from the caller (the command line's ``--place``); the
ranking is the event's standings, the one every writer uses, so a prize follows the Standings sheet's order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

from ..core.model import Tournament
from ..core.prizes import Prize, PrizeList, award_prizes, format_amount
from ..core.rating import event_year
from ..io.port import CellValue, WorkbookPort
from ..io.prizes import (
    PRIZES_HEADER,
    PRIZES_SHEET,
    PrizeRules,
    prize_list_sheet,
    prize_rule_rows,
    prizes_sheet,
    read_prize_rules,
)
from .ranking import standings
from .session import load


def prize_list(port: WorkbookPort, *, prizes: Sequence[Prize] | None = None, sharing: str | None = None,
               minimum_share: Fraction | None = None, write_sheet: bool = True,
               warn: Callable[[str], None] | None = None) -> PrizeList:
    """The prize list of the event in ``port``, written to its Prize list sheet unless ``write_sheet`` is off.

    ``prizes``, ``sharing`` and ``minimum_share`` replace what the Prizes sheet says where given; when the
    sheet is written they are kept in the Prizes sheet too, so the reports print the same list, and ``warn``
    hears what of an existing Prizes sheet they replaced.

    :raises WorkbookError: for a Prizes sheet that is not understood, naming the cell.
    """
    tournament = load(port)
    result = awarded(port, tournament, prizes=prizes, sharing=sharing, minimum_share=minimum_share)
    if write_sheet:
        port.write_sheet(prize_list_sheet(result, tournament))
        if (prizes, sharing, minimum_share) != (None, None, None):
            _keep_rules(port, prizes, sharing, minimum_share, warn or (lambda _: None))
    return result


def _keep_rules(port: WorkbookPort, prizes: Sequence[Prize] | None, sharing: str | None,
                minimum_share: Fraction | None, warn: Callable[[str], None]) -> None:
    """The caller's prizes and rule written to the Prizes sheet: a new sheet, or the replaced parts of the
    arbiter's, with a warning naming what was replaced."""
    if PRIZES_SHEET not in port.sheet_names():
        port.write_sheet(prizes_sheet(PrizeRules(tuple(prizes or ()), sharing or "none", minimum_share or Fraction(0))))
        return
    old = read_prize_rules(port)
    new = PrizeRules(old.prizes if prizes is None else tuple(prizes), sharing or old.sharing,
                     old.minimum_share if minimum_share is None else minimum_share)
    labels = ", ".join(p.label for p in old.prizes) or "(none)"
    replaced = [part for part, changed in ((f"the prizes {labels}", new.prizes != old.prizes),
                                           (f"the sharing rule {old.sharing}", new.sharing != old.sharing),
                                           (f"the minimum share {format_amount(old.minimum_share) or 0}",
                                            new.minimum_share != old.minimum_share)) if changed]
    if not replaced:
        return
    grid: list[list[CellValue]] = [list(PRIZES_HEADER), *prize_rule_rows(new)]
    rows = max(len(grid), len(port.read_sheet(PRIZES_SHEET)))
    port.update_cells(PRIZES_SHEET, {(r + 1, c + 1): grid[r][c] if r < len(grid) else None
                                     for r in range(rows) for c in range(len(PRIZES_HEADER))})
    warn(f"{PRIZES_SHEET} sheet: replaced {'; '.join(replaced)} by those given")


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
