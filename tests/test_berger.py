"""FIDE Berger round robin: the FIDE tables, Winther's reference cases, and schedule properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetpair.app.ranking import standings
from sheetpair.core.model import Settings
from sheetpair.pairing.berger import berger_table, schedule_round

from .winther import case_files, load_case, replay, roster_from_order

FIDE_TABLE_10 = """
 1-10   2-9    3-8    4-7    5-6
10-6    7-5    8-4    9-3    1-2
 2-10   3-1    4-9    5-8    6-7
10-7    8-6    9-5    1-4    2-3
 3-10   4-2    5-1    6-9    7-8
10-8    9-7    1-6    2-5    3-4
 4-10   5-3    6-2    7-1    8-9
10-9    1-8    2-7    3-6    4-5
 5-10   6-4    7-3    8-2    9-1
"""


def test_table_for_ten_players_is_the_fide_table():
    expected = [
        tuple(tuple(int(x) for x in b.split("-")) for b in line.split()) for line in FIDE_TABLE_10.strip().splitlines()
    ]
    assert [list(r) for r in berger_table(10)] == [list(r) for r in expected]


def test_double_round_robin_swaps_last_two_rounds_of_first_cycle():
    rounds = [schedule_round(6, r, double=True) for r in range(1, 11)]
    table = berger_table(6)
    assert rounds[:5] == [table[0], table[1], table[2], table[4], table[3]]
    assert rounds[5:] == [tuple((b, w) for w, b in r) for r in table]


TIEBREAKS = {"Sonneborn": ("SB", "WIN"), "DirectEncounter": ("DE", "SB", "WIN"), "Progressive": ("PS", "WIN")}
CASE_KEYS = {"SB": "sonneborn_berger", "PS": "progressive"}


@pytest.mark.parametrize("path", case_files("berger-eng"), ids=lambda p: p.stem)
def test_winther_berger_case(path):
    case = load_case(path)
    players, names = roster_from_order(case, "startNo")
    tiebreaks = TIEBREAKS[case["options"].get("tieBreak", "Sonneborn")]
    double = bool(case["options"].get("double"))
    settings = Settings("berger", case["rounds_planned"], bye_value=0.0, tiebreaks=tiebreaks, double_round_robin=double)
    run = replay(case, settings, players, names)
    assert run.differences == []
    table = standings(run.tournament)
    assert [s.name for s in table] == [e["player"] for e in case["final_standings"]]
    for line, expected in zip(table, case["final_standings"]):
        assert line.points == pytest.approx(expected["score"])
        for code, key in CASE_KEYS.items():
            if code in line.tiebreaks:
                assert line.tiebreaks[code].value == pytest.approx(expected["tiebreaks"][key]), (line.name, code)


@given(st.integers(min_value=2, max_value=40), st.booleans())
def test_every_pair_meets_once_per_cycle_and_nobody_plays_twice_a_round(n, double):
    size = n + n % 2
    cycle = size - 1
    met: dict[frozenset, int] = {}
    whites = {p: 0 for p in range(1, size + 1)}
    for r in range(1, cycle * (2 if double else 1) + 1):
        boards = schedule_round(size, r, double=double)
        seen = [p for b in boards for p in b]
        assert sorted(seen) == list(range(1, size + 1))
        for w, b in boards:
            met[frozenset((w, b))] = met.get(frozenset((w, b)), 0) + 1
            whites[w] += 1
    assert len(met) == size * (size - 1) // 2
    assert set(met.values()) == {2 if double else 1}
    for p, w in whites.items():
        games = cycle * (2 if double else 1)
        # the FIDE tables give at most one colour more of either kind per cycle
        assert abs(2 * w - games) <= (2 if double else 1)


@given(st.integers(min_value=2, max_value=30))
def test_nobody_has_three_equal_colours_in_a_row_across_a_double_cycle(n):
    size = n + n % 2
    cycle = size - 1
    sequences = {p: [] for p in range(1, size + 1)}
    for r in range(1, 2 * cycle + 1):
        for w, b in schedule_round(size, r, double=True):
            sequences[w].append("W")
            sequences[b].append("B")
    for p, seq in sequences.items():
        run = "".join(seq)
        if size >= 6:
            assert "WWW" not in run[cycle - 2: cycle + 2] and "BBB" not in run[cycle - 2: cycle + 2], (p, run)
