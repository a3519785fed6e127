"""Fuzzing the three readers: every input reads, or fails with the reader's own error naming the place.

A TRF fails with :class:`TrfError` naming a line, a CSV roster with :class:`InputError` naming a line, a
workbook with :class:`WorkbookError` naming a sheet (and a cell) or, for a file that is no workbook, the
file. Anything else (an IndexError, a KeyError, openpyxl's own errors) is a bug.

The suite runs a few hundred inputs per reader. For a long run set ``SHEETPAIR_FUZZ_EXAMPLES``::

    SHEETPAIR_FUZZ_EXAMPLES=100000 python -m pytest -q -n0 tests/test_fuzz_readers.py

``tests/fuzz/atheris_readers.py`` drives the same checks from coverage-guided byte input (docs/robustness.md).
"""

from __future__ import annotations

import datetime as dt
import os
import tempfile
from pathlib import Path

import openpyxl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.core.errors import InputError, TrfError, WorkbookError
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.port import CONTROL_CHARACTERS, CellValue
from sheetpair.io.roster import read_roster_text
from sheetpair.io.trf import read_trf
from sheetpair.io.workbook import ROUND_HEADER, load_tournament

from .safety_support import tournament, write_event
from .test_trf_read import HAND_MADE_16

EXAMPLES = int(os.environ.get("SHEETPAIR_FUZZ_EXAMPLES", "0"))
FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=not EXAMPLES)


def examples(default: int) -> settings:
    return settings(FUZZ, max_examples=EXAMPLES or default)


CHARACTERS = st.characters(codec="utf-8") | st.sampled_from("\x00\x0b\x1b\t\r\n;,\"'=+-@½")
ROSTER = "Name;Elo;Fed;FIDE ID;Title;Birth date;Sex\nAlpha, Adam;2500;NOR;1500001;GM;1990/01/01;m\nBravo;;SWE;;;;w\n"


def mutated(text: str) -> st.SearchStrategy[str]:
    """``text`` with a few characters replaced, inserted or deleted."""
    edit = st.tuples(st.integers(0, len(text)), st.sampled_from(["replace", "insert", "delete"]),
                     st.text(CHARACTERS, min_size=1, max_size=3))

    def apply(edits: list[tuple[int, str, str]]) -> str:
        result = text
        for where, how, what in edits:
            where = min(where, len(result))
            if how == "replace":
                result = result[:where] + what + result[where + len(what):]
            elif how == "insert":
                result = result[:where] + what + result[where:]
            else:
                result = result[:where] + result[where + len(what):]
        return result

    return st.lists(edit, min_size=1, max_size=4).map(apply)


@examples(300)
@given(mutated(HAND_MADE_16) | st.text(CHARACTERS, max_size=400))
def test_trf_reader(text: str) -> None:
    try:
        read_trf(text)
    except TrfError as error:
        assert error.line is not None or "team" in str(error) or "no player" in str(error), str(error)


@examples(300)
@given(mutated(ROSTER) | st.text(CHARACTERS, max_size=300))
def test_csv_roster_reader(text: str) -> None:
    try:
        players = read_roster_text(text, source="roster.csv")
    except InputError as error:
        assert str(error).startswith("roster.csv"), str(error)
    else:
        # a player is named, or is a FIDE id alone (a list of ids, named from the FIDE list later)
        assert all((p.name or p.fide_id) and "\x0b" not in p.name for p in players)


VALUES: st.SearchStrategy[CellValue] = st.one_of(
    st.none(), st.text(CHARACTERS, max_size=12), st.integers(-5, 50_000),
    st.floats(allow_nan=False, allow_infinity=False),
    st.datetimes(min_value=dt.datetime(1901, 1, 1), max_value=dt.datetime(2100, 1, 1)),
    st.sampled_from(["1-0", "½-½", "0-1", "+/-", "1/2", "bye (half point, requested)", "=A1", "TPN", "Name"]),
)


@st.composite
def edits(draw: st.DrawFn) -> list[tuple[str, str, CellValue]]:
    """A few cells of a sheetpair workbook overwritten with anything."""
    sheets = st.sampled_from(["Players", "Round 1", "Settings", "Byes", "Forbidden pairs", "_sheetpair"])
    cells = st.tuples(sheets, st.integers(1, 12), st.integers(1, len(ROUND_HEADER) + 2), VALUES)
    return [(sheet, f"{openpyxl.utils.get_column_letter(col)}{row}", value)
            for sheet, row, col, value in draw(st.lists(cells, min_size=1, max_size=5))]


_BASE: dict[str, bytes] = {}


def _base_workbook() -> bytes:
    if not _BASE:
        with tempfile.TemporaryDirectory() as folder:
            _BASE["book"] = write_event(Path(folder) / "event.xlsx", tournament(8, 1)).read_bytes()
    return _BASE["book"]


@examples(150)
@given(edits())
def test_workbook_reader_on_edited_cells(changes: list[tuple[str, str, CellValue]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.xlsx"
        path.write_bytes(_base_workbook())
        raw = openpyxl.load_workbook(path)
        for sheet, cell, value in changes:
            target = raw[sheet] if sheet in raw.sheetnames else raw.create_sheet(sheet)
            target[cell] = CONTROL_CHARACTERS.sub("", value) if isinstance(value, str) else value
        raw.save(path)
        try:
            load_tournament(OpenpyxlPort(path))
        except WorkbookError as error:
            assert error.sheet is not None, str(error)


@examples(100)
@given(st.integers(0, 2**31), st.integers(1, 8), st.binary(min_size=1, max_size=8))
def test_workbook_reader_on_damaged_bytes(where: int, count: int, garbage: bytes) -> None:
    data = bytearray(_base_workbook())
    for n in range(count):
        data[(where + 977 * n) % len(data)] = garbage[n % len(garbage)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "event.xlsx"
        path.write_bytes(bytes(data))
        try:
            load_tournament(OpenpyxlPort(path))
        except WorkbookError as error:
            assert error.sheet is not None or str(path) in str(error), str(error)


def _games_in_the_text(text: str) -> set[tuple[int, frozenset[int]]]:
    """Every game the 001 lines of a TRF name, read by column alone: (round, {player, opponent})."""
    games = set()
    for line in text.splitlines():
        if not line.startswith("001") or not line[4:8].strip().isdigit():
            continue
        tpn = int(line[4:8])
        for number, start in enumerate(range(91, len(line), 10), start=1):
            opponent = line[start:start + 4].strip()
            if opponent.isdigit() and int(opponent) not in (0, tpn):
                games.add((number, frozenset((tpn, int(opponent)))))
    return games


@examples(400)
@given(mutated(HAND_MADE_16))
def test_a_trf_that_reads_keeps_every_game_its_player_lines_name(text: str) -> None:
    """A damaged TRF is read whole or refused: no game named in a player line is left out silently."""
    try:
        event = read_trf(text)
    except TrfError:
        return
    read = {(rnd.number, frozenset((g.white, g.black))) for rnd in event.rounds for g in rnd.games}
    assert _games_in_the_text(text) <= read, text
