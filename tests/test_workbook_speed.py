"""The shortcuts that make a one-round command on a big event fast give the same answers as the long way."""

from __future__ import annotations

from sheetpair.core.model import Player, Settings, Tournament


def test_has_player_follows_the_roster_list_through_its_index() -> None:
    tournament = Tournament(Settings("dutch", 5), [Player(i, f"P{i}") for i in (1, 2, 3)])
    assert tournament.has_player(2) and not tournament.has_player(4)
    tournament.players.append(Player(4, "P4"))
    tournament.players.pop(0)
    assert tournament.has_player(4) and not tournament.has_player(1)
