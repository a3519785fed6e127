"""Prize lists (core/prizes.py): the sharing rules, category filters, one prize per group, the higher one."""

from __future__ import annotations

from fractions import Fraction

import pytest

from sheetpair.core.errors import InputError
from sheetpair.core.model import Player
from sheetpair.core.prizes import (
    Prize,
    award_prizes,
    check_category,
    format_amount,
    is_eligible,
    parse_place_prize,
)

PLAYERS = [Player(1, "A", 2400, birth_date="1990", sex="M", federation="NOR"),
           Player(2, "B", 2300, birth_date="1985", sex="F", federation="SWE"),
           Player(3, "C", 1950, birth_date="2011", sex="M", federation="NOR", club="Oslo SK"),
           Player(4, "D", 1800, birth_date="1960", sex="F", federation="NOR"),
           Player(5, "E", 0, birth_date="2012", sex="M", federation="DEN")]


def money(places: dict[int, int], **kwargs: str) -> list[Prize]:
    return [Prize(f"{place}. place", place, Fraction(amount), **kwargs) for place, amount in places.items()]


def amounts(ranking, prizes, sharing="none", **kwargs) -> dict[int, str]:
    result = award_prizes(ranking, PLAYERS, prizes, sharing=sharing, year=2026, **kwargs)
    return {tpn: format_amount(result.total(tpn)) for tpn, _ in result.by_player()}


TIE_FOR_FIRST = [(1, 6.0), (2, 6.0), (3, 5.0), (4, 4.0), (5, 3.0)]


def test_hort_worked_example():
    # prizes 100 and 80 shared by two: half of each (50 + 40) pooled, 45 each; 50 + 45 = 95, 40 + 45 = 85
    assert amounts(TIE_FOR_FIRST, money({1: 100, 2: 80}), "hort") == {1: "95", 2: "85"}


def test_pool_shares_equally():
    assert amounts(TIE_FOR_FIRST, money({1: 100, 2: 80}), "pool") == {1: "90", 2: "90"}


def test_none_lets_the_tie_breaks_decide():
    assert amounts(TIE_FOR_FIRST, money({1: 100, 2: 80}), "none") == {1: "100", 2: "80"}


def test_tied_players_beyond_the_last_prize_share_too():
    ranking = [(1, 6.0), (2, 5.0), (3, 5.0), (4, 5.0), (5, 1.0)]
    assert amounts(ranking, money({1: 100, 2: 60, 3: 30}), "pool") == {1: "100", 2: "30", 3: "30", 4: "30"}
    # Hort: 30 and 15 by the order, plus (30 + 15) / 3 = 15 each
    assert amounts(ranking, money({1: 100, 2: 60, 3: 30}), "hort") == {1: "100", 2: "45", 3: "30", 4: "15"}


def test_reasons_say_why_a_share_is_what_it_is():
    awards = award_prizes(TIE_FOR_FIRST, PLAYERS, money({1: 100, 2: 80}), sharing="pool").awards
    assert awards[0].reason == "2 tied on places 1-2: (100 + 80) / 2"


def test_a_share_below_the_minimum_goes_by_tie_breaks():
    result = amounts(TIE_FOR_FIRST, money({1: 100, 2: 80}), "pool", minimum_share=Fraction(95))
    assert result == {1: "100", 2: "80"}


def test_a_player_takes_the_higher_prize_and_the_place_passes_on():
    ranking = [(1, 6.0), (2, 5.0), (3, 4.0), (4, 3.0), (5, 2.0)]
    prizes = [*money({1: 100, 2: 50, 3: 20}), Prize("Best under 2000", 1, Fraction(60), "rating<2000")]
    # C (3rd, 1950) takes the 60 of the category; 3rd place passes to D
    assert amounts(ranking, prizes) == {1: "100", 2: "50", 3: "60", 4: "20"}


def test_prizes_of_different_groups_can_both_go_to_one_player():
    ranking = [(3, 6.0), (1, 5.0), (2, 4.0), (4, 3.0), (5, 2.0)]
    prizes = [*money({1: 100}), Prize("Best junior", 1, Fraction(30), "age<=18", group="junior")]
    assert amounts(ranking, prizes) == {3: "130"}


def test_a_prize_that_is_not_money():
    prize = parse_place_prize("1=cup")
    assert prize.amount is None and prize.label == "1. place: cup"
    result = award_prizes(TIE_FOR_FIRST, PLAYERS, [prize, *money({2: 50})])
    assert [(a.player, a.label) for a in result.awards] == [(1, "1. place: cup"), (2, "2. place")]


@pytest.mark.parametrize(("category", "eligible"), [
    ("rating<2000", {3, 4, 5}), ("rating>=2300", {1, 2}), ("sex=F", {2, 4}), ("unrated", {5}),
    ("federation=NOR", {1, 3, 4}), ("club=oslo sk", {3}), ("age<=16", {3, 5}), ("born<1970", {4}),
    ("sex=M; rating<2000", {3, 5}), ("federation!=NOR", {2, 5}), ("", {1, 2, 3, 4, 5}),
])
def test_category_filters(category, eligible):
    assert {p.tpn for p in PLAYERS if is_eligible(p, category, year=2026)} == eligible


def test_unknown_filter_and_bad_input_are_refused_in_a_sentence():
    with pytest.raises(InputError, match="is not a filter"):
        check_category("elo<2000")
    with pytest.raises(InputError, match="PLACE=AMOUNT"):
        parse_place_prize("first=100")
    with pytest.raises(InputError, match="negative"):
        parse_place_prize("1=-5")
    with pytest.raises(InputError, match="unknown prize sharing"):
        award_prizes(TIE_FOR_FIRST, PLAYERS, [], sharing="split")
