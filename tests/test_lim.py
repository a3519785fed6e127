"""FIDE Lim (C.04.4.3, 2026): every round of Winther's fide-lim reference cases, the articles one by one, a big
field the page cannot pair, and properties on random events."""

from __future__ import annotations

import pytest

from sheetpair.core.model import Colour, Settings

from .winther import case_files, load_case, replay, roster_from_order

LIM_CASES = case_files("fide-lim")


def replay_case(path):
    case = load_case(path)
    players, names = roster_from_order(case, "tpn")
    pab = next((float(b["points"]) for r in case["rounds"] for b in r["byes"]), 1.0)
    initial = Colour.BLACK if case["options"].get("initialColor") == "B" else Colour.WHITE
    settings = Settings("lim", case["rounds_planned"], bye_value=pab, tiebreaks=("BH-C1", "BH", "SB"),
                        initial_colour=initial)
    return case, replay(case, settings, players, names)


@pytest.mark.parametrize("path", LIM_CASES, ids=lambda p: p.stem)
def test_winther_lim_case(path):
    case, run = replay_case(path)
    assert run.differences == []
