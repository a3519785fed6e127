"""A team event cut into the parts an arbiter edits separately, as :mod:`.parts` cuts an individual one, so
the same journal, hashes, hand edits, comparison and merge serve it (``docs/teams.md``).

The parts: the settings; the teams with their details and members (``teams``); the players (``roster``:
each member's details and absences); and for each round its matches and byes (``round N pairing``: tables
with the two teams), its line-ups (``round N line-ups``: each team's players in board order) and its
results (``round N results``: each board's result keyed ``[table, board]``, a whole match forfeited keyed
``[table, 0]``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..core.team_book import TeamBook, match_score
from ..core.teams import TeamRound
from .parts import ROSTER, SETTINGS, TEAMS, lineups_part, pairing_part, plain_value, results_part, roster_entry


def team_parts(book: TeamBook) -> dict[str, Any]:
    """The team event cut into its parts, each as plain JSON-ready values."""
    parts: dict[str, Any] = {
        SETTINGS: team_settings(book),
        TEAMS: [{"tpn": t.tpn, "name": t.name, "short_name": t.short_name,
                 "federation": book.teams.get(t.tpn, ("", ""))[0], "captain": book.teams.get(t.tpn, ("", ""))[1],
                 "members": list(t.members), "absent": sorted(book.team_absent.get(t.tpn, ()))}
                for t in book.event.teams],
        ROSTER: [{**roster_entry(p), "absent": sorted(book.absent.get(p.tpn, ()))}
                 for p in sorted(book.players, key=lambda p: p.tpn)],
    }
    for rnd in book.event.rounds:
        parts[pairing_part(rnd.number)] = team_pairing(rnd)
        parts[lineups_part(rnd.number)] = {str(team): list(players) for team, players in sorted(rnd.lineups.items())}
        parts[results_part(rnd.number)] = team_results(rnd)
    return parts


def team_settings(book: TeamBook) -> dict[str, Any]:
    """What the Settings and Prohibited teams sheets hold."""
    return {"system": book.system, "rounds": book.rounds, "boards": book.event.boards,
            "options": plain_value(book.options),
            "tiebreaks": list(book.tiebreaks), "tiebreak_rules": book.tiebreak_rules, "name": book.name,
            "seed": book.seed, "language": book.language,
            "prohibited": [[*g.rounds, sorted(g.teams)] for g in book.prohibited]}


def team_pairing(rnd: TeamRound) -> dict[str, list[list[Any]]]:
    """A round's matches (table, White team, Black team) and byes (team, kind, 0), in a canonical order."""
    return {"games": sorted([m.table, m.white, m.black] for m in rnd.matches),
            "byes": sorted([b.team, b.kind.value, 0] for b in rnd.byes)}


def team_results(rnd: TeamRound) -> list[list[Any]]:
    """A round's results: ``[[table, board], code]`` per board, and ``[[table, 0], code]`` per match for a
    whole match forfeited (empty when it was not)."""
    found = [[[m.table, g.board], g.result.value] for m in rnd.matches for g in m.boards]
    found += [[[m.table, 0], match_score(m) if m.forfeit_winner is not None else ""] for m in rnd.matches]
    return sorted(found)


def settings_replaced(book: TeamBook, key: str, other: TeamBook) -> TeamBook:
    """``book`` with the one setting ``key`` (as :func:`~.describe.flatten` names it) taken from ``other``."""
    head, _, rest = key.partition(".")
    if head == "options":
        options = {k: v for k, v in book.options.items() if k != rest}
        if rest in other.options:
            options[rest] = other.options[rest]
        return dataclasses.replace(book, options=options)
    if head == "boards":
        return dataclasses.replace(book, event=dataclasses.replace(book.event, boards=other.event.boards))
    return dataclasses.replace(book, **{head: getattr(other, head)})
