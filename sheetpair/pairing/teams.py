"""The registry of team pairing systems (see :mod:`sheetpair.pairing.team_base` for why it is separate)."""

from __future__ import annotations

from ..core.errors import PairingError
from . import team_berger, team_swiss
from .team_base import TeamSystem

TEAM_SYSTEMS: dict[str, TeamSystem] = {system.name: system for system in (team_swiss.SYSTEM, team_berger.SYSTEM)}


def get_team_system(name: str) -> TeamSystem:
    """The team system registered as ``name``.

    :raises PairingError: if no team system has that name.
    """
    try:
        return TEAM_SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(TEAM_SYSTEMS))
        raise PairingError(f"unknown team pairing system: {name!r} (known: {known})") from None
