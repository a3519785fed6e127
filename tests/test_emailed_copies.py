"""The arbiters' emailed copies merged item by item (issue 21, case 1): a correction, a round's results and a
late entry made in two copies combine without ``--take``; two halls' late entries both stay, numbered apart
the same way whichever copy comes first; a round undone and a result cleared are changes, not absences."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from click.testing import Result as Invocation

from sheetpair.app.session import load
from sheetpair.cli import cli
from sheetpair.core.model import ByeKind, Result, Tournament
from sheetpair.io.openpyxl_port import OpenpyxlPort

ROSTER = "Name,Rating\n" + "".join(f"{name},{2300 - 50 * n}\n" for n, name in enumerate(
    ["Ada", "Ben", "Cyd", "Dee", "Eve", "Fox", "Gil", "Hub", "Ivy", "Jon"]))
BOARDS = (1, 2, 3, 4, 5)
PLAYED = ("1-0", "½-½", "0-1", "1-0", "½-½")


def run(*args: object, code: int = 0) -> Invocation:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output + repr(result.exception)
    return result


def event(path: Path) -> Tournament:
    return load(OpenpyxlPort(path))


@pytest.fixture(scope="module")
def round_five(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An event of ten players with rounds 1-4 played and round 5 paired."""
    folder = tmp_path_factory.mktemp("master")
    roster = folder / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    path = folder / "master.xlsx"
    run("new", path, "--system", "dutch", "--rounds", "7", "--players", roster, "--seed", "3")
    for _ in range(4):
        run("pair", path)
        run("result", path, *[x for board, code in zip(BOARDS, PLAYED, strict=True) for x in ("--board", board, code)])
    run("pair", path)
    return path


@pytest.fixture
def copies(round_five: Path, tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "chief.xlsx", tmp_path / "deputy.xlsx"
    shutil.copyfile(round_five, a)
    shutil.copyfile(round_five, b)
    return a, b


def diff(a: Path, b: Path) -> dict[str, dict[str, str]]:
    return {d["item"]: d for d in json.loads(run("diff", a, b, "--json", code=1).stdout)}


def test_results_in_one_copy_a_correction_and_a_late_entry_in_the_other_merge_without_take(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("result", a, *[x for board in BOARDS for x in ("--board", board, "0-1")], "--arbiter", "Chief")
    run("result", b, "--round", "4", "--board", "2", "0-1", "--force", "--arbiter", "Deputy")
    run("enter", b, "--name", "Gus", "--rating", "1600", "--arbiter", "Deputy")
    found = diff(a, b)
    assert sorted(found) == ["player11", "r4b2", *(f"r5b{board}" for board in BOARDS)]
    assert found["player11"]["from"] == "B" and "round 1 (zero)" in found["player11"]["text"]
    assert "round 5 (zero)" in found["player11"]["text"]
    assert found["r4b2"]["from"] == "B" and found["r4b2"]["text"] == "round 4 board 2: result changed in B"
    assert all(found[f"r5b{board}"]["from"] == "A" for board in BOARDS)
    for first, second in ((a, b), (b, a)):
        target = tmp_path / f"merged-{first.stem}.xlsx"
        run("merge", first, second, "-o", target)
        merged = event(target)
        assert merged.player(11).name == "Gus"
        assert all(any(bye.player == 11 and bye.kind is ByeKind.ZERO for bye in rnd.byes) for rnd in merged.rounds)
        assert merged.round(4).game_on_board(2).result is Result.BLACK_WINS  # type: ignore[union-attr]
        assert [g.result for g in merged.round(5).games] == [Result.BLACK_WINS] * len(BOARDS)


def test_two_halls_entering_one_late_player_each_keep_both_numbered_apart_in_either_order(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("enter", a, "--name", "Gus", "--rating", "1600", "--arbiter", "Hall 1")
    run("enter", b, "--name", "Hal", "--rating", "1500", "--arbiter", "Hall 2")
    found = diff(a, b)
    assert found["player11"]["from"] == "A" and found["player12"]["from"] == "B"
    assert "renumbered 12" in found["player12"]["text"]
    rosters = []
    for first, second in ((a, b), (b, a)):
        target = tmp_path / f"merged-{first.stem}.xlsx"
        run("merge", first, second, "-o", target)
        merged = event(target)
        rosters.append([(p.tpn, p.name) for p in merged.players])
        assert all({bye.player for bye in rnd.byes} >= {11, 12} for rnd in merged.rounds)
    assert rosters[0] == rosters[1] and rosters[0][-2:] == [(11, "Gus"), (12, "Hal")]  # Gus was entered first


def test_a_round_the_chief_arbiter_undid_is_not_brought_back(copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("undo", a, "--yes", "--arbiter", "Chief")
    run("withdraw", a, "3", "--from-round", "5", "--arbiter", "Chief")
    found = diff(a, b)
    assert found["round5"]["from"] == "A" and found["round5"]["text"] == "round 5 undone in A"
    assert found["withdrawal.p3"]["from"] == "A"
    for first, second in ((a, b), (b, a)):
        target = tmp_path / f"merged-{first.stem}.xlsx"
        run("merge", first, second, "-o", target)
        merged = event(target)
        assert merged.current_round == 4 and merged.player(3).withdrawn_from == 5


def test_a_round_undone_in_one_copy_and_played_on_in_the_other_is_a_conflict(copies: tuple[Path, Path]) -> None:
    a, b = copies
    run("undo", a, "--yes")
    run("result", b, "--board", "1", "1-0")
    assert diff(a, b)["round5"]["conflict"]


def test_a_cleared_result_stays_cleared_and_a_result_changed_in_both_is_a_conflict(
        copies: tuple[Path, Path], tmp_path: Path) -> None:
    a, b = copies
    run("result", a, "--round", "4", "--board", "1", "", "--force")
    run("result", b, "--board", "3", "0-1")
    run("result", a, "--round", "3", "--board", "2", "0-1", "--force")
    run("result", b, "--round", "3", "--board", "2", "1-0", "--force")
    found = diff(a, b)
    assert found["r4b1"]["from"] == "A" and found["r4b1"]["text"] == "round 4 board 1: result cleared in A"
    assert found["r5b3"]["from"] == "B" and found["r3b2"]["conflict"]
    target = tmp_path / "merged.xlsx"
    run("merge", b, a, "-o", target, "--take", "r3b2=B")  # B of this merge is the chief's copy
    merged = event(target)
    assert merged.round(4).game_on_board(1).result is Result.NONE  # type: ignore[union-attr]
    assert merged.round(3).game_on_board(2).result is Result.BLACK_WINS  # type: ignore[union-attr]
    assert merged.round(5).game_on_board(3).result is Result.BLACK_WINS  # type: ignore[union-attr]


def test_a_third_hall_merged_later_keeps_its_entry_too(copies: tuple[Path, Path], tmp_path: Path) -> None:
    """The entries are known by name in the journal: one renumbered by an earlier merge is still an entry."""
    a, b = copies
    c = tmp_path / "hall-3.xlsx"
    shutil.copyfile(a, c)
    for copy, name in ((a, "Gus"), (b, "Hal"), (c, "Ida")):
        run("enter", copy, "--name", name, "--rating", "1500")
    run("result", a, *[x for board in BOARDS for x in ("--board", board, "0-1")])  # a long merge entry below
    run("merge", b, a, "-o", a)  # Hal is entered after Gus: he becomes 12 in the master
    run("merge", c, a, "-o", a)
    assert [(p.tpn, p.name) for p in event(a).players][-3:] == [(11, "Gus"), (12, "Hal"), (13, "Ida")]
