"""``team-berger``: a team round robin, single or double, on the FIDE Berger tables.

The schedule is the individual Berger schedule (:func:`sheetpair.pairing.berger.schedule_round`, the
tables of C.05 Annex 1 with the cycle rules there) with teams in place of players: the team listed first
on a table has White on board 1, so the team with White on board 1 alternates by round as the tables
alternate, and the boards alternate from board 1. With an odd number of teams the dummy's opponent rests.
"""

from __future__ import annotations

from typing import ClassVar

from ..core.errors import PairingError
from ..core.teams import Match, TeamBye, TeamByeKind, TeamEvent, TeamRound
from .base import OptionSpec
from .berger import schedule_round
from .explanation import BoardExplanation, RoundExplanation
from .team_base import TeamSettings, TeamSystem, with_boards


def _size(event: TeamEvent) -> int:
    n = len(event.teams)
    if n < 2:
        raise PairingError("a team round robin needs at least two teams")
    if sorted(t.tpn for t in event.teams) != list(range(1, n + 1)):
        raise PairingError("a team round robin needs the teams numbered 1 to the number of teams")
    return n + n % 2


class TeamBerger(TeamSystem):
    name = "team-berger"
    description = "Team round robin (single or double) on the FIDE Berger tables"
    options: ClassVar[dict[str, OptionSpec]] = {
        "cycles": OptionSpec("1", "one cycle, or two (a double round robin, colours reversed)", ("1", "2")),
    }

    def planned_rounds(self, event: TeamEvent, settings: TeamSettings) -> int:
        """One round fewer than the table size per cycle."""
        return (_size(event) - 1) * (2 if settings.double else 1)

    def pair(self, event: TeamEvent, round_number: int, settings: TeamSettings) -> TeamRound:
        size = _size(event)
        if round_number > self.planned_rounds(event, settings):
            raise PairingError(f"the round robin of {len(event.teams)} teams has no round {round_number}")
        matches: list[Match] = []
        byes: list[TeamBye] = []
        for white, black in schedule_round(size, round_number, double=settings.double):
            if size in (white, black) and size > len(event.teams):
                byes.append(TeamBye(black if white == size else white, TeamByeKind.REST))
                continue
            matches.append(with_boards(event, len(matches) + 1, white, black, settings))
        return TeamRound(round_number, tuple(matches), tuple(byes))

    def explain(self, event: TeamEvent, round_number: int, settings: TeamSettings) -> RoundExplanation:
        rnd = self.pair(event, round_number, settings)
        boards = [BoardExplanation(m.table, m.white, m.black, f"Table {m.table}: team {m.white} - team {m.black}",
                                   [f"round {round_number} of the Berger table for {_size(event)} (C.05 Annex 1); "
                                    f"team {m.white} is listed first, so it has White on board 1"])
                  for m in rnd.matches]
        rest = f"team {rnd.byes[0].team} rests (it meets the dummy)" if rnd.byes else None
        return RoundExplanation(round_number, self.name, [], boards, rest)


SYSTEM = TeamBerger()
