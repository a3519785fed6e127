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
  a difference of more than 400 points counting as 400 (B.02 8.3.1);
* the **rating change** K·(W − We), W the points scored in those games, with K per player (20 unless told
  otherwise). It is not rounded: FIDE rounds a rating period's total, not each event.

A figure that does not apply is ``None`` and :attr:`RatingFigures.notes` says why in one sentence each: an
unrated player has no expected score or change, a player without a rated game has no figures at all. The
table's :attr:`RatingTable.tiebreak_note` says when the rating tie-breaks are dropped because a participant
is unrated (C.07 Art. 10), which does not stop the rating figures themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .model import Player
from .state import TournamentState
from .tiebreaks.base import TiebreakContext
from .tiebreaks.fide import (
    average_rating,
    expected_score,
    opponent_ratings,
    performance_rating,
    rating_tiebreaks_dropped,
)

DEFAULT_K = 20
"""The K-factor used when none is given for a player."""

RATING_CAP = 400
"""B.02 8.3.1: a rating difference of more than 400 points counts as 400 for the expected score."""

KFactor = Callable[[Player], int] | Mapping[int, int] | int
"""A K-factor for every player: a function of the player, start number → K (others get 20), or one number."""


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


@dataclass(frozen=True)
class RatingTable:
    """Every player's figures, and whether the rating tie-breaks apply to the event."""

    players: dict[int, RatingFigures]
    tiebreak_note: str = ""
    """Why the rating tie-breaks are not applied (C.07 Art. 10); empty when every participant is rated."""


def capped_expected_score(rating: int, opponent: int) -> Fraction:
    """The expected score of ``rating`` against ``opponent`` for a rating change: B.02 8.1.2 with the 400 cap."""
    return expected_score(rating, max(rating - RATING_CAP, min(opponent, rating + RATING_CAP)))


def k_for(player: Player, k_factor: KFactor) -> int:
    """The K-factor ``k_factor`` gives ``player``."""
    if isinstance(k_factor, int):
        return k_factor
    if isinstance(k_factor, Mapping):
        return k_factor.get(player.tpn, DEFAULT_K)
    return k_factor(player)


def rating_figures(state: TournamentState, *, k_factor: KFactor = DEFAULT_K) -> RatingTable:
    """Every player's rating figures over the rounds of ``state`` (derive it up to the round wanted)."""
    context = state if isinstance(state, TiebreakContext) else TiebreakContext(
        state.settings, state.through_round, state.players)  # forfeits stay unplayed for ratings whatever the system
    figures = {tpn: _figures(context, tpn, k_factor) for tpn in sorted(context.players)}
    return RatingTable(figures, rating_tiebreaks_dropped(context))


def _figures(context: TiebreakContext, tpn: int, k_factor: KFactor) -> RatingFigures:
    player = context[tpn].player
    every = opponent_ratings(context, tpn, ())
    rated = [c for c in every if c.value > 0]
    left_out = len(every) - len(rated)
    notes = [f"{left_out} game(s) against unrated opponents left out: FIDE rates only games between rated players."
             ] if left_out else []
    unrated_games = sum(1 for r in context.records(tpn) if r.played and not r.rated)
    if unrated_games:
        notes.append(f"{unrated_games} game(s) played but marked unrated left out: they do not count toward ratings.")
    score = sum((Fraction(c.result or 0).limit_denominator(2) for c in rated), Fraction(0))
    if not rated:
        notes.append("No game played over the board against a rated opponent yet, so no rating figure applies.")
        return RatingFigures(tpn, player.rating, 0, 0.0, None, None, None, None, None, left_out, tuple(notes))
    aro, rp = average_rating(rated), performance_rating(rated)
    if player.rating <= 0:
        notes.append("Unrated, so there is no expected score or rating change (ARO and Rp are over rated opponents).")
        return RatingFigures(tpn, 0, len(rated), float(score), aro, rp, None, None, None, left_out, tuple(notes))
    expected = sum((capped_expected_score(player.rating, int(c.value)) for c in rated), Fraction(0))
    k = k_for(player, k_factor)
    return RatingFigures(tpn, player.rating, len(rated), float(score), aro, rp, float(expected), k,
                         float(k * (score - expected)), left_out, tuple(notes))


__all__ = ["DEFAULT_K", "RATING_CAP", "KFactor", "RatingFigures", "RatingTable", "capped_expected_score", "k_for",
           "rating_figures"]
