"""The Lim player as the procedure sees one round: score, colour history, opponents, floats, bye eligibility.

Everything comes from :func:`sheetpair.core.state.derive`; nothing here is stored. Scores are kept in half
points (Art. 7.3: win 1, draw ½, loss 0), so groups and the median compare exactly.

Compatibility (Art. 2.1) and the colour of a pair (Art. 5) are answered here, once, for the whole procedure.
See docs/lim.md for the rules in the project's words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ...core.model import Colour, Outcome, Tournament
from ...core.state import PlayerState, TournamentState
from ..colours import run_length
from ..common import is_forbidden_pair


class Region(Enum):
    """Where a pair is made: above the median group (paired downward), below it (upward), or in it."""

    ABOVE = "above"
    BELOW = "below"
    MEDIAN = "median"


class ExchangeOrder(Enum):
    """The order in which a player's opponents are tried when the proposed pair cannot stand (Art. 4).

    ``by-number``: the proposed opponent, then the others by pairing number from the top (upward: from the
    bottom), as Winther's page does. ``article-4.2``: the tables of Art. 4.2 and 4.3 — the rest of the other
    half in number order, then the own half from the nearest number outward.
    """

    BY_NUMBER = "by-number"
    ARTICLE_4_2 = "article-4.2"


@dataclass(frozen=True)
class LimPlayer:
    """One player to pair in this round."""

    tpn: int
    half_points: int
    """Score in half points (a draw is 1)."""
    colours: tuple[Colour, ...]
    """Colours of the games played over the board, in order (byes and forfeits give none)."""
    opponents: frozenset[int]
    """Opponents met over the board; a forfeited game is no meeting, so the pair may be paired again."""
    floated_last_round: bool
    """Art. 3.10: the player met an opponent with a different score in the previous round."""
    may_take_bye: bool
    """Art. 1.1 with Basic Rule 4: no pairing-allocated bye and no win without playing so far."""
    rating: int = 0
    """For the 100-point band of a Maxi-tournament (Art. 3.2.3, 3.8, 5.7)."""
    colour_difference: int = field(init=False)
    """Whites minus Blacks."""
    last: Colour | None = field(init=False)
    due: Colour | None = field(init=False)
    """The colour due (Art. 5.5/5.6): the one that equalises, else the alternate one, else none."""
    may_have_white: bool = field(init=False)
    may_have_black: bool = field(init=False)
    """Art. 5.1.1 and 5.1.2: never three more of one colour, never the same colour three rounds running."""

    def __post_init__(self) -> None:
        difference = sum(1 if c is Colour.WHITE else -1 for c in self.colours)
        last = self.colours[-1] if self.colours else None
        due = (Colour.BLACK if difference > 0 else Colour.WHITE) if difference else (last.opposite if last else None)
        twice = run_length(self.colours) >= 2
        object.__setattr__(self, "colour_difference", difference)
        object.__setattr__(self, "last", last)
        object.__setattr__(self, "due", due)
        object.__setattr__(self, "may_have_white", difference < 2 and not (twice and last is Colour.WHITE))
        object.__setattr__(self, "may_have_black", difference > -2 and not (twice and last is Colour.BLACK))


def lim_player(state: PlayerState, round_number: int, before: TournamentState) -> LimPlayer:
    """The player ``state`` as seen when pairing ``round_number`` (``before``: everybody's state)."""
    floated = False
    previous = next((r for r in state.records if r.round == round_number - 1), None)
    if previous is not None and previous.played and previous.opponent is not None:
        mine = state.score_after(round_number - 2)
        theirs = before[previous.opponent].score_after(round_number - 2)
        floated = abs(mine - theirs) > 1e-9
    unearned = (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN, Outcome.FULL_BYE)
    return LimPlayer(
        tpn=state.tpn,
        half_points=round(state.score * 2),
        colours=tuple(state.colours),
        opponents=frozenset(state.opponents_played),
        floated_last_round=floated,
        may_take_bye=not any(r.outcome in unearned for r in state.records),
        rating=state.player.rating,
    )


@dataclass(frozen=True)
class Orientation:
    """White and Black of a pair and the colour penalties the choice leaves (Art. 5), smallest best.

    ``penalties`` are: a hard limit broken (last round only, Art. 6), colours not alternated (5.1), colours
    not equalised after an even round (5.6), the precedence of 5.4 ignored, the round-one lot colour of 7.2
    not kept (players without any colour yet).
    """

    white: int
    black: int
    penalties: tuple[int, int, int, int, int]


MAXI_BAND = 100
"""Rating points within which a Maxi-tournament floats and exchanges players (Art. 3.2.3, 3.8, 5.7)."""


class Rules:
    """Compatibility and colours of one round (Art. 2.1, 5, 6)."""

    def __init__(self, tournament: Tournament, round_number: int, players: dict[int, LimPlayer],
                 exchange_order: ExchangeOrder = ExchangeOrder.BY_NUMBER, *, maxi: bool = False) -> None:
        self.tournament = tournament
        self.exchange_order = exchange_order
        self.maxi = maxi
        """A Maxi-tournament: floaters and exchanged opponents within 100 rating points (Art. 3.2.3, 3.8, 5.7)."""
        self.round_number = round_number
        self.players = players
        self.last_round = round_number == tournament.settings.rounds
        self.initial = tournament.settings.initial_colour
        self.median = round_number - 1
        """The median score in half points: half the rounds played (Art. 2.2)."""
        self._cache: dict[tuple[int, int, Region], Orientation | None] = {}
        self._compatible: dict[tuple[int, int], bool] = {}
        self._alike: dict[tuple[object, ...], tuple[bool, tuple[int, int, int, int, int]]] = {}

    def orientation(self, a: int, b: int, region: Region) -> Orientation | None:
        """The best colours for ``a`` against ``b``, or ``None`` when the two are not compatible (Art. 2.1)."""
        key = (min(a, b), max(a, b), region)
        if key not in self._cache:
            self._cache[key] = self._orient(self.players[key[0]], self.players[key[1]], region)
        return self._cache[key]

    def _orient(self, low: LimPlayer, high: LimPlayer, region: Region) -> Orientation | None:
        """The colours depend on the two colour histories, the parities of the numbers, which number is smaller
        and the region only, so pairs alike share one computation (big fields have few distinct histories)."""
        if not self.compatible(low.tpn, high.tpn):
            return None
        exception = self.last_round and low.half_points == high.half_points  # Art. 6
        alike = (low.colours, high.colours, low.tpn % 2, high.tpn % 2, exception, region)
        if alike not in self._alike:
            self._alike[alike] = self._colours(low, high, region, exception)
        low_white, penalties = self._alike[alike]
        white, black = (low, high) if low_white else (high, low)
        return Orientation(white.tpn, black.tpn, penalties)

    def outside_band(self, a: LimPlayer, b: LimPlayer) -> bool:
        """True in a Maxi-tournament when the ratings of ``a`` and ``b`` differ by more than 100 points."""
        return self.maxi and abs(a.rating - b.rating) > MAXI_BAND

    def compatible(self, a: int, b: int) -> bool:
        """Art. 2.1 (and the arbiter's forbidden pairs): not met, and some colours within the limits."""
        key = (a, b) if a < b else (b, a)
        known = self._compatible.get(key)
        if known is None:
            known = self._compatible[key] = self._may_meet(self.players[key[0]], self.players[key[1]])
        return known

    def _may_meet(self, a: LimPlayer, b: LimPlayer) -> bool:
        if b.tpn in a.opponents:
            return False
        if self.tournament.forbidden_pairs and is_forbidden_pair(self.tournament, a.tpn, b.tpn):
            return False
        if self.last_round and a.half_points == b.half_points:  # Art. 6
            return True
        return (a.may_have_white and b.may_have_black) or (b.may_have_white and a.may_have_black)

    def _colours(self, a: LimPlayer, b: LimPlayer, region: Region, exception: bool
                 ) -> tuple[bool, tuple[int, int, int, int, int]]:
        """Whether ``a`` (the smaller number) gets White, and the faults left (Art. 5, 6); ties: White to ``a``."""
        chosen = self.alternate_goes_to(a, b, region) if a.last is not None and a.last is b.last else None
        best: tuple[tuple[int, ...], bool, tuple[int, int, int, int, int]] | None = None
        for white, black in ((a, b), (b, a)):
            hard = (not white.may_have_white) + (not black.may_have_black)
            if hard and not exception:
                continue
            penalties = (hard, *self._soft(white, black, a.last, chosen))
            key = (*penalties, white.tpn)
            if best is None or key < best[0]:
                best = (key, white is a, penalties)
        assert best is not None, "compatible players have a colouring within the limits"
        return best[1], best[2]

    def _soft(self, white: LimPlayer, black: LimPlayer, last: Colour | None, chosen: LimPlayer | None
              ) -> tuple[int, int, int, int]:
        """Alternation (5.1), equalisation after an even round (5.6), precedence (5.4: ``chosen`` should get
        the alternate of the colour both had ``last``), the round-one colour (7.2) for colourless pairs."""
        even = self.round_number % 2 == 0
        alternate = (white.last is Colour.WHITE) + (black.last is Colour.BLACK)
        equalise = (even and white.colour_difference >= 1) + (even and black.colour_difference <= -1)
        precedence = int(chosen is not None and (Colour.WHITE if chosen is white else Colour.BLACK) is last)
        lot = 0
        if white.last is None and black.last is None:
            lot = int((self.initial if white.tpn % 2 else self.initial.opposite) is not Colour.WHITE)
        return alternate, equalise, precedence, lot

    @staticmethod
    def alternate_goes_to(a: LimPlayer, b: LimPlayer, region: Region) -> LimPlayer | None:
        """Art. 5.4: who gets the alternate colour when both had the same colour last time.

        Go back through the histories (played games, latest first) to the first difference: the player who
        had Black there gets precedence. Identical histories: the higher ranked in or above the median group,
        the lower ranked below it.
        """
        for mine, theirs in zip(reversed(a.colours), reversed(b.colours)):
            if mine is not theirs:
                return a if mine is Colour.BLACK else b
        if not a.colours and not b.colours:
            return None
        if region is Region.BELOW:
            return a if a.tpn > b.tpn else b
        return a if a.tpn < b.tpn else b
