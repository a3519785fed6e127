"""The one small interface every pairing system implements.

A system is an object with a registry ``name``, a one-line ``description``, the ``options`` it reads from
:attr:`Settings.options <sheetpair.core.model.Settings.options>`, how it orders the roster into start
numbers, and :meth:`PairingSystem.pair`, which pairs one round from the stored history. It returns a
:class:`Pairing`; the caller stores it as a round. Systems never read files or workbooks.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import ClassVar

from ..core.errors import PairingError
from ..core.model import Bye, Game, Player, Settings, Tournament
from ..core.state import SystemTraits
from .explanation import RoundExplanation


@dataclass(frozen=True)
class OptionSpec:
    """A system's own setting: its default, the values it accepts (empty: any), and what it does."""

    default: str
    help: str
    choices: tuple[str, ...] = ()


@dataclass
class Pairing:
    """A paired round: the boards in printed order, the byes, and plain-words notes for the arbiter."""

    games: list[Game]
    byes: list[Bye] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class PairingSystem(ABC):
    """Base of every pairing system; subclasses set the class attributes and implement :meth:`pair`."""

    name: ClassVar[str]
    description: ClassVar[str]
    options: ClassVar[dict[str, OptionSpec]] = {}
    default_bye_value: ClassVar[float] = 1.0
    default_tiebreaks: ClassVar[tuple[str, ...]] = ("BH", "SB")
    postponed_games_count_as_draws: ClassVar[bool] = False
    """True when an adjourned game scores a provisional draw until resolved (Norwegian Monrad)."""
    keeps_withdrawn_in_schedule: ClassVar[bool] = False
    """True for fixed schedules (round robins): a withdrawn player stays paired and forfeits instead."""

    @property
    def traits(self) -> SystemTraits:
        """The facts about this system that scores and tie-breaks depend on, as the core takes them."""
        return SystemTraits(fixed_schedule=self.keeps_withdrawn_in_schedule,
                            postponed_as_draw=self.postponed_games_count_as_draws)

    def binds_forbidden_pairs(self, round_number: int, settings: Settings) -> bool:
        """True when the round's pairing must keep the arbiter's forbidden pairs apart; a fixed table
        (a round robin) cannot."""
        return not self.keeps_withdrawn_in_schedule

    def tiebreaks_for(self, options: dict[str, str]) -> tuple[str, ...]:
        """The tie-breaks of a new event with these options, when the arbiter names none."""
        return self.default_tiebreaks

    def planned_rounds(self, player_count: int, settings: Settings) -> int | None:
        """The number of rounds the system itself fixes for this field, or ``None`` when the arbiter chooses."""
        return None

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """Orders the roster into start numbers (first = 1). Swiss systems seed by rating, then title and name."""
        return sorted(players, key=lambda p: (-p.rating, p.name.casefold()))

    def check_settings(self, settings: Settings) -> None:
        """Refuses settings the system cannot honour (e.g. a bye value its text forbids), before anything
        is written; the options themselves are already checked against :attr:`options`.

        :raises InputError: naming the setting and what the system allows.
        """

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        """Why round ``round_number`` is paired the way it is, from rounds ``1..round_number-1``.

        :raises PairingError: for systems that give no explanations.
        """
        raise PairingError(f"the {self.name} system gives no explanations of its pairings")

    def option(self, settings: Settings, key: str) -> str:
        """The value of one of this system's options, falling back to its default."""
        return settings.options.get(key, self.options[key].default)

    @abstractmethod
    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        """Pairs round ``round_number`` from rounds ``1..round_number-1`` of ``tournament``.

        Players with a requested bye for that round (``tournament.requested_byes``) get it and are not
        paired; withdrawn players are left out unless :attr:`keeps_withdrawn_in_schedule` is set.

        :raises PairingError: when no legal pairing exists.
        """
