"""A season checked: folders and patterns of TRF files, any executor, one bad file never stopping the rest."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.app.season import FileCheck, SeasonSummary, check_file, check_season, trf_files
from sheetpair.cli import cli
from sheetpair.core.errors import InputError

from .conftest import CONFORMANCE

DUTCH = CONFORMANCE / "bbp" / "dutch"
REAL = CONFORMANCE / "trf-real"
CASES = ("d025", "d127", "d211")


@pytest.fixture
def season(tmp_path: Path) -> Path:
    """Three generated Dutch events, a real one, a team event (re-paired with the team Swiss) and a broken file."""
    folder = tmp_path / "season"
    (folder / "spring").mkdir(parents=True)
    for case in CASES:
        shutil.copy(DUTCH / f"{case}.trf", folder / f"{case}.trf")
    shutil.copy(REAL / "javafo_example_gros2010.trf", folder / "spring" / "gros.TRF")
    shutil.copy(REAL / "trf26_team_small.trf", folder / "team.trf")
    (folder / "broken.trf").write_text("001    1 this is not a player line\n", encoding="utf-8")
    (folder / "notes.txt").write_text("not a TRF file\n", encoding="utf-8")
    return folder


def test_a_folder_gives_its_trf_files_and_subfolders(season: Path) -> None:
    names = [p.name for p in trf_files(str(season))]
    assert names == ["broken.trf", "d025.trf", "d127.trf", "d211.trf", "gros.TRF", "team.trf"]
    assert [p.name for p in trf_files(str(season / "d*.trf"))] == ["d025.trf", "d127.trf", "d211.trf"]
    assert [p.name for p in trf_files(str(season / "**" / "*.TRF"))] == ["gros.TRF"]
    with pytest.raises(InputError, match="no file matches"):
        trf_files(str(season / "*.xyz"))
    with pytest.raises(InputError, match="holds no .trf file"):
        trf_files(str(_empty(season)))


def _empty(season: Path) -> Path:
    empty = season / "empty"
    empty.mkdir()
    return empty


def test_one_file_is_checked_as_the_single_file_command_checks_it(season: Path) -> None:
    """bbp's generated events are paired by the 2026 Dutch rules: every round agrees."""
    verdict = check_file(str(season / "d025.trf"))
    assert verdict == FileCheck(str(season / "d025.trf"), "dutch", 5, ())
    result = CliRunner().invoke(cli, ["check", str(season / "d025.trf"), "--json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["agree"] == verdict.rounds


def test_a_bad_file_is_a_reason_not_an_error(season: Path) -> None:
    team = check_file(str(season / "team.trf"))  # a fixture whose two players are team-mates who meet
    assert team == FileCheck(str(season / "team.trf"), "team-swiss", 1, (1,))
    broken = check_file(str(season / "broken.trf"))
    assert not broken.checked and broken.reason
    missing = check_file(str(season / "gone.trf"))
    assert not missing.checked and "gone.trf" in str(missing.reason)
    unknown = check_file(str(season / "d025.trf"), "no-such-system")
    assert not unknown.checked and "unknown pairing system" in str(unknown.reason)


def test_the_verdicts_do_not_depend_on_the_executor(season: Path) -> None:
    paths = trf_files(str(season))
    here = check_season(paths, jobs=1)
    assert check_season(paths, jobs=2) == here
    assert [r.checked for r in here] == [False, True, True, True, True, True]
    pytest.importorskip("distributed", reason="the dask executor needs the extra sheetpair[cluster]")
    from distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None) as cluster:  # type: ignore[no-untyped-call]
        assert check_season(paths, executor="dask", scheduler=cluster.scheduler_address) == here


def test_the_command_checks_a_folder_and_never_stops(season: Path, tmp_path: Path) -> None:
    report = tmp_path / "season.json"
    result = CliRunner().invoke(cli, ["check", str(season), "--system", "auto", "--jobs", "2",
                                      "--report", str(report)])
    assert result.exit_code == 1, result.output  # a file cannot be checked, a team file's round differs
    assert "team.trf: rounds 1 differ (team-swiss)" in result.stdout and "broken.trf: not checked" in result.stdout
    assert result.stdout.splitlines()[-6].split() == ["files", "6"]
    data = json.loads(report.read_text(encoding="utf-8"))
    assert (data["files"], data["checked"]) == (6, 5)
    assert data["rounds"] == SeasonSummary.of(check_season(trf_files(str(season)), jobs=1)).rounds
    assert {r["file"].rsplit("/", 1)[-1]: "reason" in r for r in data["results"]}["broken.trf"]


def test_the_html_report_lists_every_file(season: Path, tmp_path: Path) -> None:
    page = tmp_path / "season.html"
    result = CliRunner().invoke(cli, ["check", str(season / "d*.trf"), "--jobs", "1", "--report", str(page)])
    assert result.exit_code == 0, result.output
    text = page.read_text(encoding="utf-8")
    assert all(f"{case}.trf" in text for case in CASES) and "<script" not in text


def test_json_on_stdout_for_a_folder(season: Path) -> None:
    result = CliRunner().invoke(cli, ["check", str(season / "d*.trf"), "--jobs", "1", "--json"])
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["files"] == data["checked"] == 3 and data["differing_rounds"] == 0
    assert [r["differing"] for r in data["results"]] == [[], [], []]


def test_bad_requests_name_the_option(season: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    nothing = runner.invoke(cli, ["check", str(season / "*.xyz")])
    assert nothing.exit_code == 2 and "no file matches" in nothing.stderr
    no_scheduler = runner.invoke(cli, ["check", str(season), "--executor", "dask"])
    assert no_scheduler.exit_code == 2 and "--scheduler" in no_scheduler.stderr
    wrong_report = runner.invoke(cli, ["check", str(season), "--report", "out.pdf"])
    assert wrong_report.exit_code == 2 and "--report" in wrong_report.stderr
    monkeypatch.setitem(sys.modules, "distributed", None)
    no_dask = runner.invoke(cli, ["check", str(season), "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1"])
    assert no_dask.exit_code == 2 and "sheetpair[cluster]" in no_dask.stderr
