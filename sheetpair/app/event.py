"""Creating an event: the arbiter's choices, checked against the pairing system, and the roster seeded.

Both doors describe a new event with one :class:`EventRequest` (the command line from its flags, the
add-in from its ``Import`` sheet), so a request means the same through either: same options accepted,
same bye-value spellings, same defaults.
"""

from __future__ import annotations

import datetime as dt
import random
import re
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from ..core.errors import InputError, OperationError
from ..core.model import EventInfo, Player, Settings, Tournament
from ..core.results import parse_bye_value
from ..core.tiebreaks import parse_tiebreak_list
from ..pairing import get_system


@dataclass(frozen=True)
class EventRequest:
    """What an arbiter chooses for a new event, as typed (text is parsed by :func:`event_settings`)."""

    system: str
    rounds: int | None = None
    seed: int | None = None
    keep_order: bool = False
    double_round_robin: bool = False
    tiebreaks: str | None = None
    """Comma-separated tie-break codes; the system's defaults when ``None``."""
    bye_value: str | None = None
    """Points of the pairing-allocated bye as typed (``1``, ``0.5``, ``½``, ``0``); the system's default when
    ``None``."""
    options: dict[str, str] = field(default_factory=dict)
    event: EventInfo = field(default_factory=EventInfo)
    """The header every report and the TRF print: name, city, federation, dates, arbiters, time control."""
    language: str = ""
    """The reports' language (empty: English)."""
    boards: int = 4
    """Team systems: the boards of a match."""


def parse_dates(text: str) -> tuple[str, str]:
    """``START`` or ``START/END`` (``..`` also separates them): the event's first and last day, as ISO dates
    (``2026-04-01``); a day written with dots, day first (``1.4.2026``), is read as that day.

    :raises InputError: for more than two dates, a text that is no date, or an end before the start.
    """
    parts = [p.strip() for p in text.replace("..", "/").split("/") if p.strip()]
    if len(parts) > 2:
        raise InputError(f"dates {text!r}: give the first day, or the first and the last day as START/END")
    days = [_day(part, text) for part in parts]
    if len(days) == 2 and days[1] < days[0]:
        raise InputError(f"dates {text!r}: the last day {days[1]} is before the first day {days[0]}")
    return (days[0].isoformat(), days[-1].isoformat()) if days else ("", "")


def _day(part: str, text: str) -> dt.date:
    dotted = re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", part)
    try:
        if dotted:
            return dt.date(int(dotted[3]), int(dotted[2]), int(dotted[1]))
        return dt.date.fromisoformat(part)
    except ValueError:
        raise InputError(f"dates {text!r}: {part!r} is no date; write it as 2026-04-01 (or 1.4.2026)") from None


def parse_options(items: Iterable[str]) -> dict[str, str]:
    """``KEY=VALUE`` items (``--option``, or an ``options`` cell split at semicolons) as a dictionary.

    :raises InputError: for an item without ``=`` or without a key.
    """
    parsed: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise InputError(f"option {item.strip()!r} is not KEY=VALUE")
        parsed[key.strip()] = value.strip()
    return parsed


def create_event(roster: list[Player], request: EventRequest) -> Tournament:
    """A new tournament from ``roster`` and the arbiter's ``request``.

    :raises PairingError: for an unknown system.
    :raises InputError: for an option, tie-break or bye value the system does not accept.
    :raises OperationError: for an empty roster or a round count the system does not allow.
    """
    settings = event_settings(
        request.system, len(roster), rounds=request.rounds, seed=request.seed,
        double_round_robin=request.double_round_robin, options=request.options,
        bye_value=parse_bye_value(request.bye_value) if request.bye_value is not None else None,
        tiebreaks=parse_tiebreak_list(request.tiebreaks) if request.tiebreaks else None,
    )
    settings.event = request.event
    settings.language = request.language
    return new_tournament(roster, settings, keep_order=request.keep_order)


def event_settings(
    system_name: str,
    player_count: int,
    *,
    rounds: int | None = None,
    bye_value: float | None = None,
    tiebreaks: tuple[str, ...] | None = None,
    seed: int | None = None,
    double_round_robin: bool = False,
    options: dict[str, str] | None = None,
) -> Settings:
    """Settings of a new event: what the arbiter chose, the system's defaults for the rest.

    Round robins count their rounds themselves; other systems need ``rounds``. Options are checked against
    the ones the system declares.

    :raises PairingError: for an unknown system.
    :raises InputError: for an unknown option or a value the option does not accept.
    :raises OperationError: when a Swiss-type system gets no number of rounds.
    """
    system = get_system(system_name)
    checked = check_options(system_name, options or {})
    settings = Settings(
        system=system.name,
        rounds=rounds or 0,
        bye_value=system.default_bye_value if bye_value is None else bye_value,
        tiebreaks=system.tiebreaks_for(checked) if tiebreaks is None else tiebreaks,
        seed=seed,
        double_round_robin=double_round_robin,
        options=checked,
    )
    if not rounds:
        fixed = system.planned_rounds(player_count, settings)
        if fixed is None:
            raise OperationError(f"the {system.name} system needs the number of rounds")
        settings.rounds = fixed
    system.check_settings(settings)
    return settings


def check_options(system_name: str, options: dict[str, str]) -> dict[str, str]:
    """The options, checked against those the system declares.

    :raises InputError: for an unknown option or a value outside the option's choices.
    """
    system = get_system(system_name)
    for key, value in options.items():
        spec = system.options.get(key)
        if spec is None:
            known = ", ".join(system.options) or "none"
            raise InputError(f"the {system.name} system has no option {key!r} (options: {known})")
        if spec.choices and value not in spec.choices:
            raise InputError(f"{key} must be one of {', '.join(spec.choices)}, not {value!r}")
    return dict(options)


def new_tournament(roster: list[Player], settings: Settings, *, keep_order: bool = False) -> Tournament:
    """A tournament with start numbers given to ``roster`` by the system's own seeding or lot.

    The random seed of the lot is drawn when ``settings.seed`` is ``None`` and kept in the settings, so the
    same workbook always replays the same draw. With ``keep_order`` the roster order is the start order.

    :raises OperationError: for an empty roster or a round count the system does not allow.
    """
    if not roster:
        raise OperationError("the roster has no players")
    system = get_system(settings.system)
    if settings.seed is None:
        settings = replace(settings, seed=secrets.randbelow(2**31))
    fixed = system.planned_rounds(len(roster), settings)
    if fixed is not None and settings.rounds != fixed:
        if settings.rounds == 2 * fixed and not settings.double_round_robin:
            settings = replace(settings, double_round_robin=True)
        else:
            kind = "double " if settings.double_round_robin else ""
            raise OperationError(
                f"a {kind}{system.name} event of {len(roster)} players has {fixed} rounds, not {settings.rounds}"
            )
    if settings.rounds < 1:
        raise OperationError("an event needs at least one round")
    ordered = list(roster) if keep_order else system.initial_order(list(roster), settings, random.Random(settings.seed))
    players = [replace(p, tpn=number) for number, p in enumerate(ordered, start=1)]
    return Tournament(settings=settings, players=players)
