"""The checker checks standings too: declared points and ranks against the results and the tie-breaks, each
difference with its line and column, and one exit code per verdict."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from sheetpair.app.files import load_for_check
from sheetpair.app.generate import GeneratorSpec, generate, tournament_trf
from sheetpair.app.season import check_file
from sheetpair.app.simulate import ResultModel
from sheetpair.app.standings_check import check_standings
from sheetpair.cli import cli
from sheetpair.cli.standings_check import STANDINGS_DIFFER
from sheetpair.io.trf import read_trf
from sheetpair.io.trf_declared import declared_standings

SPEC = GeneratorSpec("dutch", (8, 14), 5, ResultModel(forfeit_rate=0.03, bye_rate=0.05, expectation="fide"),
                     withdraw_rate=0.02, late_entries=1, unrated_share=0.05, tiebreaks=("BH-C1", "BH", "SB"))


def _event(tmp_path: Path, edit: tuple[int, int, str] | None = None) -> Path:
    """A generated event; ``edit`` writes ``text`` at (start number, column) of that player's line."""
    lines = tournament_trf(SPEC, 4, 1).split("\r\n")
    if edit is not None:
        tpn, column, text = edit
        index = next(i for i, line in enumerate(lines) if line.startswith("001") and int(line[4:8]) == tpn)
        line = lines[index]
        lines[index] = line[: column - 1] + text + line[column - 1 + len(text):]
    path = tmp_path / "event.trf"
    path.write_text("\r\n".join(lines), encoding="utf-8")
    return path


def _line_of(path: Path, tpn: int) -> int:
    return declared_standings(path.read_text(encoding="utf-8"))[tpn].line


def test_a_file_whose_standings_agree_exits_0_and_says_so(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(_event(tmp_path)), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["standings"] == {"agree": True, "issues": []}


def test_wrong_points_are_reported_with_line_and_column_81(tmp_path: Path) -> None:
    path = _event(tmp_path, (3, 81, "99.0"))
    result = CliRunner().invoke(cli, ["check", str(path), "--json"])
    assert result.exit_code == STANDINGS_DIFFER, result.output
    issues = json.loads(result.stdout)["standings"]["issues"]
    points = [i for i in issues if i["kind"] == "points"]
    assert points == [{"kind": "points", "player": 3, "holder": "player", "declared": "99",
                       "expected": points[0]["expected"], "line": _line_of(path, 3), "column": 81,
                       "message": points[0]["message"]}]
    assert points[0]["message"].startswith(f"line {_line_of(path, 3)}, column 81: player 3")
    words = CliRunner().invoke(cli, ["check", str(path)])
    assert "Standings: line" in words.stdout and "declared value(s) differ" in words.stdout


def test_a_wrong_rank_is_reported_with_column_86(tmp_path: Path) -> None:
    tournament, declared = load_for_check(_event(tmp_path), None)
    last = max(d.rank or 0 for d in declared.values())
    top = next(d.tpn for d in declared.values() if d.rank == 1)
    path = _event(tmp_path, (top, 86, f"{last:4d}"))
    tournament, declared = load_for_check(path, None)
    issues = check_standings(tournament, declared)
    assert [(i.kind, i.player, i.column, i.line) for i in issues] == [("rank", top, 86, _line_of(path, top))]
    assert CliRunner().invoke(cli, ["check", str(path)]).exit_code == STANDINGS_DIFFER


def test_players_tied_on_everything_may_stand_in_either_order() -> None:
    text = tournament_trf(GeneratorSpec("dutch", (6, 6), 1, tiebreaks=()), 0, 2)
    tournament = read_trf(text)
    declared = declared_standings(text)
    swapped = {tpn: d.__class__(tpn, d.points, len(declared) + 1 - d.rank if d.rank else None, d.line)
               for tpn, d in declared.items()}
    winners = [tpn for tpn, d in declared.items() if d.points == 1]
    assert len(winners) > 1 and not [i for i in check_standings(tournament, swapped) if i.player in winners
                                     and swapped[i.player].rank in range(1, len(winners) + 1)]


def test_pairings_differ_exits_1_and_an_unreadable_file_65(tmp_path: Path) -> None:
    path = _event(tmp_path)
    assert CliRunner().invoke(cli, ["check", str(path), "--system", "monrad"]).exit_code == 1
    broken = tmp_path / "broken.trf"
    broken.write_text("001    1      A                                  2000                             x.x    1\r\n")
    result = CliRunner().invoke(cli, ["check", str(broken)])
    assert result.exit_code == 65 and "line 1" in result.stderr


def test_200_sheetpair_tournaments_check_clean_round_trip(tmp_path: Path) -> None:
    """Way (a) of the verification without the external engine: sheetpair's generator, sheetpair's checker."""
    spec = GeneratorSpec("dutch", (6, 12), 5, ResultModel(forfeit_rate=0.03, bye_rate=0.03, expectation="fide"),
                         withdraw_rate=0.01, late_entries=1, unrated_share=0.05)
    paths = generate(spec, count=200, seed=2026, directory=tmp_path, jobs=1)
    bad = []
    for path in paths:
        verdict = check_file(str(path))
        tournament, declared = load_for_check(path, None)
        if verdict.differing or verdict.reason or check_standings(tournament, declared):
            bad.append(path.name)
    assert bad == []

