"""Berger-Swiss: the Berger-Swiss text (docs/sources.md) rule by rule, then properties of whole events.

There is no reference page or case for this system (docs/club-systems.md), so each test names the
sentence of the seed it checks.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.ranking import standings
from sheetpair.core.errors import PairingError
from sheetpair.core.model import ByeKind, Colour, Game, Outcome, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak
from sheetpair.pairing.berger import schedule_round
from sheetpair.pairing.berger_swiss import SYSTEM, colour_history, meetings, swiss_order
from sheetpair.pairing.topdown import can_pair_all

WIN, DRAW, LOSS = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def event(n: int, *, rounds: int = 7, seed: int = 11, **options: str) -> Tournament:
    """A Berger-Swiss event of ``n`` players with ratings 2400, 2390, ... (start number = rating order)."""
    roster = [Player(0, f"P{i:02}", rating=2400 - 10 * i) for i in range(1, n + 1)]
    opts = {"lot": "rating", "exchanges": "0"} | options
    return new_tournament(roster, Settings("berger-swiss", rounds, seed=seed, tiebreaks=("WNTP",),
                                                      options=opts))


def play(t: Tournament, result: Result = WIN) -> Round:
    """Pairs the next round and enters ``result`` on every board."""
    rnd = operations.pair_next_round(t)
    for g in rnd.games:
        g.result = result
    return rnd


def pairs(rnd: Round) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for g in rnd.games}


def byes(rnd: Round) -> list[tuple[int, ByeKind]]:
    return [(b.player, b.kind) for b in rnd.byes]


# --- Group construction and interchange ------------------------------------------------------------------


def test_start_numbers_follow_descending_rating_and_equal_ratings_keep_input_order():
    roster = [Player(0, "low", rating=1500), Player(0, "tie-first", rating=2000), Player(0, "top", rating=2200),
              Player(0, "tie-second", rating=2000)]
    t = new_tournament(roster, Settings("berger-swiss", 5, seed=1))
    assert [p.name for p in t.players] == ["top", "tie-first", "tie-second", "low"]


def test_groups_of_six_with_one_exchange_between_neighbours_and_a_residual_swiss_field():
    plan = SYSTEM.plan(event(15, exchanges="1"))
    # rating bands 1-6, 7-12, 13-15: 6 swaps with 7, 12 with 13 (the last group exchanges with the Swiss field)
    assert plan.groups == ((1, 2, 3, 4, 5, 7), (6, 8, 9, 10, 11, 13))
    assert plan.swiss == (12, 14, 15)


def test_two_exchanges_use_positions_before_any_exchange():
    plan = SYSTEM.plan(event(15, exchanges="2"))
    assert plan.groups == ((1, 2, 3, 4, 7, 8), (5, 6, 9, 10, 13, 14))
    assert plan.swiss == (11, 12, 15)


def test_seven_berger_rounds_make_groups_of_eight():
    plan = SYSTEM.plan(event(19, berger_rounds="7"))
    assert plan.groups == (tuple(range(1, 9)), tuple(range(9, 17)))
    assert plan.swiss == (17, 18, 19)


def test_the_lot_shuffles_each_group_only_replayably_and_the_swiss_field_keeps_rating_order():
    drawn = SYSTEM.plan(event(21, exchanges="1", lot="random", seed=5))
    again = SYSTEM.plan(event(21, exchanges="1", lot="random", seed=5))
    by_rating = SYSTEM.plan(event(21, exchanges="1"))
    assert drawn == again
    assert [sorted(g) for g in drawn.groups] == [list(g) for g in by_rating.groups]
    assert drawn.groups != by_rating.groups
    assert drawn.swiss == by_rating.swiss == tuple(sorted(drawn.swiss))


def test_round_one_puts_the_groups_on_record():
    t = event(15)
    notes = SYSTEM.pair(t, 1).notes
    assert notes[:3] == [
        "Berger group 1: 1=1, 2=2, 3=3, 4=4, 5=5, 6=6",
        "Berger group 2: 1=7, 2=8, 3=9, 4=10, 5=11, 6=12",
        "Swiss field from round 1: 13, 14, 15",
    ]


def test_groups_play_the_fide_berger_table_in_their_drawn_order():
    t = event(12, lot="random", seed=3)
    plan = SYSTEM.plan(t)
    for r in range(1, 6):
        rnd = play(t, DRAW)
        expected = [(g[w - 1], g[b - 1]) for g in plan.groups for w, b in schedule_round(6, r, double=False)]
        assert [(g.white, g.black) for g in rnd.games] == expected
        assert [g.board for g in rnd.games] == list(range(1, 7))


# --- The residual Swiss field and the merge --------------------------------------------------------------


def test_residual_field_plays_swiss_from_round_one_and_the_lowest_rated_gets_the_first_bye():
    t = event(9)
    first = play(t)
    assert byes(first) == [(9, ByeKind.PAB)]
    assert (8, 7) in [(g.white, g.black) for g in first.games]  # equal histories: White to the higher TPN
    assert derive(t).score(9) == 1.0


def test_after_five_berger_rounds_everyone_joins_one_swiss_field_without_rematches():
    t = event(12)
    for _ in range(5):
        play(t, DRAW)
    sixth = play(t)
    group_of = {p: i for i, g in enumerate(SYSTEM.plan(t).groups) for p in g}
    assert all(group_of[g.white] != group_of[g.black] for g in sixth.games)


def test_a_single_group_must_rematch_after_its_round_robin_and_marks_it():
    t = event(6)
    for _ in range(5):
        play(t, DRAW)
    sixth = operations.pair_next_round(t)
    assert len(sixth.games) == 3
    pairing = SYSTEM.pair(Tournament(t.settings, t.players, t.rounds[:5]), 6)
    assert len(pairing.notes) == 3 and all("rematch" in n for n in pairing.notes)


# --- Swiss order, score differences, colours --------------------------------------------------------------


def test_swiss_order_is_score_then_wnt_then_start_number():
    t = Tournament(Settings("berger-swiss", 3), [Player(i, f"p{i}") for i in range(1, 5)])
    t.rounds = [Round(1, [Game(1, 2, 1, WIN), Game(2, 4, 3, WIN)]), Round(2, [Game(1, 1, 3, WIN), Game(2, 2, 4, LOSS)])]
    state = derive(t)
    # 2 and 1 both have 1 point; 2 beat 1 and lost to the leader (WNT 112.5), 1 only beat a zero (12.5)
    assert swiss_order(state, [1, 2, 3, 4]) == [4, 2, 1, 3]


def test_smallest_score_difference_first_then_standings_order():
    t = event(4, rounds=3)
    play(t)  # 2-1 and 4-3: White (higher TPN) wins: 2 and 4 lead
    second = play(t)
    assert pairs(second) == {frozenset((4, 2)), frozenset((3, 1))}


def test_no_third_equal_colour_when_a_pairing_avoids_it():
    t = event(4, rounds=3)
    t.rounds = [
        Round(1, [Game(1, 1, 2, DRAW), Game(2, 3, 4, DRAW)]),
        Round(2, [Game(1, 1, 3, DRAW), Game(2, 2, 4, DRAW)]),
    ]
    third = operations.pair_next_round(t)
    assert pairs(third) == {frozenset((1, 4)), frozenset((2, 3))}
    whites = {g.white for g in third.games}
    assert whites == {4, 3}  # 1 (WW) must take Black; 3 (WB) gets White to alternate with 2 (BW)


def test_alternation_decides_between_equal_runs_and_balances():
    t = event(4, rounds=3)
    t.rounds = [Round(1, [Game(1, 1, 2, DRAW), Game(2, 4, 3, DRAW)])]
    second = operations.pair_next_round(t)  # 1 prefers 3 (both can alternate) over 4 (one would repeat)
    assert {(g.white, g.black) for g in second.games} == {(3, 1), (2, 4)}


# --- Byes -------------------------------------------------------------------------------------------------


def test_byes_go_to_the_fewest_byes_from_the_bottom_and_repeat_only_when_all_had_one():
    t = event(9)  # Swiss field 7, 8, 9
    recipients = []
    notes = []
    for r in range(1, 5):
        before = Tournament(t.settings, t.players, list(t.rounds))
        notes.append(SYSTEM.pair(before, r).notes)
        rnd = play(t)
        recipients.append([p for p, _ in byes(rnd)][0])
    assert recipients[0] == 9
    assert sorted(recipients[:3]) == [7, 8, 9]
    assert any("rematch" in n for n in notes[3])  # round 4: everyone has met, so the rematch is marked


def test_a_higher_ranked_player_gets_the_bye_when_the_bottom_one_leaves_no_complete_pairing():
    t = event(9)
    play(t)  # 8 (White) beats 7; 9 has the bye: bottom of the field is 7
    t.forbidden_pairs.add(frozenset((8, 9)))
    second = operations.pair_next_round(t)
    assert [p for p, _ in byes(second)] == [8]


def test_a_forfeit_win_is_not_a_pairing_bye_for_bye_eligibility():
    t = event(5, rounds=4)
    t.rounds = [
        Round(1, [Game(1, 1, 2, DRAW), Game(2, 3, 4, Result.BLACK_WINS_BY_FORFEIT)], [_pab(5)]),
        Round(2, [Game(1, 1, 4, WIN), Game(2, 2, 5, DRAW)], [_pab(3)]),
    ]
    # order 1, 5 (1.5), then 2, 4, 3 (1.0; by WNT): 4 is the lowest without a pairing bye, its forfeit win
    # notwithstanding, and 1-5, 2-3 pair the rest
    third = operations.pair_next_round(t)
    assert [p for p, _ in byes(third)] == [4]


def _pab(tpn: int):
    from sheetpair.pairing.common import pairing_bye
    return pairing_bye(tpn)


def test_requested_bye_in_the_swiss_field_is_honoured_but_not_in_a_berger_table():
    t = event(10)
    operations.request_bye(t, 9, 1, ByeKind.HALF)
    first = operations.pair_next_round(t)
    assert (9, ByeKind.HALF) in byes(first) and (10, ByeKind.PAB) in byes(first)
    for g in first.games:
        g.result = DRAW
    operations.request_bye(t, 1, 2, ByeKind.HALF)
    with pytest.raises(PairingError):
        operations.pair_next_round(t)


# --- Postponed games and forfeits -------------------------------------------------------------------------


def test_postponed_game_scores_nothing_keeps_its_colours_and_counts_as_a_meeting():
    t = event(6)
    first = operations.pair_next_round(t)
    for g in first.games:
        g.result = WIN
    postponed = first.games[0]
    postponed.result = Result.POSTPONED
    with pytest.raises(PairingError, match="is postponed"):
        play(t)  # pairing over a postponed game is the arbiter's decision, never a silent default
    second = operations.pair_next_round(t, allow_pending=True)
    assert "postponed" in second.notes[0]
    for g in second.games:
        g.result = WIN
    state = derive(t)
    white = state[postponed.white]
    assert white.records[0].points == 0.0
    assert colour_history(white)[0] is Colour.WHITE
    assert meetings(white, postponed.black) == 1
    assert all(c.round != 1 for c in compute_tiebreak(state, postponed.white, "WNTP").contributions)


def test_forfeit_awards_points_but_no_wnt_colour_or_encounter():
    t = event(6)
    first = operations.pair_next_round(t)
    for g in first.games:
        g.result = WIN
    forfeited = first.games[0]
    forfeited.result = Result.WHITE_WINS_BY_FORFEIT
    play(t)
    state = derive(t)
    winner = state[forfeited.white]
    assert winner.score == 1.0 + state[forfeited.white].records[1].points
    assert colour_history(winner) == [state[forfeited.white].records[1].colour]
    assert meetings(winner, forfeited.black) == 0
    assert compute_tiebreak(state, forfeited.white, "WNTP").contributions[0].round == 2


def test_after_the_round_robin_the_pair_whose_game_was_forfeited_meets_first():
    t = event(6)
    first = operations.pair_next_round(t)
    for g in first.games:
        g.result = DRAW
    first.games[0].result = Result.WHITE_WINS_BY_FORFEIT
    for _ in range(4):
        play(t, DRAW)
    sixth = operations.pair_next_round(t)
    assert frozenset((first.games[0].white, first.games[0].black)) in pairs(sixth)


# --- Withdrawals ------------------------------------------------------------------------------------------


def _play_rounds(t: Tournament, count: int) -> None:
    for _ in range(count):
        play(t, DRAW)


def test_withdrawal_converts_the_affected_group_and_later_groups_and_keeps_earlier_tables():
    t = event(18)
    _play_rounds(t, 2)
    operations.withdraw(t, 8, 3)  # group 2
    third = play(t, DRAW)
    group1 = [(g.white, g.black) for g in third.games[:3]]
    assert group1 == [(w, b) for w, b in schedule_round(6, 3, double=False)]
    swiss = third.games[3:]
    assert len(swiss) == 5 and len(third.byes) == 1  # 11 players in the Swiss field: one pairing bye
    earlier = set().union(*(pairs(r) for r in t.rounds[:2]))
    assert not pairs(Round(3, swiss)) & earlier
    assert 8 not in third.players()


def test_withdrawal_from_the_last_group_without_a_swiss_field_keeps_its_table_with_one_point_byes():
    t = event(12)
    _play_rounds(t, 2)
    operations.withdraw(t, 7, 3)
    operations.withdraw(t, 8, 3)
    for r in range(3, 6):
        rnd = play(t, DRAW)
        table = [(w + 6, b + 6) for w, b in schedule_round(6, r, double=False)]
        expected_games = [p for p in table if not {7, 8} & set(p)]
        expected_byes = sorted(w if b in (7, 8) else b for w, b in table if len({7, 8} & {w, b}) == 1)
        assert [(g.white, g.black) for g in rnd.games[3:]] == expected_games
        assert sorted(p for p, _ in byes(rnd)) == expected_byes
        assert all(k is ByeKind.PAB for _, k in byes(rnd))
    assert derive(t).settings.points_for_bye(ByeKind.PAB) == 1.0


def test_withdrawal_from_the_last_group_converts_it_when_a_swiss_field_exists():
    t = event(15)  # groups 1-6, 7-12, Swiss 13-15
    _play_rounds(t, 2)
    operations.withdraw(t, 12, 3)
    third = play(t, DRAW)
    swiss_players = {p for g in third.games[3:] for p in (g.white, g.black)} | {b.player for b in third.byes}
    assert swiss_players == {7, 8, 9, 10, 11, 13, 14, 15}


def test_a_later_withdrawal_from_an_earlier_group_brings_the_retained_last_group_into_the_swiss_field():
    t = event(12)
    _play_rounds(t, 1)
    operations.withdraw(t, 9, 2)
    second = play(t, DRAW)
    assert len(second.games) == 5 and len(second.byes) == 1  # group 2 retained: one scheduled bye
    _play_rounds(t, 1)
    operations.withdraw(t, 2, 4)
    fourth = play(t, DRAW)  # retained tables would give 4 games and 2 byes
    assert len(fourth.games) == 5 and len(fourth.byes) == 0


def test_withdrawal_leaves_the_published_round_alone_and_assigns_no_forfeit():
    t = event(12)
    rnd = operations.pair_next_round(t)
    operations.withdraw(t, 3, 2)
    assert all(g.result is Result.NONE for g in rnd.games)
    assert 3 in rnd.players()


def test_scheduled_berger_byes_count_for_later_swiss_bye_eligibility():
    t = event(12)
    _play_rounds(t, 1)
    operations.withdraw(t, 12, 2)
    for _ in range(4):
        play(t, DRAW)
    holders = {p for rnd in t.rounds[1:5] for p, _ in byes(rnd)}
    assert len(holders) == 4  # 12's four scheduled opponents
    sixth = play(t, DRAW)  # 11 active: one Swiss bye, to a player without one
    assert len(byes(sixth)) == 1 and byes(sixth)[0][0] not in holders


def test_the_event_ends_when_fewer_than_two_players_remain():
    t = event(4, rounds=3)
    play(t)
    for tpn in (1, 2, 3):
        operations.withdraw(t, tpn, 2)
    with pytest.raises(PairingError):
        operations.pair_next_round(t)


def test_final_ranking_by_points_then_wnt():
    t = event(9)
    rng = random.Random(4)
    for _ in range(7):
        rnd = operations.pair_next_round(t)
        for g in rnd.games:
            g.result = rng.choice([WIN, DRAW, LOSS])
    table = standings(t)
    keys = [(s.points, s.tiebreaks["WNTP"].value) for s in table]
    assert keys == sorted(keys, reverse=True)


# --- Properties of whole events ---------------------------------------------------------------------------


def _run_after(state, tpn, colour) -> int:
    run = 0
    for c in reversed(colour_history(state[tpn])):
        if c is not colour:
            break
        run += 1
    return run + 1


def _colour_run_ok(state, a, b) -> bool:
    """Some colour assignment keeps both players within two equal colours in a row."""
    return any(_run_after(state, w, Colour.WHITE) <= 2 and _run_after(state, k, Colour.BLACK) <= 2
               for w, k in ((a, b), (b, a)))


def _balance_after(state, tpn, colour) -> int:
    history = colour_history(state[tpn])
    return history.count(Colour.WHITE) - history.count(Colour.BLACK) + (1 if colour is Colour.WHITE else -1)


def _colours_ok(state, a, b) -> bool:
    """Some colour assignment keeps both within two equal colours in a row and within two of balance."""
    return any(
        _run_after(state, w, Colour.WHITE) <= 2 and _run_after(state, k, Colour.BLACK) <= 2
        and abs(_balance_after(state, w, Colour.WHITE)) <= 2
        and abs(_balance_after(state, k, Colour.BLACK)) <= 2
        for w, k in ((a, b), (b, a))
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    n=st.integers(min_value=5, max_value=22),
    seed=st.integers(min_value=0, max_value=10_000),
    withdrawals=st.lists(st.tuples(st.integers(1, 22), st.integers(2, 8)), max_size=3),
    exchanges=st.sampled_from(["0", "1", "2"]),
)
def test_whole_events_keep_the_pairing_invariants(n, seed, withdrawals, exchanges):
    t = event(n, rounds=8, seed=seed, exchanges=exchanges, lot="random")
    rng = random.Random(seed)
    for r in range(1, 9):
        for tpn, from_round in withdrawals:
            if from_round == r and tpn <= n and t.player(tpn).withdrawn_from is None:
                operations.withdraw(t, tpn, r)
        if sum(p.is_active_in(r) for p in t.players) < 2:
            break
        before = Tournament(t.settings, t.players, list(t.rounds), forbidden_pairs=t.forbidden_pairs)
        notes = SYSTEM.pair(before, r).notes
        rnd = operations.pair_next_round(t, allow_pending=True)
        seen = [p for g in rnd.games for p in (g.white, g.black)] + [b.player for b in rnd.byes]
        assert len(seen) == len(set(seen)), "one game or bye per player"
        active = {p.tpn for p in t.players if p.is_active_in(r)}
        assert set(seen) == active, "every active player is paired, no withdrawn one"
        state = derive(t, through_round=r - 1)
        if r > 5:  # one Swiss field: at most one bye, and no rematch or third colour that could be avoided
            assert len(rnd.byes) == (len(active) % 2)
        rematches = [g for g in rnd.games if meetings(state[g.white], g.black)]
        assert len([m for m in notes if "rematch" in m]) == len(rematches)
        if r > 5:
            if rematches:
                field = sorted(active)
                fewest = min(sum(1 for x in state[p].records if x.outcome is Outcome.PAIRING_BYE) for p in field)
                out = [None] if len(field) % 2 == 0 else [
                    p for p in field if sum(1 for x in state[p].records if x.outcome is Outcome.PAIRING_BYE) == fewest
                ]
                assert not any(
                    can_pair_all([p for p in field if p != o], lambda a, b: not meetings(state[a], b)) for o in out
                )
            elif any(not _colour_run_ok(state, g.white, g.black) for g in rnd.games):
                field = sorted(p for g in rnd.games for p in (g.white, g.black))
                assert not can_pair_all(field, lambda a, b: not meetings(state[a], b) and _colour_run_ok(state, a, b))
            elif any(abs(_balance_after(state, p, c)) > 2 for g in rnd.games
                     for p, c in ((g.white, Colour.WHITE), (g.black, Colour.BLACK))):
                field = sorted(p for g in rnd.games for p in (g.white, g.black))
                assert not can_pair_all(field, lambda a, b: not meetings(state[a], b) and _colours_ok(state, a, b))
        for g in rnd.games:
            g.result = rng.choice([WIN, DRAW, LOSS, WIN, Result.WHITE_WINS_BY_FORFEIT, Result.POSTPONED])
