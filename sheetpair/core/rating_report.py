"""What a federation's rating officer would reject in an event's rating report, found before it is sent.

FIDE rates a game only between players registered with it, so every player who played a rated game over
the board needs a FIDE id; a player new to the list needs a birth date and sex for his registration (the
federation registers him with FIDE before the report); and the header names the chief arbiter and the deputies,
each with his FIDE id.
Each problem is one sentence naming the player or the header field, in start-number order.
"""

from __future__ import annotations

import re

from .model import Tournament

FIDE_ID = re.compile(r"(?<!\d)\d{4,10}(?!\d)")
"""A FIDE id written with an arbiter's name in the event header (records 102 and 112)."""


def report_problems(tournament: Tournament) -> list[str]:
    """Every problem of ``tournament``'s rating report, one sentence each (empty: nothing to reject)."""
    problems = []
    event = tournament.settings.event
    if not event.chief_arbiter.strip():
        problems.append("The event header names no chief arbiter: the report must (Settings: chief arbiter).")
    elif not FIDE_ID.search(event.chief_arbiter):
        problems.append(f"The chief arbiter ({event.chief_arbiter.strip()}) has no FIDE id: write it after the name "
                        "(Settings: chief arbiter, e.g. 'IA Anna Berg 1234567'), the header record 102 carries it.")
    for deputy in (line.strip() for line in event.deputy_arbiters.split("\n")):
        if deputy and not FIDE_ID.search(deputy):
            problems.append(f"The deputy arbiter {deputy} has no FIDE id: write it after the name (Settings: deputy "
                            "arbiters), the header record 112 carries it.")
    played = _rated_players(tournament)
    for player in tournament.players:
        if player.tpn not in played:
            continue
        where = f"Player {player.tpn} ({player.name})"
        if not player.fide_id.strip():
            problems.append(f"{where} played rated games but has no FIDE id: register the player with FIDE, or "
                            "the games against him are not rated.")
        if player.rating <= 0 and not player.birth_date.strip():
            problems.append(f"{where} is new to the list and has no birth date: the registration needs one.")
        if player.rating <= 0 and not player.sex.strip():
            problems.append(f"{where} is new to the list and has no sex recorded: the registration needs it.")
    return problems


def _rated_players(tournament: Tournament) -> set[int]:
    """The players of at least one game played over the board and not marked unrated."""
    return {tpn for rnd in tournament.rounds for game in rnd.games
            if game.result.was_played and game.rated for tpn in (game.white, game.black)}


__all__ = ["FIDE_ID", "report_problems"]
