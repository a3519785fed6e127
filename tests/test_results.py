"""Results as arbiters type them: every spelling the reader accepts, and one sentence for the rest."""

from __future__ import annotations

import pytest

from sheetpair.core.errors import InputError
from sheetpair.core.model import Result
from sheetpair.core.results import RESULT_CODES, parse_result


@pytest.mark.parametrize("typed, meant", [
    ("1-0", Result.WHITE_WINS), ("1:0", Result.WHITE_WINS), (" 1 - 0 ", Result.WHITE_WINS),
    ("1–0", Result.WHITE_WINS), ("1—0", Result.WHITE_WINS), ("1−0", Result.WHITE_WINS),
    ("1\u00a0-\u00a00", Result.WHITE_WINS), ("0 : 1", Result.BLACK_WINS), ("0—1", Result.BLACK_WINS),
    ("½-½", Result.DRAW), ("½ – ½", Result.DRAW), ("1/2-1/2", Result.DRAW), ("0,5-0,5", Result.DRAW),
    ("0.5:0.5", Result.DRAW), ("=", Result.DRAW), ("Remis", Result.DRAW), ("1/2", Result.DRAW),
    ("+/-", Result.WHITE_WINS_BY_FORFEIT), ("+/—", Result.WHITE_WINS_BY_FORFEIT),
    ("1-0 wo", Result.WHITE_WINS_BY_FORFEIT),
    ("-/+", Result.BLACK_WINS_BY_FORFEIT), ("−/+", Result.BLACK_WINS_BY_FORFEIT), ("-/-", Result.DOUBLE_FORFEIT),
    ("0-0", Result.BOTH_LOSE), ("½-0", Result.WHITE_DRAWS_BLACK_LOSES), ("0-½", Result.WHITE_LOSES_BLACK_DRAWS),
    ("*", Result.POSTPONED), ("Adjourned", Result.POSTPONED), ("", Result.NONE), (None, Result.NONE),
])
def test_a_typed_result_means_what_the_arbiter_meant(typed: str | None, meant: Result) -> None:
    assert parse_result(typed) is meant


@pytest.mark.parametrize("typed", ["d", "2-0", "1-1", "46024", "white"])
def test_an_unknown_result_is_refused_with_the_codes_offered(typed: str) -> None:
    with pytest.raises(InputError, match="unknown result") as refused:
        parse_result(typed)
    assert all(code in str(refused.value) for code in RESULT_CODES)
