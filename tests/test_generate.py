"""The random tournament generator: seeded, reproducible, every record a checker needs, paired by sheetpair."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.app.check import check_tournament
from sheetpair.app.generate import (
    FIDE_SYSTEMS,
    GeneratorSpec,
    generate,
    generate_tournament,
    parse_players,
    tournament_trf,
)
from sheetpair.app.operations import pair_next_round
from sheetpair.app.simulate import ResultModel
from sheetpair.cli import cli
from sheetpair.core.errors import InputError
from sheetpair.core.model import ByeKind, Round, Tournament
from sheetpair.io.trf import read_trf
from sheetpair.pairing.teams import TEAM_SYSTEMS

PINNED = "606c25427b33dffa"
"""The digest of one small event: a change to the generator or the result model shows here first."""

FIDE_MODEL = ResultModel(draw_rate=0.3, forfeit_rate=0.05, bye_rate=0.05, expectation="fide")
BUSY = GeneratorSpec("dutch", (9, 16), 6, FIDE_MODEL, withdraw_rate=0.03, late_entries=2, unrated_share=0.2)


def test_the_same_seed_writes_the_same_file_and_another_seed_another() -> None:
    assert tournament_trf(BUSY, 5, 3) == tournament_trf(BUSY, 5, 3)
    assert tournament_trf(BUSY, 5, 3) != tournament_trf(BUSY, 6, 3)
    assert tournament_trf(BUSY, 5, 3) != tournament_trf(BUSY, 5, 4)


def test_a_file_pins_its_bytes_so_every_machine_writes_the_same() -> None:
    """String seeds go through SHA-512, never ``hash()``: the digest is the same on every machine and run."""
    text = tournament_trf(GeneratorSpec("dutch", (6, 6), 3), 1, 1)
    assert text.count("\r\n001 ") == 6 and "XXR 3" in text
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == PINNED


@pytest.mark.parametrize("system", [s for s in FIDE_SYSTEMS if s not in TEAM_SYSTEMS])
def test_every_fide_system_generates_events_its_checker_reproduces(system: str) -> None:
    """With a late entrant too: in the file they are an absentee (``0000 - Z``) of the rounds before they
    entered, and Dubov, which numbers the players by rating every round, numbers them only once they arrived."""
    spec = GeneratorSpec(system, (7, 14), 5, FIDE_MODEL, withdraw_rate=0.03, late_entries=1, unrated_share=0.1)
    for index in range(1, 7):
        tournament = read_trf(tournament_trf(spec, 2, index))
        assert tournament.settings.system == system and tournament.rounds
        assert all(c.agrees for c in check_tournament(tournament)), (system, index)


def test_byes_withdrawals_late_entries_and_unrated_players_reach_the_file() -> None:
    kinds: set[ByeKind] = set()
    withdrawn = late = unrated = 0
    for index in range(1, 8):
        tournament = read_trf(tournament_trf(BUSY, 1, index))
        kinds |= {b.kind for r in tournament.rounds for b in r.byes}
        withdrawn += sum(p.withdrawn_from is not None for p in tournament.players)
        late += sum(any(b.player == p.tpn and b.kind is ByeKind.ZERO for b in tournament.rounds[0].byes)
                    for p in tournament.players)
        unrated += sum(p.rating == 0 for p in tournament.players)
    assert {ByeKind.HALF, ByeKind.ZERO} <= kinds and withdrawn and late and unrated


def test_fields_are_drawn_within_the_range_and_the_tiebreaks_and_acceleration_are_written() -> None:
    spec = GeneratorSpec("dutch", (10, 12), 5, acceleration="baku", tiebreaks=("BH-C1", "SB"))
    sizes = {len(generate_tournament(spec, 0, index).players) for index in range(1, 12)}
    assert sizes <= {10, 11, 12} and len(sizes) > 1
    text = tournament_trf(spec, 0, 1)
    assert "192 FIDE_DUTCH_BAKU" in text and "202 BH/C1,SB" in text


def test_players_and_rates_outside_their_range_are_refused_naming_the_option() -> None:
    assert parse_players("12") == (12, 12) and parse_players("10-40") == (10, 40)
    for text in ("ten", "10-", "5-x"):
        with pytest.raises(InputError, match="--players"):
            parse_players(text)
    with pytest.raises(InputError, match="--players"):
        GeneratorSpec("dutch", (20, 10), 5)
    with pytest.raises(InputError, match="--withdraw-rate"):
        GeneratorSpec("dutch", (8, 8), 5, withdraw_rate=2.0)


def test_processes_write_the_same_files_as_one_process(tmp_path: Path) -> None:
    one = generate(BUSY, count=4, seed=9, directory=tmp_path / "one", jobs=1)
    two = generate(BUSY, count=4, seed=9, directory=tmp_path / "two", jobs=2)
    assert [p.name for p in one] == [p.name for p in two] == [f"dutch-0000{i}.trf" for i in range(1, 5)]
    assert [p.read_bytes() for p in one] == [p.read_bytes() for p in two]


def test_the_command_writes_count_files_and_a_bad_option_exits_2(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(cli, ["generate", "--system", "dubov", "--count", "3", "--seed", "1", "--players",
                                 "8-12", "--rounds", "4", "--bye-rate", "0.1", "-o", str(tmp_path), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"dubov-0000{i}.trf" for i in range(1, 4)]
    bad = runner.invoke(cli, ["generate", "--system", "dutch", "--count", "1", "--players", "x", "--rounds", "3",
                              "-o", str(tmp_path)])
    assert bad.exit_code != 0 and "--players" in bad.output + bad.stderr
    dask = runner.invoke(cli, ["generate", "--system", "dutch", "--count", "1", "--players", "8", "--rounds", "3",
                               "-o", str(tmp_path), "--executor", "dask"])
    assert dask.exit_code == 2 and "--scheduler" in dask.stderr


def test_another_pairing_plays_the_same_field_absences_and_results() -> None:
    """The pairing is a parameter (another program's engine plays through it, benchmarks/verify_dubov.py):
    each round is asked of it, and given sheetpair's own pairing the event is the default one."""
    asked = []

    def pair(tournament: Tournament) -> Round:
        asked.append(tournament.current_round + 1)
        return pair_next_round(tournament)

    spec = GeneratorSpec("dubov", (9, 9), 4, ResultModel(bye_rate=0.1), late_entries=1)
    assert generate_tournament(spec, 5, 1, pair=pair) == generate_tournament(spec, 5, 1)
    assert asked == [1, 2, 3, 4]
