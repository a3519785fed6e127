"""FIDE mode: on by default for the FIDE systems, a workbook setting, warnings that the commands always print."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.app.generate import GeneratorSpec, generate_tournament
from sheetpair.cli import cli
from sheetpair.core.fide_mode import FIDE_SYSTEMS, fide_warnings, is_on
from sheetpair.core.model import Bye, ByeKind, Settings
from sheetpair.pairing.teams import TEAM_SYSTEMS


@pytest.mark.parametrize("system", sorted(FIDE_SYSTEMS - set(TEAM_SYSTEMS)))
def test_fide_mode_is_on_by_default_for_fide_systems_and_a_played_event_is_clean(system: str) -> None:
    assert is_on(Settings(system, 5)) and not is_on(Settings(system, 5, fide_mode=False))
    tournament = generate_tournament(GeneratorSpec(system, (8, 14), 4, late_entries=1), 3, 1)
    assert fide_warnings(tournament) == []


def test_other_systems_are_off_unless_switched_on() -> None:
    assert not is_on(Settings("monrad", 5)) and is_on(Settings("monrad", 5, fide_mode=True))
    assert fide_warnings(generate_tournament(GeneratorSpec("monrad", (8, 8), 2), 0, 1)) == []


def test_a_bye_worth_less_than_a_win_a_full_bye_by_hand_and_numbers_out_of_order_are_warned() -> None:
    tournament = generate_tournament(GeneratorSpec("dutch", (8, 8), 2), 0, 1)
    tournament.settings.bye_value = 0.5
    tournament.rounds[1].byes.append(Bye(tournament.rounds[1].games[-1].black, ByeKind.FULL))
    tournament.players[0], tournament.players[1] = (replace(tournament.players[0], rating=1000),
                                                    tournament.players[1])
    warnings = fide_warnings(tournament, trf_format="trf16")
    assert [w.split(":")[1].split()[0:2] for w in warnings] == [
        ["the", "pairing-allocated"], ["start", "numbers"], ["player", str(tournament.rounds[1].byes[-1].player)],
        ["FIDE", "requires"]]
    tournament.settings.fide_mode = False
    assert fide_warnings(tournament, trf_format="trf16") == []


def test_the_setting_is_kept_in_the_workbook_and_pair_prints_the_warnings(tmp_path: Path) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("Name,Rating\n" + "".join(f"P{i},{2000 - 10 * i}\n" for i in range(8)), encoding="utf-8")
    book = tmp_path / "open.xlsx"
    runner = CliRunner()
    made = runner.invoke(cli, ["new", str(book), "--system", "dutch", "--rounds", "3", "--players", str(roster),
                               "--bye-value", "0.5", "--seed", "1"])
    assert made.exit_code == 0, made.output
    paired = runner.invoke(cli, ["pair", str(book)])
    assert paired.exit_code == 0 and "Warning: FIDE mode: the pairing-allocated bye" in paired.stderr
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Settings"]
    row = next(r for r in sheet.iter_rows() if r[0].value == "fide_mode")
    assert row[1].value is None  # the default: on for a FIDE system
    row[1].value = "no"
    workbook.save(book)
    runner.invoke(cli, ["undo", str(book)], input="y\n")
    again = runner.invoke(cli, ["pair", str(book)])
    assert again.exit_code == 0 and "FIDE mode" not in again.stderr
    exported = runner.invoke(cli, ["export", str(book), "--trf", str(tmp_path / "e.trf"), "--format", "trf16"])
    assert exported.exit_code == 0 and "FIDE mode" not in exported.stderr
