"""C.07 (2026) gaps: the Koya Limit modifier (Art. 14.5) and Fore Buchholz under AOB (Art. 8.2), each on an
event worked out by hand in the comments; the modifiers in tie-break lists, TRF records and explanations."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from sheetpair.app.interchange import trf_text
from sheetpair.app.ranking import standings
from sheetpair.core.errors import InputError
from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import (
    TIEBREAKS,
    TiebreakContext,
    catalogue,
    compute_tiebreak,
    describe,
    parse_tiebreak,
    parse_tiebreak_list,
)
from sheetpair.core.tiebreaks.fide import koya_threshold
from sheetpair.io.trf import read_trf
from sheetpair.io.trf_records import line_202, line_212, sheetpair_tiebreak

W, D, L, NONE = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.NONE


def value(state, tpn: int, code: str, **kw) -> float:
    return compute_tiebreak(state, tpn, code, **kw).value


# --- Koya Limit (14.5) --------------------------------------------------------------------------------------

def round_robin() -> Tournament:
    """Four players, single round robin (predetermined: the Koya maximum is 3 games × 1 point).

    R1: 1-4 1-0, 2-3 ½-½    R2: 4-3 0-1, 1-2 ½-½    R3: 2-4 1-0, 3-1 0-1
    Final scores: 1 → 2½ (beat 4, drew 2, beat 3), 2 → 2 (drew 3, drew 1, beat 4), 3 → 1½ (drew 2, beat 4,
    lost to 1), 4 → 0. Plain Koya threshold: half of 3 = 1½.
    """
    players = [Player(t, f"P{t}") for t in range(1, 5)]
    rounds = [
        Round(1, [Game(1, 1, 4, W), Game(2, 2, 3, D)]),
        Round(2, [Game(1, 4, 3, L), Game(2, 1, 2, D)]),
        Round(3, [Game(1, 2, 4, W), Game(2, 3, 1, L)]),
    ]
    return Tournament(Settings("berger", 3, bye_value=0.0), players, rounds)


@pytest.fixture(scope="module")
def rr() -> TiebreakContext:
    return TiebreakContext.of(derive(round_robin()))


def test_koya_limit_moves_the_threshold_in_half_points(rr):
    assert koya_threshold(rr) == 1.5
    assert koya_threshold(rr, 1) == 2.0 and koya_threshold(rr, -1) == 1.0 and koya_threshold(rr, -3) == 0.0


def test_koya_limit_hand_values(rr):
    # Player 1 scored ½ against 2 (2 pts), 1 against 3 (1½ pts), 1 against 4 (0 pts).
    assert value(rr, 1, "KS") == 1.5       # threshold 1½: players 2 and 3 count → ½ + 1
    assert value(rr, 1, "KS-L+1") == 0.5   # threshold 2: only player 2 → ½
    assert value(rr, 1, "KS-L+2") == 0.0   # threshold 2½: nobody but player 1 himself reaches it
    assert value(rr, 1, "KS-L-1") == 1.5   # threshold 1: still 2 and 3 (4 has 0)
    assert value(rr, 1, "KS-L-3") == 2.5   # threshold 0: everyone counts → ½ + 1 + 1
    # Player 3 scored 0 against 1 (2½), ½ against 2 (2), 1 against 4 (0).
    assert value(rr, 3, "KS") == 0.5 and value(rr, 3, "KS-L+1") == 0.5 and value(rr, 3, "KS-L+2") == 0.0
    assert value(rr, 3, "KS-L-3") == 1.5


def test_koya_limit_in_a_swiss_counts_the_rounds_so_far():
    # Swiss, 3 rounds played of 5: maximum so far 3 → threshold 1½; KS-L+1 → 2.
    players = [Player(t, f"P{t}") for t in range(1, 5)]
    rounds = [Round(1, [Game(1, 1, 2, W), Game(2, 3, 4, D)]), Round(2, [Game(1, 1, 3, D), Game(2, 2, 4, W)]),
              Round(3, [Game(1, 4, 1, L), Game(2, 2, 3, L)])]
    state = TiebreakContext.of(derive(Tournament(Settings("dutch", 5), players, rounds)))
    # scores: 1 → 2½, 2 → 1, 3 → 2, 4 → ½. Player 1 beat 2 (1 pt), drew 3 (2 pts), beat 4 (½ pt).
    assert koya_threshold(state) == 1.5 and koya_threshold(state, 1) == 2.0
    assert value(state, 1, "KS") == 0.5       # threshold 1½: only 3 → ½
    assert value(state, 1, "KS-L+1") == 0.5   # threshold 2: 3 still reaches it → ½
    assert value(state, 1, "KS-L-1") == 1.5   # threshold 1: 2 and 3 → 1 + ½
    assert value(state, 1, "KS-L-2") == 2.5   # threshold ½: everyone → 1 + ½ + 1


def test_koya_limit_explains_itself(rr):
    parts = compute_tiebreak(rr, 1, "KS-L+1").contributions
    assert [c.opponent for c in parts] == [2]
    assert "limit +1" in parts[0].note and "C.07 14.5" in parts[0].note and "≥ 2" in parts[0].note
    assert "limit" not in compute_tiebreak(rr, 1, "KS").contributions[0].note


# --- Fore Buchholz under AOB (8.2, 8.3, 16) -----------------------------------------------------------------

def fore_event(rounds_planned: int = 3) -> Tournament:
    """Six players; the final round (3) is paired but not played yet.

    R1: 1-2 1-0, 3-4 0-1, 5-6 1-0
    R2: 1-3 1-0, 5-2 1-0; 4 half-point bye (requested), 6 pairing-allocated bye
    R3: 1-5, 3-6, 2-4 (no results)
    Scores now: 1 → 2, 2 → 0, 3 → 0, 4 → 1½, 5 → 2, 6 → 1.
    Fore event (every final-round game a draw): 1 → 2½, 2 → ½, 3 → ½, 4 → 2, 5 → 2½, 6 → 1½.
    4's half-point bye is followed by a game (a draw in the fore event): category 16.2.3, face value.
    Fore Buchholz (16.4.2 dummy cap: draw × 3 rounds = 1½):
      FB(1) = 2 (½) + 3 (½) + 5 (2½)                    = 3½
      FB(2) = 1 (2½) + 5 (2½) + 4 (2)                   = 7
      FB(3) = 4 (2) + 1 (2½) + 6 (1½)                   = 6
      FB(4) = 3 (½) + dummy min(own 2, cap 1½) + 2 (½)   = 2½   (2024 rules, no cap: 3)
      FB(5) = 6 (1½) + 2 (½) + 1 (2½)                   = 4½
      FB(6) = 5 (2½) + dummy min(own 1½, cap 1½) + 3 (½) = 4½
    AOB-F averages the FB of the opponents met over the board in the fore event (byes are no opponents):
      AOB-F(1) = (7 + 6 + 4½) / 3 = 5.8333 → 5.83     AOB-F(2) = (3½ + 4½ + 2½) / 3 = 3.5
      AOB-F(3) = (2½ + 3½ + 4½) / 3 = 3.5             AOB-F(4) = (6 + 7) / 2 = 6.5
      AOB-F(6) = (4½ + 6) / 2 = 5.25
    """
    players = [Player(t, f"P{t}") for t in range(1, 7)]
    rounds = [
        Round(1, [Game(1, 1, 2, W), Game(2, 3, 4, L), Game(3, 5, 6, W)]),
        Round(2, [Game(1, 1, 3, W), Game(2, 5, 2, W)], [Bye(4, ByeKind.HALF), Bye(6, ByeKind.PAB)]),
        Round(3, [Game(1, 1, 5, NONE), Game(2, 3, 6, NONE), Game(3, 2, 4, NONE)]),
    ]
    return Tournament(Settings("dutch", rounds_planned), players, rounds)


@pytest.fixture(scope="module")
def fore() -> TiebreakContext:
    return TiebreakContext.of(derive(fore_event()))


def test_fore_buchholz_of_everyone(fore):
    assert {t: value(fore, t, "FB") for t in range(1, 7)} == {1: 3.5, 2: 7.0, 3: 6.0, 4: 2.5, 5: 4.5, 6: 4.5}


def test_aob_fore_hand_values(fore):
    assert {t: value(fore, t, "AOB-F") for t in (1, 2, 3, 4, 6)} == {1: 5.83, 2: 3.5, 3: 3.5, 4: 6.5, 6: 5.25}
    # the byes are no opponents: 4's average is over two opponents only
    assert [c.opponent for c in compute_tiebreak(fore, 4, "AOB-F").contributions] == [3, 2]


def test_aob_fore_follows_the_2024_dummy_when_asked():
    # 2024: FB(4) = ½ + 2 (uncapped dummy) + ½ = 3 → AOB-F(2) = (3½ + 4½ + 3) / 3 = 3.6667 → 3.67
    old = TiebreakContext.of(derive(fore_event()), rules="2024")
    assert value(old, 4, "FB") == 3.0
    assert value(old, 2, "AOB-F") == 3.67


def test_plain_aob_reads_the_real_event(fore):
    # Real scores: 1 → 2, 2 → 0, 3 → 0, 4 → 1½, 5 → 2, 6 → 1 (round 3 has no result yet, so it counts nothing).
    # BH(2) = 1 (2) + 5 (2) = 4; BH(3) = 4 (1½) + 1 (2) = 3½ → AOB(1) = 3.75
    assert value(fore, 1, "AOB") == 3.75
    assert "fore" not in compute_tiebreak(fore, 1, "AOB").contributions[0].note
    assert all("C.07 8.3" in c.note for c in compute_tiebreak(fore, 1, "AOB-F").contributions)


def test_before_the_final_round_aob_fore_is_aob():
    # With 4 rounds planned, round 3 is not the final one: the fore event is the real one.
    early = TiebreakContext.of(derive(fore_event(rounds_planned=4)))
    assert value(early, 1, "AOB-F") == value(early, 1, "AOB") == 3.75


# --- parsing, lists, TRF, catalogue -------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "normal"), [
    ("KS-L+1", "KS-L+1"), ("ks/l-2", "KS-L-2"), ("KS-L+0", "KS"), ("KS/L+01", "KS-L+1"), ("aob/f", "AOB-F"),
    ("BH/C1", "BH-C1"), ("FB-M1", "FB-M1"),
])
def test_modifiers_parse_and_normalise(typed, normal):
    assert parse_tiebreak(typed).text == normal


@pytest.mark.parametrize(("typed", "message"), [
    ("BH-L+1", "tie-break BH takes no Limit modifier, only KS does (in 'BH-L+1')"),
    ("SB-F", "tie-break SB takes no Fore modifier, only AOB does (in 'SB-F')"),
    ("KS-C1", "tie-break KS takes no Cut or Median modifier (in 'KS-C1')"),
    ("KS-L1", "unknown modifier 'L1' in tie-break 'KS-L1'"),
    ("KS-L+1.5", "unknown modifier 'L+1.5' in tie-break 'KS-L+1.5'"),
    ("BH-C3", "tie-break 'BH-C3': C.07 cuts 1 or 2 results (BH-C1, BH-C2, BH-M1, BH-M2), not 3"),
    ("FB-M0", "tie-break 'FB-M0': C.07 cuts 1 or 2 results"),
])
def test_bad_modifiers_are_refused_by_name(typed, message):
    with pytest.raises(InputError) as error:
        parse_tiebreak(typed)
    assert str(error.value).startswith(message)


def test_modifiers_in_a_tiebreak_list_and_standings(rr):
    codes = parse_tiebreak_list("KS-L+1, AOB/F ,BH-C1")
    assert codes == ("KS-L+1", "AOB-F", "BH-C1")
    table = standings(round_robin(), tiebreaks=("KS-L+1",))
    # threshold 2 keeps players 1 (2½) and 2 (2): 1 drew 2, 2 drew 1, 3 drew 2 and lost to 1, 4 lost to both
    assert [(s.tpn, s.tiebreaks["KS-L+1"].value) for s in table] == [(1, 0.5), (2, 0.5), (3, 0.5), (4, 0.0)]


def test_trf_records_carry_the_modifiers():
    codes = ("KS-L+1", "KS-L-2", "AOB-F", "BH-C1", "WNT")
    assert line_202(codes) == "202 KS/L+1,KS/L-2,AOB/F,BH/C1,OTHER_WNT"
    assert line_212(codes).startswith("212 PTS,KS/L+1")
    assert parse_tiebreak_list([sheetpair_tiebreak(c) for c in line_202(codes)[4:].split(",")]) == codes
    # MTB26 writes Fore Buchholz as BH with the fore flag too
    assert sheetpair_tiebreak("BH/F") == "FB" and sheetpair_tiebreak("BH/C1/F") == "FB-C1"


def test_trf_round_trip_keeps_the_modifiers():
    event = round_robin()
    event.settings.tiebreaks = ("KS-L+1", "AOB-F", "DE")
    text = trf_text(event)
    assert "202 KS/L+1,AOB/F,DE" in text.splitlines()
    assert read_trf(text).settings.tiebreaks == ("KS-L+1", "AOB-F", "DE")


def test_catalogue_covers_every_code_and_modifier_once():
    entries = catalogue()
    codes = [e.code for e in entries if e.kind == "tie-break"]
    assert sorted(codes) == sorted(TIEBREAKS) and len(set(codes)) == len(codes)
    assert [e.code for e in entries if e.kind == "modifier"] == ["-C1", "-C2", "-M1", "-M2", "-L+n/L-n", "-F",
                                                                       "-P"]
    assert all(e.name and e.meaning and e.article for e in entries)
    by_code = {e.code: e for e in entries}
    assert by_code["KS"].modifiers == ("L+n/L-n",) and by_code["AOB"].modifiers == ("F", "P")
    assert by_code["-L+n/L-n"].applies_to == ("KS",) and by_code["-L+n/L-n"].article == "C.07 14.5"
    assert by_code["BH"].article.startswith("C.07 8.1") and by_code["WNT"].article == "not in C.07"
    # every modifier a catalogue line offers is one the parser takes
    for e in entries:
        for m in e.modifiers:
            parse_tiebreak(f"{e.code}-{m.replace('+n/L-n', '+1')}")


@pytest.mark.parametrize(("code", "words"), [
    ("BH-C1", "Buchholz, cut 1 (lowest contribution removed)"),
    ("BH-C1-P", "Buchholz, cut 1 (lowest contribution removed), forfeits counted as played"),
    ("BH-C2", "Buchholz, cut 2 (two lowest contributions removed)"),
    ("SB-M1", "Sonneborn-Berger, median 1 (lowest and highest contributions removed)"),
    ("KS-L+1", "Koya system, limit +1 (threshold raised by ½ point)"),
    ("KS/L-4", "Koya system, limit -4 (threshold lowered by 2 points)"),
    ("AOB-F", "Average of opponents' Buchholz, fore (opponents' Fore Buchholz: final-round games counted as draws)"),
    ("ARO", "Average rating of opponents"),
])
def test_describe_spells_codes_out(code, words):
    assert describe(code) == words


def random_event(rng: random.Random) -> Tournament:
    n, planned = rng.randint(4, 9), rng.randint(1, 5)
    players = [Player(t, f"P{t}") for t in range(1, n + 1)]
    made = []
    for number in range(1, rng.randint(1, planned) + 1):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        byes = [Bye(order.pop(), rng.choice(list(ByeKind))) for _ in range(rng.randint(0, 2))]
        if len(order) % 2:
            byes.append(Bye(order.pop(), ByeKind.PAB))
        results = [W, D, L, NONE, Result.WHITE_WINS_BY_FORFEIT]
        games = [Game(i + 1, order[2 * i], order[2 * i + 1], rng.choice(results)) for i in range(len(order) // 2)]
        made.append(Round(number, games, byes))
    return Tournament(Settings("dutch", planned), players, made)


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_koya_falls_as_the_limit_rises(seed):
    # A higher threshold can only leave opponents out: KS-L+n never exceeds KS-L+(n-1).
    context = TiebreakContext.of(derive(random_event(random.Random(seed))))
    for tpn in context.players:
        values = [value(context, tpn, f"KS-L{n:+d}" if n else "KS") for n in range(-4, 5)]
        assert values == sorted(values, reverse=True)


@hyp_settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_aob_fore_is_the_average_of_the_fore_buchholz(seed):
    # AOB-F is exactly the mean of the opponents' FB when the final round is on; otherwise it is AOB.
    event = random_event(random.Random(seed))
    context = TiebreakContext.of(derive(event))
    for tpn in context.players:
        parts = compute_tiebreak(context, tpn, "AOB-F").contributions
        assert [c.value for c in parts] == [value(context, c.opponent, "FB") for c in parts]
        if context.through_round < event.settings.rounds:
            assert value(context, tpn, "AOB-F") == value(context, tpn, "AOB")
