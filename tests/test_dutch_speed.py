"""The Dutch systems on big fields: a matcher the machine cannot hold is refused with a sentence before
anything is allocated. Speed itself is measured by benchmarks/bench_dutch.py, never asserted here."""

from __future__ import annotations

import random
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.core.errors import PairingError
from sheetpair.core.model import ByeKind, Player, Result, Round, Settings, Tournament
from sheetpair.pairing import get_system, matching
from sheetpair.pairing.dutch import window
from sheetpair.pairing.dutch.proven import prove_bracket
from sheetpair.pairing.dutch.weights import Layout, WeightBuilder
from sheetpair.pairing.dutch.window import ClosedBracket
from sheetpair.pairing.fide.entrants import Edition, build_field


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
    # Round 2 of this field is proven without a matcher (dutch.proven); the refusal is that of the matcher.
    monkeypatch.setattr(window, "prove_bracket", lambda *args: None)
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


# -- a bracket's own layout -------------------------------------------------------------------------------------

def _played_event(players: int, rounds: int, seed: int) -> Tournament:
    """An event of ``players`` with ``rounds`` rounds paired by the system and random results."""
    tournament = Tournament(Settings("dutch", rounds + 2), [Player(i, f"P{i}", rating=2400 - 5 * i)
                                                            for i in range(1, players + 1)])
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        pairing = get_system("dutch").pair(tournament, number)
        for game in pairing.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
        tournament.rounds.append(Round(number, pairing.games, pairing.byes))
    return tournament


_EVENT = _played_event(40, 4, 7)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_weight_in_a_bracket_layout_is_the_rounds_weight_with_the_absent_scores_taken_out(data):
    """The pairing stays the reference's because a bracket's layout only drops score sub-fields nobody in
    the bracket has: converted back, every weight (with a tie-break of the procedure) is the round's one."""
    round_field = build_field(_EVENT, 5, Edition.RULES_2026)
    layout = Layout.of(round_field)
    builder = WeightBuilder(round_field, layout, set())
    n = len(round_field.entrants)
    higher = data.draw(st.integers(0, n - 2))
    lower = data.draw(st.integers(higher + 1, n - 1))
    in_current, in_next = data.draw(st.sampled_from([(True, False), (False, True), (False, False)]))
    extra = data.draw(st.sets(st.sampled_from(sorted(layout.group_offset)), max_size=3))
    round_weight = builder.weight(higher, lower, in_current, in_next)
    bracket_layout = layout.for_scores({builder.score[higher], builder.score[lower]} | extra)
    builder.use_layout(bracket_layout)
    bracket_weight = builder.weight(higher, lower, in_current, in_next)
    tie = data.draw(st.integers(-(1 << (3 * layout.group_bits - 1)), 1 << (3 * layout.group_bits - 1)))
    assert bracket_layout.convert(bracket_weight + tie, layout) == round_weight + tie
    assert layout.convert(round_weight + tie, bracket_layout) == bracket_weight + tie
    assert bracket_layout.total_bits <= layout.total_bits
    assert round_weight.bit_length() <= layout.total_bits and bracket_weight.bit_length() <= bracket_layout.total_bits


def test_a_late_round_bracket_layout_is_much_narrower():
    round_field = build_field(_EVENT, 5, Edition.RULES_2026)
    layout = Layout.of(round_field)
    top = round_field.entrants[0].score
    assert len(layout.group_offset) >= 5
    assert layout.for_scores({top}).total_bits < layout.total_bits - 4 * layout.groups_shift // 2


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(10, 40), rounds=st.integers(1, 5), seed=st.integers(0, 10_000))
def test_the_proofs_without_a_solve_never_change_a_pairing(players, rounds, seed):
    """The candidate in order proven by the exchanges' optimum, and the transpositions on the exchange
    order's weights, give the pairing the new solves give (they are switched off by saying that every graph
    carries its matcher on, as the whole field does)."""
    tournament = _played_event(players, rounds, seed)
    number = rounds + 1
    with patch.object(window, "prove_bracket", lambda *args: None):  # the closed brackets' own proofs
        fast = get_system("dutch").pair(tournament, number)
        with patch.object(ClosedBracket, "ends_with_bracket", lambda self: False):
            slow = get_system("dutch").pair(tournament, number)
    assert [(g.white, g.black) for g in fast.games] == [(g.white, g.black) for g in slow.games]
    assert fast.byes == slow.byes


# -- brackets proven without a matcher (dutch.proven) ---------------------------------------------------------

def _outcome(tournament: Tournament, number: int) -> tuple[object, ...]:
    """The round's pairs, bye and brackets' logs, or the refusal (a small field may run out of pairings)."""
    try:
        outcome, _ = get_system("dutch").match(tournament, number)  # type: ignore[attr-defined]
    except PairingError as error:
        return (str(error),)
    return [(a.tpn, b.tpn) for a, b in outcome.pairs], outcome.bye and outcome.bye.tpn, outcome.brackets


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(8, 90), rounds=st.integers(1, 7), seed=st.integers(0, 10_000))
def test_a_bracket_proven_without_a_matcher_is_paired_as_the_matcher_pairs_it(players, rounds, seed):
    """The candidate of the steps' order, accepted on counting bounds, is the matcher's pairing, and the
    brackets' logs (hence the explanations) are the same; odd fields, byes and forbidden pairs included."""
    rounds = min(rounds, players // 4)  # a small field runs out of pairings after a few rounds
    tournament = _played_event(players, rounds, seed)
    rng = random.Random(seed)
    tournament.forbidden_pairs |= {frozenset(rng.sample(range(1, players + 1), 2)) for _ in range(players // 10)}
    for tpn in rng.sample(range(1, players + 1), rng.randint(0, 2)):
        tournament.requested_byes.setdefault(rounds + 1, {})[tpn] = rng.choice(list(ByeKind))
    number = rounds + 1
    proven = _outcome(tournament, number)
    with patch.object(window, "prove_bracket", lambda *args: None):
        solved = _outcome(tournament, number)
    assert proven == solved


@pytest.mark.parametrize("players, rounds, seed", [(301, 1, 3), (300, 2, 5), (301, 3, 8), (250, 5, 2)])
def test_big_brackets_of_early_rounds_are_proven_with_moved_down_players_and_the_bye(players, rounds, seed):
    """The shortcut is taken where it matters (homogeneous brackets, brackets with MDPs, the last bracket
    with the PAB), and gives the matcher's pairing there."""
    tournament = _played_event(players, rounds, seed)
    number = rounds + 1
    kinds: list[tuple[int, bool]] = []

    def counting(builder, bracket, group_begin, bye_vertex):  # type: ignore[no-untyped-def]
        result = prove_bracket(builder, bracket, group_begin, bye_vertex)
        if result is not None:
            kinds.append((group_begin, bye_vertex))
        return result

    with patch.object(window, "prove_bracket", counting):
        proven = _outcome(tournament, number)
    with patch.object(window, "prove_bracket", lambda *args: None):
        solved = _outcome(tournament, number)
    assert proven == solved
    assert kinds and (any(group_begin for group_begin, _ in kinds) or players % 2 == 0 or rounds == 1)
