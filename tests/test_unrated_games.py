"""Games played but not rated (TRF ``W D L``, ``1-0 u`` in the round sheets): scored, coloured and met like any
game, left out of the rating figures and the rating tie-breaks (C.07 Art. 10)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from sheetpair.app.interchange import trf_text
from sheetpair.cli import cli
from sheetpair.core.errors import InputError, TrfError
from sheetpair.core.model import Colour, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.rating import rating_figures
from sheetpair.core.results import RESULT_CODES, parse_game_result, parse_result, result_code
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak
from sheetpair.history.compare import compare
from sheetpair.history.merge import merge
from sheetpair.history.parts import round_results
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.trf import read_trf
from sheetpair.io.trf_records import TrfFormat
from sheetpair.io.workbook import load_tournament
from sheetpair.pairing.dutch import DUTCH

from .test_trf_read import player_line

DATA = Path(__file__).parent / "data"
PLAYED = [r for r in Result if r.was_played]


def rated_field(*games: Game) -> Tournament:
    """Four rated players; round 1 and 2 as given (all on one list, split by the players' first game)."""
    players = [Player(t, f"P{t}", rating) for t, rating in ((1, 2000), (2, 1800), (3, 1600), (4, 1400))]
    return Tournament(Settings("dutch", 3, tiebreaks=("ARO",)), players,
                      [Round(1, list(games[:2])), Round(2, list(games[2:]))])


def example() -> Tournament:
    """Round 1: 1-2 1-0, 3-4 1-0 not rated. Round 2: 1-3 ½-½, 2-4 0-1."""
    return rated_field(Game(1, 1, 2, Result.WHITE_WINS), Game(2, 3, 4, Result.WHITE_WINS, rated=False),
                       Game(1, 1, 3, Result.DRAW), Game(2, 2, 4, Result.BLACK_WINS))


# -- the model ----------------------------------------------------------------------------------------------

def test_an_unrated_game_scores_colours_and_meets_like_any_game():
    state = derive(example())
    three, four = state[3], state[4]
    assert (three.score, four.score) == (1.5, 1.0)
    assert three.colours == [Colour.WHITE, Colour.BLACK] and four.colours == [Colour.BLACK, Colour.BLACK]
    assert three.opponents_played == [4, 1] and four.opponents_played == [3, 2]
    assert [r.rated_game for r in three.records] == [False, True]
    assert [r.played for r in three.records] == [True, True]


@pytest.mark.parametrize("result", [r for r in Result if not r.was_played])
def test_only_a_played_game_can_be_unrated(result: Result):
    game = Game(1, 1, 2, result, rated=False)
    assert not game.is_unrated and result_code(game) == result.value
    assert all(r.rated for st_ in derive(Tournament(Settings("dutch", 1), [Player(1, "a"), Player(2, "b")],
                                                    [Round(1, [game])])).players.values() for r in st_.records)


# -- the notation -------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "result"), [
    ("1-0 u", Result.WHITE_WINS), ("1-0u", Result.WHITE_WINS), ("½-½ U", Result.DRAW), ("1/2 u", Result.DRAW),
    ("0-1 unrated", Result.BLACK_WINS), ("0-0 u", Result.BOTH_LOSE),
])
def test_unrated_spellings(text: str, result: Result):
    assert parse_game_result(text) == (result, False)


@pytest.mark.parametrize("text", ["1-0", "=", "+/-", "*", "p", "adj", ""])
def test_plain_results_stay_rated(text: str):
    assert parse_game_result(text) == (parse_result(text), True)


@pytest.mark.parametrize("text", ["+/- u", "-/- u", "* u", "p unrated"])
def test_an_unplayed_result_cannot_be_unrated(text: str):
    with pytest.raises(InputError, match="only a game played over the board can be unrated"):
        parse_game_result(text)


@pytest.mark.parametrize("text", ["u", "2-0 u", "xunrated"])
def test_unknown_text_is_quoted_whole(text: str):
    with pytest.raises(InputError, match=f"unknown result {text!r}"):
        parse_game_result(text)


def test_the_dropdown_offers_the_unrated_games_and_every_code_reads_back():
    assert RESULT_CODES[-3:] == ("1-0 u", "½-½ u", "0-1 u")
    for code in RESULT_CODES:
        assert result_code(Game(1, 1, 2, *parse_game_result(code))) == code


@given(st.sampled_from(PLAYED), st.booleans())
def test_code_and_parse_are_inverse(result: Result, rated: bool):
    game = Game(1, 1, 2, result, rated)
    assert parse_game_result(result_code(game)) == (result, rated)


def test_the_revision_hash_sees_the_mark_and_keeps_rated_rounds_as_they_were():
    rated, unrated = Round(1, [Game(1, 1, 2, Result.DRAW)]), Round(1, [Game(1, 1, 2, Result.DRAW, rated=False)])
    assert round_results(rated) == [[1, "½-½"]]
    assert round_results(unrated) == [[1, "½-½ u"]]


# -- TRF ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("name", "trf_format"), [("unrated_games_trf16.trf", TrfFormat.TRF16),
                                                  ("unrated_games_trf26.trf", TrfFormat.TRF26)])
def test_hand_made_files_read_and_round_trip_byte_for_byte(name: str, trf_format: TrfFormat):
    raw = (DATA / name).read_bytes()
    tournament = read_trf(raw.decode("utf-8"))
    assert [(g.white, g.black, g.result, g.rated) for r in tournament.rounds for g in r.games] == [
        (1, 3, Result.WHITE_WINS, False), (4, 2, Result.DRAW, True),
        (2, 1, Result.DRAW, False), (3, 4, Result.BLACK_WINS, False),
    ]
    assert trf_text(tournament, trf_format).encode("utf-8") == raw


@pytest.mark.parametrize(("white", "black"), [("W", "0"), ("1", "L"), ("D", "="), ("=", "D"), ("L", "1")])
def test_white_and_black_must_agree_on_rated(white: str, black: str):
    points = {"1": 1.0, "W": 1.0, "=": 0.5, "D": 0.5}
    text = "\n".join(["XXR 2",
                      player_line(1, "White", [f"   2 w {white}"], points=points.get(white, 0.0)),
                      player_line(2, "Black", [f"   1 b {black}"], points=points.get(black, 0.0))])
    with pytest.raises(TrfError, match="disagree on whether the game is rated") as error:
        read_trf(text)
    assert (error.value.line, error.value.column) == (2, 99)


@given(st.sampled_from(PLAYED), st.booleans(), st.sampled_from(list(TrfFormat)))
def test_every_played_result_keeps_its_rating_through_trf(result: Result, rated: bool, trf_format: TrfFormat):
    tournament = Tournament(Settings("dutch", 2), [Player(1, "One"), Player(2, "Two")],
                            [Round(1, [Game(1, 1, 2, result, rated)])])
    (game,) = read_trf(trf_text(tournament, trf_format)).round(1).games
    assert (game.result, game.rated) == (result, rated)


# -- ratings and tie-breaks ---------------------------------------------------------------------------------

def test_rating_tiebreaks_leave_the_unrated_game_out():
    """Player 3 drew 1 (2000) and beat 4 in an unrated game: only the draw counts for Art. 10."""
    state = derive(example())
    assert compute_tiebreak(state, 3, "ARO").value == 2000  # not (2000 + 1400) / 2
    assert compute_tiebreak(state, 3, "TPR").value == 2000  # 50 %: dp 0
    assert compute_tiebreak(state, 3, "PTP").value == 1997  # the lowest rating expecting ½ against 2000
    assert compute_tiebreak(state, 4, "ARO").value == 1800
    assert compute_tiebreak(state, 4, "TPR").value == 2600  # 100 % against 1800
    tpr_1 = compute_tiebreak(state, 1, "TPR").value
    assert tpr_1 == 1700 + 193  # 1.5 of 2 rated games (75 %) against 1800 and 1600
    assert compute_tiebreak(state, 3, "APRO").value == tpr_1  # only opponent 1 was met in a rated game
    assert compute_tiebreak(state, 3, "APPO").value == compute_tiebreak(state, 1, "PTP").value


def test_the_other_tiebreaks_count_the_unrated_game_as_played():
    state = derive(example())
    assert compute_tiebreak(state, 3, "WON").value == 1
    assert compute_tiebreak(state, 4, "BPG").value == 2
    assert compute_tiebreak(state, 3, "BH").value == state.score(4) + state.score(1)  # no dummy for round 1
    assert compute_tiebreak(state, 3, "SB").value == state.score(4) * 1 + state.score(1) * 0.5


def test_rating_figures_leave_the_unrated_game_out_and_say_so():
    table = rating_figures(derive(example()))
    three = table.players[3]
    assert (three.games, three.score, three.average_opponent, three.performance) == (1, 0.5, 2000, 2000)
    assert three.change == pytest.approx(20 * (0.5 - 0.08))  # We: 0.08 against 2000 (400 points: 0.92 for 2000)
    assert any("marked unrated" in note for note in three.notes)
    assert table.players[2].games == 2 and not any("marked unrated" in n for n in table.players[2].notes)


# -- pairing ------------------------------------------------------------------------------------------------

def test_dutch_sees_the_unrated_game_as_a_meeting_with_colours():
    """Round 1 boards 1-3 and 4-2, both unrated: round 2 pairs neither again, and the colours alternate."""
    players = [Player(t, f"P{t}", 2500 - t) for t in range(1, 5)]

    def after_round_one(rated: bool) -> Tournament:
        games = [Game(1, 1, 3, Result.DRAW, rated), Game(2, 4, 2, Result.DRAW, rated)]
        return Tournament(Settings("dutch", 3), players, [Round(1, games)])

    pairing = DUTCH.pair(after_round_one(False), 2)
    pairs = [(g.white, g.black) for g in pairing.games]
    assert not {frozenset(p) for p in pairs} & {frozenset((1, 3)), frozenset((2, 4))}
    whites, blacks = {w for w, _ in pairs}, {b for _, b in pairs}
    assert whites == {2, 3} and blacks == {1, 4}  # each plays the colour not had in round 1
    assert pairs == [(g.white, g.black) for g in DUTCH.pair(after_round_one(True), 2).games]


# -- the workbook and the command line ----------------------------------------------------------------------

def run(*args: object, ok: bool = True):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output + str(result.exception)
    return result


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text("Name;Elo\nAlice;2100\nBob;2050\nCarl;1900\nDan;1800\n", encoding="utf-8")
    book = tmp_path / "event.xlsx"
    run("new", book, "--system", "dutch", "--rounds", "3", "--players", roster, "--seed", "5")
    run("pair", book)
    return book


def test_result_command_marks_a_game_unrated_and_the_sheet_shows_it(paired: Path):
    out = run("result", paired, "--board", 1, "1-0 u", "--board", 2, "½-½")
    assert "1-0 u" in out.output
    games = load_tournament(OpenpyxlPort(paired)).round(1).games
    assert [(g.result, g.rated) for g in games] == [(Result.WHITE_WINS, False), (Result.DRAW, True)]
    sheet = openpyxl.load_workbook(paired)["Round 1"]
    assert (sheet["G2"].value, sheet["G3"].value) == ("1-0 u", "½-½")


def test_a_mark_typed_in_the_sheet_is_read_back(paired: Path):
    book = openpyxl.load_workbook(paired)
    book["Round 1"]["G2"], book["Round 1"]["G3"] = "0-1 U", "=u"
    book["Round 1"]["G3"].data_type = "s"  # typed into the text-formatted Result column: text, not a formula
    book.save(paired)
    games = load_tournament(OpenpyxlPort(paired)).round(1).games
    assert [(g.result, g.rated) for g in games] == [(Result.BLACK_WINS, False), (Result.DRAW, False)]
    assert {line[98] for line in trf_text(load_tournament(OpenpyxlPort(paired))).splitlines()
            if line.startswith("001")} == {"L", "W", "D"}


def test_an_unrated_forfeit_typed_in_the_sheet_names_its_cell(paired: Path):
    book = openpyxl.load_workbook(paired)
    book["Round 1"]["G3"] = "+/- u"
    book.save(paired)
    out = run("pair", paired, ok=False)
    assert out.exit_code == 65
    assert "Round 1!G3" in out.output and "only a game played over the board can be unrated" in out.output


def test_result_command_refuses_an_unrated_forfeit_and_writes_nothing(paired: Path):
    before = paired.read_bytes()
    out = run("result", paired, "--board", 1, "+/- u", ok=False)
    assert out.exit_code == 65 and "only a game played over the board can be unrated" in out.output
    assert paired.read_bytes() == before


def test_two_copies_that_differ_only_in_the_mark_conflict_and_merge():
    a, b = example(), example()
    b.round(2).games[0].rated = False
    (difference,) = compare(a, b)
    assert (difference.item, difference.a, difference.b, difference.is_conflict) == ("r2b1", "½-½", "½-½ u", True)
    merged, _ = merge(a, b, take_all="B")
    assert merged.round(2).games[0].is_unrated
