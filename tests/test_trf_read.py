"""Reading Tournament Report Files: the bbpPairings corpus, pre-assigned byes, every result and bye code."""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

from sheetpair.core.errors import TrfError
from sheetpair.core.model import ByeKind, Colour, Result
from sheetpair.io.trf import load_trf, read_trf

from .conftest import CONFORMANCE, HAVE_FULL_CORPUS, SHARED

BBP_CASES = sorted((CONFORMANCE / "bbp").glob("*/*.trf"))


def _checker():
    """The corpus's own tool, loaded in place beside the full corpus: it builds the engines' input for one round."""
    if not HAVE_FULL_CORPUS:
        pytest.skip("the corpus tool comes with the full reference corpus")
    spec = importlib.util.spec_from_file_location("check_pairings", SHARED / "tools" / "check_pairings.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _pairs(tournament, number):
    rnd = tournament.round(number)
    pairs = [(g.white, g.black) for g in rnd.games]
    pairs += [(b.player, 0) for b in rnd.byes if b.kind is ByeKind.PAB]
    absent = sorted(b.player for b in rnd.byes if b.kind is not ByeKind.PAB)
    return sorted(pairs), absent


@pytest.mark.parametrize("path", BBP_CASES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_bbp_history_reads_as_the_reference_pairings(path: Path) -> None:
    meta = json.loads(path.with_suffix(".json").read_text())
    tournament = load_trf(path)
    reference = meta["ref"][meta["default_ref"]]
    assert len(tournament.players) == meta["players"]
    assert tournament.settings.rounds == meta["rounds"]
    assert tournament.settings.initial_colour is (Colour.WHITE if meta["initial_colour"] == "white1" else Colour.BLACK)
    assert tournament.current_round == meta["rounds"]
    for number in range(1, meta["rounds"] + 1):
        if not meta.get("history_equals_ref", {}).get(str(number), True):
            continue
        pairs, absent = _pairs(tournament, number)
        assert pairs == sorted(map(tuple, reference[str(number)])), f"round {number}"
        assert absent == sorted(meta["absent"].get(str(number), [])), f"round {number}"


@pytest.mark.parametrize("case", ["dutch/d002", "dutch/d010", "dutch/d014"])
def test_engine_input_reads_pre_assigned_byes_as_requested(case: str) -> None:
    tool = _checker()
    trf = tool.read_trf(str(CONFORMANCE / "bbp" / f"{case}.trf"))
    meta = json.loads((CONFORMANCE / "bbp" / f"{case}.json").read_text())
    rounds = meta["rounds"]
    for k in range(1, rounds + 1):
        tournament = read_trf(tool.build_input(trf, k))
        assert tournament.current_round == k - 1
        wanted = tournament.requested_byes.get(k, {})
        assert sorted(wanted) == sorted(meta["absent"].get(str(k), []))
        for tpn, kind in wanted.items():
            code = trf.players[tpn].entries[k].result
            assert kind is {"H": ByeKind.HALF, "Z": ByeKind.ZERO, "F": ByeKind.FULL}[code]


def player_line(tpn, name, rounds, *, sex="", title="", rating="", fed="", fide_id="", birth="", points=0.0):
    """A ``001`` line with every field at its TRF16 columns."""
    head = (
        f"001 {tpn:4d} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide_id:>11} {birth:<10}"
        f" {points:4.1f} {tpn:4d}"
    )
    return head + "".join(f"  {block}" for block in rounds)


HAND_MADE_16 = "\n".join([
    "012 Hand Made Open",
    "XXR 4",
    "XXC black1",
    player_line(1, "Alpha, Adam", ["   2 b 1", "   3 w =", "0000 - H"], sex="m", title="GM", rating=2500,
                fed="NOR", fide_id="1500001", birth="1990/01/01", points=2.0),
    player_line(2, "Bravo, Bea", ["   1 w 0", "   4 b +", "0000 - Z"], sex="w", title="WIM", rating=2300,
                fed="SWE", fide_id="1500002", birth="1995/05/05", points=1.0),
    player_line(3, "Charlie", ["   4 w W", "   1 b =", "0000 - F"], rating=2100, points=2.5),
    player_line(4, "Delta", ["   3 b L", "   2 w -"]),
    player_line(5, "Echo", ["0000 - U", "0000 - H"], points=1.5),
]) + "\n"


def test_hand_made_trf16_reads_every_code() -> None:
    t = read_trf(HAND_MADE_16)
    assert t.settings.rounds == 4 and t.settings.initial_colour is Colour.BLACK
    assert t.settings.event.name == "Hand Made Open"
    alpha = t.player(1)
    assert (alpha.sex, alpha.title, alpha.name, alpha.rating, alpha.federation, alpha.fide_id, alpha.birth_date) == (
        "m", "GM", "Alpha, Adam", 2500, "NOR", "1500001", "1990/01/01",
    )
    assert t.player(2).title == "WIM" and t.player(4).rating == 0
    r1, r2 = t.round(1), t.round(2)
    assert {(g.white, g.black, g.result) for g in r1.games} == {
        (2, 1, Result.BLACK_WINS), (3, 4, Result.WHITE_WINS),
    }
    assert [(b.player, b.kind) for b in r1.byes] == [(5, ByeKind.PAB)]
    assert {(g.white, g.black, g.result) for g in r2.games} == {
        (1, 3, Result.DRAW), (4, 2, Result.BLACK_WINS_BY_FORFEIT),
    }
    assert [(b.player, b.kind) for b in r2.byes] == [(5, ByeKind.HALF)]
    assert t.current_round == 2
    assert t.requested_byes == {3: {1: ByeKind.HALF, 2: ByeKind.ZERO, 3: ByeKind.FULL}}


def test_boards_follow_fide_printed_order() -> None:
    t = read_trf(HAND_MADE_16)
    # Before round 2: 1 has 1 point, 3 has 1, 2 and 4 none -> 1-3 on board 1.
    assert [(g.board, g.white) for g in t.round(2).games] == [(1, 1), (2, 4)]


@pytest.mark.parametrize(
    ("line", "column"),
    [
        ("001    X      Bad", 5),
        ("001    0      Bad", 5),
        ("001    1      Bad                                 2x00", 49),
        (player_line(1, "Bad", ["   2 q 1"]), 97),
        (player_line(1, "Bad", ["   2 w ?"]), 99),
        (player_line(1, "Bad", ["   2 w 1", "  x3 b 0"]), 102),
    ],
)
def test_malformed_player_line_names_line_and_column(line: str, column: int) -> None:
    with pytest.raises(TrfError) as error:
        read_trf("012 X\n" + line + "\n")
    assert error.value.line == 2 and error.value.column == column


def test_one_sided_game_is_refused() -> None:
    text = HAND_MADE_16.replace("     3 b L     2 w -", "     3 b L")
    with pytest.raises(TrfError, match="round 2: player 2 meets 4"):
        read_trf(text)


def test_byes_announced_beyond_the_last_round_are_refused() -> None:
    with pytest.raises(TrfError, match="announced for round 3, but the event has 2 rounds") as error:
        read_trf(HAND_MADE_16.replace("XXR 4", "XXR 2"))
    assert error.value.line == 2


GAME_CODES = [
    ("1", "0", Result.WHITE_WINS), ("0", "1", Result.BLACK_WINS), ("=", "=", Result.DRAW),
    ("W", "L", Result.WHITE_WINS), ("L", "W", Result.BLACK_WINS), ("D", "D", Result.DRAW),
    ("+", "-", Result.WHITE_WINS_BY_FORFEIT), ("-", "+", Result.BLACK_WINS_BY_FORFEIT),
    ("-", "-", Result.DOUBLE_FORFEIT), ("0", "0", Result.BOTH_LOSE), ("=", "0", Result.WHITE_DRAWS_BLACK_LOSES),
    ("0", "=", Result.WHITE_LOSES_BLACK_DRAWS), (" ", " ", Result.NONE),
]


@pytest.mark.parametrize(("white", "black", "result"), GAME_CODES)
def test_every_game_code_pair(white: str, black: str, result: Result) -> None:
    """TRF16 4.1 codes on both lines of a game; ``W D L`` (under one move) are read as played games."""
    points = {"1": 1.0, "W": 1.0, "+": 1.0, "=": 0.5, "D": 0.5}
    text = "\n".join([
        "XXR 2",
        player_line(1, "White", [f"   2 w {white}"], points=points.get(white, 0.0)),
        player_line(2, "Black", [f"   1 b {black}"], points=points.get(black, 0.0)),
    ])
    (game,) = read_trf(text).round(1).games
    assert (game.white, game.black, game.result) == (1, 2, result)


@pytest.mark.parametrize(
    ("code", "kind", "points"),
    [("U", ByeKind.PAB, 1.0), ("+", ByeKind.PAB, 1.0), ("H", ByeKind.HALF, 0.5), ("=", ByeKind.HALF, 0.5),
     ("D", ByeKind.HALF, 0.5), ("F", ByeKind.FULL, 1.0), ("1", ByeKind.FULL, 1.0), ("W", ByeKind.FULL, 1.0),
     ("Z", ByeKind.ZERO, 0.0), ("0", ByeKind.ZERO, 0.0), ("L", ByeKind.ZERO, 0.0), ("-", None, 0.0),
     (" ", None, 0.0)],
)
def test_every_code_without_opponent(code: str, kind: ByeKind | None, points: float) -> None:
    """``0000 - c`` in a played round: a bye of its kind, or (``-``, blank) an absence; ``U``/``+`` and the
    older ``=``/``1``/``0`` spellings as JaVaFo and bbpPairings read them."""
    text = "\n".join([
        "XXR 2",
        player_line(1, "One", ["   2 w 1"], points=1.0),
        player_line(2, "Two", ["   1 b 0"]),
        player_line(3, "Three", [f"0000 - {code}"], points=points),
    ])
    rnd = read_trf(text).round(1)
    assert [(b.player, b.kind) for b in rnd.byes] == ([(3, kind)] if kind else [])


def test_cannot_mix_codes_that_make_no_game() -> None:
    text = "\n".join([player_line(1, "A", ["   2 w 1"], points=1.0), player_line(2, "B", ["   1 b 1"], points=1.0)])
    with pytest.raises(TrfError, match="do not make one game result") as error:
        read_trf(text)
    assert (error.value.line, error.value.column) == (1, 99)


def test_more_rounds_paired_than_planned_are_refused() -> None:
    with pytest.raises(TrfError, match="2 rounds are paired, but the event has 1 rounds") as error:
        read_trf(HAND_MADE_16.replace("XXR 4", "XXR 1"))
    assert error.value.line == 2
