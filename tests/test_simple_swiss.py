"""Simple club Swiss (simple-swiss, the simple-Swiss text of docs/sources.md): the text's own examples and its
rules one by one."""

from __future__ import annotations

import pytest

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.ranking import standings
from sheetpair.core.errors import PairingError
from sheetpair.core.model import Colour, Outcome, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import PlayerState, RoundRecord, derive
from sheetpair.pairing.simple_swiss import SYSTEM, allocate_colours, colour_wish

NAMES = "Anna Ben Carl Dana Eve Finn Grace Hugo".split()


def _event(names: list[str], rounds: int, **settings) -> Tournament:
    roster = [Player(0, n, rating=1900 - 100 * i) for i, n in enumerate(names)]
    return new_tournament(roster, Settings("simple-swiss", rounds, seed=1, **settings))


def _higher_rated_wins(tournament: Tournament) -> None:
    for game in tournament.rounds[-1].games:
        game.result = Result.WHITE_WINS if game.white < game.black else Result.BLACK_WINS


def _named(tournament: Tournament, rnd: Round) -> list[tuple[str, str]]:
    return [(tournament.player(g.white).name, tournament.player(g.black).name) for g in rnd.games]


def test_the_texts_eight_player_example():
    """Seed 003, "Examples": rounds 1 and 3 and the standings after round 3 (the higher-rated player wins)."""
    tournament = _event(NAMES, 3, tiebreaks=SYSTEM.default_tiebreaks)
    played = []
    for _ in range(3):
        played.append(_named(tournament, operations.pair_next_round(tournament)))
        _higher_rated_wins(tournament)
    assert played[0] == [("Anna", "Eve"), ("Finn", "Ben"), ("Carl", "Grace"), ("Hugo", "Dana")]
    assert played[2] == [("Anna", "Ben"), ("Eve", "Carl"), ("Dana", "Finn"), ("Grace", "Hugo")]
    expected = [("Anna", 3, 5, 4, 5), ("Ben", 2, 6, 5, 3), ("Carl", 2, 5, 4, 2), ("Dana", 2, 3, 3, 1),
                ("Eve", 1, 6, 5, 1), ("Finn", 1, 4, 4, 0), ("Grace", 1, 3, 3, 0), ("Hugo", 0, 4, 3, 0)]
    table = standings(tournament)
    assert [(s.name, s.points, *(s.tiebreaks[c].value for c in ("BHN", "BHN-C1", "SBG"))) for s in table] == expected
    assert [s.rank for s in table] == list(range(1, 9))  # starting rank leaves no shared place


def test_seven_players_five_rounds_nobody_gets_a_second_bye():
    tournament = _event(NAMES[:7], 5)
    byes = []
    for _ in range(5):
        rnd = operations.pair_next_round(tournament)
        byes += [b.player for b in rnd.byes]
        _higher_rated_wins(tournament)
    assert byes[0] == 7  # round 1: the lowest-ranked player
    assert sorted(byes) == sorted(set(byes)) and len(byes) == 5


@pytest.mark.parametrize("value", [1.0, 0.5, 0.0])
def test_bye_is_worth_the_value_set(value):
    tournament = _event(NAMES[:5], 3, bye_value=value)
    operations.pair_next_round(tournament)
    _higher_rated_wins(tournament)
    assert tournament.rounds[0].byes[0].player == 5
    assert derive(tournament).score(5) == value


def test_bye_goes_to_the_lowest_ranked_of_the_lowest_score_group_without_one():
    tournament = _event(NAMES[:7], 5)
    operations.pair_next_round(tournament)  # 7 has the bye
    _higher_rated_wins(tournament)  # 1, 2, 3 win; 4, 5, 6 lose
    assert [b.player for b in operations.pair_next_round(tournament).byes] == [6]


def test_a_floater_joins_the_next_group_and_no_rematch_is_made():
    tournament = _event(NAMES, 5)
    met: set[frozenset[int]] = set()
    for _ in range(5):
        for game in operations.pair_next_round(tournament).games:
            pair = frozenset((game.white, game.black))
            assert pair not in met
            met.add(pair)
        _higher_rated_wins(tournament)


def test_reports_when_no_rematch_free_pairing_exists():
    tournament = _event(NAMES[:4], 4)
    for _ in range(3):
        operations.pair_next_round(tournament)
        _higher_rated_wins(tournament)
    with pytest.raises(PairingError, match="round 4 cannot be paired without a rematch"):
        operations.pair_next_round(tournament)


def test_withdrawn_player_is_not_paired():
    tournament = _event(NAMES[:6], 3)
    operations.pair_next_round(tournament)
    _higher_rated_wins(tournament)
    operations.withdraw(tournament, 2, 2)
    rnd = operations.pair_next_round(tournament)
    assert 2 not in rnd.players() and len(rnd.byes) == 1


def _state(*colours: str) -> PlayerState:
    state = PlayerState(Player(1, "X"))
    for number, c in enumerate(colours, start=1):
        colour = Colour.WHITE if c == "W" else Colour.BLACK
        state.records.append(RoundRecord(number, 99, colour, Outcome.DRAW, 0.5))
    return state


@pytest.mark.parametrize("history, wish", [
    ("", None), ("W", Colour.BLACK), ("WB", Colour.WHITE), ("WWB", Colour.BLACK), ("BB", Colour.WHITE),
    ("WWWBB", Colour.WHITE),  # two in a row outweighs the colour had less often
])
def test_colour_wish(history, wish):
    assert colour_wish(_state(*history))[0] is wish


def test_equal_wishes_go_to_the_stronger_then_the_higher_ranked():
    higher, lower = _state("W", "B"), _state("W", "W")
    higher.player, lower.player = Player(1, "H"), Player(2, "L")
    assert allocate_colours(higher, lower) == (1, 2)  # L must not get a third White
    higher, lower = _state("B"), _state("B")
    higher.player, lower.player = Player(1, "H"), Player(2, "L")
    assert allocate_colours(higher, lower) == (1, 2)  # same wish, same strength: the higher-ranked
