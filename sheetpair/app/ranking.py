"""The standings of an event: the one pipeline every writer's table comes from.

The core builds a table from a tournament and the pairing system's traits
(:func:`sheetpair.core.standings.build_standings`); this module supplies the traits from the registry, so
the Standings sheet, the crosstable, the TRF export, the reports, ``standings --json`` and the add-in all
rank with the same rules (a postponed Norwegian Monrad game is a provisional draw in every one of them).
"""

from __future__ import annotations

from ..core.model import Tournament
from ..core.standings import StandingsTable, build_standings
from ..core.state import SystemTraits
from ..pairing import SYSTEMS


def traits_of(tournament: Tournament) -> SystemTraits:
    """The traits of the event's pairing system; plain ones for a system sheetpair does not know (an
    imported file from another program), which then ranks as a Swiss event."""
    system = SYSTEMS.get(tournament.settings.system)
    return system.traits if system is not None else SystemTraits()


def standings(
    tournament: Tournament,
    *,
    tiebreaks: tuple[str, ...] | None = None,
    through_round: int | None = None,
    rules: str | None = None,
) -> StandingsTable:
    """The standings table of ``tournament`` (see :func:`~sheetpair.core.standings.build_standings`)."""
    return build_standings(tournament, traits_of(tournament), tiebreaks=tiebreaks, through_round=through_round,
                           rules=rules)
