"""Properties of the TRF reader and writer on random input."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sheetpair.app.interchange import trf_text
from sheetpair.core.errors import TrfError
from sheetpair.io.trf import read_trf
from sheetpair.io.trf_records import TrfFormat

from .test_trf_read import HAND_MADE_16
from .trf_strategies import tournaments


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.sampled_from(list(TrfFormat)))
def test_a_written_tournament_reads_back_identical(tournament, trf_format) -> None:
    text = trf_text(tournament, trf_format)
    again = read_trf(text)
    assert again == tournament
    assert trf_text(again, trf_format) == text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(max_size=120), min_size=1, max_size=6), st.integers(0, 8))
def test_garbage_lines_give_a_clear_error_never_a_traceback(garbage, where) -> None:
    lines = HAND_MADE_16.splitlines()
    lines[where % len(lines):where % len(lines)] = garbage
    try:
        read_trf("\n".join(lines))
    except TrfError as error:
        assert str(error)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["001", "XXR", "XXC", "142", "152", "162", "240", "260", "XXP", "XXS", "SPP",
                                 "SPB", "SPS", "SPY", "BBW", "192", "202", "XXZ"]), min_size=1, max_size=4),
       st.lists(st.text(alphabet="0123456789 -=+wbWDLHFUZ.,/:", max_size=110), min_size=4, max_size=4),
       st.integers(0, 8))
def test_known_records_with_garbage_values_give_a_clear_error(codes, values, where) -> None:
    lines = HAND_MADE_16.splitlines()
    lines[where % len(lines):where % len(lines)] = [f"{c} {v}" for c, v in zip(codes, values)]
    try:
        read_trf("\n".join(lines))
    except TrfError as error:
        assert str(error)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments(), st.data())
def test_a_damaged_character_gives_a_clear_error_never_a_traceback(tournament, data) -> None:
    text = trf_text(tournament)
    where = data.draw(st.integers(0, len(text) - 1))
    damaged = text[:where] + data.draw(st.sampled_from(list("x0 9-+=wbU\r\n"))) + text[where + 1:]
    try:
        read_trf(damaged)
    except TrfError as error:
        assert str(error)
