"""Norwegian Monrad: Winther's norwegian-monrad reference cases, the rules one by one, and properties."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.ranking import standings
from sheetpair.core.errors import PairingError
from sheetpair.core.model import ByeKind, Colour, Player, Result, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak
from sheetpair.pairing import get_system
from sheetpair.pairing.common import never_paired
from sheetpair.pairing.norwegian_monrad import SYSTEM, History, histories, seeded_draw
from sheetpair.pairing.topdown import first_matching

from .winther import case_files, load_case, replay, roster_from_order

W, B = Colour.WHITE, Colour.BLACK


def replay_case(path):
    case = load_case(path)
    players, names = roster_from_order(case, "startNo")
    lot = ",".join(str(e["startNo"]) for e in sorted(case["initial_order"], key=lambda e: e["lot"]))
    options = {"lot": lot, "start_numbers": case["options"].get("startNumberMethod", "seeded")}
    settings = Settings("norwegian-monrad", case["rounds_planned"], tiebreaks=SYSTEM.default_tiebreaks, options=options)
    return case, replay(case, settings, players, names, bye_boards=True)


def repair(tournament: Tournament, number: int):
    """The system's own :class:`Pairing` (with its notes) of an already paired round ``number``."""
    earlier = copy.deepcopy(tournament)
    del earlier.rounds[number - 1:]
    return SYSTEM.pair(earlier, number)


@pytest.mark.parametrize("path", case_files("norwegian-monrad"), ids=lambda p: p.stem)
def test_winther_norwegian_case(path):
    case, run = replay_case(path)
    assert run.differences == []
    table = standings(run.tournament)
    assert [s.name for s in table] == [e["player"] for e in case["final_standings"]]
    state = derive(run.tournament)
    cut = "BHN-C1" if case["rounds_planned"] <= 6 else "BHN-C2"
    for line, expected in zip(table, case["final_standings"]):
        assert line.points == pytest.approx(expected["score"])
        tiebreaks = expected["tiebreaks"]
        assert line.tiebreaks["BHNC"].value == pytest.approx(tiebreaks["buchholz_cut"]), line.name
        assert compute_tiebreak(state, line.tpn, cut).value == pytest.approx(tiebreaks["buchholz_cut"])
        dropped = sorted((c.value for c in compute_tiebreak(state, line.tpn, cut).cut), reverse=True)
        assert dropped == pytest.approx(tiebreaks["cut_values_desc"]), line.name
        assert compute_tiebreak(state, line.tpn, "SBG").value == pytest.approx(tiebreaks["sonneborn_berger"])
        assert compute_tiebreak(state, line.tpn, "LOT").value == -expected["lot"]
    for rnd in case["rounds"]:
        if (rnd.get("extra") or {}).get("warning"):
            notes = repair(run.tournament, rnd["round"]).notes
            assert any("7A or 7B" in n for n in notes), (rnd["round"], notes)


@pytest.mark.parametrize("path", [p for p in case_files("norwegian-monrad") if load_case(p)["page_alerts"]
                                  and load_case(p)["rounds_played"] < load_case(p)["rounds_planned"]],
                         ids=lambda p: p.stem)
def test_where_the_page_refuses_a_round_sheetpair_pairs_it_and_names_the_rule_it_relaxed(path):
    """The page stops (``rounds_played`` < planned, "No pairing satisfies the no-repeat rule and 7A/7B"); an
    arbiter cannot stop an event halfway, so sheetpair pairs the round breaking 7A/7B as little as possible and
    says so. In n6-r5 not even the no-repeat rule can be kept (the unmet opponents form two triangles): that is
    an exhausted field, paired with the fewest rematches, or an error if the arbiter chose ``rematches=never``."""
    case, run = replay_case(path)
    t = run.tournament
    number = case["rounds_played"] + 1
    history = histories(t, number)
    active = sorted(p.tpn for p in t.players if p.is_active_in(number))
    exhausted = all(first_matching([a for a in active if a != bye], never_paired(t, derive(t))) is None
                    for bye in (active if len(active) % 2 else [None]))
    assert exhausted == (case["case"] == "n6-r5-seeded")
    if exhausted:
        t.settings.options["rematches"] = "never"
        with pytest.raises(PairingError, match="rematches=when-exhausted"):
            SYSTEM.pair(t, number)
        del t.settings.options["rematches"]
    pairing = SYSTEM.pair(t, number)
    seen = [p for g in pairing.games for p in (g.white, g.black)] + [b.player for b in pairing.byes]
    assert sorted(seen) == active
    rematches = sum(g.black in history[g.white].opponents for g in pairing.games)
    if exhausted:
        assert rematches == 1 and "no-rematch rule relaxed" in pairing.notes[-1]  # one cross pair between triangles
    else:
        assert rematches == 0 and "7A/7B relaxed" in pairing.notes[-1]
        broken = sum(history[g.white].hard_violations(W) + history[g.black].hard_violations(B) for g in pairing.games)
        broken += sum(history[b.player].hard_violations(W) for b in pairing.byes)
        assert f"breaks them {broken} time(s)" in pairing.notes[-1]


def test_the_refused_cases_are_the_known_ones():
    refused = {
        p.stem for p in case_files("norwegian-monrad") if load_case(p)["rounds_played"] < load_case(p)["rounds_planned"]
    }
    assert refused == {"n6-r5-seeded", "n25-r9-seeded"}


def test_seeded_draw_deals_rating_quarters_a_c_d_b_c_a_b_d():
    class NoShuffle(random.Random):
        def shuffle(self, x):  # keep each quarter in rating order to see the dealing pattern
            return None

    players = [Player(0, f"R{r}", rating=r) for r in range(2400, 1100, -100)]  # 13: one left over
    dealt = seeded_draw(players, NoShuffle())
    quarter = {p.name: "ABCD"[i // 3] for i, p in enumerate(players[:12])}
    assert "".join(quarter[p.name] for p in dealt[:12]) == "ACDBCABDACDB"
    assert dealt[12].name == "R1200"


def test_seeded_draw_reproduces_a_case_order_up_to_the_shuffles():
    case = load_case(next(p for p in case_files("norwegian-monrad") if p.stem == "n12-r7-withdrawal-forfeit"))
    roster = [Player(0, p["name"], rating=p["rating"]) for p in case["players"]]
    ranked = sorted(roster, key=lambda p: -p.rating)
    quarter = {p.name: "ABCD"[i // 3] for i, p in enumerate(ranked)}
    assert "".join(quarter[e["name"]] for e in case["initial_order"]) == "ACDBCABDACDB"
    a = SYSTEM.initial_order(roster, Settings("norwegian-monrad", 7), random.Random(3))
    b = SYSTEM.initial_order(roster, Settings("norwegian-monrad", 7), random.Random(3))
    assert [p.name for p in a] == [p.name for p in b]
    assert "".join(quarter[p.name] for p in a) == "ACDBCABDACDB"


def event(n: int, rounds: int = 5) -> Tournament:
    return Tournament(Settings("norwegian-monrad", rounds, tiebreaks=SYSTEM.default_tiebreaks, seed=1),
                      [Player(t, f"P{t:02}") for t in range(1, n + 1)])


def test_round_one_odd_numbers_black_and_the_highest_number_has_the_bye_on_the_last_board():
    rnd = operations.pair_next_round(event(7))
    assert [(g.board, g.white, g.black) for g in rnd.games] == [(1, 2, 1), (2, 4, 3), (3, 6, 5)]
    assert [(b.player, b.kind, b.board) for b in rnd.byes] == [(7, ByeKind.PAB, 4)]


def test_the_bye_is_a_white_game_and_a_wo_point():
    t = event(3)
    operations.pair_next_round(t).games[0].result = Result.DRAW
    h = histories(t, 2)[3]
    assert h.colours == (W,) and h.wo_points == 1 and h.points == 1.0


@pytest.mark.parametrize("colours, proposed, expected", [
    ((B, B, B, W, W, W), W, 1),   # 7A only: a fourth White in a row (4 Whites of 7 is within 7/2 + 1)
    ((B, W, W, W), B, 0),
    ((W, W), W, 1),               # 7B only: 3 Whites of 3 games > 3/2 + 1
    ((W, B, W), W, 0),            # 3 of 4 is not more than 4/2 + 1
    ((W, B, W, W), W, 1),         # 4 of 5 > 3.5
    ((W, W, W), W, 2),            # both rules at once
])
def test_absolute_colour_rules_7a_and_7b(colours, proposed, expected):
    assert History(colours=colours).hard_violations(proposed) == expected


@pytest.mark.parametrize("colours, preference", [((), None), ((W,), B), ((W, B), W), ((B, W), B), ((B, B, W), W)])
def test_colour_preference_balance_then_alternation(colours, preference):
    assert History(colours=colours).preference is preference


def test_an_adjourned_game_counts_as_a_provisional_draw_and_blocks_the_final_round():
    t = event(4, rounds=3)
    r1 = operations.pair_next_round(t)
    r1.games[0].result = Result.POSTPONED
    r1.games[1].result = Result.WHITE_WINS
    h = histories(t, 2)
    assert [h[p].points for p in (r1.games[0].white, r1.games[0].black)] == [0.5, 0.5]
    assert h[r1.games[0].white].colours == (W,) and r1.games[0].black in h[r1.games[0].white].opponents
    r2 = operations.pair_next_round(t)
    for g in r2.games:
        g.result = Result.DRAW
    with pytest.raises(PairingError, match="11C"):
        operations.pair_next_round(t)
    before = [(g.white, g.black) for g in r2.games]
    operations.record_result(t, 1, 1, Result.WHITE_WINS)  # resolved later: pairings made stay as they were
    assert [(g.white, g.black) for g in t.round(2).games] == before
    assert operations.pair_next_round(t).number == 3
    assert derive(t).score(r1.games[0].white) == 1.5


def test_adjournment_resolutions_of_a_case_are_applied_by_the_replay():
    case, _ = replay_case(next(p for p in case_files("norwegian-monrad") if p.stem == "n8-r5-seeded"))
    first = case["rounds"][0]["pairings"][0]
    final = first["result"]
    first["result"] = "ADJ"
    case["rounds"] = case["rounds"][:1]
    case["adjournment_resolutions"] = [
        {"round": 1, "board": first["board"], "result": final, "resolved_after_round": 1},
    ]
    players, names = roster_from_order(case, "startNo")
    run = replay(case, Settings("norwegian-monrad", 5), players, names, bye_boards=True)
    assert run.tournament.round(1).game_on_board(first["board"]).result is not Result.POSTPONED


def test_buchholz_cut_follows_the_planned_rounds_and_lot_breaks_the_last_tie():
    for rounds, cut in ((6, 1), (7, 2)):
        t = event(4, rounds=rounds)
        operations.pair_next_round(t).games[0].result = Result.DRAW
        for g in t.round(1).games[1:]:
            g.result = Result.WHITE_WINS
        state = derive(t)
        value = compute_tiebreak(state, 1, "BHNC")
        assert sum(1 for c in value.contributions if c.note.startswith("cut")) == min(cut, 1)
    t.settings.options["lot"] = "4,3,2,1"
    assert compute_tiebreak(derive(t), 4, "LOT").value == -1
    del t.settings.options["lot"]
    drawn = [compute_tiebreak(derive(t), p, "LOT").value for p in (1, 2, 3, 4)]
    assert sorted(drawn) == [-4, -3, -2, -1]
    assert drawn == [compute_tiebreak(derive(t), p, "LOT").value for p in (1, 2, 3, 4)]


def test_registered_with_its_options():
    system = get_system("norwegian-monrad")
    assert set(system.options) == {"start_numbers", "rematches", "lot"}
    assert system.options["start_numbers"].choices == ("seeded", "random")


RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS_BY_FORFEIT,
           Result.BLACK_WINS_BY_FORFEIT, Result.DOUBLE_FORFEIT]


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(min_value=2, max_value=14), st.integers(min_value=1, max_value=9), st.randoms(use_true_random=False),
       st.booleans(), st.booleans())
def test_every_round_is_a_legal_norwegian_round(n, rounds, rng, with_withdrawal, rematches_allowed):
    t = event(n, rounds=rounds)
    if rematches_allowed:
        t.settings.options["rematches"] = "when-exhausted"
    for number in range(1, rounds + 1):
        if with_withdrawal and number == 2 and n > 3:
            operations.withdraw(t, rng.randint(1, n), 2)
        history = histories(t, number)
        active = sorted(p.tpn for p in t.players if p.is_active_in(number))
        try:
            pairing = SYSTEM.pair(t, number)
        except PairingError:
            # only an exhausted field stops: no bye choice leaves a rematch-free pairing
            assert not rematches_allowed
            assert all(first_matching([a for a in active if a != bye], never_paired(t, derive(t))) is None
                       for bye in (active if len(active) % 2 else [None]))
            return
        seen = [p for g in pairing.games for p in (g.white, g.black)] + [b.player for b in pairing.byes]
        assert len(seen) == len(set(seen))
        assert sorted(seen) == active
        assert len(pairing.byes) <= 1
        relaxed_rematch = any("no-rematch rule relaxed" in note for note in pairing.notes)
        assert relaxed_rematch or all(g.black not in history[g.white].opponents for g in pairing.games)
        violations = sum(
            history[g.white].hard_violations(W) + history[g.black].hard_violations(B) for g in pairing.games
        )
        violations += sum(history[b.player].hard_violations(W) for b in pairing.byes)
        if number < rounds and not relaxed_rematch:
            assert violations == 0 or any("7A/7B relaxed" in note for note in pairing.notes)
        if violations:
            assert pairing.notes
        stored = operations.pair_next_round(t)
        assert [(g.white, g.black) for g in stored.games] == [(g.white, g.black) for g in pairing.games]
        for g in stored.games:
            g.result = rng.choice(RESULTS)


def test_forbidden_pairs_never_meet_even_in_round_one():
    t = event(6, rounds=3)
    t.forbidden_pairs.add(frozenset((1, 2)))
    r1 = operations.pair_next_round(t)
    assert [(g.white, g.black) for g in r1.games] == [(3, 1), (4, 2), (6, 5)]
    for g in r1.games:
        g.result = Result.DRAW
    for _ in range(2):
        rnd = operations.pair_next_round(t)
        assert all({g.white, g.black} != {1, 2} for g in rnd.games)
        for g in rnd.games:
            g.result = Result.WHITE_WINS


def test_past_the_search_limit_the_ordered_search_pairs_the_round_and_says_so(monkeypatch):
    """The page gives up after 500 000 search nodes: in the final round it falls back to its ordered search
    with 7A/7B allowed (and warns); before it, it stops, where sheetpair uses the same fallback with a note."""
    from sheetpair.pairing.norwegian_monrad import rounds, search

    t = event(10, rounds=3)
    for _ in range(2):
        for g in operations.pair_next_round(t).games:
            g.result = Result.DRAW
    monkeypatch.setattr(search, "SEARCH_LIMIT", 10)  # the exhaustive search needs 86 nodes, the ordered one 7
    final = SYSTEM.pair(t, 3)
    assert "reached its limit" in final.notes[0] and len(final.games) == 5

    strict_search = rounds.ordered_search

    def strict_gives_up(rnd, order, colour_budget=0, rematch_budget=0):
        if colour_budget == 0:
            raise search.SearchLimitReached
        return strict_search(rnd, order, colour_budget, rematch_budget)

    monkeypatch.setattr(rounds, "ordered_search", strict_gives_up)
    t.settings.rounds = 4
    early = SYSTEM.pair(t, 3)
    assert "grew too large" in early.notes[-1] and len(early.games) == 5


def test_an_adjourned_game_counts_as_a_provisional_draw_in_the_standings_until_resolved():
    """The Norwegian Monrad page (case field adjournment_resolutions): an ADJ game scores ½-½ until its result
    is entered."""
    from sheetpair.app import operations
    from sheetpair.app.ranking import standings
    from sheetpair.core.model import Player, Result, Settings

    roster = [Player(0, f"P{i}", rating=2000 - i) for i in range(4)]
    tournament = new_tournament(roster, Settings("norwegian-monrad", 3, seed=1))
    paired = operations.pair_next_round(tournament)
    paired.games[0].result = Result.POSTPONED
    paired.games[1].result = Result.WHITE_WINS
    points = {line.tpn: line.points for line in standings(tournament)}
    first = paired.games[0]
    assert points[first.white] == points[first.black] == 0.5
    first.result = Result.BLACK_WINS
    points = {line.tpn: line.points for line in standings(tournament)}
    assert (points[first.white], points[first.black]) == (0.0, 1.0)
