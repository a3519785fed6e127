"""The tournament as an arbiter records it: the roster, the settings, and each round's pairings and results.

This is the only state sheetpair stores. Scores, colour histories, opponents, floats and standings are
derived from it (see :mod:`sheetpair.core.state`) and never stored a second time, so a workbook edited by
hand can never disagree with itself.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field


class Colour(enum.Enum):
    """The colour a player had in a played game."""

    WHITE = "W"
    BLACK = "B"

    @property
    def opposite(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE


class Outcome(enum.Enum):
    """What one round meant for one player; the points it is worth come from :class:`Settings`."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    PAIRING_BYE = "pairing-allocated bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"
    FULL_BYE = "full-point bye"
    ABSENT = "absent"
    PENDING = "not yet played"

    @property
    def is_played_game(self) -> bool:
        """True for a game played over the board (forfeits and byes are not games)."""
        return self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)

    @property
    def is_bye(self) -> bool:
        return self in (Outcome.PAIRING_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FULL_BYE)

    def is_meeting(self, *, pending: bool = False, forfeits: bool = False) -> bool:
        """True when a game with this outcome makes the two players "have met": the one definition of it.

        By default only a game played over the board is a meeting (C.04.2 3.5: a forfeit is no meeting), as
        the FIDE systems and the tie-breaks read it. ``pending=True`` also counts a game still to be played or
        postponed (a pair that will have met once it is played: the arbiter's warnings on hand-set boards and
        hand edits); ``forfeits=True`` also counts a forfeited game (the club systems that never pair a pair
        twice, whatever happened). Byes and absences are never meetings.
        """
        if self in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS):
            return True
        if self is Outcome.PENDING:
            return pending
        return forfeits and self in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)


class Result(enum.Enum):
    """The result of one board, by its canonical code as written in the round sheets."""

    NONE = ""
    WHITE_WINS = "1-0"
    DRAW = "½-½"
    BLACK_WINS = "0-1"
    WHITE_WINS_BY_FORFEIT = "+/-"
    BLACK_WINS_BY_FORFEIT = "-/+"
    DOUBLE_FORFEIT = "-/-"
    BOTH_LOSE = "0-0"
    WHITE_DRAWS_BLACK_LOSES = "½-0"
    WHITE_LOSES_BLACK_DRAWS = "0-½"
    POSTPONED = "*"

    @property
    def outcomes(self) -> tuple[Outcome, Outcome]:
        """The outcome for White and for Black."""
        return _OUTCOMES[self]

    @property
    def is_known(self) -> bool:
        """True once the board has a final result (not empty, not postponed)."""
        return self not in (Result.NONE, Result.POSTPONED)

    @property
    def was_played(self) -> bool:
        """True when the game was played over the board, so colours and opponents count."""
        return self.outcomes[0].is_played_game

    def is_meeting(self, *, pending: bool = False, forfeits: bool = False) -> bool:
        """True when a game with this result makes its two players "have met" (:meth:`Outcome.is_meeting`)."""
        return self.outcomes[0].is_meeting(pending=pending, forfeits=forfeits)

    @property
    def reversed(self) -> Result:
        """The same result seen with colours swapped."""
        return _REVERSED[self]


_O = Outcome
_OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.NONE: (_O.PENDING, _O.PENDING),
    Result.POSTPONED: (_O.PENDING, _O.PENDING),
    Result.WHITE_WINS: (_O.WIN, _O.LOSS),
    Result.DRAW: (_O.DRAW, _O.DRAW),
    Result.BLACK_WINS: (_O.LOSS, _O.WIN),
    Result.WHITE_WINS_BY_FORFEIT: (_O.FORFEIT_WIN, _O.FORFEIT_LOSS),
    Result.BLACK_WINS_BY_FORFEIT: (_O.FORFEIT_LOSS, _O.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (_O.FORFEIT_LOSS, _O.FORFEIT_LOSS),
    Result.BOTH_LOSE: (_O.LOSS, _O.LOSS),
    Result.WHITE_DRAWS_BLACK_LOSES: (_O.DRAW, _O.LOSS),
    Result.WHITE_LOSES_BLACK_DRAWS: (_O.LOSS, _O.DRAW),
}
_REVERSED: dict[Result, Result] = {
    Result.NONE: Result.NONE,
    Result.POSTPONED: Result.POSTPONED,
    Result.WHITE_WINS: Result.BLACK_WINS,
    Result.BLACK_WINS: Result.WHITE_WINS,
    Result.DRAW: Result.DRAW,
    Result.WHITE_WINS_BY_FORFEIT: Result.BLACK_WINS_BY_FORFEIT,
    Result.BLACK_WINS_BY_FORFEIT: Result.WHITE_WINS_BY_FORFEIT,
    Result.DOUBLE_FORFEIT: Result.DOUBLE_FORFEIT,
    Result.BOTH_LOSE: Result.BOTH_LOSE,
    Result.WHITE_DRAWS_BLACK_LOSES: Result.WHITE_LOSES_BLACK_DRAWS,
    Result.WHITE_LOSES_BLACK_DRAWS: Result.WHITE_DRAWS_BLACK_LOSES,
}


class ByeKind(enum.Enum):
    """Why a player has no opponent in a round.

    ``PAB`` is allocated by the pairing (worth the tournament's bye value; in a round robin it is the
    rest round against the dummy). The others are requested by the player before the pairing.
    """

    PAB = "pab"
    HALF = "half"
    ZERO = "zero"
    FULL = "full"

    @property
    def outcome(self) -> Outcome:
        return {
            ByeKind.PAB: Outcome.PAIRING_BYE,
            ByeKind.HALF: Outcome.HALF_BYE,
            ByeKind.ZERO: Outcome.ZERO_BYE,
            ByeKind.FULL: Outcome.FULL_BYE,
        }[self]


@dataclass
class Player:
    """One entry of the roster. ``tpn`` is the start number (tournament pairing number)."""

    tpn: int
    name: str
    rating: int = 0
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    sex: str = ""
    club: str = ""
    team: str = ""
    withdrawn_from: int | None = None
    """First round in which the player is no longer paired, or ``None`` while the player is in."""
    provisional_rating: int = 0
    """The rating the Chief Arbiter gives an unrated player where the system rates everyone (Dubov Art. 1.1)."""
    k_factor: int | None = None
    """The player's FIDE development coefficient K for the rating change the reports print (default 20)."""
    board: int = 0
    """Team events: the member's place in the team's board order as the roster gives it (0: roster order)."""
    inactive: bool = False
    """Flagged inactive on FIDE's rating list (its ``i``): kept and shown; no pairing or rating rule here uses it."""

    def is_active_in(self, round_number: int) -> bool:
        """True when the player takes part in the pairing of ``round_number``."""
        return self.withdrawn_from is None or round_number < self.withdrawn_from


@dataclass
class Game:
    """One board of a round. ``board`` is the printed board number."""

    board: int
    white: int
    black: int
    result: Result = Result.NONE
    rated: bool = True
    """False for a game played over the board that does not count toward ratings (less than one move played,
    or the arbiter's decision; see ``docs/interchange.md``). Only a played result can be unrated: the score,
    the colours and the meeting count as for any game, the rating figures and tie-breaks leave it out.
    A flag beside :class:`Result` rather than three more results, so that every comparison of results
    (``result is Result.WHITE_WINS``) keeps meaning what it meant."""

    @property
    def is_unrated(self) -> bool:
        """True for a game played over the board that does not count toward ratings."""
        return not self.rated and self.result.was_played


@dataclass
class Bye:
    """A player without an opponent in a round; ``board`` is set where the system prints it as a board."""

    player: int
    kind: ByeKind
    board: int | None = None


@dataclass
class Round:
    """One round's pairing and results."""

    number: int
    games: list[Game] = field(default_factory=list)
    byes: list[Bye] = field(default_factory=list)
    notes: list[str] = field(default_factory=list, compare=False)
    """What the pairing had to say in plain words (a rule relaxed, a rematch made), for the arbiter at the
    moment of pairing; not part of the stored round, so a round read from a workbook has none."""

    def game_on_board(self, board: int) -> Game | None:
        return next((g for g in self.games if g.board == board), None)

    def players(self) -> set[int]:
        """Everyone with a game or a bye in this round."""
        return {p for g in self.games for p in (g.white, g.black)} | {b.player for b in self.byes}


@dataclass
class EventInfo:
    """The tournament header, as FIDE's Tournament Report File and the reports print it."""

    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    chief_arbiter: str = ""
    deputy_arbiters: str = ""
    time_control: str = ""
    event_type: str = ""


@dataclass
class Settings:
    """How the event is paired and scored. ``options`` holds a pairing system's own settings."""

    system: str
    rounds: int
    points_win: float = 1.0
    points_draw: float = 0.5
    points_loss: float = 0.0
    bye_value: float = 1.0
    tiebreaks: tuple[str, ...] = ()
    initial_colour: Colour = Colour.WHITE
    seed: int | None = None
    double_round_robin: bool = False
    options: dict[str, str] = field(default_factory=dict)
    event: EventInfo = field(default_factory=EventInfo)
    tiebreak_rules: str = "2026"
    """Edition of the FIDE tie-break rules (C.07) the event is played under: ``2026`` or ``2024`` (the 2026
    edition caps the dummy opponent of unplayed rounds, Art. 16.4)."""
    language: str = ""
    """The reports' language (``en``, ``de``, ``es``, ``fr``); empty for English."""
    missed_rounds: str = "zero"
    """What the rounds a late entry missed count for, unless the arbiter says otherwise: ``zero`` or
    ``half`` (a zero- or half-point bye each, C.04.2)."""
    fide_mode: bool | None = None
    """FIDE mode (:mod:`sheetpair.core.fide_mode`): ``None`` means on for the FIDE systems, off for the others."""

    def points_for(self, outcome: Outcome) -> float:
        """Points one round with this outcome is worth."""
        if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.FULL_BYE):
            return self.points_win
        if outcome in (Outcome.DRAW, Outcome.HALF_BYE):
            return self.points_draw
        if outcome is Outcome.PAIRING_BYE:
            return self.bye_value
        if outcome in (Outcome.LOSS, Outcome.FORFEIT_LOSS):
            return self.points_loss
        return 0.0

    def points_for_bye(self, kind: ByeKind) -> float:
        return self.points_for(kind.outcome)


@dataclass
class Tournament:
    """Roster, settings and rounds: everything sheetpair stores about an event."""

    settings: Settings
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    requested_byes: dict[int, dict[int, ByeKind]] = field(default_factory=dict)
    """Byes asked for rounds not paired yet: round number → start number → kind."""
    forbidden_pairs: set[frozenset[int]] = field(default_factory=set)
    """Pairs the arbiter has ruled must not meet (e.g. players of one family), respected by every system."""
    preserved_records: list[str] = field(default_factory=list)
    """Lines of an imported file that sheetpair does not interpret, kept so that an export gives them back;
    also the arbiter's decisions (:meth:`record_decision`), as TRF comment lines."""

    def record_decision(self, round_number: int, text: str) -> None:
        """Keeps one of the arbiter's decisions about round ``round_number`` (a game set by hand, a round paired
        over a pending game, a result changed after a later round was paired) as a ``###`` comment line, which
        the TRF export writes and ``check`` and ``explain`` report."""
        self.preserved_records.append(f"### round {round_number}: the arbiter's decision: {text}")

    def decisions(self, round_number: int) -> list[str]:
        """The arbiter's decisions about round ``round_number``, and its pairing edited by hand, as recorded."""
        heads = (f"### round {round_number}: ", f"### round {round_number} ")
        return [line[4:] for line in self.preserved_records if line.startswith(heads)]

    _positions: dict[int, int] = field(default_factory=dict, init=False, repr=False, compare=False)
    """Start number → index in ``players``, checked on every look-up and made again when it is stale (the
    list is the caller's to change): writing a 2000-player event looks players up tens of thousands of times."""

    def player(self, tpn: int) -> Player:
        """The player with start number ``tpn``.

        :raises KeyError: if there is no such player.
        """
        position = self._positions.get(tpn, -1)
        if not (0 <= position < len(self.players) and self.players[position].tpn == tpn):
            self._positions = {p.tpn: i for i, p in enumerate(self.players)}
            position = self._positions[tpn]
        return self.players[position]

    def has_player(self, tpn: int) -> bool:
        """Whether a player has start number ``tpn``: one index look-up (reading a round sheet asks it per seat)."""
        try:
            self.player(tpn)
        except KeyError:
            return False
        return True

    @property
    def current_round(self) -> int:
        """Number of the last paired round (0 before the first pairing)."""
        return len(self.rounds)

    def round(self, number: int) -> Round:
        """The round ``number`` (1-based).

        :raises KeyError: if that round has not been paired.
        """
        if not 1 <= number <= len(self.rounds):
            raise KeyError(number)
        return self.rounds[number - 1]
