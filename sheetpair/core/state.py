"""Everything derived from the stored rounds: scores, colour histories, opponents, byes and floats.

:func:`derive` reads a :class:`~sheetpair.core.model.Tournament` once and gives each player a
:class:`PlayerState` with one :class:`RoundRecord` per round. Pairing systems and tie-breaks read these
records instead of walking the rounds themselves, so every rule sees the same history.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .model import Colour, Outcome, Player, Result, Settings, Tournament


@dataclass(frozen=True)
class SystemTraits:
    """The two facts about the pairing system that scores and tie-breaks depend on.

    The core never asks the pairing registry; whoever derives the state (the application layer, or a
    system deriving its own history) passes these in, and they travel with the derived state.
    """

    fixed_schedule: bool = False
    """Every pairing was fixed in advance (round robins): a withdrawn player stays in the schedule and
    forfeits, and C.07 Art. 15.2 replaces Art. 16 for unplayed rounds."""
    postponed_as_draw: bool = False
    """An adjourned game scores a provisional draw until its result is entered (Norwegian Monrad)."""


_RESULT_FRACTIONS = {Outcome.WIN: 1.0, Outcome.FORFEIT_WIN: 1.0, Outcome.DRAW: 0.5, Outcome.LOSS: 0.0,
                     Outcome.FORFEIT_LOSS: 0.0}
"""A game's result for one player against an opponent, by outcome (:attr:`RoundRecord.result_fraction`)."""


class RoundRecord(NamedTuple):
    """One player's round: opponent, colour (played games only), outcome and points.

    A named tuple rather than a frozen dataclass: :func:`derive` makes one per player and round, 20 000 for
    a 2000-player event after 10 rounds, three times a command, and a tuple is made in a third of the time.
    """

    round: int
    opponent: int | None
    colour: Colour | None
    outcome: Outcome
    points: float
    scheduled_colour: Colour | None = None
    """The colour the pairing gave, also for forfeited and unplayed games."""
    rated: bool = True
    """False for a game played over the board that does not count toward ratings (:attr:`Game.rated`)."""

    @property
    def rated_game(self) -> bool:
        """True for a game played over the board that counts toward ratings: what the rating figures and the
        rating tie-breaks (C.07 Art. 10) take."""
        return self.played and self.rated

    @property
    def played(self) -> bool:
        """True when a game was played over the board."""
        return self.outcome.is_played_game

    @property
    def paired(self) -> bool:
        """True when the pairing gave the player an opponent (played, forfeited or still pending)."""
        return self.opponent is not None

    @property
    def result_fraction(self) -> float | None:
        """1, ½ or 0 for a game against an opponent (forfeits included), ``None`` otherwise."""
        return _RESULT_FRACTIONS.get(self.outcome)


@dataclass
class PlayerState:
    """A player's history up to some round, and what follows from it."""

    player: Player
    records: list[RoundRecord] = field(default_factory=list)

    @property
    def tpn(self) -> int:
        return self.player.tpn

    @property
    def score(self) -> float:
        return sum(r.points for r in self.records)

    def score_after(self, round_number: int) -> float:
        return sum(r.points for r in self.records if r.round <= round_number)

    @property
    def colours(self) -> list[Colour]:
        """Colours of the games actually played, in round order."""
        return [r.colour for r in self.records if r.colour is not None]

    @property
    def colour_difference(self) -> int:
        """Whites minus Blacks over played games."""
        return sum(1 if c is Colour.WHITE else -1 for c in self.colours)

    @property
    def opponents_played(self) -> list[int]:
        """Opponents met over the board (:meth:`~sheetpair.core.model.Outcome.is_meeting`: a forfeit is no
        meeting)."""
        return [r.opponent for r in self.records if r.opponent is not None and r.outcome.is_meeting()]

    @property
    def opponents_paired(self) -> list[int]:
        """Every opponent the pairing gave: those met with forfeits and pending games counted
        (``is_meeting(pending=True, forfeits=True)``). Every record with an opponent comes from a game, so the
        test of the opponent alone says it, cheaply: the club systems ask it for every candidate pair."""
        return [r.opponent for r in self.records if r.opponent is not None]

    @property
    def games_played(self) -> int:
        """Games played over the board (forfeits and byes are not games)."""
        return sum(1 for r in self.records if r.played)

    @property
    def byes(self) -> list[RoundRecord]:
        return [r for r in self.records if r.outcome.is_bye]


@dataclass
class TournamentState:
    """All players' derived state after ``through_round`` rounds."""

    settings: Settings
    through_round: int
    players: dict[int, PlayerState]
    traits: SystemTraits = field(default_factory=SystemTraits)
    _running: dict[int, list[float]] | None = field(default=None, init=False, repr=False, compare=False)

    def score(self, tpn: int) -> float:
        return self.players[tpn].score

    def scores_after(self, round_number: int) -> dict[int, float]:
        """Every player's :meth:`PlayerState.score_after` ``round_number``, from running totals made once per
        state (a round sheet and the check of its points column ask it for every seat of every round)."""
        if self._running is None:
            self._running = {}
            for tpn, st in self.players.items():
                totals: list[float] = [0] * (self.through_round + 1)  # before any round, 0 as sum() gives it
                for record in st.records:
                    totals[min(record.round, self.through_round)] += record.points
                for number in range(1, len(totals)):
                    totals[number] += totals[number - 1]
                self._running[tpn] = totals
        last = max(0, min(round_number, self.through_round))
        return {tpn: totals[last] for tpn, totals in self._running.items()}

    def __getitem__(self, tpn: int) -> PlayerState:
        return self.players[tpn]

    def through(self, round_number: int) -> TournamentState:
        """The same history cut after ``round_number``: what :func:`derive` gives for that round, without
        walking the rounds again."""
        last = min(round_number, self.through_round)
        players = {tpn: PlayerState(st.player, [r for r in st.records if r.round <= last])
                   for tpn, st in self.players.items()}
        return TournamentState(self.settings, last, players, self.traits)


def rounds_met(tournament: Tournament, first: int, second: int, *, pending: bool = False, forfeits: bool = False,
               excluding_round: int | None = None) -> list[int]:
    """The rounds in which ``first`` and ``second`` met, in the meaning ``pending`` and ``forfeits`` name
    (:meth:`~sheetpair.core.model.Outcome.is_meeting`), leaving out ``excluding_round``."""
    pair = {first, second}
    return [rnd.number for rnd in tournament.rounds if rnd.number != excluding_round
            for game in rnd.games
            if {game.white, game.black} == pair and game.result.is_meeting(pending=pending, forfeits=forfeits)]


def derive(
    tournament: Tournament, *, through_round: int | None = None, traits: SystemTraits | None = None
) -> TournamentState:
    """Derives every player's history from rounds ``1..through_round`` (all paired rounds by default).

    A player with neither game nor bye in a round gets an ``ABSENT`` record worth nothing, so every player
    has exactly one record per round. A postponed (adjourned) game is still pending, unless the system's
    ``traits`` make it a provisional draw until its result is entered (Norwegian Monrad).
    """
    traits = traits or SystemTraits()
    settings = tournament.settings
    last = tournament.current_round if through_round is None else min(through_round, tournament.current_round)
    states = {p.tpn: PlayerState(p) for p in tournament.players}
    worth = {outcome: settings.points_for(outcome) for outcome in Outcome}  # asked once, not per record
    for rnd in tournament.rounds[:last]:
        seen: set[int] = set()
        for game in rnd.games:
            white_outcome, black_outcome = game.result.outcomes
            played = white_outcome.is_played_game  # the result's was_played
            provisional = traits.postponed_as_draw and game.result is Result.POSTPONED
            rated = game.rated or not played  # not game.is_unrated
            for tpn, opp, colour, outcome in (
                (game.white, game.black, Colour.WHITE, white_outcome),
                (game.black, game.white, Colour.BLACK, black_outcome),
            ):
                if tpn in states:
                    states[tpn].records.append(
                        RoundRecord(
                            rnd.number, opp, colour if played else None, outcome,
                            settings.points_draw if provisional else worth[outcome],
                            scheduled_colour=colour, rated=rated,
                        )
                    )
                    seen.add(tpn)
        for bye in rnd.byes:
            if bye.player in states:
                outcome = bye.kind.outcome
                states[bye.player].records.append(RoundRecord(rnd.number, None, None, outcome, worth[outcome]))
                seen.add(bye.player)
        for tpn, st in states.items():
            if tpn not in seen:
                st.records.append(RoundRecord(rnd.number, None, None, Outcome.ABSENT, 0.0))
    return TournamentState(settings, last, states, traits)
