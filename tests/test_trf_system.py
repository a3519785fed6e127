"""A TRF names its pairing system in record 092 (free text, TRF16) or 192 (ETT26 code, TRF26); sheetpair
imports the event with that system, and the Baku codes switch the acceleration on."""

from __future__ import annotations

import pytest

from sheetpair.io.trf import read_trf
from sheetpair.io.trf_records import system_for_event_type

PLAYERS = (
    "001    1      Alpha                             1900                             0.0     \n"
    "001    2      Beta                              1800                             0.0     \n"
)


@pytest.mark.parametrize(("text", "system"), [
    ("Individual: Swiss-System, FIDE Dubov", "dubov"), ("Swiss (Burstein)", "burstein"), ("Lim system", "lim"),
    ("Round Robin", "berger"), ("FIDE_DUTCH_2025", "dutch"), ("Norwegian Monrad", "norwegian-monrad"),
    ("Individual: Swiss-System", None), ("Limassol Open", None),
])
def test_record_092_names_the_system(text: str, system: str | None) -> None:
    assert system_for_event_type(text) == system


def test_a_trf16_dubov_event_imports_as_dubov() -> None:
    assert read_trf("012 Spring\n092 Individual: Swiss-System (Dubov)\n" + PLAYERS).settings.system == "dubov"


def test_an_ett26_baku_code_switches_the_acceleration_on() -> None:
    settings = read_trf("012 Spring\n192 FIDE_BURSTEIN_BAKU\n" + PLAYERS).settings
    assert settings.system == "burstein" and settings.options == {"acceleration": "baku"}
