"""The random tournament generator: seeded events played with sheetpair's own pairing, each one a TRF-2026.

FIDE's acceptance of a tournament program (Handbook C.02.03, the TEC manual; C.04.A A.5 before it) asks for a
free, widely parametrised generator whose files another program's checker can read: every round paired by
the candidate program, results drawn from FIDE's rating table with a draw model, and every record a checker
needs (system, score system, tie-break list, acceleration, byes, withdrawals, late entries) in the file.

Each event is played through the same in-memory operations the workbook commands run
(:mod:`sheetpair.app.operations`: byes asked for, withdrawals, late entries, pairing), and the result of
each game comes from the simulator's :class:`~sheetpair.app.simulate.ResultModel`, which reads FIDE's
expected-score table. Every random choice of event ``index`` comes from a generator seeded by the text
``"generate/{seed}/{index}"`` (Python seeds from the text's SHA-512, never from ``hash()``), so the same
seed gives the same files on every machine, whichever worker process plays which event.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..core.errors import InputError, PairingError
from ..core.model import ByeKind, Player, Round, Tournament
from ..core.teams import Team, TeamEvent
from ..io.savefile import save_atomically
from ..io.trf_team import TeamFile, colour_type
from ..io.trf_team_write import team_code, team_trf_text
from ..io.trf_write import save_trf, write_trf
from ..pairing import get_system
from ..pairing.teams import TEAM_SYSTEMS
from . import ranking
from .event import event_settings, new_tournament
from .operations import enter_late, pair_next_round, request_bye, withdraw
from .simulate import RATING_MEAN, RATING_RANGE, RATING_SPREAD, ResultModel
from .teams import pair_team_round

FIDE_SYSTEMS = ("dutch", "dubov", "burstein", "burstein-classic", "lim", "team-swiss")
"""The FIDE Swiss systems the generator is meant for (any registered Swiss system also plays); the team Swiss
plays team events (:func:`team_event_trf`)."""

TEAM_BOARDS = 4
"""Boards of a generated team event; about half the teams also have a reserve."""

EXECUTORS = ("local", "dask")


@dataclass(frozen=True)
class GeneratorSpec:
    """What every generated event of a batch is like; each event draws its own field within it."""

    system: str
    players: tuple[int, int]
    """The smallest and largest field; each event's size is drawn evenly between them."""
    rounds: int
    model: ResultModel = field(default_factory=lambda: ResultModel(expectation="fide"))
    withdraw_rate: float = 0.0
    """Chance that a player still in withdraws before a round (from round 2 on)."""
    late_entries: int = 0
    """Players who enter after round 1, each before a round drawn from the first half of the event."""
    acceleration: str = "none"
    tiebreaks: tuple[str, ...] | None = None
    """The tie-break list written in the file; ``None``: the system's default list."""
    unrated_share: float = 0.0
    """Chance that a player is unrated."""

    def __post_init__(self) -> None:
        low, high = self.players
        if not 2 <= low <= high:
            raise InputError(f"--players must be at least 2 (and MIN <= MAX), not {low}-{high}")
        if self.rounds < 1:
            raise InputError(f"--rounds must be at least 1, not {self.rounds}")
        for option, value in (("--withdraw-rate", self.withdraw_rate), ("--unrated-share", self.unrated_share)):
            if not 0.0 <= value <= 1.0:
                raise InputError(f"{option} must be a probability between 0 and 1, not {value}")
        if self.late_entries < 0:
            raise InputError(f"--late-entries must not be negative, not {self.late_entries}")
        if self.acceleration not in ("none", "baku"):
            raise InputError(f"--acceleration must be none or baku, not {self.acceleration!r}")
        if self.system in TEAM_SYSTEMS:
            drawn: tuple[tuple[str, bool], ...] = (
                ("--acceleration", self.acceleration != "none"), ("--tiebreaks", self.tiebreaks is not None),
                ("--bye-rate", self.model.bye_rate > 0), ("--withdraw-rate", self.withdraw_rate > 0),
                ("--late-entries", self.late_entries > 0))
            for option, given in drawn:
                if given:
                    raise InputError(f"{option} is not drawn for team events yet: leave it out with --system "
                                     f"{self.system} (--players counts teams)")


def parse_players(text: str) -> tuple[int, int]:
    """``N`` or ``MIN-MAX`` as the (smallest, largest) field.

    :raises InputError: for anything else.
    """
    low, sep, high = text.strip().partition("-")
    if not low.isdigit() or (sep and not high.isdigit()):
        raise InputError(f"--players must be N or MIN-MAX, not {text!r}")
    return int(low), int(high if sep else low)


def generate_tournament(spec: GeneratorSpec, seed: int, index: int,
                        pair: Callable[[Tournament], Round] = pair_next_round) -> Tournament:
    """Event ``index`` of the batch ``seed``, played to its last round or to the first round the system
    cannot pair (the file then says how many rounds were paired of the planned ones).

    ``pair`` pairs and stores the next round (default: sheetpair's system); another program's engine can
    play the same fields, absences and results through it (``benchmarks/verify_dubov.py``).

    :raises InputError: for settings the system does not accept (an option, a tie-break).
    """
    rng = random.Random(f"generate/{seed}/{index}")
    size = rng.randint(*spec.players)
    roster = [_player(number, spec, rng) for number in range(1, size + 1)]
    options = {"acceleration": "baku"} if spec.acceleration == "baku" else {}
    settings = event_settings(spec.system, size, rounds=spec.rounds, tiebreaks=spec.tiebreaks,
                              seed=rng.randrange(2**31), options=options)
    tournament = new_tournament(roster, settings)
    late = _late_rounds(spec, rng)
    for number in range(1, spec.rounds + 1):
        for _ in range(late.count(number)):
            enter_late(tournament, _player(len(tournament.players) + 1, spec, rng))
        _absences(tournament, number, spec, rng)
        try:
            new_round = pair(tournament)
        except PairingError:
            break
        for game in new_round.games:
            game.result = spec.model.result(tournament.player(game.white).rating,
                                            tournament.player(game.black).rating, rng)
    return tournament


def _player(number: int, spec: GeneratorSpec, rng: random.Random) -> Player:
    low, high = RATING_RANGE
    rating = min(high, max(low, round(rng.gauss(RATING_MEAN, RATING_SPREAD))))
    if rng.random() < spec.unrated_share:  # the arbiter's provisional rating, where the system rates all (Dubov)
        return Player(0, f"Player {number:04}", provisional_rating=rating)
    return Player(0, f"Player {number:04}", rating=rating)


def _late_rounds(spec: GeneratorSpec, rng: random.Random) -> list[int]:
    """The round before which each late entrant enters: 2 up to the middle of the event."""
    last = max(2, (spec.rounds + 1) // 2)
    return [rng.randint(2, last) for _ in range(spec.late_entries)] if spec.rounds >= 2 else []


def _absences(tournament: Tournament, number: int, spec: GeneratorSpec, rng: random.Random) -> None:
    """Withdrawals and half-point byes asked for before round ``number``, in start-number order."""
    for player in list(tournament.players):
        if not player.is_active_in(number):
            continue
        if number > 1 and rng.random() < spec.withdraw_rate:
            withdraw(tournament, player.tpn, number)
        elif rng.random() < spec.model.bye_rate:
            request_bye(tournament, player.tpn, number, ByeKind.HALF)


def tournament_trf(spec: GeneratorSpec, seed: int, index: int) -> str:
    """The TRF-2026 text of event ``index``, with its points and ranks from sheetpair's standings (a team
    event: :func:`team_event_trf`)."""
    if spec.system in TEAM_SYSTEMS:
        return team_event_trf(spec, seed, index)
    tournament = generate_tournament(spec, seed, index)
    return write_trf(tournament, ranking.standings(tournament))


def team_event_trf(spec: GeneratorSpec, seed: int, index: int) -> str:
    """Team event ``index`` as a TRF-2026 team file: ``--players`` teams of :data:`TEAM_BOARDS` boards (and a
    reserve in about half of them), numbered by strength (the mean rating of their boards), each round paired
    by the team system from the file's own settings, as the checker re-pairs it, and each board's result
    drawn by the result model. The team records (``310``) declare each team's match and game points.
    """
    rng = random.Random(f"generate/{seed}/{index}")
    rosters = []
    for _ in range(rng.randint(*spec.players)):
        members = [_player(0, spec, rng) for _ in range(TEAM_BOARDS + (rng.random() < 0.5))]
        rosters.append(sorted(members, key=lambda p: -(p.rating or p.provisional_rating)))
    rosters.sort(key=lambda members: -sum(p.rating or p.provisional_rating for p in members[:TEAM_BOARDS]))
    players: list[Player] = []
    teams = []
    for number, members in enumerate(rosters, start=1):
        first = len(players) + 1
        players += [replace(p, tpn=first + i, name=f"Player {first + i:04}") for i, p in enumerate(members)]
        teams.append(Team(number, f"Team {number:03}", tuple(range(first, len(players) + 1)),
                          short_name=f"T{number:03}"))
    code = team_code(True, "A")
    team_file = TeamFile(TeamEvent(tuple(teams), TEAM_BOARDS), code, colour_type(code), rounds=spec.rounds)
    rating = {p.tpn: p.rating for p in players}
    for number in range(1, spec.rounds + 1):
        try:
            paired = pair_team_round(team_file, number, spec.system)
        except PairingError:
            break
        matches = tuple(replace(m, boards=tuple(replace(g, result=spec.model.result(rating[g.white], rating[g.black],
                                                                                   rng)) for g in m.boards))
                        for m in paired.matches)
        event = team_file.event
        team_file.event = replace(event, rounds=(*event.rounds, replace(paired, matches=matches)))
    return team_trf_text(team_file.event, players, name=f"Generated team event {index}", rounds=spec.rounds,
                         code=code)


def file_name(spec: GeneratorSpec, index: int) -> str:
    return f"{spec.system}-{index:05d}.trf"


def write_one(spec: GeneratorSpec, seed: int, index: int, directory: str) -> str:
    """Generates event ``index`` and writes it into ``directory``; returns the path written."""
    path = Path(directory) / file_name(spec, index)
    if spec.system in TEAM_SYSTEMS:
        text = team_event_trf(spec, seed, index).encode("utf-8")
        save_atomically(path, lambda stream: stream.write(text))
        return str(path)
    tournament = generate_tournament(spec, seed, index)
    save_trf(tournament, ranking.standings(tournament), path)
    return str(path)


def generate(
    spec: GeneratorSpec,
    *,
    count: int,
    seed: int,
    directory: Path,
    jobs: int | None = None,
    executor: str = "local",
    scheduler: str | None = None,
    progress: Callable[[], None] | None = None,
) -> list[Path]:
    """Writes ``count`` events into ``directory`` (created if needed) and returns their paths in order.

    ``executor="local"`` plays them in ``jobs`` worker processes (default: one per core; ``1``: in this
    process); ``executor="dask"`` on the Dask scheduler at ``scheduler`` (extra ``sheetpair[cluster]``).
    Where an event is played changes nothing in its file.

    :raises InputError: for a count below 1, an unknown executor, ``dask`` without a scheduler, or settings
        the system refuses (found on the first event, before any worker starts).
    :raises PairingError: for an unknown system.
    """
    if count < 1:
        raise InputError(f"--count must be at least 1, not {count}")
    if spec.system not in TEAM_SYSTEMS:
        get_system(spec.system)
    directory.mkdir(parents=True, exist_ok=True)
    done = progress or (lambda: None)
    if executor == "dask":
        if not scheduler:
            raise InputError("--executor dask needs --scheduler ADDRESS (the Dask scheduler to play the events on)")
        return [Path(p) for p in _on_dask(spec, seed, count, str(directory), scheduler, done)]
    if executor != "local":
        raise InputError(f"--executor must be one of {', '.join(EXECUTORS)}, not {executor!r}")
    if jobs == 1 or count == 1:
        paths = []
        for index in range(1, count + 1):
            paths.append(Path(write_one(spec, seed, index, str(directory))))
            done()
        return paths
    write_one(spec, seed, 1, str(directory))  # a refused setting is reported once, from this process
    done()
    return [directory / file_name(spec, 1), *_in_processes(spec, seed, range(2, count + 1), str(directory), jobs, done)]


def _in_processes(spec: GeneratorSpec, seed: int, indices: Iterable[int], directory: str, jobs: int | None,
                  done: Callable[[], None]) -> Iterator[Path]:
    written: dict[int, str] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(write_one, spec, seed, index, directory): index for index in indices}
        for future in as_completed(futures):
            written[futures[future]] = future.result()
            done()
    return (Path(written[index]) for index in sorted(written))


def _on_dask(spec: GeneratorSpec, seed: int, count: int, directory: str, scheduler: str,
             done: Callable[[], None]) -> list[str]:
    """The same work on a Dask distributed cluster; the workers must share ``directory`` (a network drive)."""
    from distributed import Client
    from distributed import as_completed as finished

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        futures = client.map(write_one, [spec] * count, [seed] * count, range(1, count + 1), [directory] * count,
                             pure=False)
        for _ in finished(futures):  # type: ignore[no-untyped-call]
            done()
        return [str(f.result()) for f in futures]
