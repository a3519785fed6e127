"""Club Swiss (club-swiss): Winther's reference cases replayed in full, and the solver's invariants."""

from __future__ import annotations

import random

import pytest

from sheetpair.core.model import Player, Settings, Tournament
from sheetpair.pairing.club_swiss import SYSTEM, group_sizes, rating_groups

from .winther import assert_standings_match, case_files, load_case, replay, roster_from_order

TIEBREAKS = {"wnt": ("WNT",), "buchholz": ("BHG", "SBG")}
CASE_KEYS = {"WNT": "wnt", "BHG": "buchholz", "SBG": "sonneborn_berger"}


def club_settings(case: dict) -> Settings:
    choice = case["options"].get("tieBreak", "wnt")
    return Settings("club-swiss", case["rounds_planned"], bye_value=1.0, tiebreaks=TIEBREAKS[choice],
                    options={"tiebreak": choice})


@pytest.mark.parametrize("path", case_files("club-swiss"), ids=lambda p: p.stem)
def test_winther_club_swiss_case(path):
    case = load_case(path)
    players, names = roster_from_order(case, "seed")
    groups = rating_groups(Tournament(club_settings(case), players), sorted(p.tpn for p in players))
    page_groups = {e["seed"]: e["group"] for e in case["initial_order"]}
    if len(groups) == 3:
        assert [[page_groups[t] for t in g] for g in groups] == [["A"] * len(groups[0]), ["B"] * len(groups[1]),
                                                                  ["C"] * len(groups[2])]
    run = replay(case, club_settings(case), players, names)
    assert run.differences == []
    assert _rematches(run.tournament) == {
        (r["round"], p["board"]) for r in case["rounds"] for p in r["pairings"] if p.get("rematch")
    }, "a rematch exactly where the page's relaxed pass made one"
    assert_standings_match(run.tournament, case["final_standings"], CASE_KEYS)


def _rematches(tournament: Tournament) -> set[tuple[int, int]]:
    met: set[frozenset[int]] = set()
    found = set()
    for rnd in tournament.rounds:
        for game in rnd.games:
            pair = frozenset((game.white, game.black))
            if pair in met:
                found.add((rnd.number, game.board))
            met.add(pair)
    return found


@pytest.mark.parametrize(
    "count, sizes", [(4, (2, 2)), (15, (7, 8)), (16, (4, 4, 8)), (17, (4, 4, 9)), (32, (10, 10, 12))]
)
def testrating_groups(count, sizes):
    assert group_sizes(count) == sizes


def test_initial_order_shuffles_inside_therating_groups_only():
    roster = [Player(0, f"P{i:02}", rating=2400 - 10 * i) for i in range(32)]
    settings = Settings("club-swiss", 7, seed=5)
    ordered = SYSTEM.initial_order(roster, settings, random.Random(5))
    assert ordered == SYSTEM.initial_order(roster, settings, random.Random(5))
    for start, size in ((0, 10), (10, 10), (20, 12)):
        assert sorted(p.name for p in ordered[start:start + size]) == [p.name for p in roster[start:start + size]]
    assert [p.name for p in ordered] != [p.name for p in roster]
