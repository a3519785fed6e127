"""What the Dubov system knows of each player before a round: the definitions of C.04.4.1 Art. 1.

Everything is derived from the stored rounds (:func:`sheetpair.core.state.derive`); nothing here is stored.
Scores are integer point units (:class:`~sheetpair.pairing.fide.entrants.PointScale`), so any decimal
scoring compares exactly. The ARO is the one the ``ARO`` tie-break computes
(:func:`~sheetpair.core.tiebreaks.fide.average_rating_of_opponents`), read with Dubov's ratings.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...core.errors import PairingError
from ...core.model import ByeKind, Colour, Outcome, Player, Tournament
from ...core.state import PlayerState, TournamentState, derive
from ...core.tiebreaks.fide import average_rating_of_opponents
from ..common import players_to_pair
from ..fide.entrants import Edition, PointScale, bye_eligible_by_edition


class Strength(enum.IntEnum):
    """How strongly a player wants the due colour (Art. 1.6.1-1.6.4)."""

    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


def dubov_rating(player: Player) -> int:
    """Art. 1.1: the player's rating, or the provisional rating the Chief Arbiter gave an unrated player."""
    return player.rating if player.rating > 0 else player.provisional_rating


def pairing_numbers(players: list[Player]) -> dict[int, int]:
    """Art. 1.2.2: the pairing number of each start number, the roster re-sorted by the current ratings.

    Sorting by Dubov rating (highest first) and then by start number keeps the start order among equal
    ratings (the title and name order of the initial list), and recomputes the numbers whenever a rating is
    introduced or changed: what Art. 1.2.2 asks of the arbiter before the pairing of round 4.
    """
    ordered = sorted(players, key=lambda p: (-dubov_rating(p), p.tpn))
    return {p.tpn: number for number, p in enumerate(ordered, start=1)}


def participants(tournament: Tournament, state: TournamentState, to_pair: list[int],
                 round_number: int) -> list[Player]:
    """The players a round's pairing numbers are given to: everybody but a late entrant who has not arrived.

    GHR Art. 2.4 (C.04.2): a late entrant is taken into account only from the round they arrive in, and gets
    its place in the ranking then (the players below it renumbered). A late entrant takes the next start
    number and, in a TRF, a zero-point bye (``0000 - Z``) for each round missed; so a player numbered after
    everybody who took part in round 1, absent from this round without points and with nothing but such
    absences before it, has not arrived yet. Numbering them too would shift the pairing numbers, and with them
    the colours of Art. 5.2.1, of the rounds paired before they entered. A player of the starting list absent
    from round 1 keeps their number, as the reference engines give it.
    """
    asked = tournament.requested_byes.get(round_number, {})
    if round_number == 1:
        present = set(to_pair) | {tpn for tpn, kind in asked.items() if kind is not ByeKind.ZERO}
    else:
        present = {tpn for tpn, p in state.players.items()
                   if any(r.round == 1 and r.outcome not in _NOT_ARRIVED for r in p.records)}
    last_of_start = max(present, default=0)
    pairing = set(to_pair)
    return [p for p in tournament.players
            if p.tpn <= last_of_start or p.tpn in pairing or asked.get(p.tpn, ByeKind.ZERO) is not ByeKind.ZERO
            or any(r.outcome not in _NOT_ARRIVED for r in state[p.tpn].records)]


_NOT_ARRIVED = (Outcome.ZERO_BYE, Outcome.ABSENT)


def unrated_players(players: list[Player]) -> list[Player]:
    """Players with neither a rating nor a provisional rating (Art. 1.1 requires one for everybody)."""
    return [p for p in players if dubov_rating(p) <= 0]


def require_ratings(players: list[Player]) -> None:
    """Refuses a roster with a player Dubov cannot rate, naming the first one.

    :raises PairingError: Art. 1.1: the arbiter must give every unrated player a provisional rating.
    """
    missing = unrated_players(players)
    if missing:
        first = missing[0]
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise PairingError(
            f"player {first.tpn} ({first.name}) has no rating{more}: the Dubov system needs one for everybody "
            "(C.04.4.1 Art. 1.1); type a provisional rating in the Players sheet's 'Provisional rating' column"
        )


@dataclass(frozen=True)
class Contender:
    """One player to be paired, with every Art. 1 quantity the criteria read."""

    tpn: int
    number: int
    """Pairing number (Art. 1.2), see :func:`pairing_numbers`."""
    rating: int
    score: int
    """Score in point units."""
    aro: int
    """Art. 1.7: average rating of the opponents met over the board, 0 before any game."""
    colours: tuple[Colour, ...]
    """Colours of the games played over the board, in order (byes and forfeits give none, GHR 3.4)."""
    opponents: frozenset[int]
    """Opponents met over the board; a forfeit is no meeting ([C1])."""
    preference: Colour
    strength: Strength
    upfloats: int
    """Art. 1.8: how many games were played against an opponent with a higher score."""
    upfloated_last_round: bool
    bye_eligible: bool
    """[C2]: no pairing-allocated bye yet and no unplayed round worth a win."""

    @property
    def games(self) -> int:
        return len(self.colours)

    @property
    def pairing_number(self) -> int:
        """The pairing number under its name in the shared board order (:mod:`sheetpair.pairing.fide.boards`)."""
        return self.number


def colour_preference(colours: tuple[Colour, ...]) -> tuple[Colour, Strength]:
    """Art. 1.6: the due colour and how strong it is.

    |CD| > 1 or the same colour in the last two games played is absolute (1.6.1), CD = ±1 strong (1.6.2),
    CD = 0 mild, alternating the last game (1.6.3); no game yet is a mild preference for Black (1.6.4).
    """
    difference = sum(1 if c is Colour.WHITE else -1 for c in colours)
    if not colours:
        return Colour.BLACK, Strength.MILD
    if difference > 0:
        colour = Colour.BLACK
    elif difference < 0:
        colour = Colour.WHITE
    else:
        colour = colours[-1].opposite
    if abs(difference) > 1 or (len(colours) > 1 and colours[-1] is colours[-2]):
        return colour, Strength.ABSOLUTE
    return colour, Strength.STRONG if difference else Strength.MILD


def max_upfloats(rounds: int) -> int:
    """Art. 1.8.2: MaxT = 2 + Rnds / 5 rounded down."""
    return 2 + rounds // 5


@dataclass
class DubovField:
    """The players of one round and the round's facts the criteria need."""

    round_number: int
    rounds: int
    initial_colour: Colour
    contenders: list[Contender]
    """Players to be paired this round, by score (highest first), then pairing number."""
    scale: PointScale
    forbidden: set[frozenset[int]]

    @property
    def max_t(self) -> int:
        return max_upfloats(self.rounds)

    @property
    def is_last_round(self) -> bool:
        return self.round_number >= self.rounds

    def is_maximum_upfloater(self, player: Contender) -> bool:
        """Art. 1.8.1: upfloated MaxT times already."""
        return player.upfloats >= self.max_t

    def allowed(self, a: Contender, b: Contender) -> bool:
        """The absolute criteria for a pair: [C1] no rematch, [C3] not two equal absolute preferences, and
        not a pair the arbiter ruled must not meet."""
        if b.tpn in a.opponents or frozenset((a.tpn, b.tpn)) in self.forbidden:
            return False
        return not (a.strength is Strength.ABSOLUTE and b.strength is Strength.ABSOLUTE
                    and a.preference is b.preference)

    def score_text(self, units: int) -> str:
        value = units * self.scale.unit
        return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


def _upfloats(state: TournamentState, pstate: PlayerState, scores: dict[int, list[int]],
              last_round: int) -> tuple[int, bool]:
    """Art. 1.8: games played against an opponent who had the higher score before that round, and whether
    the round before this one was such a game."""
    count, last = 0, False
    own = scores[pstate.tpn]
    for record in pstate.records:
        if not record.played or record.opponent is None or record.opponent not in scores:
            continue
        if scores[record.opponent][record.round - 1] > own[record.round - 1]:
            count += 1
            last = last or record.round == last_round
    return count, last


def build_field(tournament: Tournament, round_number: int) -> DubovField:
    """The contenders of ``round_number`` from rounds ``1..round_number-1``.

    :raises PairingError: when a player has no rating (Art. 1.1).
    """
    require_ratings(tournament.players)
    settings = tournament.settings
    scale = PointScale.of(settings)
    state = derive(tournament, through_round=round_number - 1)
    to_pair = players_to_pair(tournament, round_number)
    numbers = pairing_numbers(participants(tournament, state, to_pair, round_number))
    win_units = scale.units(settings.points_win)
    scores: dict[int, list[int]] = {}
    for tpn, pstate in state.players.items():
        running = [0]
        for record in pstate.records:
            running.append(running[-1] + scale.units(record.points))
        scores[tpn] = running
    contenders = []
    for tpn in to_pair:
        pstate = state[tpn]
        colours = tuple(pstate.colours)
        preference, strength = colour_preference(colours)
        upfloats, last = _upfloats(state, pstate, scores, round_number - 1)
        units = [scale.units(r.points) for r in pstate.records]
        contenders.append(Contender(
            tpn, numbers[tpn], dubov_rating(pstate.player), scores[tpn][-1],
            average_rating_of_opponents(state, tpn, dubov_rating), colours,
            frozenset(pstate.opponents_played), preference, strength, upfloats, last,
            bye_eligible_by_edition(pstate, units, win_units, Edition.RULES_2026),
        ))
    contenders.sort(key=lambda c: (-c.score, c.number))
    return DubovField(round_number, settings.rounds, settings.initial_colour, contenders, scale,
                      set(tournament.forbidden_pairs))
