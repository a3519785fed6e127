"""``team-swiss``: the FIDE Swiss Team Pairing System (C.04.6, 2026).

The team is the pairing unit. :mod:`.state` reads each team's pairing score, colour preference and float
from the stored history; :mod:`.procedure` chooses the PAB and pairs bracket by bracket (3.3–3.6);
:mod:`.colours` gives board 1's colour of each match (§4) and orders the tables.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.teams import TeamBye, TeamByeKind, TeamEvent, TeamRound
from ..base import OptionSpec
from ..explanation import BoardExplanation, RoundExplanation
from ..team_base import TeamSettings, TeamSystem, with_boards
from .colours import tables
from .procedure import Bracket, RoundResult, pair_round
from .state import RoundState, round_state


class TeamSwiss(TeamSystem):
    name = "team-swiss"
    description = "FIDE Swiss Team Pairing System (C.04.6, 2026): teams paired bracket by bracket"
    options: ClassVar[dict[str, OptionSpec]] = {
        "primary": OptionSpec("match", "the primary score: match points or game points", ("match", "game")),
        "colours": OptionSpec("A", "colour preferences of Type A, Type B, or none", ("A", "B", "none")),
        "match-points": OptionSpec("2,1,0", "match points for a won, drawn and lost match"),
        "acceleration": OptionSpec("none", "Baku acceleration (C.04.7) on the match points", ("none", "baku")),
        "initial-colour": OptionSpec("W", "board 1's colour of the higher team on table 1 in round 1 (4.1)",
                                     ("W", "B")),
        "secondary": OptionSpec("yes", "the secondary score ranks teams for colours (4.2.2)", ("yes", "no")),
    }

    def _solve(self, event: TeamEvent, round_number: int,
               settings: TeamSettings) -> tuple[RoundState, RoundResult, list[tuple[int, int, str]]]:
        state = round_state(event, round_number, settings)
        result = pair_round(state)
        return state, result, tables(state, result.pairs, settings.initial_colour)

    def pair(self, event: TeamEvent, round_number: int, settings: TeamSettings) -> TeamRound:
        _, result, matches = self._solve(event, round_number, settings)
        byes = [TeamBye(result.pab, TeamByeKind.PAB)] if result.pab is not None else []
        byes += [TeamBye(t, TeamByeKind.ABSENT) for t in sorted(settings.absent)]
        return TeamRound(round_number,
                         tuple(with_boards(event, table, w, b, settings)
                               for table, (w, b, _) in enumerate(matches, start=1)),
                         tuple(byes))

    def explain(self, event: TeamEvent, round_number: int, settings: TeamSettings) -> RoundExplanation:
        _, result, matches = self._solve(event, round_number, settings)
        bracket_of = {t: b for b in result.brackets for p in b.pairs for t in p}
        lines = [_bracket_line(b) for b in result.brackets]
        boards = []
        for table, (white, black, colour) in enumerate(matches, start=1):
            bracket = bracket_of[white]
            reasons = [f"bracket of {bracket.score / 2:g} points: {bracket.reason}",
                       "pairs chosen by C8-C10 (colour preferences, floats), then the smallest identifier (3.6)"]
            ups = [t for t in (white, black) if t in bracket.upfloaters]
            if ups:
                reasons.append(f"team {ups[0]} floats up ([C4] fewest upfloaters, [C5] highest scores, 3.5)")
            reasons.append(f"team {white} has White on board 1 (§4): {colour}")
            boards.append(BoardExplanation(table, white, black, f"Table {table}: team {white} - team {black}",
                                           reasons))
        bye = (f"PAB: team {result.pab}, the lowest in pairing order without a PAB whose absence leaves the "
               "rest pairable (3.4, C2)") if result.pab is not None else None
        return RoundExplanation(round_number, self.name, lines, boards, bye)


def _bracket_line(bracket: Bracket) -> str:
    ups = f", upfloaters {', '.join(map(str, bracket.upfloaters))}" if bracket.upfloaters else ""
    return f"Bracket {bracket.score / 2:g}: residents {', '.join(map(str, bracket.residents))}{ups}"


SYSTEM = TeamSwiss()
