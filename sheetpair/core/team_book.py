"""A team event as its workbook holds it: the event, the players, and the arbiter's settings (the team
counterpart of :class:`~sheetpair.core.model.Tournament`), and how a match's score is written."""

from __future__ import annotations

from dataclasses import dataclass, field

from .model import Player
from .results import format_points
from .teams import Match, ProhibitedGroup, Team, TeamEvent


@dataclass
class TeamBook:
    """A team event as its workbook holds it: the event, the players, and the arbiter's settings."""

    event: TeamEvent
    players: list[Player]
    system: str
    rounds: int
    options: dict[str, str] = field(default_factory=dict)
    tiebreaks: tuple[str, ...] = ()
    name: str = ""
    seed: int = 0
    absent: dict[int, frozenset[int]] = field(default_factory=dict)
    """Player start number to the rounds the player misses."""
    teams: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Team start number to (federation, captain): shown on the Teams sheet, not used for pairing."""
    team_absent: dict[int, frozenset[int]] = field(default_factory=dict)
    """Team start number to the rounds the team has announced it misses (not paired, no points)."""
    prohibited: tuple[ProhibitedGroup, ...] = ()
    """Groups of teams that may not meet each other in a range of rounds (team mates of one club...)."""
    source: tuple[str, ...] = ()
    """The lines of the TRF the event was imported from (line endings kept): exported again as they were
    while the event is what the file says."""
    language: str = ""
    """The language of the printouts (en, de, es, fr; empty: English)."""
    tiebreak_rules: str = ""
    """The C.07 edition of the tie-breaks (``2024`` for an event that began before March 2026; empty: 2026)."""

    def player(self, tpn: int) -> Player:
        """:raises KeyError: if no player has that start number."""
        for player in self.players:
            if player.tpn == tpn:
                return player
        raise KeyError(f"no player has start number {tpn}")

    def rating_of_top(self, team: Team) -> int:
        """The average rating of the team's top ``boards`` members (0 when none is rated)."""
        ratings = [self.player(m).rating for m in team.members[:self.event.boards]]
        return round(sum(ratings) / len(ratings)) if ratings else 0


def match_score(match: Match) -> str:
    """The match row's Result: a whole-match forfeit as typed, else the game points once the boards are in."""
    if match.forfeit_winner is not None:
        return "-/-" if match.forfeit_winner == 0 else "+/-" if match.forfeit_winner == match.white else "-/+"
    if not any(g.result.is_known for g in match.boards):
        return ""
    white, black = match.game_points()
    return f"{format_points(white / 2)}-{format_points(black / 2)}"
