"""Scheveningen: Winther's reference cases, the published tables, withdrawals, team score, properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.ranking import standings
from sheetpair.core.errors import PairingError
from sheetpair.core.model import Player, Result, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.pairing.scheveningen import scheveningen_round, scheveningen_table

from .winther import case_files, load_case, replay

FIDE_BERGER_MD_8_BOARDS = """
A1-B1  A2-B2  A3-B3  A4-B4  B5-A5  B6-A6  B7-A7  B8-A8
B2-A1  B3-A2  B4-A3  B1-A4  A5-B6  A6-B7  A7-B8  A8-B5
A1-B3  A2-B4  A3-B1  A4-B2  B7-A5  B8-A6  B5-A7  B6-A8
B4-A1  B1-A2  B2-A3  B3-A4  A5-B8  A6-B5  A7-B6  A8-B7
A1-B5  A2-B6  A3-B7  A4-B8  B1-A5  B2-A6  B3-A7  B4-A8
B6-A1  B7-A2  B8-A3  B5-A4  A5-B2  A6-B3  A7-B4  A8-B1
A1-B7  A2-B8  A3-B5  A4-B6  B3-A5  B4-A6  B1-A7  B2-A8
B8-A1  B5-A2  B6-A3  B7-A4  A5-B4  A6-B1  A7-B2  A8-B3
"""


def _written(n: int, r: int, double: bool = False) -> list[str]:
    return [f"A{a}-B{b}" if w else f"B{b}-A{a}" for a, b, w in scheveningen_round(n, r, double=double)]


def test_eight_boards_is_the_table_of_the_spec():
    expected = [line.split() for line in FIDE_BERGER_MD_8_BOARDS.strip().splitlines()]
    assert [_written(8, r) for r in range(1, 9)] == expected


def test_five_boards_is_the_published_table():
    assert _written(5, 2) == ["B2-A1", "B3-A2", "A3-B4", "A4-B5", "B1-A5"]
    assert _written(5, 4) == ["B4-A1", "A2-B5", "A3-B1", "B2-A4", "B3-A5"]


def test_beyond_thirteen_boards_the_page_rotation_is_used():
    # the Scheveningen page (docs/club-systems.md): A_k meets B_{k+r}; odd n: A White when k + r is even
    assert scheveningen_round(15, 1, double=False)[:3] == ((1, 1, False), (2, 2, True), (3, 3, False))
    assert scheveningen_round(15, 2, double=False)[0] == (1, 2, True)
    assert scheveningen_round(14, 2, double=False)[6:8] == ((7, 8, False), (8, 9, True))


def test_double_second_cycle_reverses_colours():
    assert _written(3, 4, double=True) == ["B1-A1", "B2-A2", "A3-B3"]


def _case_roster(case: dict) -> tuple[list[Player], dict[str, int]]:
    """Team A's boards get start numbers 1..n, team B's n+1..2n (Scheveningen.initial_order)."""
    order = sorted(case["initial_order"], key=lambda e: (e["team"], e["board"]))
    players = [Player(i, e["name"], rating=e["rating"], team=e["team"]) for i, e in enumerate(order, start=1)]
    return players, {p.name: p.tpn for p in players}


@pytest.mark.parametrize("path", case_files("scheveningen-eng"), ids=lambda p: p.stem)
def test_winther_scheveningen_case(path):
    case = load_case(path)
    players, names = _case_roster(case)
    double = bool(case["options"].get("double"))
    settings = Settings("scheveningen", case["rounds_planned"], bye_value=0.0, tiebreaks=("KS", "SB", "RTNG"),
                        double_round_robin=double)
    run = replay(case, settings, players, names)
    assert run.differences == []
    expected = case["final_standings"]
    assert team_score(run.tournament) == pytest.approx(expected["team_score"])
    table = standings(run.tournament)
    assert [s.name for s in table] == [e["player"] for e in expected["individual"]]
    for line, e in zip(table, expected["individual"]):
        assert line.points == pytest.approx(e["score"])
        assert line.tiebreaks["KS"].value == pytest.approx(e["tiebreaks"]["koya"]), line.name
        assert line.tiebreaks["SB"].value == pytest.approx(e["tiebreaks"]["sonneborn_berger"]), line.name


def _match(n: int, *, double: bool = False) -> Tournament:
    roster = [Player(0, f"A{k}", team="Home") for k in range(1, n + 1)]
    roster += [Player(0, f"B{k}", team="Away") for k in range(1, n + 1)]
    rounds = n * (2 if double else 1)
    settings = Settings("scheveningen", rounds, seed=1, tiebreaks=("KS", "SB"), double_round_robin=double)
    return new_tournament(roster, settings)


def test_team_column_decides_the_team_and_roster_order_the_board():
    roster = [Player(0, "x1", team="Red"), Player(0, "y1", team="Blue"), Player(0, "x2", team="Red"),
              Player(0, "y2", team="Blue")]
    t = new_tournament(roster, Settings("scheveningen", 2, seed=3))
    assert [(p.tpn, p.name) for p in t.players] == [(1, "x1"), (2, "x2"), (3, "y1"), (4, "y2")]
    first = operations.pair_next_round(t)
    assert [(g.white, g.black) for g in first.games] == [(1, 3), (2, 4)]


@pytest.mark.parametrize("teams", [("A", "A", "B"), ("A", "B", "C", "C"), ("A", "", "B", "B")])
def test_two_teams_of_equal_size_are_required(teams):
    roster = [Player(i, f"p{i}", team=t) for i, t in enumerate(teams, start=1)]
    with pytest.raises(PairingError):
        operations.pair_next_round(Tournament(Settings("scheveningen", 2), roster))


def test_withdrawal_gives_the_opponents_one_point_wins_and_two_withdrawn_players_zero():
    t = _match(3)
    operations.pair_next_round(t)
    for g in t.rounds[0].games:
        g.result = Result.DRAW
    a1, b2 = 1, 5
    operations.withdraw(t, a1, 2)
    operations.withdraw(t, b2, 2)
    second = operations.pair_next_round(t)  # B2-A1 A2-B3 B1-A3
    assert [g.result for g in second.games] == [Result.DOUBLE_FORFEIT, Result.NONE, Result.NONE]
    second.games[1].result = second.games[2].result = Result.DRAW
    third = operations.pair_next_round(t)  # A1-B3 B1-A2 A3-B2
    by_white = {g.white: g for g in third.games}
    assert by_white[a1].result is Result.BLACK_WINS_BY_FORFEIT
    assert by_white[3].result is Result.WHITE_WINS_BY_FORFEIT
    score = {s.tpn: s.points for s in standings(t)}
    assert score[a1] == score[b2] == 0.5
    assert score[6] == 0.5 + 0.5 + 1  # B3: two draws, then the forfeit win against A1
    assert team_score(t, through_round=1) == {"Home": 1.5, "Away": 1.5}


def test_koya_counts_points_against_opponents_with_half_the_planned_rounds():
    t = _match(2)
    for results in ([Result.WHITE_WINS, Result.WHITE_WINS], [Result.DRAW, Result.BLACK_WINS]):
        rnd = operations.pair_next_round(t)
        for g, r in zip(rnd.games, results):
            g.result = r
    # R1 A1-B1 1-0, A2-B2 1-0; R2 B2-A1 ½, B1-A2 0-1: A1 1.5, A2 2, B1 0, B2 0.5; threshold 1 (2 rounds)
    table = {s.name: s for s in standings(t)}
    assert table["A1"].tiebreaks["KS"].value == 0  # met B1 (0) and B2 (0.5)
    assert table["B2"].tiebreaks["KS"].value == 0.5  # drew with A1 (1.5 ≥ 1)


@given(st.integers(min_value=2, max_value=30), st.booleans(), st.booleans())
def test_every_cross_pair_meets_once_per_cycle_with_balanced_colours(n, double, extended):
    """Complete schedules; the colour limits hold for the published tables and their extension.

    The page's own rotation beyond 13 boards (odd n) is exempt: it gives B1 White in nearly every round.
    """
    balanced = n <= 13 or extended or n % 2 == 0
    cycles = 2 if double else 1
    met: dict[tuple[int, int], int] = {}
    whites = {("A", k): 0 for k in range(1, n + 1)} | {("B", k): 0 for k in range(1, n + 1)}
    runs = {key: "" for key in whites}
    for r in range(1, n * cycles + 1):
        boards = scheveningen_round(n, r, double=double, extended=extended)
        assert sorted(a for a, _, _ in boards) == list(range(1, n + 1))
        assert sorted(b for _, b, _ in boards) == list(range(1, n + 1))
        for a, b, a_white in boards:
            met[(a, b)] = met.get((a, b), 0) + 1
            whites[("A", a) if a_white else ("B", b)] += 1
            runs[("A", a)] += "W" if a_white else "B"
            runs[("B", b)] += "B" if a_white else "W"
    assert len(met) == n * n and set(met.values()) == {cycles}
    if not balanced:
        return
    for key, w in whites.items():
        assert abs(2 * w - n * cycles) <= (0 if double else 2), key
    if n <= 13 or extended:  # never three equal colours in a row within a cycle
        for seq in runs.values():
            assert "WWW" not in seq[:n] and "BBB" not in seq[:n]


def test_tables_are_complete_for_every_published_size():
    for n in range(2, 14):
        table = scheveningen_table(n)
        every_pair = {(a, b) for a in range(1, n + 1) for b in range(1, n + 1)}
        assert {(a, b) for rnd in table for a, b, _ in rnd} == every_pair


@settings(max_examples=30, deadline=None)
@given(n=st.integers(min_value=2, max_value=9), double=st.booleans(), seed=st.integers(0, 10_000),
       withdrawals=st.lists(st.tuples(st.integers(1, 18), st.integers(2, 18)), max_size=3))
def test_whole_matches_pair_across_the_teams_and_forfeit_every_game_after_a_withdrawal(n, double, seed, withdrawals):
    t = _match(n, double=double)
    rng = random.Random(seed)
    team = {p.tpn: p.team for p in t.players}
    met: dict[frozenset[int], int] = {}
    for r in range(1, t.settings.rounds + 1):
        for tpn, from_round in withdrawals:
            if from_round == r and tpn <= 2 * n and t.player(tpn).withdrawn_from is None:
                operations.withdraw(t, tpn, r)
        rnd = operations.pair_next_round(t)
        seen = [p for g in rnd.games for p in (g.white, g.black)]
        assert sorted(seen) == list(range(1, 2 * n + 1)) and not rnd.byes
        for g in rnd.games:
            assert team[g.white] != team[g.black]
            key = frozenset((g.white, g.black))
            met[key] = met.get(key, 0) + 1
            assert met[key] <= (2 if double else 1)
            out = {p for p in (g.white, g.black) if not t.player(p).is_active_in(r)}
            expected = {frozenset(): Result.NONE, frozenset({g.white}): Result.BLACK_WINS_BY_FORFEIT,
                        frozenset({g.black}): Result.WHITE_WINS_BY_FORFEIT}.get(frozenset(out), Result.DOUBLE_FORFEIT)
            assert g.result is expected
            if g.result is Result.NONE:
                g.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
    assert sum(team_score(t).values()) == pytest.approx(sum(s.points for s in standings(t)))


def team_score(tournament: Tournament, *, through_round: int | None = None) -> dict[str, float]:
    """Each team's total of board points (forfeit wins after a withdrawal included), by team name."""
    state = derive(tournament, through_round=through_round)
    totals: dict[str, float] = {}
    for p in tournament.players:
        totals[p.team.strip()] = totals.get(p.team.strip(), 0.0) + state.score(p.tpn)
    return totals
