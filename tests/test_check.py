"""The pairing checker: every round re-paired from the history before it and compared."""

from __future__ import annotations

import json
import random

import pytest

from sheetpair.app import operations
from sheetpair.app.check import check_tournament, pairing_input
from sheetpair.app.event import new_tournament
from sheetpair.core.errors import OperationError, PairingError
from sheetpair.core.model import Bye, ByeKind, Player, Result, Settings, Tournament
from sheetpair.io.trf import load_trf
from sheetpair.pairing import SYSTEMS

from .conftest import CONFORMANCE


def round_robin(players: int = 7, seed: int = 5) -> Tournament:
    rng = random.Random(seed)
    roster = [Player(0, f"P{i}", 2000 - i) for i in range(players)]
    tournament = new_tournament(roster, Settings("berger", players - 1 + players % 2, seed=seed))
    for _ in range(tournament.settings.rounds):
        rnd = operations.pair_next_round(tournament)
        for game in rnd.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.BLACK_WINS_BY_FORFEIT])
    return tournament


def test_a_round_robin_paired_by_berger_agrees_everywhere() -> None:
    checks = check_tournament(round_robin())
    assert [c.round for c in checks] == list(range(1, 8)) and all(c.agrees for c in checks)


def test_swapped_colours_are_reported_on_both_sides() -> None:
    tournament = round_robin()
    game = tournament.round(4).games[1]
    game.white, game.black = game.black, game.white
    checks = check_tournament(tournament)
    assert [c.round for c in checks if not c.agrees] == [4]
    (wrong,) = [c for c in checks if not c.agrees]
    assert wrong.only_recorded == [(game.white, game.black)]
    assert wrong.only_repaired == [(game.black, game.white)]


def test_a_moved_bye_is_a_difference() -> None:
    tournament = round_robin()
    rnd = tournament.round(2)
    bye, game = rnd.byes[0], rnd.games[0]
    bye.player, game.white = game.white, bye.player
    (wrong,) = [c for c in check_tournament(tournament) if not c.agrees]
    assert wrong.round == 2 and wrong.recorded.pairing_byes != wrong.repaired.pairing_byes


def test_the_input_of_a_round_is_the_history_before_it_with_its_byes_and_absences() -> None:
    tournament = round_robin(6)
    rnd = tournament.round(3)
    absent = rnd.games.pop()
    rnd.byes.append(Bye(absent.white, ByeKind.HALF))
    given = pairing_input(tournament, 3)
    assert given.current_round == 2 and given.rounds == tournament.rounds[:2]
    assert given.requested_byes == {3: {absent.white: ByeKind.HALF, absent.black: ByeKind.ZERO}}
    assert tournament.current_round == 5  # the tournament itself is untouched


def test_a_round_the_system_cannot_pair_is_reported() -> None:
    tournament = round_robin(6)
    tournament.round(5).games.pop()  # two players absent: Berger refuses requested byes
    (wrong,) = [c for c in check_tournament(tournament) if not c.agrees]
    assert wrong.round == 5 and wrong.repaired is None and "fixed schedule" in wrong.error


def test_unknown_system() -> None:
    with pytest.raises(PairingError, match="unknown pairing system"):
        check_tournament(round_robin(), "no-such-system")


@pytest.mark.parametrize("case", ["d001", "d002", "d064", "d148"])
def test_the_dutch_system_reproduces_the_bbp_history(case: str) -> None:
    """The corpus files hold bbpPairings 6.0.0's pairings round by round (d064, d148: many forfeits and
    pre-assigned byes): the checker, re-pairing from the TRF, must find every one of them."""
    meta = json.loads((CONFORMANCE / "bbp" / "dutch" / f"{case}.json").read_text())
    checks = check_tournament(load_trf(CONFORMANCE / "bbp" / "dutch" / f"{case}.trf"), "dutch")
    expected = [int(k) for k, same in meta["history_equals_ref"].items() if same]
    assert [c.round for c in checks if c.agrees] == expected


@pytest.mark.parametrize("name", sorted(SYSTEMS))
@pytest.mark.parametrize("seed", range(3))
def test_every_registered_system_agrees_with_its_own_pairings(name: str, seed: int) -> None:
    """A system re-pairing an event it paired itself (byes asked, forfeits played) must find the same rounds:
    pairing depends only on the stored tournament, which is what makes a checker possible at all."""
    rng = random.Random(seed)
    system = SYSTEMS[name]
    count = (8, 7, 10)[seed]  # odd and even fields (Scheveningen takes even ones only)
    roster = [Player(0, f"P{i}", 2400 - 7 * i, team="AB"[i % 2]) for i in range(count)]
    settings = Settings(name, 5, seed=seed, bye_value=system.default_bye_value)
    settings.rounds = system.planned_rounds(count, settings) or 5
    try:
        tournament = new_tournament(roster, settings)
    except OperationError:
        pytest.skip(f"{name} does not take a field of {count}")
    for number in range(1, tournament.settings.rounds + 1):
        if not system.keeps_withdrawn_in_schedule and rng.random() < 0.3:
            operations.request_bye(tournament, rng.choice(tournament.players).tpn, number, ByeKind.HALF)
        try:
            rnd = operations.pair_next_round(tournament)
        except PairingError:
            break
        for game in rnd.games:
            if game.result is Result.NONE:
                game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS,
                                          Result.WHITE_WINS_BY_FORFEIT])
    assert [c.round for c in check_tournament(tournament) if not c.agrees] == []
