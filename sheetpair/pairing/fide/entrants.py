"""What the FIDE Swiss systems need to know about each player before a round: the C.04.3 Art. 1 definitions.

The Dutch system defines them; the Burstein texts read the same round field, and Dubov its point scale,
its edition and its bye eligibility.

Scores are kept in integer *units* (the smallest step of the tournament's point values), so that score
groups, floats and the topscorer threshold are exact for any scoring (1/½/0, 3/1/0, ...).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import lcm

from ...core.model import Colour, Outcome, Settings, Tournament
from ...core.state import PlayerState, RoundRecord, derive
from ..common import players_to_pair


class Float(enum.Enum):
    """C.04.3 1.4: the float a player received in one earlier round."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


class Edition(enum.Enum):
    """Which text of C.04.3 pairs the round (the two differ in floats, byes and the PAB criterion)."""

    RULES_2026 = "2026"
    RULES_2017 = "2017"


@dataclass(frozen=True)
class PointScale:
    """Converts the tournament's point values to integer units (exact for any decimal scoring)."""

    unit: Fraction

    @classmethod
    def of(cls, settings: Settings) -> PointScale:
        values = [Fraction(str(v)) for v in (settings.points_win, settings.points_draw, settings.points_loss,
                                             settings.bye_value)]
        return cls(Fraction(1, lcm(*(v.denominator for v in values))))

    def units(self, points: float) -> int:
        return _units(points, self.unit)


@lru_cache(maxsize=256)
def _units(points: float, unit: Fraction) -> int:
    return int(Fraction(str(points)) / unit)


@dataclass
class History:
    """One player's rounds before the one being paired, with scores in units (virtual points kept apart)."""

    tpn: int
    records: list[RoundRecord]
    round_units: list[int]
    virtual: dict[int, int] = field(default_factory=dict)
    """Baku virtual points (units) per round number, C.04.7."""

    def score(self, rounds_back: int = 0) -> int:
        """Pairing score (C.04.7 1.5: standings points + virtual points) as it was ``rounds_back`` rounds ago."""
        played = len(self.records) - rounds_back
        return sum(self.round_units[:played]) + self.virtual.get(played + 1, 0)


@dataclass
class Entrant:
    """A player to be paired this round, with the colour and float data of C.04.3 Art. 1."""

    history: History
    rank: int
    """Position among the players who count for the pairing numbers this round (0 = first); its parity
    decides 5.2.5, so players absent from the whole event so far do not shift it."""
    score: int
    colour_preference: Colour | None = None
    colour_imbalance: int = 0
    repeated_colour: Colour | None = None
    """The colour of the last two played games when they were the same (absolute preference, 1.7.1)."""
    strong_preference: bool = False
    bye_eligible: bool = True
    played_games: int = 0
    played_opponents: frozenset[int] = frozenset()
    played_colours: tuple[Colour, ...] = ()

    @property
    def tpn(self) -> int:
        return self.history.tpn

    @property
    def pairing_number(self) -> int:
        """C.04.3 1.2: the pairing number of this round (``rank`` counted from one)."""
        return self.rank + 1

    @property
    def absolute_imbalance(self) -> bool:
        return self.colour_imbalance > 1

    @property
    def absolute_preference(self) -> bool:
        """C.04.3 1.7.1."""
        return self.absolute_imbalance or self.repeated_colour is not None


@dataclass
class RoundField:
    """Everybody's history and the entrants of the round to pair, sorted by pairing score then rank."""

    round_number: int
    settings: Settings
    scale: PointScale
    edition: Edition
    histories: dict[int, History]
    entrants: list[Entrant]
    win_units: int
    draw_units: int
    loss_units: int

    @property
    def played_rounds(self) -> int:
        return self.round_number - 1

    def float_of(self, tpn: int, rounds_back: int) -> Float:
        """The float ``tpn`` received ``rounds_back`` rounds before this one (C.04.3 1.4; 2017 A.4).

        2026: the PAB gives a downfloat, and so does any other unplayed round that scored more than a loss
        (forfeit win, half- or full-point bye); other unplayed rounds (forfeit loss, zero-point bye,
        absence) give none (1.4.4). A played game floats the one with the higher pairing score at the time.
        2017: "a player who, for whatever reason, does not play in a round, also receives a downfloat".
        """
        history = self.histories[tpn]
        record = history.records[len(history.records) - rounds_back]
        units = history.round_units[len(history.records) - rounds_back]
        if not record.played:
            if self.edition is Edition.RULES_2017 or record.outcome is Outcome.PAIRING_BYE:
                return Float.DOWN  # 1.4.3 gives every PAB a downfloat, whatever the bye is worth
            return Float.DOWN if units > self.loss_units else Float.NONE
        if record.opponent is None or record.opponent not in self.histories:
            return Float.NONE
        mine = history.score(rounds_back)
        theirs = self.histories[record.opponent].score(rounds_back)
        return Float.DOWN if mine > theirs else Float.UP if mine < theirs else Float.NONE


def _colour_data(entrant: Entrant) -> None:
    """C.04.3 1.6–1.7 on the played games only (GHR 3.4: unplayed rounds do not count for colours)."""
    colours = [r.colour for r in entrant.history.records if r.played and r.colour is not None]
    whites = colours.count(Colour.WHITE)
    blacks = len(colours) - whites
    lower = Colour.BLACK if whites > blacks else Colour.WHITE
    imbalance = abs(whites - blacks)
    run = 0
    for i in range(len(colours) - 1, -1, -1):
        if colours[i] is colours[-1]:
            run += 1
        else:
            break
    last = colours[-1] if colours else None
    preference: Colour | None
    if imbalance > 1:
        preference = lower
    elif run > 1:
        preference = last.opposite if last else None
    elif imbalance > 0:
        preference = lower
    elif last is not None:
        preference = last.opposite
    else:
        preference = None
    entrant.colour_preference = preference
    entrant.colour_imbalance = imbalance
    entrant.repeated_colour = last if run > 1 else None
    entrant.strong_preference = not entrant.absolute_preference and imbalance > 0
    entrant.played_games = len(colours)
    entrant.played_colours = tuple(colours)


def bye_eligible_by_edition(state: PlayerState, units: list[int], win_units: int, edition: Edition) -> bool:
    """C.04.1 Art. 4 / [C2]: no second PAB; 2026 also bars anyone who scored a win's points unplayed."""
    for record, scored in zip(state.records, units):
        if record.played:
            continue
        if record.outcome is Outcome.PAIRING_BYE:
            return False
        if edition is Edition.RULES_2026 and scored >= win_units:
            return False
        if edition is Edition.RULES_2017 and record.outcome is Outcome.FORFEIT_WIN:
            return False
    return True


def build_field(
    tournament: Tournament,
    round_number: int,
    edition: Edition,
    virtual_points: dict[int, dict[int, float]] | None = None,
) -> RoundField:
    """Derives the histories of everybody and the sorted entrants of ``round_number``.

    ``virtual_points`` (round → tpn → points) are the accelerated points of C.04.7 for each round.
    """
    settings = tournament.settings
    scale = PointScale.of(settings)
    state = derive(tournament, through_round=round_number - 1)
    histories: dict[int, History] = {}
    for tpn, pstate in state.players.items():
        units = [scale.units(r.points) for r in pstate.records]
        virtual = {
            rnd: scale.units(points[tpn])
            for rnd, points in (virtual_points or {}).items()
            if tpn in points
        }
        histories[tpn] = History(tpn, list(pstate.records), units, virtual)
    present = set(players_to_pair(tournament, round_number))
    win_units = scale.units(settings.points_win)
    entrants: list[Entrant] = []
    rank = 0
    for player in sorted(tournament.players, key=lambda p: p.tpn):
        history = histories[player.tpn]
        took_part = any(r.paired or r.outcome is Outcome.PAIRING_BYE for r in history.records)
        if player.tpn not in present and not took_part:
            continue  # not counted in the pairing numbers of this round (absent since the start)
        if player.tpn in present:
            entrant = Entrant(history, rank, history.score())
            _colour_data(entrant)
            entrant.bye_eligible = bye_eligible_by_edition(
                state.players[player.tpn], history.round_units, win_units, edition
            )
            entrant.played_opponents = frozenset(state.players[player.tpn].opponents_played)
            entrants.append(entrant)
        rank += 1
    entrants.sort(key=lambda e: (-e.score, e.rank))
    return RoundField(
        round_number, settings, scale, edition, histories, entrants,
        win_units, scale.units(settings.points_draw), scale.units(settings.points_loss),
    )
