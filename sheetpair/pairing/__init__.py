"""The registry of pairing systems, by the names scripts and saved workbooks use."""

from __future__ import annotations

from ..core.errors import PairingError
from . import (
    berger,
    berger_swiss,
    burstein,
    club_swiss,
    dubov,
    dutch,
    lim,
    monrad,
    norwegian_monrad,
    scheveningen,
    simple_swiss,
    winther_swiss,
)
from .base import OptionSpec, Pairing, PairingSystem

SYSTEMS: dict[str, PairingSystem] = {
    system.name: system
    for system in (
        berger.SYSTEM,
        berger_swiss.SYSTEM,
        scheveningen.SYSTEM,
        club_swiss.SYSTEM,
        winther_swiss.SYSTEM,
        simple_swiss.SYSTEM,
        monrad.SYSTEM,
        norwegian_monrad.SYSTEM,
        dutch.DUTCH,
        dutch.DUTCH_2017,
        dubov.DUBOV,
        lim.SYSTEM,
        burstein.Burstein(seeding=dutch.DUTCH),
        burstein.BURSTEIN_CLASSIC,
    )
}


def get_system(name: str) -> PairingSystem:
    """The pairing system registered as ``name``.

    :raises PairingError: if no system has that name.
    """
    try:
        return SYSTEMS[name]
    except KeyError:
        known = ", ".join(sorted(SYSTEMS))
        raise PairingError(f"unknown pairing system: {name!r} (known: {known})") from None


__all__ = ["SYSTEMS", "OptionSpec", "Pairing", "PairingSystem", "get_system"]
