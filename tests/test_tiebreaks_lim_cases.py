"""Cross-check of BH-C1, BH and SB with the FIDE Lim page's final standings (C.07-2026 unplayed-round rules).

The Lim page computes Buchholz with the March 2026 rules (docs/sources.md, the Lim page): adjusted scores
for opponents, capped dummies for forfeits, byes and absences, VURs cut first. Each case is rebuilt from
its recorded pairings, byes, results and withdrawals (no pairing involved) and sheetpair's values must
equal the page's.
"""

from __future__ import annotations

import pytest

from sheetpair.app.ranking import standings
from sheetpair.core.model import Bye, ByeKind, Game, Player, Round, Settings, Tournament

from .winther import CASE_RESULTS, case_files, load_case

CASES = [p for p in case_files("fide-lim") if load_case(p)["rounds"]]


def rebuild(case: dict) -> tuple[Tournament, dict[str, int]]:
    numbers = {e["name"]: e["tpn"] for e in case["initial_order"]}
    ratings = {p["name"]: p.get("rating", 0) for p in case["players"]}
    players = sorted((Player(tpn, name, rating=ratings.get(name, 0)) for name, tpn in numbers.items()),
                     key=lambda p: p.tpn)
    pab = next((float(b["points"]) for r in case["rounds"] for b in r["byes"]), 1.0)
    t = Tournament(Settings("lim", case["rounds_planned"], bye_value=pab, tiebreaks=("BH-C1", "BH", "SB")), players)
    for rnd in case["rounds"]:
        games = [Game(p["board"], numbers[p["white"]], numbers[p["black"]], CASE_RESULTS[p["result"]])
                 for p in rnd["pairings"]]
        byes = [Bye(numbers[b["player"]], ByeKind.PAB) for b in rnd["byes"]]
        t.rounds.append(Round(rnd["round"], games, byes))
        for w in rnd.get("withdrawals") or []:
            t.player(numbers[w["player"]]).withdrawn_from = rnd["round"] + 1
    return t, numbers


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_buchholz_and_sonneborn_berger_match_the_lim_page(path):
    case = load_case(path)
    tournament, numbers = rebuild(case)
    table = {line.tpn: line for line in standings(tournament, rules="2026")}
    for expected in case["final_standings"]:
        line = table[numbers[expected["player"]]]
        assert line.points == pytest.approx(expected["score"]), expected["player"]
        for code, key in (("BH-C1", "bh1"), ("BH", "bh"), ("SB", "sb")):
            assert line.tiebreaks[code].value == pytest.approx(expected["tiebreaks"][key]), (expected["player"], code)
