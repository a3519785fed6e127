"""The import, export and check commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from sheetpair.app.interchange import export_trf, read_event, trf_text
from sheetpair.app.session import write
from sheetpair.cli import cli
from sheetpair.core.model import Result
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.trf import load_trf, read_trf
from sheetpair.io.trf_declared import declared_standings
from sheetpair.io.trf_records import TrfFormat
from sheetpair.io.workbook import load_tournament

from .conftest import CONFORMANCE, REPO
from .test_check import round_robin
from .test_trf_roundtrip import HAND_MADE_26
from .trf_strategies import tournaments

REAL = CONFORMANCE / "trf-real"
DATA = REPO / "tests" / "data"


def run(*args: object, ok: bool = True):
    result = CliRunner().invoke(cli, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output + str(result.exception)
    return result


@pytest.mark.parametrize("name", ["cr_international_chessopen_graz_2026_a_r09.trf", "lichess_2020_FaLp5fSD.trf",
                                  "javafo_example_gros2010.trf"])
def test_a_trf_imports_into_a_workbook_and_exports_back(tmp_path: Path, name: str) -> None:
    book, out = tmp_path / "event.xlsx", tmp_path / "out.trf"
    imported = run("import", REAL / name, "-o", book)
    assert "from a TRF16" in imported.output  # detected, not asked
    original = load_trf(REAL / name)
    in_book = load_tournament(OpenpyxlPort(book))
    assert in_book == read_event(REAL / name).tournament
    assert [r for r in in_book.preserved_records if not r.startswith("SPR ")] == original.preserved_records
    run("export", book, "--trf", out)
    assert read_event(out).tournament == in_book
    run("export", book, "--trf", tmp_path / "old.trf", "--format", "trf16")
    assert (tmp_path / "old.trf").read_bytes().decode() == trf_text(in_book, TrfFormat.TRF16)


def _ranks(path: Path) -> dict[int, int]:
    return {tpn: d.rank for tpn, d in declared_standings(path.read_text(encoding="utf-8")).items() if d.rank}


GRAZ = REAL / "cr_international_chessopen_graz_2026_a_r09.trf"
UNIQUE_RANKS = DATA / "unique_ranks_no_tiebreaks.trf"


@pytest.mark.parametrize("source", [UNIQUE_RANKS, GRAZ], ids=["fixture", "graz"])
def test_the_declared_ranks_survive_import_and_export(tmp_path: Path, source: Path) -> None:
    """A file's unique ranks (players tied on points, no tie-break list) come back as declared, not as the
    shared ranks sheetpair computes."""
    if not source.exists():
        pytest.skip("the real-file corpus is not here")
    book, out = tmp_path / "event.xlsx", tmp_path / "out.trf"
    run("import", source, "-o", book)
    run("export", book, "--trf", out)
    declared = _ranks(source)
    assert len(declared) == len(set(declared.values()))  # unique, though players tie on points
    assert _ranks(out) == declared
    assert read_trf(out.read_text(encoding="utf-8")) == read_trf(source.read_text(encoding="utf-8"))


def test_a_changed_result_brings_the_computed_ranks_back(tmp_path: Path) -> None:
    book, out = tmp_path / "event.xlsx", tmp_path / "out.trf"
    run("import", UNIQUE_RANKS, "-o", book)
    run("result", book, "--board", 1, "1-0")  # round 2, board 1: 1-2 drawn before, now Bravo wins as White
    run("export", book, "--trf", out)
    assert _ranks(out) == {2: 1, 1: 2, 3: 3, 4: 3}  # Charlie and Delta tied, no tie-break: one shared rank
    run("result", book, "--board", 1, "½-½")  # back to the imported results: the declared ranks are back
    run("export", book, "--trf", out)
    assert _ranks(out) == _ranks(UNIQUE_RANKS)


def test_ranks_are_kept_only_when_they_say_more_than_the_standings(tmp_path: Path) -> None:
    """Ranks sheetpair computes anyway, a rank column without numbers and a stray ``SPR`` line keep nothing."""
    text = UNIQUE_RANKS.read_text(encoding="utf-8")
    source = tmp_path / "in.trf"
    shared = text.replace("1.5    2", "1.5    1").replace("0.5    4", "0.5    3")
    for variant in (shared, text.replace("1.5    2", "1.5   x2"), shared + "SPR 0123456789abcdef 1:4 2:3 3:2 4:1\r\n"):
        source.write_text(variant, encoding="utf-8")
        assert not [r for r in read_event(source).tournament.preserved_records if r.startswith("SPR")]
    source.write_text(text, encoding="utf-8")
    assert [r[21:] for r in read_event(source).tournament.preserved_records] == ["1:2 2:1 3:3 4:4"]


def test_kept_records_and_forbidden_pairs_survive_the_workbook(tmp_path: Path) -> None:
    source, book = tmp_path / "in.trf", tmp_path / "event.xlsx"
    source.write_text(HAND_MADE_26, encoding="utf-8")
    run("import", source, "-o", book)
    in_book = load_tournament(OpenpyxlPort(book))
    assert in_book.preserved_records and in_book.forbidden_pairs == {frozenset((1, 4))}
    assert in_book == read_event(source).tournament  # read_trf(HAND_MADE_26) and its declared ranks


def test_a_roster_imports_with_the_chosen_system(tmp_path: Path) -> None:
    roster, book = tmp_path / "players.csv", tmp_path / "event.xlsx"
    roster.write_text("Name;Elo;FED\nAnna;2100;NOR\nBert;2000;SWE\nCleo;1900;DEN\n", encoding="utf-8")
    run("import", roster, "-o", book, "--system", "berger")
    tournament = load_tournament(OpenpyxlPort(book))
    assert sorted(p.name for p in tournament.players) == ["Anna", "Bert", "Cleo"]
    assert tournament.settings.system == "berger" and tournament.settings.rounds == 3


def test_bad_input_gives_a_clear_error_and_no_file(tmp_path: Path) -> None:
    bad, book = tmp_path / "bad.trf", tmp_path / "event.xlsx"
    bad.write_text(HAND_MADE_26.replace("   2 b 1", "   2 q 1"), encoding="utf-8")
    out = run("import", bad, "-o", book, ok=False)
    assert out.exit_code == 65 and "line 8, column 97: colour is w, b or -" in out.output
    roster = tmp_path / "players.csv"
    roster.write_text("Name,Rating\nAnna,lots\n", encoding="utf-8")
    rows = run("import", roster, "-o", book, "--system", "berger", ok=False)
    assert rows.exit_code == 65 and "line 2: rating 'lots'" in rows.output
    assert not book.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["bad.trf", "players.csv"]


def test_import_never_overwrites(tmp_path: Path) -> None:
    book = tmp_path / "event.xlsx"
    book.write_bytes(b"precious")
    out = run("import", REAL / "lichess_2020_QLMFFLBq.trf", "-o", book, ok=False)
    assert out.exit_code == 4 and book.read_bytes() == b"precious"


def test_check_agrees_on_a_round_robin_and_reports_a_wrong_round(tmp_path: Path) -> None:
    tournament = round_robin()
    good = tmp_path / "good.trf"
    export_trf(tournament, good)
    out = run("check", good)
    assert "\n7 of 7 rounds agree with berger.\nStandings: every declared" in out.output
    game = tournament.round(3).games[0]
    game.white, game.black = game.black, game.white
    wrong = tmp_path / "wrong.trf"
    export_trf(tournament, wrong)
    text = run("check", wrong, ok=False)
    assert text.exit_code == 1 and "Round 3: DIFFERS" in text.output
    assert f"only recorded: {game.white}-{game.black}; only berger: {game.black}-{game.white}" in text.output
    report = json.loads(run("check", wrong, "--json", ok=False).output)
    assert (report["system"], report["agree"], report["differ"]) == ("berger", 6, 1)
    (third,) = [r for r in report["rounds"] if not r["agrees"]]
    assert third["round"] == 3 and third["only_recorded"] == [[game.white, game.black]]


def test_check_reads_a_workbook_too(tmp_path: Path) -> None:
    source, book = tmp_path / "rr.trf", tmp_path / "rr.xlsx"
    export_trf(round_robin(), source)
    run("import", source, "-o", book)
    assert "7 of 7 rounds agree" in run("check", book, "--system", "berger").output
    unknown = run("check", book, "--system", "nonesuch", ok=False)
    assert unknown.exit_code == 2 and "dutch" in unknown.output  # the choices are listed


def test_export_warns_about_games_without_result(tmp_path: Path) -> None:
    tournament = round_robin()
    for game in tournament.round(7).games:
        game.result = Result.NONE
    source, book = tmp_path / "rr.trf", tmp_path / "rr.xlsx"
    export_trf(tournament, source)
    run("import", source, "-o", book)
    out = run("export", book, "--trf", tmp_path / "out.trf")
    assert "round(s) 7 have games without a result" in out.output


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(tournament=tournaments())
def test_whatever_a_trf_holds_the_workbook_holds(tmp_path: Path, tournament) -> None:
    """Import writes a workbook: every player field, round, bye, requested bye, forbidden pair, setting and
    kept record of a random tournament comes back from the workbook unchanged."""
    path = tmp_path / "event.xlsx"
    path.unlink(missing_ok=True)
    port = OpenpyxlPort(path, create=True)
    write(port, tournament)
    port.save()
    assert load_tournament(OpenpyxlPort(path)) == tournament
