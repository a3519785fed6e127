"""The interface of a team pairing system, and the registry of the team systems.

The individual systems pair a :class:`~sheetpair.core.model.Tournament` into games
(:class:`~sheetpair.pairing.base.PairingSystem`). A team system pairs a
:class:`~sheetpair.core.teams.TeamEvent` into matches of boards instead, so its ``pair`` cannot share that
signature without every individual system learning about teams; the team systems therefore have their
own small interface and registry beside the individual one, with the same shape (``name``,
``description``, ``options``, ``pair``, ``explain``) and the same error for an unknown name.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from math import ceil
from typing import ClassVar

from ..core.errors import InputError
from ..core.model import Colour
from ..core.teams import (
    Acceleration,
    Match,
    PrimaryScore,
    ProhibitedGroup,
    TeamEvent,
    TeamRound,
    TeamScoring,
    default_lineup,
    seat_boards,
)
from .base import OptionSpec
from .explanation import RoundExplanation


@dataclass(frozen=True)
class TeamSettings:
    """What a team system pairs a round with besides the event: its options and the announced absences."""

    colours: str = "A"
    secondary_colours: bool = True
    initial_colour: Colour = Colour.WHITE
    rounds: int = 9
    absent: frozenset[int] = frozenset()
    accelerations: tuple[Acceleration, ...] = ()
    prohibited: tuple[ProhibitedGroup, ...] = ()
    double: bool = False
    """Team round robins: two cycles."""
    absent_players: frozenset[int] = frozenset()
    """Members who miss the round: the default line-ups skip them and move the reserves up."""


class TeamSystem(ABC):
    """Base of the team pairing systems."""

    name: ClassVar[str]
    description: ClassVar[str]
    options: ClassVar[dict[str, OptionSpec]] = {}

    def planned_rounds(self, event: TeamEvent, settings: TeamSettings) -> int | None:
        """The number of rounds the system fixes for the event, or ``None`` when the arbiter chooses."""
        return None

    @abstractmethod
    def pair(self, event: TeamEvent, round_number: int, settings: TeamSettings) -> TeamRound:
        """Pairs round ``round_number`` from rounds ``1..round_number-1`` of ``event``.

        :raises PairingError: when no legal pairing exists.
        """

    @abstractmethod
    def explain(self, event: TeamEvent, round_number: int, settings: TeamSettings) -> RoundExplanation:
        """Why each match of round ``round_number`` was made, in the system's words."""


def with_boards(event: TeamEvent, table: int, white: int, black: int, settings: TeamSettings) -> Match:
    """A match with its boards from the default line-ups: the White team's player has White on odd boards
    (the ``WBWB…`` pattern of record 352)."""
    first = default_lineup(event.team(white), event.boards, settings.absent_players)
    second = default_lineup(event.team(black), event.boards, settings.absent_players)
    return Match(table, white, black, seat_boards(event.boards, first, second))


def baku_accelerations(teams: int, rounds: int, scoring: TeamScoring) -> tuple[Acceleration, ...]:
    """Baku acceleration (C.04.7) on match points, as record 250 gives it: the first 2·⌈N/4⌉ teams carry a
    won match's match points in the first ⌈A/2⌉ of the A = ⌈R/2⌉ accelerated rounds, a drawn match's in the
    others."""
    group = 2 * ceil(teams / 4)
    accelerated = ceil(rounds / 2)
    full = ceil(accelerated / 2)
    if not group or not accelerated:
        return ()
    win, draw, _ = scoring.match_points
    out = [Acceleration(win, 0, (1, full), (1, group))]
    if accelerated > full:
        out.append(Acceleration(draw, 0, (full + 1, accelerated), (1, group)))
    return tuple(out)


def from_options(system: TeamSystem, options: dict[str, str], *, rounds: int,
                 teams: int = 0) -> tuple[TeamSettings, TeamScoring]:
    """The settings and the scoring an event's ``--option KEY=VALUE`` pairs give (defaults for the rest);
    ``teams`` is the number of teams (the Baku acceleration's group depends on it).

    :raises InputError: naming an unknown option, a value outside its choices, bad match points, or the
        Baku acceleration with game points as the primary score.
    """
    for key, value in options.items():
        spec = system.options.get(key)
        if spec is None:
            known = ", ".join(sorted(system.options)) or "none"
            raise InputError(f"the {system.name} system has no option {key!r} (its options: {known})")
        if spec.choices and value not in spec.choices:
            raise InputError(f"option {key} of {system.name} takes {', '.join(spec.choices)}, not {value!r}")

    def get(key: str, default: str) -> str:
        spec = system.options.get(key)
        return options.get(key, spec.default if spec else default)

    primary = PrimaryScore(get("primary", "match"))
    try:
        scoring = TeamScoring.from_text(get("match-points", "2,1,0"), primary=primary)
    except ValueError as error:
        raise InputError(f"option match-points: {error}") from None
    accelerations: tuple[Acceleration, ...] = ()
    if get("acceleration", "none") == "baku":
        if primary is PrimaryScore.GAME:
            raise InputError("the Baku acceleration gives match points (C.04.7): use it with primary=match")
        accelerations = baku_accelerations(teams, rounds, scoring)
    return TeamSettings(colours=get("colours", "A"), rounds=rounds, double=get("cycles", "1") == "2",
                        accelerations=accelerations, initial_colour=Colour(get("initial-colour", "W")),
                        secondary_colours=get("secondary", "yes") == "yes"), scoring
