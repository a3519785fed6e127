"""The Dutch systems on big fields: a matcher the machine cannot hold is refused with a sentence before
anything is allocated. Speed itself is measured by benchmarks/bench_dutch.py, never asserted here."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetpair.core.errors import PairingError
from sheetpair.core.model import Player, Result, Round, Settings, Tournament
from sheetpair.pairing import get_system, matching


def _played_round_one(players: int) -> Tournament:
    tournament = Tournament(Settings("dutch", 9), [Player(i, f"P{i}", rating=2500 - 7 * i)
                                                   for i in range(1, players + 1)])
    pairing = get_system("dutch").pair(tournament, 1)
    rng = random.Random(players)
    for game in pairing.games:
        game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
    tournament.rounds.append(Round(1, pairing.games, pairing.byes))
    return tournament


def test_a_matcher_bigger_than_the_free_memory_is_refused_naming_the_players_and_the_memory(monkeypatch):
    monkeypatch.setattr(matching, "available_memory", lambda: 1 << 30)
    with pytest.raises(PairingError, match=r"pairing 20000 players at once needs about \d+\.\d GiB .* 1\.0 GiB "
                                           r"available"):
        matching.new_matching_computer(20000, (1 << 250) - 1)
    with pytest.raises(PairingError, match="pairing 20000 players"):
        matching.new_cardinality_computer(20000)


def test_a_matcher_that_fits_is_made(monkeypatch):
    monkeypatch.setattr(matching, "available_memory", lambda: 1 << 30)
    computer = matching.new_matching_computer(100, (1 << 250) - 1)
    computer.set_edge_weight(0, 1, 7)
    computer.compute_matching()
    assert computer.mates()[:2] == [1, 0]


@pytest.mark.parametrize("system", ["dutch", "dutch-2017"])
def test_a_round_the_machine_cannot_hold_is_a_pairing_error_and_the_event_is_untouched(monkeypatch, system):
    tournament = _played_round_one(40)
    tournament.settings.system = system
    monkeypatch.setattr(matching, "available_memory", lambda: 1024)
    with pytest.raises(PairingError, match=r"round 2 of this 40-player field cannot be paired on this machine: "
                                           r"pairing \d+ players at once needs about"):
        get_system(system).pair(tournament, 2)
    assert len(tournament.rounds) == 1


def test_unknown_free_memory_never_refuses(monkeypatch):
    monkeypatch.setattr(matching, "available_memory", lambda: None)
    matching.check_memory(10 ** 6, (1 << 1000) - 1)


def test_the_free_memory_is_read_from_the_machine():
    free = matching.available_memory()
    assert free is None or free > 0


@given(st.integers(1, 50_000), st.integers(1, 50_000), st.integers(1, 3000), st.integers(1, 3000))
def test_the_estimate_grows_with_the_field_and_the_weights(size_a, size_b, bits_a, bits_b):
    small, large = sorted((size_a, size_b))
    narrow, wide = sorted((bits_a, bits_b))
    estimate = matching.compiled_matcher_bytes
    assert estimate(small, (1 << narrow) - 1) <= estimate(large, (1 << wide) - 1)
    assert estimate(large, (1 << narrow) - 1) >= 24 * large * large
