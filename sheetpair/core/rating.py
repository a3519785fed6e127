"""Rating figures for reports: rated games, ARO, performance, expected score and rating change per player.

FIDE rates a game played over the board between two rated players (forfeits are not games, a game against
an unrated opponent does not count for the rated player, and a game the arbiter marked unrated, e.g. one of
less than one move, counts for neither), so every figure here is taken over those games only (see
``docs/tiebreaks.md``):

* **ARO**, the average rating of the rated opponents, rounded with .5 up — the same code as the ARO
  tie-break (C.07 10.1);
* **Rp**, the performance, ARO + dp(p) with dp from FIDE's table of percentage scores (B.02 8.1.1) — the same
  code as the TPR tie-break (C.07 10.2): p is rounded to whole per cent, and the table's ends give the rules
  for 0 % and 100 % (Rp = ARO − 800 and ARO + 800);
* **We**, the expected score, the sum of FIDE's expected results for each rating difference (B.02 8.1.2),
  a difference of more than 400 points counting as 400 for a player rated below 2650, the whole difference
  from 2650 (B.02 8.3.1 since 1 October 2025; the figures follow the standard rating regulations);
* the **rating change** K·(W − We), W the points scored in those games, with K per player by B.02 8.3.3
  (:func:`fide_k`: the player's own K where the roster or the FIDE list gives one, else 10 from 2400, 40 for a
  junior below 2300, 20 otherwise; K·n capped at 700). It is not rounded: FIDE rounds a rating period's total,
  not each event. A rated player whose rating would fall below the 1400 floor is told so (B.02 7.2.1);
* an **unrated player's first rating** Ru = Ra + dp (B.02 8.2.3): Ra over the rated opponents and two
  hypothetical opponents rated 1800 drawn against (B.02 8.2.2), at most 2200 (B.02 8.2.3), a zero score
  disregarded (B.02 8.2.1), published only from five games against rated opponents and a result of at least
  1400 (B.02 7.1.4).

A figure that does not apply is ``None`` and :attr:`RatingFigures.notes` says why in one sentence each: an
unrated player has no expected score or change, a player without a rated game has no figures at all. The
table's :attr:`RatingTable.tiebreak_note` says when the rating tie-breaks are dropped because a participant
is unrated (C.07 Art. 10), which does not stop the rating figures themselves.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .model import Player
from .notes import Note
from .state import TournamentState
from .tiebreaks.base import Contribution, TiebreakContext
from .tiebreaks.fide import (
    PD_BOUNDS,
    average_rating,
    expected_score,
    opponent_ratings,
    performance_rating,
    rating_tiebreaks_dropped,
)

DEFAULT_K = 20
"""B.02 8.3.3: the K-factor of an adult rated below 2400 who is no longer new to the list."""

RATING_CAP = 400
"""B.02 8.3.1: a rating difference of more than 400 points counts as 400 for the expected score of a player
rated below :data:`UNCAPPED_FROM`."""

UNCAPPED_FROM = 2650
"""B.02 8.3.1 (since 1 October 2025): a player rated 2650 or more has the whole rating difference counted."""

RATING_FLOOR = 1400
"""B.02 7.2.1: a player whose rating drops below 1400 is shown as unrated; 7.1.4: a first rating is published
only from 1400."""

K_GAMES_CAP = 700
"""B.02 8.3.3: K times the number of games of a rating period may not exceed 700."""

HYPOTHETICAL_OPPONENT = 1800
"""B.02 8.2.2: an unrated player's first rating counts two draws against opponents rated 1800."""

FIRST_RATING_MAX = 2200
"""B.02 8.2.3: the highest first rating."""

FIRST_RATING_GAMES = 5
"""B.02 7.1.4: games against rated opponents needed for a first rating."""

KFactor = Callable[[Player], int] | Mapping[int, int] | int | None
"""A K-factor for every player: a function of the player, start number → K (others by FIDE's rules), one
number, or ``None`` for FIDE's rules (:func:`fide_k`) for everyone."""


@dataclass(frozen=True)
class RatingFigures:
    """One player's rating figures after a round; ``None`` where a figure does not apply (see :attr:`notes`)."""

    tpn: int
    rating: int
    """The player's rating (0: unrated)."""
    games: int
    """Rated games: played over the board against a rated opponent, and not marked unrated."""
    score: float
    """W: points scored in the rated games."""
    average_opponent: int | None
    """ARO over the rated games (C.07 10.1)."""
    performance: int | None
    """Rp = ARO + dp(p) (B.02 8.1.1, C.07 10.2)."""
    expected: float | None
    """We: the expected score over the rated games, differences capped at 400 (B.02 8.1.2, 8.3.1)."""
    k: int | None
    """The K-factor applied."""
    change: float | None
    """K·(W − We), not rounded."""
    left_out: int = 0
    """Games played over the board against unrated opponents, left out of every figure."""
    notes: tuple[str, ...] = ()
    """Why a figure is ``None``, or what was left out: one sentence each."""
    first_rating: int | None = None
    """An unrated player's first rating Ru by B.02 8.2, when the event alone gives one (``None`` otherwise)."""


@dataclass(frozen=True)
class RatingTable:
    """Every player's figures, and whether the rating tie-breaks apply to the event."""

    players: dict[int, RatingFigures]
    tiebreak_note: str = ""
    """Why the rating tie-breaks are not applied (C.07 Art. 10); empty when every participant is rated."""


def capped_expected_score(rating: int, opponent: int) -> Fraction:
    """The expected score of ``rating`` against ``opponent`` for a rating change: B.02 8.1.2 with the 400 cap
    of B.02 8.3.1 (none from 2650)."""
    return expected_score(rating, rating - _counted_difference(rating, opponent))


def _counted_difference(rating: int, opponent: int) -> int:
    """The rating difference B.02 8.3.1 counts for the player rated ``rating``: at most 400 either way below
    2650, the whole difference from 2650."""
    difference = rating - opponent
    return difference if rating >= UNCAPPED_FROM else max(-RATING_CAP, min(RATING_CAP, difference))


def _expected_hundredths(rating: int, opponent: int) -> int:
    """:func:`capped_expected_score` in hundredths, summed as whole numbers (a big field's figures in time)."""
    difference = _counted_difference(rating, opponent)
    higher = 50 + bisect_left(PD_BOUNDS, abs(difference))
    return higher if difference >= 0 else 100 - higher


def birth_year(player: Player) -> int | None:
    """The year of ``player``'s birth date (``1990``, ``1990-05-01``, ``1990/05/01``), ``None`` when not given."""
    digits = player.birth_date.strip()[:4]
    return int(digits) if len(digits) == 4 and digits.isdigit() and int(digits) > 0 else None


def fide_k(player: Player, *, year: int | None = None) -> int:
    """The K-factor of B.02 8.3.3 for ``player`` in an event of ``year``.

    The player's own K (the roster's ``K`` column, or the FIDE list's) comes first: only the list knows the
    two rules that need a player's history, K = 40 while new to the list (until 30 games) and K = 10 once 2400
    was reached even after the rating drops. Otherwise K = 10 from 2400, 40 for a junior below 2300 (until the
    end of the year of the 18th birthday: ``year`` minus the birth year at most 18), 20 for the rest.
    """
    if player.k_factor:
        return player.k_factor
    if player.rating >= 2400:
        return 10
    born = birth_year(player)
    if born is not None and year is not None and year - born <= 18 and player.rating < 2300:
        return 40
    return DEFAULT_K


def capped_k(k: int, games: int) -> int:
    """B.02 8.3.3: the largest K with K × ``games`` at most 700 when ``k`` exceeds it, else ``k``."""
    return min(k, K_GAMES_CAP // games) if games else k


def k_for(player: Player, k_factor: KFactor, *, year: int | None = None) -> int:
    """The K-factor ``k_factor`` gives ``player`` (FIDE's rules where it gives none), before the 700 cap."""
    if isinstance(k_factor, int):
        return k_factor
    if isinstance(k_factor, Mapping):
        return k_factor.get(player.tpn) or fide_k(player, year=year)
    if k_factor is None:
        return fide_k(player, year=year)
    return k_factor(player)


def event_year(state: TournamentState) -> int | None:
    """The year the event started (the header's start date), which sets who counts as a junior."""
    digits = state.settings.event.start_date.strip()[:4]
    return int(digits) if len(digits) == 4 and digits.isdigit() else None


def first_rating(rated: Sequence[Contribution]) -> int:
    """B.02 8.2.2-8.2.3: Ru = Ra + dp with two hypothetical draws against 1800 added, rounded, at most 2200."""
    hypothetical = [Contribution(float(HYPOTHETICAL_OPPONENT), None, None, "", result=0.5)] * 2
    return min(FIRST_RATING_MAX, performance_rating([*rated, *hypothetical]))


def rating_figures(state: TournamentState, *, k_factor: KFactor = None) -> RatingTable:
    """Every player's rating figures over the rounds of ``state`` (derive it up to the round wanted)."""
    context = _rating_context(state)
    year = event_year(state)
    figures = {tpn: _figures(context, tpn, k_factor, year) for tpn in sorted(context.players)}
    return RatingTable(figures, rating_tiebreaks_dropped(context))


def rating_changes(state: TournamentState, *, k_factor: KFactor = None) -> dict[int, tuple[int | None, float | None]]:
    """Each player's K and rating change, ``None`` where :func:`rating_figures` has none: the two figures the
    Standings sheet prints, without the opponents' contributions, averages and notes the reports take (a
    sixth of a second of every command on a 2000-player event)."""
    context = _rating_context(state)
    year = event_year(state)
    changes: dict[int, tuple[int | None, float | None]] = {}
    for tpn in context.players:
        player = context[tpn].player
        rated = [(rating, r.result_fraction or 0.0) for r in context.records(tpn)
                 if r.rated_game and r.opponent is not None and (rating := context[r.opponent].player.rating) > 0]
        if not rated or player.rating <= 0:
            changes[tpn] = (None, None)
            continue
        _, k, score, expected = _change(player, rated, k_factor, year)
        changes[tpn] = (k, float(k * (score - expected)))
    return changes


def _rating_context(state: TournamentState) -> TiebreakContext:
    """``state`` for the rating figures: forfeits stay unplayed for ratings whatever the system."""
    return state if isinstance(state, TiebreakContext) else TiebreakContext(
        state.settings, state.through_round, state.players)


def _change(player: Player, rated: Sequence[tuple[int, float]], k_factor: KFactor,
            year: int | None) -> tuple[int, int, Fraction, Fraction]:
    """A rated player's K before and after the cap of B.02 8.3.3, score W and expected score We over the
    ``rated`` games (opponent's rating, result)."""
    score = Fraction(sum(round(2 * result) for _, result in rated), 2)  # results are 1, ½ or 0
    expected = Fraction(sum(_expected_hundredths(player.rating, rating) for rating, _ in rated), 100)
    k = k_for(player, k_factor, year=year)
    return k, capped_k(k, len(rated)), score, expected


def _figures(context: TiebreakContext, tpn: int, k_factor: KFactor, year: int | None) -> RatingFigures:
    player = context[tpn].player
    every = opponent_ratings(context, tpn, ())
    rated = [c for c in every if c.value > 0]
    left_out = len(every) - len(rated)
    notes: list[str] = [Note("%(n)s game(s) against unrated opponents left out: FIDE rates only games between rated "
                             "players.", n=left_out)] if left_out else []
    unrated_games = sum(1 for r in context.records(tpn) if r.played and not r.rated)
    if unrated_games:
        notes.append(Note("%(n)s game(s) played but marked unrated left out: they do not count toward ratings.",
                          n=unrated_games))
    if not rated:
        notes.append(Note("No game played over the board against a rated opponent yet, so no rating figure applies."))
        return RatingFigures(tpn, player.rating, 0, 0.0, None, None, None, None, None, left_out, tuple(notes))
    aro, rp = average_rating(rated), performance_rating(rated)
    uncapped, k, score, expected = _change(player, [(int(c.value), c.result or 0.0) for c in rated], k_factor, year)
    if player.rating <= 0:
        notes.append(Note("Unrated, so there is no expected score or rating change (ARO and Rp are over rated "
                          "opponents)."))
        ru = _first_rating(rated, score, notes)
        return RatingFigures(tpn, 0, len(rated), float(score), aro, rp, None, None, None, left_out, tuple(notes), ru)
    if k < uncapped:
        notes.append(Note("K %(k)s lowered to %(capped)s: K times the %(n)s games may not exceed %(cap)s (B.02 8.3.3).",
                          k=uncapped, capped=k, n=len(rated), cap=K_GAMES_CAP))
    change = k * (score - expected)
    if player.rating + change < RATING_FLOOR:
        notes.append(Note("The new rating would fall below the %(floor)s floor: the player would be listed as "
                          "unrated (B.02 7.2.1).", floor=RATING_FLOOR))
    return RatingFigures(tpn, player.rating, len(rated), float(score), aro, rp, float(expected), k,
                         float(change), left_out, tuple(notes))


def _first_rating(rated: Sequence[Contribution], score: Fraction, notes: list[str]) -> int | None:
    """Ru when this event alone gives an unrated player a first rating, else ``None`` with the reason noted."""
    if score == 0:
        notes.append(Note("No point scored against rated opponents: the event does not count toward a first rating "
                          "(B.02 8.2.1)."))
        return None
    ru = first_rating(rated)
    if len(rated) < FIRST_RATING_GAMES:
        notes.append(Note("Ru %(ru)s is not published before %(n)s games against rated opponents (B.02 7.1.4).",
                          ru=ru, n=FIRST_RATING_GAMES))
        return None
    if ru < RATING_FLOOR:
        notes.append(Note("Ru %(ru)s is below the %(floor)s floor, so no first rating is published (B.02 7.1.4).",
                          ru=ru, floor=RATING_FLOOR))
        return None
    return ru


__all__ = ["DEFAULT_K", "FIRST_RATING_GAMES", "FIRST_RATING_MAX", "HYPOTHETICAL_OPPONENT", "K_GAMES_CAP",
           "RATING_CAP", "RATING_FLOOR", "UNCAPPED_FROM", "KFactor", "RatingFigures", "RatingTable", "birth_year",
           "capped_expected_score", "capped_k", "event_year", "fide_k", "first_rating", "k_for", "rating_changes",
           "rating_figures"]
