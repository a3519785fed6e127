"""Invariants every registered pairing system keeps, checked on random events played through the operations.

Each system is driven as an arbiter would drive it: a random roster, random results (forfeits included),
now and then a requested bye or a withdrawal. Whatever it pairs must give everyone at most one game or bye
per round, never pair a withdrawn player (unless the schedule is fixed) or one who asked for a bye, and never
let two players meet more often than the system allows.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.core.errors import OperationError, PairingError
from sheetpair.core.model import ByeKind, Player, Result, Settings
from sheetpair.pairing import SYSTEMS, PairingSystem

REMATCHING_SYSTEMS = {"berger-swiss", "club-swiss", "winther-swiss"}
"""Systems whose text allows a rematch as the last resort, when no complete pairing avoids one (a forfeited
game is no meeting); that the last resort is the only way to a rematch is tested with each system."""

PAIRING_BYES_PER_ROUND = {"berger-swiss": None}
"""Most pairing-allocated byes one round gives (one unless named here); ``None`` when a kept schedule gives
one to every player whose scheduled opponent has withdrawn (Berger-Swiss's retained groups)."""


def max_meetings(system: PairingSystem, settings: Settings) -> int:
    """How often two players may meet in one event under ``system``: once, twice in a double round robin,
    up to every round where rematches are a last resort (Norwegian Monrad only with ``rematches=when-exhausted``)."""
    if system.name in REMATCHING_SYSTEMS or (
            system.name == "norwegian-monrad" and system.option(settings, "rematches") == "when-exhausted"):
        return settings.rounds
    return 2 if system.name == "berger" and settings.double_round_robin else 1


RESULTS = [
    Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS_BY_FORFEIT, Result.BLACK_WINS_BY_FORFEIT,
]


def play(system_name: str, players: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    system = SYSTEMS[system_name]
    roster = [Player(0, f"P{i:03}", rating=2400 - 7 * i, team="AB"[i % 2]) for i in range(players)]
    base = Settings(system_name, rounds, seed=seed, bye_value=system.default_bye_value)
    fixed = system.planned_rounds(players, base)
    if fixed is not None:
        base.rounds = fixed
    try:
        tournament = new_tournament(roster, base)
    except OperationError:
        return  # the system does not take this field (e.g. unequal teams)
    if not system.keeps_withdrawn_in_schedule:
        tpns = [p.tpn for p in tournament.players]
        tournament.forbidden_pairs = {frozenset(rng.sample(tpns, 2)) for _ in range(rng.randint(0, 2))}
    met: dict[frozenset[int], int] = {}
    for number in range(1, tournament.settings.rounds + 1):
        if not system.keeps_withdrawn_in_schedule and rng.random() < 0.2:
            asker = rng.choice(tournament.players)
            if asker.is_active_in(number):
                operations.request_bye(tournament, asker.tpn, number, rng.choice([ByeKind.HALF, ByeKind.ZERO]))
        asked = set(tournament.requested_byes.get(number, {}))
        try:
            paired = operations.pair_next_round(tournament)
        except PairingError as error:
            assert "ruled not to meet" not in str(error), f"{system_name} paired a forbidden pair"
            return  # a system may find no legal pairing in a small, played-out field
        seen = [p for g in paired.games for p in (g.white, g.black)] + [b.player for b in paired.byes]
        assert len(seen) == len(set(seen)), f"round {number}: someone is paired twice"
        limit = PAIRING_BYES_PER_ROUND.get(system_name, 1)
        pabs = sum(b.kind is ByeKind.PAB for b in paired.byes)
        assert limit is None or pabs <= limit or system.keeps_withdrawn_in_schedule
        for game in paired.games:
            assert game.white not in asked and game.black not in asked, "a player with a requested bye was paired"
            if not system.keeps_withdrawn_in_schedule:
                assert tournament.player(game.white).is_active_in(number)
                assert tournament.player(game.black).is_active_in(number)
            pair = frozenset((game.white, game.black))
            allowed = max_meetings(system, tournament.settings)
            assert met.get(pair, 0) < allowed, f"round {number}: {sorted(pair)} meet again"
            if not game.result.is_known:
                game.result = rng.choice(RESULTS)
            if game.result.was_played:  # a forfeited game is no meeting (C.04.2 3.5): the pair may be paired again
                met[pair] = met.get(pair, 0) + 1
        if rng.random() < 0.15:
            leaver = rng.choice(tournament.players)
            if leaver.withdrawn_from is None:
                operations.withdraw(tournament, leaver.tpn, number + 1)


@pytest.mark.parametrize("system_name", sorted(SYSTEMS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=4, max_value=24), rounds=st.integers(min_value=1, max_value=9),
       seed=st.integers(min_value=0, max_value=10_000))
def test_system_keeps_the_basic_invariants(system_name: str, players: int, rounds: int, seed: int) -> None:
    play(system_name, players, rounds, seed)
