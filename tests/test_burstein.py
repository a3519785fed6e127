"""The Burstein systems: the classic text against its reference corpus, hand-made rounds per article of both
texts, and the 2026 text's seeding rounds against the Dutch system (docs/burstein.md)."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.app.check import pairing_input
from sheetpair.core.errors import InputError, PairingError
from sheetpair.core.model import Bye, ByeKind, Colour, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak
from sheetpair.io.trf import load_trf
from sheetpair.io.trf_records import system_for_ett
from sheetpair.pairing import get_system
from sheetpair.pairing.burstein import BURSTEIN_CLASSIC
from sheetpair.pairing.burstein.classic import imaginary_point_holders
from sheetpair.pairing.burstein.modern import seeding_rounds
from sheetpair.pairing.dutch import DUTCH

from .bbp_corpus import replay
from .conftest import CONFORMANCE

BURSTEIN = get_system("burstein")

CLASSIC_CORPUS = CONFORMANCE / "bbp" / "burstein-classic"
DUTCH_CORPUS = CONFORMANCE / "bbp" / "dutch"

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS


def field(system: str, n: int, rounds: int = 7, **options: str) -> Tournament:
    return Tournament(Settings(system, rounds, options=dict(options)),
                      [Player(i, f"P{i}", 2500 - i) for i in range(1, n + 1)])


def pairs_of(pairing) -> set[frozenset[int]]:
    return {frozenset((g.white, g.black)) for g in pairing.games}


def play(tournament: Tournament, *boards: tuple[int, int, Result], byes: tuple[Bye, ...] = ()) -> None:
    number = tournament.current_round + 1
    games = [Game(i, w, b, r) for i, (w, b, r) in enumerate(boards, start=1)]
    tournament.rounds.append(Round(number, games, list(byes)))


def as_played(tournament: Tournament, pairing, results: list[Result]) -> None:
    for game, result in zip(pairing.games, results):
        game.result = result
    tournament.rounds.append(Round(tournament.current_round + 1, pairing.games, pairing.byes))


# -- the classic text against bbpPairings 5.0.1 ------------------------------------------------------------


def test_classic_reproduces_every_round_of_the_reference_in_board_order(capsys):
    if not CLASSIC_CORPUS.is_dir():
        pytest.fail(f"the reference cases are missing: {CLASSIC_CORPUS}")
    identical, total, differing = replay("burstein-classic", CLASSIC_CORPUS, "v5.0.1")
    with capsys.disabled():
        print(f"\nburstein-classic vs bbpPairings v5.0.1: {identical}/{total} rounds identical")
    assert not differing, differing


def test_check_command_reproduces_a_classic_case():
    from sheetpair.cli import cli

    path = CLASSIC_CORPUS / "b001.trf"
    result = CliRunner().invoke(cli, ["check", str(path), "--system", "burstein-classic"])
    assert result.exit_code == 0, result.output
    assert "8 of 8 rounds agree with burstein-classic" in result.output


# -- classic: hand-made rounds ------------------------------------------------------------------------------

def test_classic_imaginary_point_splits_round_one_into_two_groups():
    """3.3: the top half (1-5) has a point; 6.4 line 1 in it (1*5, 2*4, 3 floats), then 3 meets the lowest."""
    pairing = BURSTEIN_CLASSIC.pair(field("burstein-classic", 10), 1)
    assert pairs_of(pairing) == {frozenset(p) for p in ((1, 5), (2, 4), (3, 10), (6, 9), (7, 8))}


def test_classic_without_the_imaginary_point_pairs_highest_against_lowest():
    pairing = BURSTEIN_CLASSIC.pair(field("burstein-classic", 10, **{"imaginary-point": "none"}), 1)
    assert pairs_of(pairing) == {frozenset((i, 11 - i)) for i in range(1, 6)}


def test_classic_imaginary_point_is_gone_from_round_three():
    tournament = field("burstein-classic", 10)
    assert imaginary_point_holders(tournament, 1) == [1, 2, 3, 4, 5]
    as_played(tournament, BURSTEIN_CLASSIC.pair(tournament, 1), [W] * 5)
    assert imaginary_point_holders(tournament, 2) == [1, 2, 3, 4, 5]
    assert imaginary_point_holders(tournament, 3) == []


def test_classic_first_round_colours_follow_the_lot_of_player_one():
    """5.1: player 1 gets the initial colour; the other odd numbers of the top half the same colour."""
    for initial in Colour:
        tournament = field("burstein-classic", 10)
        tournament.settings.initial_colour = initial
        pairing = BURSTEIN_CLASSIC.pair(tournament, 1)
        colour = {g.white: Colour.WHITE for g in pairing.games} | {g.black: Colour.BLACK for g in pairing.games}
        assert colour[1] is colour[3] is initial
        assert colour[2] is initial.opposite


def test_classic_combination_table_order_skips_forbidden_lines():
    """6.2: with 1*6 and 2*6 ruled out, lines 1-4 are invalid and line 5 (1*5, 2*4, 3*6) is the pairing."""
    tournament = field("burstein-classic", 6, **{"imaginary-point": "none"})
    tournament.forbidden_pairs = {frozenset((1, 6)), frozenset((2, 6))}
    assert pairs_of(BURSTEIN_CLASSIC.pair(tournament, 1)) == {frozenset(p) for p in ((1, 5), (2, 4), (3, 6))}


def test_classic_due_colours_pick_line_4_of_the_even_table():
    """6.5's own example: due colour White for 2, 4, 5 and Black for 1, 3, 6 gives line 4 of 6.2: 1*5, 2*6, 3*4."""
    tournament = field("burstein-classic", 12, **{"imaginary-point": "none"})
    play(tournament, (1, 7, W), (3, 8, W), (6, 9, W), (10, 2, L), (11, 4, L), (12, 5, L))
    pairing = BURSTEIN_CLASSIC.pair(tournament, 2)
    assert {frozenset(p) for p in ((1, 5), (2, 6), (3, 4))} <= pairs_of(pairing)
    board = next(b for b in BURSTEIN_CLASSIC.explain(tournament, 2).boards if {b.white, b.black} == {1, 5})
    assert "not 6: fewer players would get their due colour (Art. 6.5)" in board.reasons


def test_classic_due_colours_pick_line_2_of_the_odd_table():
    """6.5 with five players (6.4): due White for 2, 4, 5, Black for 1, 3 gives line 2: 1*5, 2*3, 4 floats."""
    tournament = field("burstein-classic", 10, **{"imaginary-point": "none"})
    play(tournament, (1, 6, W), (3, 7, W), (8, 2, L), (9, 4, L), (10, 5, L))
    pairing = BURSTEIN_CLASSIC.pair(tournament, 2)
    assert {frozenset(p) for p in ((1, 5), (2, 3))} <= pairs_of(pairing)
    assert "player 4 floats down from the 1 group (Art. 6.3)" in pairing.notes


def test_classic_merges_groups_that_cannot_be_paired_apart():
    """6.6: 1-4 drew with each other, 5 beat 6, 7, 8 and so on: after three rounds nobody may meet his own
    half again, so the groups (3, 2, 1½, 1, 0) merge until everybody meets a player of the other half."""
    tournament = field("burstein-classic", 8, rounds=4, **{"imaginary-point": "none"})
    play(tournament, (1, 2, D), (3, 4, D), (5, 6, W), (7, 8, W))
    play(tournament, (4, 1, D), (2, 3, D), (8, 5, L), (6, 7, W))
    play(tournament, (1, 3, D), (4, 2, D), (5, 7, W), (8, 6, L))
    pairing = BURSTEIN_CLASSIC.pair(tournament, 4)
    assert len(pairing.games) == 4
    assert all((g.white <= 4) != (g.black <= 4) for g in pairing.games)
    lines = BURSTEIN_CLASSIC.explain(tournament, 4).round_lines
    assert any(line.startswith("score groups 2 to 1, merged (Art. 6.6)") for line in lines)


def test_classic_bye_goes_to_the_lowest_player_without_a_point_unplayed():
    """4.1-4.3: 5 had the bye in round 1, so the next lowest of the lowest group gets it in round 2."""
    tournament = field("burstein-classic", 5, **{"imaginary-point": "none"})
    first = BURSTEIN_CLASSIC.pair(tournament, 1)
    assert [b.player for b in first.byes] == [5]
    as_played(tournament, first, [L, L])
    second = BURSTEIN_CLASSIC.pair(tournament, 2)
    bye = [b.player for b in second.byes]
    assert bye and bye != [5]
    scores = derive(tournament)
    assert scores.score(bye[0]) == min(scores.score(p) for p in range(1, 6) if p != 5)


def test_classic_orders_a_score_group_by_sonneborn_berger_first():
    """3.2: in round 3 the group on 1 point is ordered by SB; the highest SB meets the lowest (6.1)."""
    tournament = field("burstein-classic", 8, **{"imaginary-point": "none"})
    play(tournament, (1, 8, W), (7, 2, D), (3, 6, W), (5, 4, D))
    play(tournament, (1, 3, D), (2, 4, W), (6, 8, D), (5, 7, W))
    explanation = BURSTEIN_CLASSIC.explain(tournament, 3)
    groups = [line for line in explanation.round_lines if line.startswith("score group")]
    assert groups, explanation.text()
    outcome = BURSTEIN_CLASSIC.procedure(tournament, 3).run()
    for group in outcome.groups:
        values = [outcome.indexes[t].values for t in group.members if group.incoming != t]
        assert values == sorted(values, reverse=True)


def test_virtual_opponent_of_an_unplayed_round():
    """BHV/SBV: a pairing bye in round 1 of 3 meets a virtual opponent on 0 + 0 + two draws = 1 point."""
    tournament = field("burstein-classic", 3, rounds=3)
    play(tournament, (2, 3, W), byes=(Bye(1, ByeKind.PAB),))
    play(tournament, (1, 3, W), byes=(Bye(2, ByeKind.PAB),))
    play(tournament, (2, 1, W), byes=(Bye(3, ByeKind.PAB),))
    state = derive(tournament)
    buchholz = compute_tiebreak(state, 1, "BHV")
    assert buchholz.contributions[0].value == 1.0  # virtual: own 0 before, opposite of a win 0, 2 later draws
    assert buchholz.contributions[1].value == 0.5  # 3: lost to 2 and 1, its bye counted as a draw
    assert buchholz.contributions[2].value == 2.5  # 2: won twice, its bye counted as a draw
    assert compute_tiebreak(state, 1, "SBV").value == 1 * 1.0 + 1 * 0.5 + 0 * 2.5
    assert compute_tiebreak(state, 1, "BHV-M1").value == 1.0  # Median: the lowest and the highest cut


def test_classic_refuses_scoring_without_a_draw_between_win_and_loss():
    with pytest.raises(InputError, match="loss < a draw < a win"):
        BURSTEIN_CLASSIC.check_settings(Settings("burstein-classic", 5, points_draw=1.0))
    with pytest.raises(InputError, match="double round robin"):
        BURSTEIN.check_settings(Settings("burstein", 5, double_round_robin=True))


# -- the 2026 text ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("rounds", "seeding"), [(3, 1), (5, 2), (6, 3), (7, 3), (8, 4), (9, 4), (10, 4), (13, 4)])
def test_seeding_rounds_are_half_the_rounds_at_most_four(rounds, seeding):
    """1.6."""
    assert seeding_rounds(rounds) == seeding


def test_seeding_rounds_equal_the_dutch_system_on_the_dutch_corpus():
    """1.6: the seeding rounds are paired by the Dutch system, pairs, colours, PAB and board order alike."""
    compared = 0
    for meta_path in sorted(DUTCH_CORPUS.glob("*.json"))[:12]:
        full = load_trf(meta_path.with_suffix(".trf"))
        for number in range(1, seeding_rounds(full.settings.rounds) + 1):
            ours = BURSTEIN.pair(pairing_input(full, number, "burstein"), number)
            dutch = DUTCH.pair(pairing_input(full, number, "dutch"), number)
            assert ours.games == dutch.games and ours.byes == dutch.byes, f"{meta_path.stem} round {number}"
            compared += 1
    assert compared >= 8


def after_one_dutch_round(n: int = 12) -> Tournament:
    """Round 1 by the Dutch system (1.6 with two rounds), the top half winning: {1..6} on 1, {7..12} on 0."""
    tournament = field("burstein", n, rounds=2)
    first = BURSTEIN.pair(tournament, 1)
    top = set(range(1, n // 2 + 1))
    as_played(tournament, first, [W if g.white in top else L for g in first.games])
    return tournament


def test_first_candidate_is_the_fold_pairing():
    """Art. 4.3: BSN 1 meets the largest BSN, BSN 2 the next, ... when nothing forbids it."""
    tournament = after_one_dutch_round()
    pairing = BURSTEIN.pair(tournament, 2)
    assert pairs_of(pairing) == {frozenset(p) for p in ((1, 6), (2, 5), (3, 4), (7, 12), (8, 11), (9, 10))}


def test_colour_preferences_outweigh_the_candidate_order():
    """[C8] before Art. 4: with 1-6 ruled out, 1-5 would refuse two preferences; 1-4, 2-5, 3-6 grants all."""
    tournament = after_one_dutch_round()
    tournament.forbidden_pairs = {frozenset((1, 6))}
    pairing = BURSTEIN.pair(tournament, 2)
    assert {frozenset(p) for p in ((1, 4), (2, 5), (3, 6))} <= pairs_of(pairing)


def test_index_orders_by_buchholz_then_sonneborn_berger_not_by_score():
    """1.8: the explanation numbers each bracket by Buchholz, then SB, then start number."""
    tournament = after_one_dutch_round()
    explanation = BURSTEIN.explain(tournament, 2)
    assert any("Buchholz, then Sonneborn-Berger" in line for line in explanation.round_lines)
    outcome = BURSTEIN.procedure(tournament, 2).run()
    for bracket in outcome.brackets:
        keys = [(-outcome.indexes[t].values[0], -outcome.indexes[t].values[1], t) for t in bracket.members]
        assert keys == sorted(keys)


def test_pab_goes_to_the_lowest_score_with_most_games_lowest_in_the_index():
    """3.1: after the seeding round, the lowest score group's lowest-ranked player gets the PAB."""
    tournament = field("burstein", 7, rounds=2)
    first = BURSTEIN.pair(tournament, 1)
    as_played(tournament, first, [W, W, W])
    had_bye = first.byes[0].player
    pairing = BURSTEIN.pair(tournament, 2)
    bye = [b.player for b in pairing.byes if b.kind is ByeKind.PAB]
    assert len(bye) == 1 and bye[0] != had_bye
    state = derive(tournament)
    assert state.score(bye[0]) == 0


def test_outgoing_floaters_have_the_lowest_scores_before_colours_and_candidate_order():
    """[C6] before [C8] and Art. 4: 3 floats into the ½ bracket (1-3 and 2-3 ruled out) where he may meet only
    9; the first candidate of Art. 4.3 would float him (BSN 5), [C6] makes a ½-point player float instead,
    although 3 and 9 both prefer Black ([C8])."""
    tournament = field("burstein", 10, rounds=2)
    first = BURSTEIN.pair(tournament, 1)
    wins = {1, 2, 3}
    as_played(tournament, first, [W if g.white in wins else L if g.black in wins else D for g in first.games])
    tournament.forbidden_pairs = {frozenset(p) for p in ((1, 3), (2, 3), (3, 4), (3, 5), (3, 10))}
    outcome = BURSTEIN.procedure(tournament, 2).run()
    half = next(b for b in outcome.brackets if 3 in b.members and 3 in b.incoming)
    assert half.members[-1] == 3  # BSN 5: beat a player on 0, the lowest Buchholz
    assert (9, 3) in half.pairs or (3, 9) in half.pairs
    assert 3 not in half.outgoing


def test_outgoing_floater_chosen_so_the_next_bracket_floats_a_lower_score():
    """[C7] (its [C6] part) before Art. 4: on 2 points, BSN 1 (player 1) may meet only 2, and 3 none of the
    players on 1 point. Floating 3 would make him float again from the next bracket; so 1 floats and 2-3
    play, although Art. 4.3 ranks 1-2 (3 floating) first."""
    tournament = field("burstein", 10, rounds=4)
    play(tournament, (1, 6, W), (7, 2, L), (3, 8, W), (4, 9, W), (5, 10, W))
    play(tournament, (7, 1, L), (2, 8, W), (9, 3, L), (10, 4, W), (6, 5, W))
    tournament.forbidden_pairs = {frozenset(p) for p in ((1, 3), (3, 4), (3, 5), (3, 6), (3, 10))}
    outcome = BURSTEIN.procedure(tournament, 3).run()
    top = outcome.brackets[0]
    assert top.members == [1, 2, 3]
    assert top.pairs == [(2, 3)] and top.outgoing == [1]


def test_pab_prefers_the_player_with_more_games_on_the_lowest_score():
    """3.1: 11 sat out round 1 (zero-point bye) and is lowest in the index, but a round-1 loser has played more."""
    tournament = field("burstein", 11, rounds=2)
    tournament.requested_byes = {1: {11: ByeKind.ZERO}}
    first = BURSTEIN.pair(tournament, 1)
    as_played(tournament, first, [W] * len(first.games))
    tournament.rounds[0].byes = first.byes
    tournament.requested_byes = {}
    pairing = BURSTEIN.pair(tournament, 2)
    bye = [b.player for b in pairing.byes if b.kind is ByeKind.PAB]
    assert len(bye) == 1 and bye[0] != 11
    assert len(derive(tournament)[bye[0]].opponents_played) == 1


@pytest.mark.parametrize("system", ["burstein", "burstein-classic"])
def test_late_entries_and_withdrawals_are_paired_or_left_out(system):
    tournament = field(system, 9, rounds=4)
    for number in range(1, 5):
        if number == 3:
            tournament.player(9).withdrawn_from = 3
            tournament.players.append(Player(10, "P10", 1000))
        pairing = get_system(system).pair(tournament, number)
        seen = [p for g in pairing.games for p in (g.white, g.black)] + [b.player for b in pairing.byes]
        active = {p.tpn for p in tournament.players if p.is_active_in(number)}
        assert sorted(seen) == sorted(active)
        as_played(tournament, pairing, [W, D, L, W, D][: len(pairing.games)])


def test_trf_event_types_name_the_2026_text():
    assert system_for_ett("FIDE_BURSTEIN") == ("burstein", False)
    assert system_for_ett("FIDE_BURSTEIN_BAKU") == ("burstein", False)


# -- properties ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("system", ["burstein", "burstein-classic"])
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=4, max_value=30), seed=st.integers(min_value=0, max_value=10_000))
def test_no_rematch_no_forbidden_pair_no_three_colours_in_a_row(system, players, seed):
    """Classic 3.1, 5.2, 5.3 / 2026 [C1]-[C3]: every round of a random event keeps the absolute rules."""
    rng = random.Random(seed)
    tournament = field(system, players, rounds=7)
    tournament.forbidden_pairs = {frozenset(rng.sample(range(1, players + 1), 2))}
    for number in range(1, 8):
        try:
            pairing = get_system(system).pair(tournament, number)
        except PairingError:  # a small played-out field may have no legal pairing
            return
        state = derive(tournament)
        for game in pairing.games:
            assert frozenset((game.white, game.black)) not in tournament.forbidden_pairs
            assert game.black not in state[game.white].opponents_played
            for tpn, colour in ((game.white, Colour.WHITE), (game.black, Colour.BLACK)):
                colours = state[tpn].colours + [colour]
                assert colours[-3:] != [colour] * 3
                assert abs(colours.count(Colour.WHITE) - colours.count(Colour.BLACK)) <= 2
        as_played(tournament, pairing, [rng.choice([W, D, L]) for _ in pairing.games])


@settings(max_examples=15, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(players=st.integers(min_value=6, max_value=40), seed=st.integers(min_value=0, max_value=10_000))
def test_windows_pair_exactly_as_the_whole_field(monkeypatch, players, seed):
    """The window-first procedure is a shortcut only: forcing the whole-field matcher gives the same round."""
    from sheetpair.pairing.burstein import modern

    rng = random.Random(seed)
    tournament = field("burstein", players, rounds=6)
    try:
        for number in range(1, 6):
            as_played(tournament, BURSTEIN.pair(tournament, number),
                      [rng.choice([W, D, L]) for _ in range(players)])
        windowed = BURSTEIN.pair(tournament, 6)
    except PairingError:
        return
    with monkeypatch.context() as patch:
        patch.setattr(modern._Brackets, "pair_in_windows", lambda self: False)
        whole = BURSTEIN.pair(tournament, 6)
    assert (windowed.games, windowed.byes) == (whole.games, whole.byes)


def test_explanations_name_the_criterion_that_passed_an_opponent_over():
    """C.04.1 Art. 9: the explanation of a round says, per board, which criterion ruled out each opponent the
    order of Art. 4.3 ranks first; probing them does not change the pairing explained."""
    tournament = after_one_dutch_round()
    tournament.forbidden_pairs = {frozenset((1, 6))}
    explanation = BURSTEIN.explain(tournament, 2)
    board = next(b for b in explanation.boards if {b.white, b.black} == {1, 4})
    text = "\n".join(board.reasons)
    assert "BSN 1 (1) meets BSN 4 (4)" in text
    assert "not with 6: a pair the arbiter ruled out" in text
    assert "not with 5: [C8]" in text
    probed = BURSTEIN.procedure(tournament, 2, explaining=True).run()
    plain = BURSTEIN.procedure(tournament, 2).run()
    assert [(a.tpn, b.tpn, c) for a, b, c, _ in probed.pairs] == [(a.tpn, b.tpn, c) for a, b, c, _ in plain.pairs]


def test_seeding_rounds_are_explained_as_dutch_rounds():
    tournament = field("burstein", 8, rounds=6)
    explanation = BURSTEIN.explain(tournament, 1)
    assert explanation.system == "burstein"
    assert explanation.round_lines[0].startswith("seeding round")
    assert len(explanation.boards) == 4
    assert BURSTEIN.pair(tournament, 1).notes[0].startswith("seeding round 1 of 3")
