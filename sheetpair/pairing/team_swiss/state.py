"""What C.04.6 reads of each team before a round: pairing score, colour preference, float, opponents.

Everything comes from :func:`sheetpair.core.teams.derive_teams`; this module only adds the Swiss Team
readings of it. The pairing score is the primary score plus the virtual points of an acceleration
(record 250, Baku on team scores). The colour preference follows C.04.6 1.7: a team that played has a
*strong* preference when its colour difference is beyond ±1, or when it is 0 or ±1 and its last two
played matches had the same colour; under Type B a team also has a *mild* preference for the colour it
had less (difference ±1), or, with difference 0 and not in the last round, for the colour it did not have
last. Type A knows only the strong preferences; "none" knows none. A team floated in the last round when
it met a team of a different pairing score there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.model import Colour
from ...core.teams import (
    PrimaryScore,
    TeamEvent,
    TeamHistory,
    derive_teams,
)
from ..team_base import TeamSettings


@dataclass(frozen=True)
class TeamStanding:
    """One team as the pairing of a round sees it."""

    tpn: int
    score: int
    secondary: int
    difference: int
    colours: tuple[Colour, ...]
    preference: Colour | None
    strong: bool
    wish: Colour | None
    """The colour §4 allocates by, for every colour type: the preference of Type B."""
    strong_wish: bool
    floated: bool
    met: frozenset[int]
    had_pab: bool


@dataclass(frozen=True)
class RoundState:
    """The teams to pair (absent ones left out), the prohibited pairs, and whether C7/C10 still apply."""

    teams: dict[int, TeamStanding]
    forbidden: frozenset[frozenset[int]] = field(default_factory=frozenset)
    last_two: bool = False
    colours: str = "A"
    secondary_colours: bool = True
    """4.2.2: the secondary score ranks teams for colours (not when the event has no secondary score)."""

    def legal(self, a: int, b: int) -> bool:
        """C1 (no two teams meet twice) and the prohibited groups of the event."""
        return b not in self.teams[a].met and frozenset((a, b)) not in self.forbidden

    def rank_key(self, tpn: int) -> tuple[int, int]:
        """The pairing order: higher pairing score first, then the smaller start number."""
        return (-self.teams[tpn].score, tpn)

    def colour_rank(self, tpn: int) -> tuple[int, int, int]:
        """The ranking §4 gives priority by: pairing score, then the secondary score, then start number."""
        team = self.teams[tpn]
        return (-team.score, -team.secondary if self.secondary_colours else 0, tpn)


def virtual_points(settings: TeamSettings, tpn: int, round_number: int, primary: PrimaryScore) -> int:
    """Acceleration points of ``tpn`` in ``round_number`` on the primary score."""
    total = 0
    for acc in settings.accelerations:
        if acc.rounds[0] <= round_number <= acc.rounds[1] and acc.teams[0] <= tpn <= acc.teams[1]:
            total += acc.game_points if primary is PrimaryScore.GAME else acc.match_points
    return total


def _preference(colours: tuple[Colour, ...], kind: str, final_round: bool) -> tuple[Colour | None, bool]:
    if kind == "none" or not colours:
        return None, False
    diff = sum(1 if c is Colour.WHITE else -1 for c in colours)
    last_two = colours[-2:]
    same_last_two = len(last_two) == 2 and last_two[0] is last_two[1]
    if diff < -1 or (diff in (0, -1) and same_last_two and last_two[0] is Colour.BLACK):
        return Colour.WHITE, True
    if diff > 1 or (diff in (0, 1) and same_last_two and last_two[0] is Colour.WHITE):
        return Colour.BLACK, True
    if kind == "B":
        if diff == -1 or (diff == 0 and not final_round and colours[-1] is Colour.BLACK):
            return Colour.WHITE, False
        if diff == 1 or (diff == 0 and not final_round and colours[-1] is Colour.WHITE):
            return Colour.BLACK, False
    return None, False


def _pairing_score(event: TeamEvent, settings: TeamSettings, h: TeamHistory, round_number: int) -> int:
    """Primary score of a history derived before ``round_number``, plus that round's virtual points."""
    return h.primary(event.scoring) + virtual_points(settings, h.tpn, round_number, event.scoring.primary)


def _last_opponent(event: TeamEvent, tpn: int, round_number: int) -> int:
    """The team ``tpn`` met in the round before ``round_number`` (played or not), 0 if none."""
    for rnd in event.rounds:
        if rnd.number == round_number - 1:
            for match in rnd.matches:
                if tpn in (match.white, match.black):
                    return match.black if match.white == tpn else match.white
    return 0


def round_state(event: TeamEvent, round_number: int, settings: TeamSettings) -> RoundState:
    """The state C.04.6 pairs round ``round_number`` from."""
    history = derive_teams(event, before_round=round_number)
    # Scores before the previous round, for the float of that round (accelerated scores included).
    previous = derive_teams(event, before_round=round_number - 1) if round_number > 1 else history
    teams: dict[int, TeamStanding] = {}
    for tpn, h in history.items():
        if tpn in settings.absent:
            continue
        colours = tuple(c for c in h.colours if c is not None)
        preference, strong = _preference(colours, settings.colours, round_number == settings.rounds)
        wish, strong_wish = _preference(colours, "B", round_number == settings.rounds)
        opponent = _last_opponent(event, tpn, round_number)
        floated = bool(opponent) and (_pairing_score(event, settings, previous[tpn], round_number - 1)
                                      != _pairing_score(event, settings, previous[opponent], round_number - 1))
        teams[tpn] = TeamStanding(
            tpn, _pairing_score(event, settings, h, round_number), h.secondary(event.scoring),
            sum(1 if c is Colour.WHITE else -1 for c in colours), colours, preference, strong, wish, strong_wish,
            floated, frozenset(h.opponents), h.pab_count > 0)
    forbidden = frozenset(frozenset((a, b)) for group in settings.prohibited
                          if group.rounds[0] <= round_number <= group.rounds[1]
                          for a in group.teams for b in group.teams if a < b)
    return RoundState(teams, forbidden, round_number > settings.rounds - 2, settings.colours,
                      settings.secondary_colours)
