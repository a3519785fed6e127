"""The use case behind ``sheetpair standings`` and the add-in's "Update standings" button."""

from __future__ import annotations

import copy

from ..core.standings import StandingsTable
from ..io.port import WorkbookPort
from .ranking import standings
from .revisions import Stamp
from .session import load, write


def update_standings(port: WorkbookPort, *, tiebreaks: tuple[str, ...] | None = None, rules: str | None = None,
                     keep: bool = False, write_sheets: bool = True) -> StandingsTable:
    """Rewrites the Standings and Crosstable sheets from the results typed so far and returns the table.

    ``tiebreaks`` and ``rules`` ask for another list or C.07 edition than the event's: the table returned
    uses them, and with ``keep`` they become the event's settings (and so the sheets' too). Without
    ``write_sheets`` nothing is written: the standings are only computed.
    """
    tournament = load(port)
    if not write_sheets:
        return standings(tournament, tiebreaks=tiebreaks, rules=rules)
    before = copy.deepcopy(tournament)
    if keep and tiebreaks is not None:
        tournament.settings.tiebreaks = tiebreaks
    if keep and rules is not None:
        tournament.settings.tiebreak_rules = rules
    table = write(port, tournament, stamp=Stamp("standings"), before=before)
    if tiebreaks in (None, table.codes) and rules in (None, tournament.settings.tiebreak_rules):
        return table
    return standings(tournament, tiebreaks=tiebreaks, rules=rules)
