"""The registry of pairing systems, by the names scripts and saved workbooks use.

A system's module is imported when the system is first looked up, not when the registry is: a command
pairing a Dutch event used to import all fourteen systems, a twentieth of a second of its start-up. The
modules are named in the table :data:`_LOADERS`, as the command line names its command modules
(:class:`~sheetpair.cli.base.LazyGroup`).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping

from ..core.errors import PairingError
from .base import OptionSpec, Pairing, PairingSystem


def _attribute(module: str, name: str) -> Callable[[], PairingSystem]:
    """Loads the system ``name`` of the module ``module`` of this package."""
    def load() -> PairingSystem:
        system: PairingSystem = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        return system
    return load


def _burstein() -> PairingSystem:
    """Burstein (2026) seeds its first round as the Dutch system does; the registry composes the two, so that
    no FIDE system's folder imports another's."""
    burstein, dutch = (importlib.import_module(f"{__name__}.{module}") for module in ("burstein", "dutch"))
    system: PairingSystem = burstein.Burstein(seeding=dutch.DUTCH)
    return system


_LOADERS: dict[str, Callable[[], PairingSystem]] = {
    "berger": _attribute("berger", "SYSTEM"),
    "berger-swiss": _attribute("berger_swiss", "SYSTEM"),
    "scheveningen": _attribute("scheveningen", "SYSTEM"),
    "club-swiss": _attribute("club_swiss", "SYSTEM"),
    "winther-swiss": _attribute("winther_swiss", "SYSTEM"),
    "simple-swiss": _attribute("simple_swiss", "SYSTEM"),
    "monrad": _attribute("monrad", "SYSTEM"),
    "norwegian-monrad": _attribute("norwegian_monrad", "SYSTEM"),
    "dutch": _attribute("dutch", "DUTCH"),
    "dutch-2017": _attribute("dutch", "DUTCH_2017"),
    "dubov": _attribute("dubov", "DUBOV"),
    "lim": _attribute("lim", "SYSTEM"),
    "burstein": _burstein,
    "burstein-classic": _attribute("burstein", "BURSTEIN_CLASSIC"),
}
"""Each system's loader by its registered name (a test keeps every name equal to its system's own)."""


class _Registry(Mapping[str, PairingSystem]):
    """The systems by name; each loaded on its first look-up, names and membership known without loading."""

    def __init__(self, loaders: dict[str, Callable[[], PairingSystem]]) -> None:
        self._loaders = loaders
        self._loaded: dict[str, PairingSystem] = {}

    def __getitem__(self, name: str) -> PairingSystem:
        if name not in self._loaded:
            self._loaded[name] = self._loaders[name]()
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in self._loaders

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


SYSTEMS: Mapping[str, PairingSystem] = _Registry(_LOADERS)


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
