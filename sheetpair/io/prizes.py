"""The Prizes sheet the arbiter fills, and the Prize list sheet sheetpair writes from it.

``Prizes`` (the arbiter's, optional): one prize a row under the header ``Prize | Place | Amount | Category |
Group``. The label is what the prize list prints; the place counts within the category; the amount is money
(``100``, ``62.50``) or a word for a prize that is not money (``cup``); the category is a filter over the
Players columns (``rating<2000; sex=F``, ``age<=16``, ``unrated``, ``federation=NOR``; empty: the whole
field); prizes of one group go at most one to a player. Two rows set the event's rule instead of a prize:
``Sharing`` with ``none``, ``pool`` or ``hort`` in the second column, and ``Minimum share`` with an amount.

``Prize list`` (sheetpair's, rewritten by ``sheetpair prizes``): who gets what, and why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from ..core.errors import WorkbookError
from ..core.model import Tournament
from ..core.prizes import SHARING_RULES, Prize, PrizeList, check_category, format_amount, parse_amount
from .port import CellValue, SheetSpec, WorkbookPort, cell_address, cell_int, cell_text

PRIZES_SHEET = "Prizes"
PRIZE_LIST_SHEET = "Prize list"
PRIZES_HEADER = ["Prize", "Place", "Amount", "Category", "Group"]


@dataclass(frozen=True)
class PrizeRules:
    """What the Prizes sheet says: its prizes, the sharing rule and the minimum share."""

    prizes: tuple[Prize, ...] = ()
    sharing: str = "none"
    minimum_share: Fraction = field(default=Fraction(0))


def read_prize_rules(port: WorkbookPort) -> PrizeRules:
    """The Prizes sheet of the workbook; no prizes when it has none.

    :raises WorkbookError: naming the cell of a place, amount, category or rule that is not understood.
    """
    if PRIZES_SHEET not in port.sheet_names():
        return PrizeRules()
    return parse_prize_rows(port.read_sheet(PRIZES_SHEET))


def parse_prize_rows(rows: list[list[CellValue]]) -> PrizeRules:
    """The prizes and the rule of the Prizes sheet's ``rows`` (the first is the header)."""
    prizes: list[Prize] = []
    sharing, minimum = "none", Fraction(0)
    for r, row in enumerate(rows[1:], start=2):
        cells = [cell_text(v) for v in row] + [""] * 5
        if not any(cells):
            continue
        key = cells[0].casefold()
        if key == "sharing":
            sharing = cells[1].casefold()
            if sharing not in SHARING_RULES:
                raise WorkbookError(f"the sharing rule is one of {', '.join(SHARING_RULES)}", sheet=PRIZES_SHEET,
                                    cell=cell_address(r, 2))
        elif key == "minimum share":
            minimum = _amount(cells[1], r, 2) or Fraction(0)
        else:
            prizes.append(_prize(row, cells, r))
    return PrizeRules(tuple(prizes), sharing, minimum)


def prize_list_sheet(prize_list: PrizeList, tournament: Tournament) -> SheetSpec:
    """The Prize list sheet: one row per award, with the player's total and the reason for the amount."""
    rows: list[list[CellValue]] = []
    for tpn, awards in prize_list.by_player():
        name = tournament.player(tpn).name
        for award in awards:
            rows.append([tpn, name, award.label, format_amount(award.amount), award.reason])
    return SheetSpec(PRIZE_LIST_SHEET, ["TPN", "Name", "Prize", "Amount", "Why"], rows,
                     column_widths={"Name": 28, "Prize": 24, "Why": 70}, print_header="Prize list")


def prizes_sheet(rules: PrizeRules) -> SheetSpec:
    """A new Prizes sheet in its documented layout, holding ``rules`` (what ``sheetpair prizes --place`` keeps)."""
    return SheetSpec(PRIZES_SHEET, PRIZES_HEADER, prize_rule_rows(rules), column_widths={"Prize": 24, "Category": 24})


def prize_rule_rows(rules: PrizeRules) -> list[list[CellValue]]:
    """The rows under the Prizes header that :func:`parse_prize_rows` reads back as ``rules``: a row a prize
    (a prize that is not money keeps its word in the label), then the sharing rule and the minimum share."""
    rows: list[list[CellValue]] = [[p.label, p.place, _amount_cell(p.amount), p.category, p.group]
                                   for p in rules.prizes]
    rows.append(["Sharing", rules.sharing, None, None, None])
    if rules.minimum_share:
        rows.append(["Minimum share", _amount_cell(rules.minimum_share), None, None, None])
    return rows


def _amount_cell(amount: Fraction | None) -> CellValue:
    if amount is None:
        return None
    return int(amount) if amount.denominator == 1 else float(amount)


def _prize(row: list[CellValue], cells: list[str], r: int) -> Prize:
    place = cell_int(row[1] if len(row) > 1 else None)
    if place is None or place < 1:
        raise WorkbookError("the place of a prize is a whole number from 1", sheet=PRIZES_SHEET,
                            cell=cell_address(r, 2))
    category = cells[3]
    try:
        check_category(category)
    except ValueError as error:
        raise WorkbookError(str(error), sheet=PRIZES_SHEET, cell=cell_address(r, 4)) from error
    amount = _amount(cells[2], r, 3)
    label = cells[0] or (f"{place}. place" + (f" ({category})" if category else ""))
    if amount is None and cells[2]:
        label = f"{label}: {cells[2]}"
    return Prize(label, place, amount, category, cells[4])


def _amount(text: str, r: int, column: int) -> Fraction | None:
    try:
        return parse_amount(text, where=f"{PRIZES_SHEET}!{cell_address(r, column)}") if text else None
    except ValueError as error:
        raise WorkbookError("a prize cannot be negative", sheet=PRIZES_SHEET, cell=cell_address(r, column)) from error


__all__ = ["PRIZES_HEADER", "PRIZES_SHEET", "PRIZE_LIST_SHEET", "PrizeRules", "parse_prize_rows", "prize_list_sheet",
           "prize_rule_rows", "prizes_sheet", "read_prize_rules"]
