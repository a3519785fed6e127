"""FIDE C.07 tie-breaks (edition in force from 1 March 2026; the 1 August 2024 edition on request).

Articles cited are those of C.07-2026. Two regimes decide how an unplayed round counts:

* **Swiss (15.3 → Art. 16).** Opponents see a participant's score *adjusted* (16.3): requested byes
  followed only by voluntary unplayed rounds (VURs) — a withdrawal, a bye in the last round — count as
  draws. A participant's own unplayed round is a game against a **dummy** whose score is the
  participant's own (16.4); the 2026 edition caps it at the scheduled opponent's adjusted score for a
  forfeit (16.4.1) and at half the maximum for any other unplayed round (16.4.2). Cut modifiers remove
  VURs first (16.5).
* **Predetermined pairings (15.2, round robins).** A forfeit is a regular game against the scheduled
  opponent, except that every forfeit stays unplayed for the rating tie-breaks (Art. 10) and a forfeit
  loss stays unplayed for the participant's own-record tie-breaks (Art. 7). The rest round of an odd
  round robin has no opponent and contributes nothing.

A game played over the board but not rated (less than one move, or the arbiter's decision) is a played game
for every tie-break except the rating ones (Art. 10), which C.07 leaves to the games a rating takes: there it
stays unplayed, as a forfeit does (15.2).

The unplayed-round handling, the average for repeated encounters in DE and the rounding of the rating
tie-breaks follow the TEC tie-break server (O. Milvang, ``gacrux/tiebreak.py``) where C.07 leaves room.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from fractions import Fraction

from ..model import Colour, Outcome, Player
from ..notes import Note
from ..results import format_points
from ..state import RoundRecord, TournamentState
from .base import Compute, Contribution, Evaluate, TiebreakContext, TiebreakSpec

VOLUNTARY = frozenset({Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT, Outcome.FORFEIT_LOSS})
"""C.07 16.1: a requested bye (rounds after a withdrawal are zero-point byes) or a forfeit loss."""

FORFEITS = frozenset({Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS})


# --- how rounds count --------------------------------------------------------------------------------------

def is_voluntary(record: RoundRecord) -> bool:
    """True for a voluntary unplayed round (C.07 16.1)."""
    return record.outcome in VOLUNTARY


def counts_as_game(context: TiebreakContext, record: RoundRecord) -> bool:
    """True when the round is a game against its opponent for Art. 6, 8 and 9.

    With predetermined pairings forfeits count too (15.2), and with the ``P`` modifier.
    """
    if record.opponent is None:
        return False
    return record.played or ((context.predetermined or context.forfeits_played) and record.outcome in FORFEITS)


def counts_as_own_game(context: TiebreakContext, record: RoundRecord) -> bool:
    """True when the round is a game for the own-record tie-breaks of Art. 7.

    With predetermined pairings forfeit wins count too (15.2).
    """
    return record.played or (context.predetermined and record.outcome is Outcome.FORFEIT_WIN)


def adjusted_score(context: TiebreakContext, tpn: int) -> float:
    """The score opponents see (C.07 16.3): requested byes followed only by VURs count as draws.

    A requested bye followed only by voluntary unplayed rounds, or in the last round (category 16.2.5,
    which covers every round after a withdrawal), is worth a draw; everything else counts at the points
    awarded. Predetermined pairings have no such rounds (15.2), so the score is the plain score.
    """
    def compute() -> float:
        records = context.records(tpn)
        if context.predetermined:
            return sum(r.points for r in records)
        last_elected = max((r.round for r in records if not is_voluntary(r)), default=0)
        draw = context.settings.points_draw
        return sum(r.points if r.round <= last_elected or r.opponent is not None else draw for r in records)

    return context.memo(("adjusted", tpn), compute)


def _dummy_score(context: TiebreakContext, tpn: int, record: RoundRecord) -> tuple[float, str]:
    """The dummy opponent's score for an unplayed round of ``tpn`` (C.07 16.4) and how it was found."""
    own = context.score(tpn)
    if context.rules == "2024":
        return own, f"dummy opponent: own score {format_points(own)}"
    if record.opponent is not None:
        cap = adjusted_score(context, record.opponent)
        rule = "16.4.1: capped at the scheduled opponent's adjusted score"
    else:
        cap = context.settings.points_draw * context.through_round
        rule = "16.4.2: capped at a draw's points per round"
    if own <= cap:
        return own, f"dummy opponent: own score {format_points(own)}"
    return cap, f"dummy opponent: own score {format_points(own)} {rule} {format_points(cap)}"


def _opponent_or_dummy(context: TiebreakContext, tpn: int) -> list[tuple[RoundRecord, float, str]]:
    """Each round that counts for Buchholz and Sonneborn-Berger, with the score it brings (Art. 8, 9, 16)."""
    rounds = []
    for r in context.records(tpn):
        if counts_as_game(context, r):
            assert r.opponent is not None
            score = adjusted_score(context, r.opponent)
            plain = context.score(r.opponent)
            note = ("opponent's score" if score == plain
                    else f"opponent's adjusted score (16.3; scored {format_points(plain)})")
            rounds.append((r, score, note))
        elif not context.predetermined:
            score, note = _dummy_score(context, tpn, r)
            rounds.append((r, score, note))
    return rounds


# --- Art. 8: the Buchholz family ---------------------------------------------------------------------------

def _buchholz(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """BH (8.1): the sum of the opponents' scores, a dummy standing in for each unplayed round."""
    return [
        Contribution(score, r.round, r.opponent, note, basis=score, result=r.points,
                     voluntary=is_voluntary(r) and not counts_as_game(context, r))
        for r, score, note in _opponent_or_dummy(context, tpn)
    ]


def fore_context(context: TiebreakContext) -> TiebreakContext:
    """The event as if every paired game of the final round had been drawn (C.07 8.3, Fore Buchholz).

    The final round is the event's last planned round, once the state includes it (standings include a
    round from its first result on); its games, forfeits and unfinished games alike, count as draws
    against the scheduled opponent, and its byes keep their value. Before that, FB equals BH.
    """
    def compute() -> TiebreakContext:
        final = context.settings.rounds
        if context.through_round < final:
            return context
        draw = context.settings.points_draw
        players = {
            tpn: replace(state, records=[
                RoundRecord(r.round, r.opponent, r.scheduled_colour, Outcome.DRAW, draw, r.scheduled_colour)
                if r.round == final and r.opponent is not None else r
                for r in state.records
            ])
            for tpn, state in context.players.items()
        }
        return TiebreakContext(context.settings, context.through_round, players, context.traits, rules=context.rules)

    return context.memo("fore", compute)


def _fore_buchholz(context: TiebreakContext, tpn: int, group: Collection[int]) -> list[Contribution]:
    """FB (8.3): Buchholz with every paired game of the final round counted as a draw."""
    return _buchholz(fore_context(context), tpn, group)


FORE: frozenset[str] = frozenset({"AOB"})
"""Tie-breaks that take the Fore modifier: AOB may average the opponents' Fore Buchholz (C.07 8.2, 2026 edition)."""


def fore(spec: TiebreakSpec) -> TiebreakSpec:
    """``spec`` read in :func:`fore_context`: the Fore modifier (``AOB-F``, TRF ``AOB/F``; C.07 8.2, 8.3).

    Art. 16 applies in the fore event exactly as in the real one: opponents' scores are adjusted (16.3) and
    each unplayed round gets its capped dummy (16.4), so ``AOB-F`` averages the opponents' Fore Buchholz,
    each computed as ``FB`` computes it. The final-round opponent counts as met over the board, since that
    game is a draw in the fore event. Before the final round the fore event is the real one.
    """

    def compute(context: TiebreakContext, tpn: int, group: Collection[int]) -> list[Contribution]:
        ahead = fore_context(context)
        parts = spec.compute(ahead, tpn, group)
        if ahead is context:
            return parts
        return [replace(c, note=f"{c.note}, as if every final-round game were drawn (fore, C.07 8.3)") for c in parts]

    def evaluate(context: TiebreakContext, tpn: int, group: Collection[int], parts: Sequence[Contribution]) -> float:
        return spec.evaluate(fore_context(context), tpn, group, parts)

    return replace(spec, compute=compute, evaluate=evaluate)


def _opponents_buchholz(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """AOB (8.2): each opponent met over the board brings its own Buchholz; the value is their average."""
    parts = []
    for r in context.records(tpn):
        if counts_as_game(context, r):
            assert r.opponent is not None
            bh = _buchholz_of(context, r.opponent)
            parts.append(Contribution(bh, r.round, r.opponent, "opponent's Buchholz", basis=bh))
    return parts


def _buchholz_of(context: TiebreakContext, tpn: int) -> float:
    """A player's plain Buchholz, computed once per context."""
    return context.memo(("BH", tpn), lambda: sum(c.value for c in _buchholz(context, tpn, ())))


def _mean_to(places: int) -> Evaluate:
    """The average of the kept contributions, rounded half up to ``places`` decimals (0 when there are none)."""
    def evaluate(_c: TiebreakContext, _t: int, _g: Collection[int], parts: Sequence[Contribution]) -> float:
        if not parts:
            return 0.0
        mean = sum((Fraction(c.value).limit_denominator(1000) for c in parts), Fraction(0)) / len(parts)
        scale: int = 10**places
        return _half_up(mean * scale) / scale

    return evaluate


# --- Art. 9: Sonneborn-Berger and Koya ---------------------------------------------------------------------

def _sonneborn_berger(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """SB (9.1): each opponent's (or dummy's) score times the points scored in that round."""
    return [
        Contribution(score * r.points, r.round, r.opponent,
                     f"{format_points(r.points)} × {note} {format_points(score)}", basis=score, result=r.points,
                     voluntary=is_voluntary(r) and not counts_as_game(context, r))
        for r, score, note in _opponent_or_dummy(context, tpn)
    ]


def koya_threshold(context: TiebreakContext, limit: int = 0) -> float:
    """Half the maximum possible score (C.07 9.2), counting the games a player can have had so far, moved by
    ``limit`` half-points (the Limit modifier, 14.5: ``KS-L+1`` raises the threshold by ½, ``KS-L-2`` lowers it
    by 1).

    With predetermined pairings the maximum is a win in every scheduled game: in an odd round robin every
    player rests once per cycle, so the most games anyone is scheduled for is one fewer per cycle than the
    rounds (the TEC tie-break server makes the same reduction). In a Swiss every round can bring a win. The
    limit's step is half a point whatever the scoring, as in the TEC tie-break server.
    """
    games = context.through_round
    if context.predetermined:
        games = max((sum(1 for r in p.records if r.opponent is not None) for p in context.players.values()), default=0)
    return context.settings.points_win * games / 2 + LIMIT_STEP * limit


LIMIT_STEP = 0.5
"""C.07 14.5: the Limit modifier moves the Koya threshold in steps of half a point."""



def koya(limit: int = 0) -> Compute:
    """KS (9.2) with its threshold moved by ``limit`` half-points (14.5; 0 is the plain Koya system)."""

    def compute(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
        """Points scored against the participants who finished on at least the threshold."""
        threshold = context.memo(("koya", limit), lambda: koya_threshold(context, limit))
        half = threshold - LIMIT_STEP * limit
        why = (f"{format_points(threshold)}" if not limit else
               f"{format_points(threshold)} (half the maximum {format_points(half)}, limit {limit:+d}: "
               f"{'+' if limit > 0 else '-'}{format_points(LIMIT_STEP * abs(limit))}, C.07 14.5)")
        return [
            Contribution(r.points, r.round, r.opponent,
                         f"opponent scored {format_points(context.score(r.opponent))} ≥ {why}",
                         basis=context.score(r.opponent), result=r.points)
            for r in context.records(tpn)
            if r.opponent is not None and context.score(r.opponent) >= threshold - 1e-9
        ]

    return compute


# --- Art. 7: the participant's own record ------------------------------------------------------------------

def _progressive(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """PS (7.5): the running score after each round, summed; Cut-1 drops the score after round 1."""
    running = 0.0
    parts = []
    for r in context.records(tpn):
        running += r.points
        parts.append(Contribution(running, r.round, None, "score after the round", result=r.points))
    return parts


def _count(predicate: Callable[[TiebreakContext, RoundRecord], bool], note: str) -> Compute:
    """A tie-break counting the rounds that satisfy ``predicate(context, record)``."""

    def compute(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
        return [
            Contribution(1.0, r.round, r.opponent, note, result=r.points)
            for r in context.records(tpn) if predicate(context, r)
        ]

    return compute


def _won(context: TiebreakContext, r: RoundRecord) -> bool:
    return r.outcome in (Outcome.WIN, Outcome.FORFEIT_WIN) and counts_as_own_game(context, r)


def _with_black(context: TiebreakContext, r: RoundRecord) -> bool:
    return counts_as_own_game(context, r) and r.scheduled_colour is Colour.BLACK


def _standard_points(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """STD (7.7): 1 for a round worth more than a draw, ½ for a round worth a draw, 0 otherwise.

    This is the comparison with the scheduled opponent for every ordinary result, and it brings
    non-standard scoring (e.g. 3/1/0) back to 1/½/0. For the uneven results (½-0, 0-0, double forfeit)
    it keeps the points actually awarded, as the TEC tie-break server does.
    """
    draw = context.settings.points_draw
    parts = []
    for r in context.records(tpn):
        value = 1.0 if r.points > draw + 1e-9 else 0.5 if abs(r.points - draw) < 1e-9 else 0.0
        parts.append(Contribution(value, r.round, r.opponent, f"{format_points(r.points)} point(s) in the round",
                                  result=r.points))
    return parts


def _pairing_number(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """TPN (7.8): the start number, lowest first."""
    return [Contribution(float(tpn), note="start number")]


# --- Art. 6: direct encounter ------------------------------------------------------------------------------

def _encounters(context: TiebreakContext, tpn: int, group: Collection[int]) -> list[Contribution]:
    """DE (6.1): the games among the tied players; repeated encounters count as their average (6.1.2)."""
    others = set(group) - {tpn}
    games = [r for r in context.records(tpn) if r.opponent in others and counts_as_game(context, r)]
    meetings: dict[int, int] = {}
    for r in games:
        assert r.opponent is not None
        meetings[r.opponent] = meetings.get(r.opponent, 0) + 1
    return [
        Contribution(r.points / meetings[r.opponent], r.round, r.opponent,
                     "game between tied players" if meetings[r.opponent] == 1
                     else f"1/{meetings[r.opponent]} of the games against this opponent (6.1.2)",
                     result=r.points)
        for r in games if r.opponent is not None
    ]


def direct_encounter_order(context: TiebreakContext, group: Collection[int]) -> list[list[int]]:
    """The tied ``group`` ordered by direct encounter into sub-groups, best first (C.07 Art. 6).

    6.2: when all have met, rank by the points among them and apply Art. 6 again to each sub-group still
    tied. 6.3 (not all have met): a player ahead whatever the missing games bring ranks first, then the
    same for the next place; Art. 6 is applied again to the rest.
    """
    members = sorted(group)
    if len(members) < 2:
        return [members]
    points = {t: sum(c.value for c in _encounters(context, t, members)) for t in members}
    opponents_met = {t: {c.opponent for c in _encounters(context, t, members)} for t in members}
    win = context.settings.points_win
    if all(len(opponents_met[t]) == len(members) - 1 for t in members) or context.predetermined:
        levels: dict[float, list[int]] = {}
        for t in members:
            levels.setdefault(round(points[t], 9), []).append(t)
        if len(levels) == 1:
            return [members]
        return [sub for level in sorted(levels, reverse=True) for sub in direct_encounter_order(context, levels[level])]
    most = {t: points[t] + win * (len(members) - 1 - len(opponents_met[t])) for t in members}
    placed: list[list[int]] = []
    rest = list(members)
    while len(rest) > 1:
        leader = max(rest, key=lambda t: (points[t], most[t], -t))
        if not all(points[leader] > most[t] + 1e-9 for t in rest if t != leader):
            break
        placed.append([leader])
        rest.remove(leader)
    if not placed:
        return [members]
    return placed + (direct_encounter_order(context, rest) if len(rest) > 1 else [rest] if rest else [])


def _direct_encounter_place(context: TiebreakContext, tpn: int, group: Collection[int],
                            _parts: Sequence[Contribution]) -> float:
    """The place DE gives within the tied group (1 = first, shared places repeat), 0 when it separates nobody."""
    order = context.memo(("DE", frozenset(group)), lambda: direct_encounter_order(context, group))
    if len(order) < 2:
        return 0.0
    place = 1
    for sub in order:
        if tpn in sub:
            return float(place)
        place += len(sub)
    return 0.0


# --- Art. 10: rating tie-breaks ----------------------------------------------------------------------------

SCORE_TO_DP: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184,
    193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501,
    538, 589, 677, 800,
)
"""FIDE B.02 8.1.1: dp for p = 0.50, 0.51, ..., 1.00 (for p < 0.50, dp(p) = -dp(1 - p))."""

PD_BOUNDS: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188,
    197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517,
    559, 619, 735,
)
"""FIDE B.02 8.1.2: the largest rating difference giving the higher-rated player 0.50, 0.51, ..., 0.99 (above: 1.00)."""


def expected_score(rating: int, opponent: int) -> Fraction:
    """The B.02 8.1.2 expected score of ``rating`` against ``opponent``, without the 400-point cut."""
    difference = rating - opponent
    higher = Fraction(50 + bisect_left(PD_BOUNDS, abs(difference)), 100)
    return higher if difference >= 0 else 1 - higher


def _half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def opponent_ratings(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """The ratings of the opponents met over the board in rated games.

    Every forfeit stays unplayed here (15.2), and so does a game played but not rated (less than one move,
    or the arbiter's decision): C.07 is silent on it, and a rating tie-break takes the games a rating takes,
    which leave it out (see ``docs/tiebreaks.md``).
    """
    return rated_opponents(context, tpn, rated_games_only=True)


def rated_opponents(context: TiebreakContext, tpn: int,
                    rating: Callable[[Player], int] = lambda p: p.rating, *,
                    rated_games_only: bool = False) -> list[Contribution]:
    """The ``rating`` of each opponent met over the board, one contribution per game.

    Each contribution's ``result`` is the participant's result in that game (1, ½ or 0). ``rating`` reads a
    player's rating; a pairing system that must rate every player (Dubov's provisional ratings) passes its
    own, so that its average is the one ARO computes, not a second copy of it. A pairing system counts
    every game played; the rating tie-breaks ask for ``rated_games_only``, leaving unrated games out.
    """
    parts = []
    for r in context.records(tpn):
        if (r.rated_game if rated_games_only else r.played) and r.opponent is not None:
            note = f"opponent's rating, result {format_points(r.result_fraction or 0)}"
            parts.append(Contribution(float(rating(context[r.opponent].player)), r.round, r.opponent, note,
                                      result=r.result_fraction))
    return parts


def average_rating(parts: Sequence[Contribution]) -> int:
    """ARO (10.1): the average rating, rounded to the nearest integer, .5 up."""
    return _half_up(Fraction(sum(int(c.value) for c in parts), len(parts))) if parts else 0


def average_rating_of_opponents(state: TournamentState, tpn: int,
                                rating: Callable[[Player], int] = lambda p: p.rating) -> int:
    """ARO (10.1) of one player, 0 before any game played over the board, whether or not the field is rated.

    The ``ARO`` tie-break is dropped when some participant is unrated (Art. 10); a pairing system that
    rates everyone (Dubov, with provisional ratings) asks for the average itself, with its own ``rating``.
    """
    return average_rating(rated_opponents(TiebreakContext.of(state), tpn, rating))


def performance_rating(parts: Sequence[Contribution]) -> int:
    """TPR (10.2): ARO plus the B.02 dp of the percentage scored, p rounded to two decimals half up."""
    if not parts:
        return 0
    scored = Fraction(sum(round(2 * (c.result or 0)) for c in parts), 2)  # results are 1, ½ or 0
    return average_rating(parts) + rating_difference(_half_up(scored * 100 / len(parts)))


def rating_difference(percent: int) -> int:
    """B.02 8.1.1: the rating difference dp for a score of ``percent`` % (0–100).

    The table's end points give the 0 % and 100 % rules: dp(100 %) = +800, dp(0 %) = −800.
    """
    return SCORE_TO_DP[percent - 50] if percent >= 50 else -SCORE_TO_DP[50 - percent]


def perfect_performance(parts: Sequence[Contribution]) -> int:
    """PTP (10.3): the lowest rating whose expected score over these games reaches the score made.

    A zero score gives the lowest opponent's rating minus 800.
    """
    if not parts:
        return 0
    ratings = [int(c.value) for c in parts]
    scored = sum((Fraction(c.result or 0).limit_denominator(2) for c in parts), Fraction(0))
    if scored == 0:
        return min(ratings) - 800
    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if sum(expected_score(middle, o) for o in ratings) >= scored:
            high = middle
        else:
            low = middle
    return high


def _rating_value(function: Callable[[Sequence[Contribution]], int]) -> Evaluate:
    def evaluate(_c: TiebreakContext, _t: int, _g: Collection[int], parts: Sequence[Contribution]) -> float:
        return float(function(parts))

    return evaluate


def _opponents_performance(key: str, function: Callable[[Sequence[Contribution]], int]) -> Compute:
    """APRO/APPO (10.4, 10.5): each opponent met over the board in a rated game brings its own TPR or PTP."""

    def compute(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
        parts = []
        for r in context.records(tpn):
            if r.rated_game and r.opponent is not None:
                value = _performance_of(context, r.opponent, key, function)
                parts.append(Contribution(float(value), r.round, r.opponent, f"opponent's {key}"))
        return parts

    return compute


def _performance_of(context: TiebreakContext, tpn: int, key: str,
                    function: Callable[[Sequence[Contribution]], int]) -> int:
    """A player's own TPR or PTP, computed once per context."""
    return context.memo((key, tpn), lambda: function(opponent_ratings(context, tpn, ())))


def _own_rating(context: TiebreakContext, tpn: int, _group: Collection[int]) -> list[Contribution]:
    """RTNG (10.6): the participant's own rating, highest first."""
    return [Contribution(float(context[tpn].player.rating), note="rating")]


def unrated_players(state: TournamentState) -> list[int]:
    """Start numbers of the participants without a rating (0), in start order."""
    return sorted(tpn for tpn, p in state.players.items() if p.player.rating <= 0)


def rating_tiebreaks_dropped(state: TournamentState) -> str:
    """Why the rating tie-breaks are not applied (C.07 Art. 10), in one sentence; empty when everyone is rated.

    Art. 10 drops ARO, TPR, PTP, APRO, APPO and RTNG when any participant is unrated, unless the event's
    rules say how to rate them; sheetpair has no such rule, so it drops them and says who is unrated.
    """
    unrated = unrated_players(state)
    if not unrated:
        return ""
    named = ", ".join(f"{tpn} ({state[tpn].player.name})" if state[tpn].player.name else str(tpn)
                      for tpn in unrated[:3])
    if len(unrated) == 1:
        return Note("Not applied: player %(named)s is unrated, and C.07 Art. 10 drops the rating tie-breaks when "
                    "any participant is.", named=named)
    if len(unrated) <= 3:
        return Note("Not applied: %(n)s players (%(named)s) are unrated, and C.07 Art. 10 drops the rating "
                    "tie-breaks when any participant is.", n=len(unrated), named=named)
    return Note("Not applied: %(n)s players (%(named)s and %(more)s more) are unrated, and C.07 Art. 10 drops the "
                "rating tie-breaks when any participant is.", n=len(unrated), named=named, more=len(unrated) - 3)


LIMITED: dict[str, Callable[[int], Compute]] = {"KS": koya}
"""Tie-breaks that take the Limit modifier (C.07 14.5), each with its computation for a given limit."""


SPECS: tuple[TiebreakSpec, ...] = (
    TiebreakSpec("DE", "Direct encounter", _encounters,
                 evaluate=_direct_encounter_place, lower_is_better=True),
    TiebreakSpec("WIN", "Number of wins, with or without playing", _count(
        lambda c, r: 0 < c.settings.points_win <= r.points, "round worth a win")),
    TiebreakSpec("WON", "Number of games won", _count(_won, "game won")),
    TiebreakSpec("BPG", "Number of games played with Black", _count(_with_black, "game with Black")),
    TiebreakSpec("BWG", "Number of games won with Black", _count(
        lambda c, r: _won(c, r) and _with_black(c, r), "win with Black")),
    TiebreakSpec("PS", "Progressive (cumulative) score", _progressive, cuttable=True),
    TiebreakSpec("REP", "Rounds one elected to play", _count(
        lambda _c, r: not is_voluntary(r), "round elected to play")),
    TiebreakSpec("STD", "Standard points", _standard_points),
    TiebreakSpec("TPN", "Tournament pairing number", _pairing_number, lower_is_better=True),
    TiebreakSpec("BH", "Buchholz", _buchholz, cuttable=True, unplayed_cut_first=True),
    TiebreakSpec("AOB", "Average of opponents' Buchholz", _opponents_buchholz, evaluate=_mean_to(2)),
    TiebreakSpec("FB", "Fore Buchholz", _fore_buchholz, cuttable=True, unplayed_cut_first=True),
    TiebreakSpec("SB", "Sonneborn-Berger", _sonneborn_berger, cuttable=True, unplayed_cut_first=True),
    TiebreakSpec("KS", "Koya system", koya()),
    TiebreakSpec("ARO", "Average rating of opponents", opponent_ratings, cuttable=True,
                 evaluate=_rating_value(average_rating), needs_ratings=True),
    TiebreakSpec("TPR", "Tournament performance rating", opponent_ratings,
                 evaluate=_rating_value(performance_rating), needs_ratings=True),
    TiebreakSpec("PTP", "Perfect tournament performance", opponent_ratings,
                 evaluate=_rating_value(perfect_performance), needs_ratings=True),
    TiebreakSpec("APRO", "Average performance rating of opponents", _opponents_performance("TPR", performance_rating),
                 evaluate=_rating_value(average_rating), needs_ratings=True),
    TiebreakSpec("APPO", "Average perfect performance of opponents", _opponents_performance("PTP", perfect_performance),
                 evaluate=_rating_value(average_rating), needs_ratings=True),
    TiebreakSpec("RTNG", "Rating", _own_rating, needs_ratings=True),
)

__all__ = ["FORE", "LIMITED", "LIMIT_STEP", "SCORE_TO_DP", "SPECS", "adjusted_score", "average_rating",
           "average_rating_of_opponents", "direct_encounter_order", "expected_score", "fore", "fore_context",
           "is_voluntary", "koya", "koya_threshold", "opponent_ratings", "perfect_performance", "performance_rating",
           "rated_opponents", "rating_difference", "rating_tiebreaks_dropped", "unrated_players"]
