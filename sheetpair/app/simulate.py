"""The fairness simulator: many seeded tournaments per pairing system, and how each system treats the players.

Seed 000 compares systems by what they do to people, not by their rules: Monrad gives about a third of the
field the same colour three times in a row over seven rounds, Swiss systems balance colours, accelerated
systems change who meets whom. Those claims are statistical, so the simulator plays ``runs`` events per
system on the same seeded fields and reports every measure as a mean with its 95 % confidence interval
(docs/simulation.md explains the result model and each measure).

Events are driven through the pairing-system objects and the core model directly
(:meth:`~sheetpair.pairing.base.PairingSystem.initial_order`, :meth:`~sheetpair.pairing.base.PairingSystem.pair`,
:func:`~sheetpair.core.state.derive`), without workbooks, so thousands of rounds take seconds. Every random
choice comes from generators seeded by the ``seed``, the run and the system, so the same arguments give the
same numbers (all but the measured pairing time).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from ..core.errors import InputError, OperationError, PairingError
from ..core.model import ByeKind, Colour, Player, Result, Round, Settings, Tournament
from ..core.standings import Standing
from ..core.state import TournamentState
from ..core.tiebreaks import TiebreakContext, compute_tiebreak
from ..core.tiebreaks.fide import expected_score
from ..optional import require
from ..pairing import get_system
from ..pairing.base import Pairing, PairingSystem
from . import ranking

RATING_MEAN = 1800
"""Mean of the simulated ratings: a typical open tournament's field."""
RATING_SPREAD = 300
"""Standard deviation of the simulated ratings."""
RATING_RANGE = (1000, 2800)
EXPECTATIONS = ("elo", "fide")
"""How a game's expected score is had from the two ratings (see :class:`ResultModel`)."""
"""Simulated ratings are clipped to FIDE's rating floor and a strong grandmaster's rating."""

MEASURES: dict[str, str] = {
    "same_colour_three_in_row": "share of players with the same colour in three consecutive games at least once",
    "colour_difference_0": "share of players ending with as many Whites as Blacks",
    "colour_difference_1": "share of players ending with one colour once more than the other",
    "colour_difference_2": "share of players ending with one colour twice more than the other",
    "colour_difference_3_or_more": "share of players ending with one colour three or more times more",
    "rematches": "games per event between two players who had already played each other",
    "floats_per_round": "players per round paired against an opponent on a different score",
    "oscillation": "spread (standard deviation) of opponents' average rating within a final score group",
    "strongest_player_wins": "share of events won (rank 1, shared or not) by the highest-rated player",
    "rank_rating_spearman": "Spearman correlation of final rank with rating (1: the ranking follows the ratings)",
    "rounds_paired": "share of the planned rounds the system could pair",
    "pairing_seconds_per_round": "time the system takes to pair one round, in seconds",
}
"""Every reported measure, by its JSON name, in report order."""

_RANGES: dict[str, tuple[float, float]] = {
    **{name: (0.0, 1.0) for name in MEASURES if name.startswith(("same_colour", "colour_difference", "strongest",
                                                                 "rounds_paired"))},
    "rank_rating_spearman": (-1.0, 1.0),
}
"""Where a measure can lie (default: not below 0); confidence intervals are clipped to it."""


@dataclass(frozen=True)
class ResultModel:
    """How simulated games end: the Elo expectation, with draws and forfeits.

    For ratings ``Rw`` and ``Rb`` White's expected score is ``E = 1 / (1 + 10^((Rb - Rw) / 400))``. Equal
    players draw with probability ``draw_rate``; the draw chance falls linearly as the expectation moves away
    from ½ (``draw_rate * (1 - |2E - 1|)``) and White wins with ``E`` minus half of it, so the expected
    score stays exactly ``E``. With ``expectation="fide"`` ``E`` is read from FIDE's table of expected scores
    by rating difference instead (B.02 8.1.2, the table of the rating figures; an unrated player counts as
    :data:`RATING_MEAN`), as FIDE asks of a random tournament generator. A game is forfeited (either side at
    random) with ``forfeit_rate``; before each
    round every player asks for a half-point bye with ``bye_rate`` where the system takes requested byes.
    """

    draw_rate: float = 0.3
    forfeit_rate: float = 0.0
    bye_rate: float = 0.0
    expectation: str = "elo"
    """``elo`` (the logistic formula) or ``fide`` (FIDE's table)."""

    def __post_init__(self) -> None:
        if self.expectation not in EXPECTATIONS:
            raise InputError(f"--model must be one of {', '.join(EXPECTATIONS)}, not {self.expectation!r}")
        for option, value in (("--draw-rate", self.draw_rate), ("--forfeit-rate", self.forfeit_rate),
                              ("--bye-rate", self.bye_rate)):
            if not 0.0 <= value <= 1.0:
                raise InputError(f"{option} must be a probability between 0 and 1, not {value}")

    def result(self, white: int, black: int, rng: random.Random) -> Result:
        """A result for White rated ``white`` against Black rated ``black``."""
        if rng.random() < self.forfeit_rate:
            return Result.WHITE_WINS_BY_FORFEIT if rng.random() < 0.5 else Result.BLACK_WINS_BY_FORFEIT
        if self.expectation == "fide":
            expected = float(expected_score(white or RATING_MEAN, black or RATING_MEAN))
        else:
            expected = 1.0 / (1.0 + 10.0 ** ((black - white) / 400.0))
        draw = self.draw_rate * (1.0 - abs(2.0 * expected - 1.0))
        draw_at = rng.random()
        if draw_at < expected - draw / 2:
            return Result.WHITE_WINS
        return Result.DRAW if draw_at < expected + draw / 2 else Result.BLACK_WINS


@dataclass(frozen=True)
class Interval:
    """A measure's mean over the runs and its 95 % confidence interval (Student's t)."""

    mean: float
    low: float
    high: float


@dataclass
class SystemSummary:
    """One system's simulated runs: each measure as a mean with its confidence interval."""

    system: str
    runs: int
    measures: dict[str, Interval] = field(default_factory=dict)


@dataclass
class PlayedEvent:
    """One simulated tournament and the time each of its rounds took to pair."""

    tournament: Tournament
    planned_rounds: int
    pairing_seconds: list[float]


def simulate(
    systems: Sequence[str],
    *,
    players: int,
    rounds: int,
    runs: int,
    seed: int = 0,
    model: ResultModel = ResultModel(),
    progress: Callable[[], None] | None = None,
) -> dict[str, SystemSummary]:
    """Plays ``runs`` events of ``players`` players per system and summarises the measures of :data:`MEASURES`.

    Run ``k`` of every system starts from the same field (ratings and names drawn from ``seed`` and ``k``),
    so systems are compared on equal fields. Round robins play their own planned rounds instead of
    ``rounds``. ``progress`` is called after every event.

    :raises PairingError: for an unknown system.
    :raises InputError: when a system cannot take the field (e.g. Scheveningen with an odd number of players)
        or the counts are not positive.
    """
    for option, count in (("--players", players), ("--rounds", rounds), ("--runs", runs)):
        if count < 1:
            raise InputError(f"{option} must be at least 1, not {count}")
    engines = [get_system(name) for name in systems]
    summaries = {}
    for engine in engines:
        values: dict[str, list[float]] = {name: [] for name in MEASURES}
        for run in range(runs):
            rng = random.Random(f"{seed}/{run}/{engine.name}")
            event = play_event(engine, field_of(players, seed, run), rounds, model, rng)
            for name, measured in measure(event).items():
                values[name].append(measured)
            if progress is not None:
                progress()
        intervals = {name: interval(v, _RANGES.get(name, (0.0, math.inf))) for name, v in values.items()}
        summaries[engine.name] = SystemSummary(engine.name, runs, intervals)
    return summaries


def field_of(players: int, seed: int, run: int) -> list[Player]:
    """Run ``run``'s roster: ratings from a normal distribution (:data:`RATING_MEAN`, :data:`RATING_SPREAD`),
    two alternating teams so that a Scheveningen match can be simulated too."""
    rng = random.Random(f"{seed}/{run}")
    low, high = RATING_RANGE
    return [
        Player(0, f"P{index:04}", rating=min(high, max(low, round(rng.gauss(RATING_MEAN, RATING_SPREAD)))),
               team="AB"[index % 2])
        for index in range(1, players + 1)
    ]


def play_event(
    system: PairingSystem, roster: list[Player], rounds: int, model: ResultModel, rng: random.Random
) -> PlayedEvent:
    """Plays one event to its last round, or to the first round the system cannot pair.

    :raises InputError: when the system cannot take this roster or its settings.
    """
    settings = Settings(system.name, rounds, bye_value=system.default_bye_value, tiebreaks=system.tiebreaks_for({}),
                        seed=rng.randrange(2**31))
    planned = system.planned_rounds(len(roster), settings)
    settings.rounds = planned if planned is not None else rounds
    system.check_settings(settings)
    try:
        order = system.initial_order(roster, settings, rng)
    except (OperationError, PairingError) as error:
        raise InputError(f"--players {len(roster)}: {error}") from None
    tournament = Tournament(settings, [replace(p, tpn=number) for number, p in enumerate(order, start=1)])
    seconds = []
    for number in range(1, settings.rounds + 1):
        if not system.keeps_withdrawn_in_schedule:
            _request_byes(tournament, number, model.bye_rate, rng)
        start = time.perf_counter()
        try:
            pairing = _pair(system, tournament, number)
        except PairingError:
            break
        seconds.append(time.perf_counter() - start)
        for game in pairing.games:
            game.result = model.result(tournament.player(game.white).rating, tournament.player(game.black).rating, rng)
        tournament.rounds.append(Round(number, pairing.games, pairing.byes))
    return PlayedEvent(tournament, settings.rounds, seconds)


def _request_byes(tournament: Tournament, number: int, rate: float, rng: random.Random) -> None:
    asked = {p.tpn: ByeKind.HALF for p in tournament.players if rng.random() < rate}
    if asked:
        tournament.requested_byes[number] = asked


def _pair(system: PairingSystem, tournament: Tournament, number: int) -> Pairing:
    """The system's pairing of round ``number``; requested byes a system refuses in that round (Berger-Swiss's
    fixed tables) are withdrawn and the round paired again without them."""
    try:
        return system.pair(tournament, number)
    except PairingError:
        if not tournament.requested_byes.pop(number, None):
            raise
    return system.pair(tournament, number)


def measure(event: PlayedEvent) -> dict[str, float]:
    """The measures of :data:`MEASURES` for one played event."""
    tournament = event.tournament
    standings = ranking.standings(tournament)
    state, table = standings.state, standings.lines
    colours = [ps.colours for ps in state.players.values()]
    count = len(colours)
    differences = [abs(ps.colour_difference) for ps in state.players.values()]
    paired = len(event.pairing_seconds)
    return {
        "same_colour_three_in_row": sum(_has_three_in_row(c) for c in colours) / count,
        "colour_difference_0": differences.count(0) / count,
        "colour_difference_1": differences.count(1) / count,
        "colour_difference_2": differences.count(2) / count,
        "colour_difference_3_or_more": sum(d >= 3 for d in differences) / count,
        "rematches": float(_rematches(tournament)),
        "floats_per_round": _floats(tournament, state) / paired if paired else 0.0,
        "oscillation": _oscillation(state),
        "strongest_player_wins": _strongest_player_wins(state, table),
        "rank_rating_spearman": _rank_rating_spearman(state, table),
        "rounds_paired": paired / event.planned_rounds,
        "pairing_seconds_per_round": statistics.fmean(event.pairing_seconds) if paired else 0.0,
    }


def _has_three_in_row(colours: list[Colour]) -> bool:
    """Three consecutive played games with one colour (byes and forfeits do not interrupt, as in C.04.1)."""
    return any(colours[i] is colours[i + 1] is colours[i + 2] for i in range(len(colours) - 2))


def _rematches(tournament: Tournament) -> int:
    met: set[frozenset[int]] = set()
    repeated = 0
    for rnd in tournament.rounds:
        pairs = [frozenset((g.white, g.black)) for g in rnd.games]
        repeated += sum(pair in met for pair in pairs)
        met.update(pair for pair, game in zip(pairs, rnd.games) if game.result.is_meeting())
    return repeated


def _floats(tournament: Tournament, state: TournamentState) -> int:
    """Players paired against an opponent whose score before the round differed from their own."""
    return sum(
        2 * (state[g.white].score_after(rnd.number - 1) != state[g.black].score_after(rnd.number - 1))
        for rnd in tournament.rounds for g in rnd.games
    )


def _oscillation(state: TournamentState) -> float:
    """Mean, over players, of the standard deviation of ARO (C.07 10.1) in their final score group."""
    context = TiebreakContext.of(state)
    groups: dict[float, list[float]] = {}
    for tpn, player in state.players.items():
        if player.games_played:
            groups.setdefault(player.score, []).append(compute_tiebreak(context, tpn, "ARO").value)
    spread = [(len(aro), statistics.pstdev(aro)) for aro in groups.values() if len(aro) > 1]
    players = sum(size for size, _ in spread)
    return sum(size * deviation for size, deviation in spread) / players if players else 0.0


def _strongest_player_wins(state: TournamentState, table: list[Standing]) -> float:
    strongest = max(state.players.values(), key=lambda ps: (ps.player.rating, -ps.tpn)).tpn
    winners = {s.tpn for s in table if s.rank == 1}
    return 1.0 if strongest in winners else 0.0


def _rank_rating_spearman(state: TournamentState, table: list[Standing]) -> float:
    stats = require("scipy.stats", "simulate")  # loaded only when simulating

    ratings = [state[s.tpn].player.rating for s in table]
    correlation = stats.spearmanr(ratings, [-s.rank for s in table]).statistic
    return float(correlation)


def interval(values: Sequence[float], bounds: tuple[float, float] = (-math.inf, math.inf)) -> Interval:
    """The mean of ``values`` and its 95 % confidence interval by Student's t, clipped to the ``bounds`` the
    measure cannot leave (a share stays within 0..1); runs where a measure is undefined (NaN, e.g. a
    correlation of a field with equal ratings) are left out."""
    kept = [v for v in values if not math.isnan(v)]
    if not kept:
        return Interval(math.nan, math.nan, math.nan)
    mean = statistics.fmean(kept)
    if len(kept) < 2 or statistics.stdev(kept) == 0:
        return Interval(mean, mean, mean)
    stats = require("scipy.stats", "simulate")

    low, high = stats.t.interval(0.95, len(kept) - 1, loc=mean, scale=stats.sem(kept))
    return Interval(mean, max(bounds[0], float(low)), min(bounds[1], float(high)))
