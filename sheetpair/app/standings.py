"""The use cases behind ``sheetpair standings`` and the add-in's "Update standings" and "Enter results" buttons."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.model import Tournament
from ..core.standings import StandingsTable
from ..history.edits import hand_edits
from ..history.stamp import Stamp
from ..io.metadata import read_metadata
from ..io.port import WorkbookPort
from .ranking import standings
from .session import edit_and_rank, load


@dataclass(frozen=True)
class Refreshed:
    """The tournament as typed into the workbook, and the standings written from it."""

    tournament: Tournament
    table: StandingsTable


def refresh(port: WorkbookPort, *, stamp: Stamp | None = None) -> Refreshed:
    """Takes the results typed into the round sheets (checked as every read checks them) and rewrites every owned
    sheet from them: the journal records them as typed by hand, and the standings follow."""
    tournament, table = edit_and_rank(port, lambda tournament: tournament, stamp=stamp or Stamp("standings"))
    return Refreshed(tournament, table)


def standings_if_current(port: WorkbookPort, *, tiebreaks: tuple[str, ...] | None = None, rules: str | None = None,
                         keep: bool = False) -> StandingsTable | None:
    """The standings, when the workbook's sheets already show them; ``None`` when they must be written.

    They are current when sheetpair wrote the workbook last (it has a revision) and nothing was changed by hand
    since (no result typed, no player or setting edited: :func:`~sheetpair.history.edits.hand_edits`), and
    ``keep`` asks for no other tie-breaks or rules than the event's: writing again would only add a revision
    that changes nothing.
    """
    tournament = load(port)
    meta = read_metadata(port)
    if not meta.revision or hand_edits(meta, tournament):
        return None
    settings = tournament.settings
    if keep and (tiebreaks not in (None, settings.tiebreaks) or rules not in (None, settings.tiebreak_rules)):
        return None
    return standings(tournament, tiebreaks=tiebreaks, rules=rules)


def update_standings(port: WorkbookPort, *, tiebreaks: tuple[str, ...] | None = None, rules: str | None = None,
                     keep: bool = False, write_sheets: bool = True) -> StandingsTable:
    """Rewrites the Standings and Crosstable sheets from the results typed so far and returns the table.

    ``tiebreaks`` and ``rules`` ask for another list or C.07 edition than the event's: the table returned
    uses them, and with ``keep`` they become the event's settings (and so the sheets' too). Without
    ``write_sheets`` nothing is written: the standings are only computed.
    """
    if not write_sheets:
        return standings(load(port), tiebreaks=tiebreaks, rules=rules)

    def keep_asked(tournament: Tournament) -> Tournament:
        if keep and tiebreaks is not None:
            tournament.settings.tiebreaks = tiebreaks
        if keep and rules is not None:
            tournament.settings.tiebreak_rules = rules
        return tournament

    tournament, table = edit_and_rank(port, keep_asked, stamp=Stamp("standings"))
    if tiebreaks in (None, table.codes) and rules in (None, tournament.settings.tiebreak_rules):
        return table
    return standings(tournament, tiebreaks=tiebreaks, rules=rules)
