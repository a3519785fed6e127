"""FIDE Dutch (``dutch`` 2026, ``dutch-2017``): hand-made rule checks, invariants, and the bbpPairings corpus.

The corpus test replays every round of every case under ``conformance/bbp/dutch`` and reports the exact
figure of rounds identical to the reference (pairs, colours, the bye and board order): all 1,586 rounds, up
to 400 players, about four minutes per system (the suite runs on both cores, so the two run side by side).
``SHEETPAIR_CORPUS_MAX_PLAYERS=100`` replays only the events of up to 100 players (1,009 rounds, half a
minute) for a quick run.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.core.errors import PairingError
from sheetpair.core.model import Bye, ByeKind, Colour, Game, Outcome, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.pairing.dutch import DUTCH
from sheetpair.pairing.dutch.explain import explain_round
from sheetpair.pairing.fide.baku import virtual_points, virtual_points_in_round

from .bbp_corpus import replay
from .conftest import CONFORMANCE

CORPUS = CONFORMANCE / "bbp" / "dutch"
REFERENCES = {"dutch": "v6.0.0", "dutch-2017": "v5.0.1"}


def field(n: int, rounds: int = 5, **settings) -> Tournament:
    return Tournament(Settings("dutch", rounds, **settings), [Player(i, f"P{i}", 2500 - i) for i in range(1, n + 1)])


def pairs_of(pairing) -> list[tuple[int, int]]:
    return [(g.white, g.black) for g in pairing.games]


# -- hand-made rounds -------------------------------------------------------------------------------------

def test_round_one_is_top_half_against_bottom_half_with_alternating_colours():
    """5.2.5: higher-ranked odd numbers get the initial colour; the lowest player gets the PAB (odd field)."""
    pairing = DUTCH.pair(field(7), 1)
    assert pairs_of(pairing) == [(1, 4), (5, 2), (3, 6)]
    assert [(b.player, b.kind) for b in pairing.byes] == [(7, ByeKind.PAB)]


def test_round_one_with_black_as_initial_colour():
    pairing = DUTCH.pair(field(4, initial_colour=Colour.BLACK), 1)
    assert pairs_of(pairing) == [(3, 1), (2, 4)]


def test_absent_players_do_not_shift_colour_parity_by_start_number():
    """The known trap: with 2 absent in round 1, colours alternate by position among the players present."""
    tournament = field(6)
    tournament.requested_byes[1] = {2: ByeKind.HALF}
    pairing = DUTCH.pair(tournament, 1)
    # Present: 1, 3, 4, 5, 6 are ranks 1-5; 3 is rank 2, so it gets the opposite of the initial colour
    # although its start number is odd. 6 (rank 5) gets the PAB.
    assert pairs_of(pairing) == [(1, 4), (5, 3)]
    assert [(b.player, b.kind) for b in pairing.byes] == [(2, ByeKind.HALF), (6, ByeKind.PAB)]


def played(tournament: Tournament, *boards: tuple[int, int, Result], byes: tuple[Bye, ...] = ()) -> None:
    number = tournament.current_round + 1
    tournament.rounds.append(
        Round(number, [Game(i, w, b, r) for i, (w, b, r) in enumerate(boards, start=1)], list(byes))
    )


def test_no_rematch_and_winners_meet_winners():
    """[C1] and C.04.1 Art. 5: after 1-3, 4-2 (1 and 4 win), the winners meet, and so do the losers."""
    tournament = field(4)
    played(tournament, (1, 3, Result.WHITE_WINS), (4, 2, Result.WHITE_WINS))
    pairing = DUTCH.pair(tournament, 2)
    assert sorted(frozenset(p) for p in pairs_of(pairing)) == sorted([frozenset((1, 4)), frozenset((2, 3))])


def test_second_pairing_allocated_bye_is_refused():
    """[C2]: player 3 had the PAB in round 1, so the lowest other player gets it in round 2."""
    tournament = field(3)
    played(tournament, (1, 2, Result.DRAW), byes=(Bye(3, ByeKind.PAB),))
    pairing = DUTCH.pair(tournament, 2)
    bye = next(b.player for b in pairing.byes if b.kind is ByeKind.PAB)
    assert bye != 3


def test_forfeit_win_bars_the_bye_under_2026_rules():
    """C.04.1 Art. 4 (2026): an unplayed round worth a win bars the PAB (also under 2017 for forfeits)."""
    tournament = field(3)
    played(tournament, (1, 3, Result.WHITE_WINS_BY_FORFEIT), byes=(Bye(2, ByeKind.PAB),))
    pairing = DUTCH.pair(tournament, 2)
    assert {b.player for b in pairing.byes} == {3}


def test_same_absolute_colour_preference_never_meets_before_the_last_round():
    """[C3]: 1 and 2 both had White twice; they may not meet, though they lead the field."""
    tournament = field(6, rounds=5)
    played(tournament, (1, 4, Result.WHITE_WINS), (2, 5, Result.WHITE_WINS), (6, 3, Result.DRAW))
    played(tournament, (1, 6, Result.WHITE_WINS), (2, 3, Result.WHITE_WINS), (4, 5, Result.DRAW))
    pairing = DUTCH.pair(tournament, 3)
    assert frozenset((1, 2)) not in {frozenset(p) for p in pairs_of(pairing)}


def test_board_order_follows_scores_then_pairing_number():
    """C.04.2 3.6: boards sorted by the higher player's score, then the sum, then the smaller number."""
    tournament = field(8)
    played(tournament, (1, 5, Result.WHITE_WINS), (6, 2, Result.DRAW), (3, 7, Result.BLACK_WINS),
           (8, 4, Result.BLACK_WINS))
    pairing = DUTCH.pair(tournament, 2)
    scores = derive(tournament).players
    keys = []
    for white, black in pairs_of(pairing):
        high, low = sorted((white, black), key=lambda t: (-scores[t].score, t))
        keys.append((-scores[high].score, -scores[low].score, high))
    assert keys == sorted(keys)


def test_notes_name_the_bye_and_explanations_cover_every_board():
    tournament = field(5)
    pairing = DUTCH.pair(tournament, 1)
    assert any(note.startswith("Pairing-allocated bye: 5") for note in pairing.notes)
    explained = explain_round(DUTCH, tournament, 1)
    assert len(explained.boards) == len(pairing.games)
    assert all("5.2.5" in board.colour_rule for board in explained.boards)


def test_scoring_comes_from_the_settings():
    """3/1/0 scoring: the score groups follow the configured points, not 1/½/0."""
    tournament = field(6, points_win=3.0, points_draw=1.0, bye_value=3.0)
    played(tournament, (1, 4, Result.DRAW), (5, 2, Result.WHITE_WINS), (3, 6, Result.WHITE_WINS))
    pairing = DUTCH.pair(tournament, 2)
    pairs = {frozenset(p) for p in pairs_of(pairing)}
    assert frozenset((3, 5)) in pairs  # the two winners (3 points) meet
    assert pairs == {frozenset((3, 5)), frozenset((1, 2)), frozenset((4, 6))}  # 1 and 4 met: both float


def test_pure_python_matcher_gives_the_same_pairing():
    tournament = field(9, rounds=4)
    rng = random.Random(3)
    for number in range(1, 4):
        outcome, _ = DUTCH.match(tournament, number)
        pure, _ = DUTCH.match(tournament, number, pure_python=True)
        assert [(a.tpn, b.tpn) for a, b in outcome.pairs] == [(a.tpn, b.tpn) for a, b in pure.pairs]
        pairing = DUTCH.pair(tournament, number)
        for game in pairing.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
        tournament.rounds.append(Round(number, pairing.games, pairing.byes))


# -- Baku acceleration --------------------------------------------------------------------------------------

def test_baku_virtual_points_follow_the_schedule_and_disappear():
    """C.04.7 1.4: 9 rounds -> a win's points in rounds 1-3, half in 4-5, none from round 6."""
    tournament = field(10, rounds=9, options={"acceleration": "baku"})
    assert [virtual_points_in_round(tournament, r) for r in range(1, 10)] == [1, 1, 1, .5, .5, 0, 0, 0, 0]
    points = virtual_points(tournament, 9)
    assert set(points) == {1, 2, 3, 4, 5}
    assert set(points[1]) == {1, 2, 3, 4, 5, 6}  # GA = 2 * ceil(10 / 4) = 6


def test_baku_pairs_group_a_among_itself_in_round_one():
    tournament = field(8, rounds=9, options={"acceleration": "baku"})
    pairs = {frozenset(p) for p in pairs_of(DUTCH.pair(tournament, 1))}
    assert pairs == {frozenset(p) for p in ((1, 3), (2, 4), (5, 7), (6, 8))}


# -- invariants on random events ------------------------------------------------------------------------

def _random_event(system: str, players: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    roster = [Player(0, f"P{i:03}", rating=2400 - 9 * i) for i in range(players)]
    tournament = new_tournament(roster, Settings(system, rounds, seed=seed))
    for number in range(1, rounds + 1):
        if rng.random() < 0.3:
            asker = rng.choice(tournament.players)
            operations.request_bye(tournament, asker.tpn, number, rng.choice([ByeKind.HALF, ByeKind.ZERO]))
        before = derive(tournament)
        try:
            paired = operations.pair_next_round(tournament)
        except PairingError:
            return
        pabs = [b.player for b in paired.byes if b.kind is ByeKind.PAB]
        assert len(pabs) <= 1
        for tpn in pabs:
            had = any(r.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN) for r in before[tpn].records)
            assert not had, "[C2] second pairing-allocated bye (a forfeit win counts as one)"
        last_round = number == rounds
        for game in paired.games:
            w, b = before[game.white], before[game.black]
            assert game.black not in w.opponents_played, "[C1] rematch"
            if not last_round:  # C.04.1 Art. 6-7 through [C3]; topscorers are exempt in the last round only
                for state, colour in ((w, Colour.WHITE), (b, Colour.BLACK)):
                    diff = state.colour_difference + (1 if colour is Colour.WHITE else -1)
                    assert abs(diff) <= 2, "[C3] colour difference beyond 2"
                    assert state.colours[-2:] != [colour, colour], "[C3] same colour three times in a row"
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS,
                                      Result.WHITE_WINS_BY_FORFEIT])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(4, 24), seed=st.integers(0, 10_000), system=st.sampled_from(["dutch", "dutch-2017"]))
def test_absolute_criteria_hold_and_one_bye_at_most(players, seed, system):
    _random_event(system, players, 7, seed)


# -- the reference corpus -----------------------------------------------------------------------------------

def _corpus_limit() -> int:
    value = os.environ.get("SHEETPAIR_CORPUS_MAX_PLAYERS", "all")
    return 10**9 if value == "all" else int(value)


def replay_corpus(system: str, limit: int) -> tuple[int, int, list[str]]:
    return replay(system, CORPUS, REFERENCES[system], limit=limit)


# Rounds known to differ from the reference, each to be argued here with the rule that decides it (none).
KNOWN_DIFFERENCES: dict[str, set[str]] = {
    "dutch": set(),
    "dutch-2017": set(),
}


@pytest.mark.parametrize("system", ["dutch", "dutch-2017"])
def test_corpus_rounds_identical_to_the_reference(system, capsys):
    if not CORPUS.is_dir():
        pytest.fail(f"the reference cases are missing: {CORPUS}")
    identical, total, differing = replay_corpus(system, _corpus_limit())
    with capsys.disabled():
        print(f"\n{system} vs bbpPairings {REFERENCES[system]}: {identical}/{total} rounds identical "
              f"({100 * identical / total:.2f} %)")
    assert set(differing) <= KNOWN_DIFFERENCES[system], sorted(set(differing) - KNOWN_DIFFERENCES[system])


# -- the explain command ---------------------------------------------------------------------------------------

def test_explain_command_prints_brackets_boards_and_colour_rules(tmp_path: Path):
    from click.testing import CliRunner

    from sheetpair.cli import cli

    roster = tmp_path / "roster.csv"
    roster.write_text("Name;Elo\n" + "".join(f"Player {i};{2400 - 10 * i}\n" for i in range(1, 8)), encoding="utf-8")
    book = tmp_path / "event.xlsx"
    runner = CliRunner()
    assert runner.invoke(cli, ["new", str(book), "--system", "dutch", "--rounds", "5", "--players", str(roster),
                               "--keep-order"]).exit_code == 0
    assert runner.invoke(cli, ["pair", str(book)]).exit_code == 0
    result = runner.invoke(cli, ["explain", str(book), "--round", "1"])
    assert result.exit_code == 0, result.output
    assert "Board 1: 1 (0) - 4 (0)\n  players: 1 Player 1 – 4 Player 4\n" in result.output  # numbers and names
    assert "5.2.5" in result.output and "Pairing-allocated bye: 7" in result.output
    one = runner.invoke(cli, ["explain", str(book), "--round", "1", "--board", "2"])
    assert one.exit_code == 0 and "Board 2:" in one.output and "Board 1:" not in one.output
    missing = runner.invoke(cli, ["explain", str(book), "--round", "1", "--board", "9"])
    assert missing.exit_code == 4 and "no board 9" in missing.output


def test_a_pairing_allocated_bye_worth_nothing_still_floats_down():
    """C.04.3 1.4.3 (2026): whoever receives the PAB gets a downfloat, whatever the bye is worth."""
    from sheetpair.pairing.fide.entrants import Edition, Float, build_field

    tournament = field(3, bye_value=0.0)
    played(tournament, (1, 2, Result.DRAW), byes=(Bye(3, ByeKind.PAB),))
    round_field = build_field(tournament, 2, Edition.RULES_2026)
    assert round_field.float_of(3, 1) is Float.DOWN
    assert round_field.float_of(1, 1) is Float.NONE


def test_zero_point_bye_gives_no_float_in_2026_but_does_in_2017():
    """1.4.4 (2026) against A.4.b (2017: "for whatever reason does not play ... also receives a downfloat")."""
    from sheetpair.pairing.fide.entrants import Edition, Float, build_field

    tournament = field(4)
    played(tournament, (1, 3, Result.WHITE_WINS), byes=(Bye(2, ByeKind.ZERO), Bye(4, ByeKind.HALF)))
    assert build_field(tournament, 2, Edition.RULES_2026).float_of(2, 1) is Float.NONE
    assert build_field(tournament, 2, Edition.RULES_2026).float_of(4, 1) is Float.DOWN
    assert build_field(tournament, 2, Edition.RULES_2017).float_of(2, 1) is Float.DOWN


def test_baku_group_a_keeps_its_last_member_when_late_entries_arrive():
    """C.04.7 1.3: GA was fixed in round 1 (8 players -> GA = 1-4); a late entry (9) joins below it."""
    from sheetpair.pairing.fide.baku import group_a

    tournament = field(8, rounds=9, options={"acceleration": "baku"})
    tournament.rounds.append(Round(1, DUTCH.pair(tournament, 1).games))
    tournament.players.append(Player(9, "Late", 1000))
    assert group_a(tournament) == {1, 2, 3, 4}


# -- the windowed brackets (speed) give the whole field's pairing ---------------------------------------

def _played_event(players: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    tournament = field(players, rounds=rounds + 1)
    for number in range(1, rounds + 1):
        if rng.random() < 0.5:
            tournament.requested_byes[number] = {rng.randint(1, players): ByeKind.HALF}
        pairing = DUTCH.pair(tournament, number)
        for game in pairing.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS])
        tournament.rounds.append(Round(number, pairing.games, pairing.byes))
        tournament.requested_byes.pop(number, None)
    return tournament


@pytest.mark.parametrize("fail_after", [None, 0, 3, 9])
def test_windowed_brackets_pair_exactly_as_the_whole_field(monkeypatch, fail_after):
    """The window is a shortcut only: with the bound failing at any point (``fail_after`` window solves),
    the round goes on on the rebuilt whole-field matcher and the pairing is the same."""
    from sheetpair.pairing.dutch import window
    from sheetpair.pairing.dutch.procedure import BracketProcedure
    from sheetpair.pairing.fide.entrants import Edition, build_field

    tournament = _played_event(131, 4, seed=7)
    round_field = build_field(tournament, 5, Edition.RULES_2026)
    whole = BracketProcedure(round_field, set()).run()
    if fail_after is not None:
        calls = {"n": 0}
        holds = window.Pairability.holds

        def failing(self, sent_below, bye_below):
            calls["n"] += 1
            return calls["n"] <= fail_after and holds(self, sent_below, bye_below)

        monkeypatch.setattr(window.Pairability, "holds", failing)
    windowed_procedure = window.WindowedProcedure(build_field(tournament, 5, Edition.RULES_2026), set())
    windowed = windowed_procedure.run()
    assert [(a.tpn, b.tpn) for a, b in windowed.pairs] == [(a.tpn, b.tpn) for a, b in whole.pairs]
    assert (windowed.bye and windowed.bye.tpn) == (whole.bye and whole.bye.tpn)


@pytest.mark.parametrize("players, rounds, seed", [(160, 1, 3), (160, 3, 11), (241, 6, 5), (131, 8, 7)])
def test_brackets_paired_alone_pair_exactly_as_the_whole_field(monkeypatch, players, rounds, seed):
    """A bracket paired on its own players and a float pool (the bound on the players below it holds)
    gives the whole field's pairing, on the matcher and proven without one (:mod:`.proven`); the shortcut is
    taken in these events."""
    from sheetpair.pairing.dutch import window
    from sheetpair.pairing.dutch.procedure import BracketProcedure
    from sheetpair.pairing.fide.entrants import Edition, build_field

    tournament = _played_event(players, rounds, seed=seed)
    whole = BracketProcedure(build_field(tournament, rounds + 1, Edition.RULES_2026), set()).run()
    closed = {"n": 0}
    closed_bracket = window.WindowedProcedure._closed_bracket

    def counting(self, *args):
        result = closed_bracket(self, *args)
        closed["n"] += result is not None
        return result

    monkeypatch.setattr(window.WindowedProcedure, "_closed_bracket", counting)
    proven = window.WindowedProcedure(build_field(tournament, rounds + 1, Edition.RULES_2026), set()).run()
    monkeypatch.setattr(window, "prove_bracket", lambda *args: None)  # the matcher's closed brackets
    windowed = window.WindowedProcedure(build_field(tournament, rounds + 1, Edition.RULES_2026), set()).run()
    assert closed["n"] > 0
    for outcome in (windowed, proven):
        assert [(a.tpn, b.tpn) for a, b in outcome.pairs] == [(a.tpn, b.tpn) for a, b in whole.pairs]
        assert (outcome.bye and outcome.bye.tpn) == (whole.bye and whole.bye.tpn)


def test_explanations_say_why_earlier_opponents_were_skipped():
    """Each skipped S2 player (4.2 order) is named with its reason, and the reasons are true; a skip for
    quality names the criterion that decided it."""
    tournament = _played_event(30, 5, seed=4)
    reasons = {"met": 0, "taken": 0, "quality": 0}
    for number in range(2, 6):
        explanation = explain_round(DUTCH, tournament, number)
        history = derive(Tournament(tournament.settings, tournament.players, tournament.rounds[:number - 1]))
        for board in explanation.boards:
            if not board.opponent_choice:
                continue
            assert "meets" in board.opponent_choice[0]
            for line in board.opponent_choice[1:]:
                candidate = int(line.split(" ", 1)[0].rstrip(":"))
                chooser = int(board.opponent_choice[0].split(" ", 1)[0])
                if "already met" in line:
                    reasons["met"] += 1
                    assert candidate in history[chooser].opponents_played
                elif "already paired" in line:
                    reasons["taken"] += 1
                else:
                    reasons["quality"] += 1
                    reasons["named"] = reasons.get("named", 0) + ("fulfil [C" in line)
                    assert candidate not in history[chooser].opponents_played
    assert all(reasons.values()), reasons


@pytest.mark.parametrize("seed", range(6))
def test_every_round_of_small_events_pairs_as_the_whole_field(seed):
    """Odd and even fields, half- and zero-point byes, forbidden pairs and Baku acceleration: the shortcuts
    of :mod:`sheetpair.pairing.dutch.window` give the whole field's pairing in every round."""
    from sheetpair.pairing.dutch import window
    from sheetpair.pairing.dutch.procedure import BracketProcedure
    from sheetpair.pairing.fide.entrants import Edition, build_field

    rng = random.Random(seed)
    players, rounds = rng.randint(20, 60), 7
    tournament = field(players, rounds=rounds, options={"acceleration": "baku"} if seed % 3 == 0 else {})
    tournament.forbidden_pairs |= {frozenset(rng.sample(range(1, players + 1), 2)) for _ in range(players // 6)}
    for number in range(1, rounds + 1):
        tournament.requested_byes[number] = {rng.randint(1, players): rng.choice([ByeKind.HALF, ByeKind.ZERO])
                                             for _ in range(rng.randint(0, 2))}
        virtual = virtual_points(tournament, number) if seed % 3 == 0 else None
        outcomes = [procedure(build_field(tournament, number, Edition.RULES_2026, virtual),
                              tournament.forbidden_pairs).run()
                    for procedure in (BracketProcedure, window.WindowedProcedure)]
        whole, windowed = ([(a.tpn, b.tpn) for a, b in o.pairs] + [o.bye and o.bye.tpn] for o in outcomes)
        assert windowed == whole, f"round {number}"
        pairing = DUTCH.pair(tournament, number)
        for game in pairing.games:
            game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS])
        tournament.rounds.append(Round(number, pairing.games, pairing.byes))
        tournament.requested_byes.pop(number, None)


@pytest.mark.parametrize("name, number, bye", [("dutch-c9-00070.trf", 6, 19), ("dutch-c9-03461.trf", 6, 19),
                                               ("bbppairings-c9-00203.trf", 9, 27)])
def test_the_bye_goes_to_the_player_with_fewer_unplayed_games_c9(name, number, bye):
    """[C9] in the last bracket: two players on the PAB's score, one with unplayed rounds (a late entrant's
    zero-point byes, a half-point bye, a forfeit), one with every round played. The first two events
    (``sheetpair generate --system dutch --seed 1``, events 70 and 3461, written before the fix) gave round
    6's PAB to the first, 22 and 23; the third (bbpPairings' generator, ``benchmarks/verify_fide.py --seed 1``)
    gives round 9's to 27, where sheetpair gave it to 20. bbpPairings, the whole-field matching and the text
    give it to the player who played every round. The window had read its "below" vertex, which also stands
    for the PAB taken below, as a pairing lower down, and so switched [C9] off."""
    from sheetpair.app.check import pairing_input
    from sheetpair.io.trf import decode_trf, read_trf
    from sheetpair.pairing.dutch.procedure import BracketProcedure
    from sheetpair.pairing.fide.entrants import Edition, build_field

    played = read_trf(decode_trf((Path(__file__).parent / "data" / "fide" / name).read_bytes()), check_points=False)
    tournament = pairing_input(played, number)
    assert [b.player for b in DUTCH.pair(tournament, number).byes if b.kind is ByeKind.PAB] == [bye]
    whole = BracketProcedure(build_field(tournament, number, Edition.RULES_2026), set()).run()
    assert whole.bye is not None and whole.bye.tpn == bye
