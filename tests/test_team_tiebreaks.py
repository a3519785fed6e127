"""Team tie-breaks equal TieBreakServer's values in every reference case (C.07 2026, Art. 16 for the
unplayed rounds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheetpair.app.teams import check_team_trf
from sheetpair.core.errors import TrfError
from sheetpair.core.model import Result
from sheetpair.core.team_standings import team_table
from sheetpair.core.teams import BoardGame, Match, Team, TeamBye, TeamByeKind, TeamEvent, TeamRound
from sheetpair.core.tiebreaks.base import edition_on
from sheetpair.core.tiebreaks.team import (
    TEAM_TIEBREAKS,
    TIED_ONLY,
    TeamCode,
    parse_team_code,
    team_tiebreak,
    team_tiebreaks,
)
from sheetpair.io.trf_team import read_team_trf

from .conftest import CONFORMANCE

CASES = sorted((CONFORMANCE / "team").glob("t*.trf"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_values_equal_the_reference(path: Path) -> None:
    team_file = read_team_trf(path.read_text(encoding="utf-8"))
    reference = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))["tiebreaks"]
    expected, codes = reference["standings"], tuple(reference["asked"])  # the tied-only codes depend on the order
    assert set(codes) == set(TEAM_TIEBREAKS)
    mine = team_tiebreaks(team_file.event, codes)
    for row in expected:
        for code in codes:
            assert mine[row["tpn"]][code] == pytest.approx(row["values"][code], abs=0.006), (row["tpn"], code)
    assert team_tiebreak(team_file.event, 1, "MPTS") == mine[1]["MPTS"]


def test_an_unknown_code_is_refused() -> None:
    team_file = read_team_trf(CASES[0].read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="unknown team tie-break 'XYZ'"):
        team_tiebreak(team_file.event, 1, "XYZ")


def _match(table: int, white: int, black: int, boards: str) -> Match:
    """A match whose boards are read from the White team's side: w (its player wins), l, d."""
    results = {("w", 1): Result.WHITE_WINS, ("l", 1): Result.BLACK_WINS, ("w", 0): Result.BLACK_WINS,
               ("l", 0): Result.WHITE_WINS}
    games = tuple(BoardGame(b, 10 * white + b, 10 * black + b, results.get((r, b % 2), Result.DRAW))
                  for b, r in enumerate(boards, start=1))
    return Match(table, white, black, games)


def _event(*rounds: tuple[Match, ...]) -> TeamEvent:
    teams = tuple(Team(t, f"Team {t}", (10 * t + 1, 10 * t + 2)) for t in range(1, 5))
    return TeamEvent(teams, 2, tuple(TeamRound(n, r) for n, r in enumerate(rounds, start=1)))


def test_direct_encounter_places_the_tied_teams() -> None:
    """Teams 1 and 2 both won one match; team 2 beat team 1, so DE puts it first; the others are alone."""
    event = _event((_match(1, 2, 1, "ww"), _match(2, 3, 4, "ww")), (_match(1, 1, 4, "ww"), _match(2, 3, 2, "ww")))
    assert {t: v["DE"] for t, v in team_tiebreaks(event, ("DE",)).items()} == {1: 2.0, 2: 1.0, 3: 0.0, 4: 0.0}


def test_the_board_comparisons_decide_a_drawn_encounter() -> None:
    """Teams 1 and 2 drew 1-1 (team 2 won board 1, team 1 board 2) and are equal on both scores: DE and EDE
    cannot separate them, the board comparisons of 12 and 13.3.2 put team 2 first, and so do TBR, BBE and
    the board count (the lower count first) in the standings."""
    event = _event((_match(1, 1, 2, "lw"), _match(2, 3, 4, "ww")), (_match(1, 1, 4, "ww"), _match(2, 2, 3, "ww")))
    values = {t: {c: team_tiebreaks(event, (c,))[t][c] for c in TIED_ONLY + ("BC",)} for t in range(1, 5)}
    assert values[1]["DE"] == values[2]["DE"] == values[1]["EDE"] == values[2]["EDE"] == 0.0
    for code in ("EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"):
        assert (values[2][code], values[1][code], values[3][code]) == (1.0, 2.0, 0.0), code
    assert (values[2]["BC"], values[1]["BC"]) == (4.0, 5.0)
    assert [s.tpn for s in team_table(event, ("BC",), {}).teams][:2] == [2, 1]
    assert [s.tpn for s in team_table(event, ("EDET",), {}).teams][:2] == [2, 1]


def test_a_tied_code_counts_only_the_teams_tied_before_it() -> None:
    """After TBR has separated teams 1 and 2, DE has nobody left to place."""
    event = _event((_match(1, 1, 2, "lw"), _match(2, 3, 4, "ww")), (_match(1, 1, 4, "ww"), _match(2, 2, 3, "ww")))
    values = team_tiebreaks(event, ("TBR", "EDET"))
    assert (values[1]["EDET"], values[2]["EDET"]) == (0.0, 0.0)


# --- modifiers /C1 and /P, the edition, and the adjusted score of a team that left (16.3.2) ----------------

def _forfeit(table: int, white: int, black: int, winner: int) -> Match:
    games = tuple(BoardGame(b, 10 * white + b, 10 * black + b, Result.NONE) for b in (1, 2))
    return Match(table, white, black, games, winner)


def _forfeited_event() -> TeamEvent:
    """Round 1: team 1 beats team 2, team 4 beats team 3. Round 2: team 1 loses to team 3 by forfeit (the
    whole match), team 2 draws team 4."""
    return _event((_match(1, 1, 2, "ww"), _match(2, 4, 3, "ww")),
                  (_forfeit(1, 1, 3, 3), _match(2, 2, 4, "wl")))


def test_codes_are_read_with_their_modifiers_in_either_case() -> None:
    assert parse_team_code("BH:MP/C1/P") == TeamCode("BH:MP", 1, True)
    assert parse_team_code("emgsb/c1/p") == TeamCode("EMGSB", 1, True)
    assert parse_team_code("EDET/P") == TeamCode("EDET", 0, True)
    assert parse_team_code("MPvGP") == TeamCode("MPVGP")
    with pytest.raises(ValueError, match="team tie-break MPTS takes no modifier /P"):
        parse_team_code("MPTS/P")
    with pytest.raises(ValueError, match="takes no modifier /C1"):
        parse_team_code("EDE/C1")


def test_p_counts_a_forfeited_match_against_its_scheduled_opponent() -> None:
    """Team 1 (2 MP) lost to team 3 (2 MP after its forfeit win) by forfeit. Without /P the forfeit is an
    unplayed round whose dummy has team 1's own score capped at the opponent's (16.4.1), and it is a
    voluntary unplayed round that Cut-1 removes first (16.1, 16.5); with /P it is a match against team 3."""
    event = _forfeited_event()
    values = team_tiebreaks(event, ("BH:MP", "BH:MP/P", "BH:MP/C1", "BH:MP/C1/P", "SB:MP/P"))[1]
    opponent_2 = team_tiebreaks(event, ("MPTS",))[2]["MPTS"]
    assert opponent_2 == 1.0
    assert values["BH:MP/P"] == 1.0 + 2.0  # team 2, then team 3's 2 MP
    assert values["BH:MP"] == 1.0 + 2.0  # min(own 2, team 3's 2)
    assert values["BH:MP/C1"] == 1.0  # the forfeit loss is cut first, though team 2 is lower
    assert values["BH:MP/C1/P"] == 2.0  # a played match: the lowest opponent is cut
    assert values["SB:MP/P"] == 1.0 * 2  # only the win over team 2 (1 MP) scores


def test_p_counts_a_forfeited_encounter_in_the_direct_encounter() -> None:
    """Teams 1 and 3 end on 2 MP; team 3 won their encounter by forfeit: only /P lets that decide."""
    event = _forfeited_event()
    plain, played = team_tiebreaks(event, ("DE",)), team_tiebreaks(event, ("DE/P",))
    assert (plain[1]["DE"], plain[3]["DE"]) == (0.0, 0.0)
    assert (played[3]["DE/P"], played[1]["DE/P"]) == (1.0, 2.0)


def _absence_event() -> TeamEvent:
    """Team 1 beats team 2, misses round 2 with an absence worth a drawn match (a voluntary unplayed round),
    beats team 3. Scores: team 1 5 MP, team 2 2 MP, team 3 0, team 4 4 MP."""
    return TeamEvent(_event().teams, 2, (
        TeamRound(1, (_match(1, 1, 2, "ww"), _match(2, 4, 3, "ww"))),
        TeamRound(2, (_match(1, 2, 3, "ww"),), (TeamBye(1, TeamByeKind.HALF), TeamBye(4, TeamByeKind.ABSENT))),
        TeamRound(3, (_match(1, 1, 3, "ww"), _match(2, 2, 4, "ll")))))


def test_a_cut_sonneborn_berger_removes_the_higher_of_the_lowest_products() -> None:
    """16.5 on a product: the lowest voluntary unplayed round's product is cut unless the lowest-scoring
    opponent's product is higher, which is then cut. Team 1's products (opponent's MP times its own): team 2
    2x2, the absence's dummy (3 MP, capped by 16.4.2) x1, team 3 0x2: the absence's 3 goes, not team 3's 0.
    In the forfeited event team 1's win over team 2 (1x2) is higher than the forfeit loss's 0, so it goes."""
    values = team_tiebreaks(_absence_event(), ("SB:MP", "SB:MP/C1", "EMGSB/C1"))[1]
    assert (values["SB:MP"], values["SB:MP/C1"]) == (7.0, 4.0)
    assert values["EMGSB/C1"] == 4.0  # the same products: each match won 2-0, the absence drawn
    forfeited = team_tiebreaks(_forfeited_event(), ("SB:MP", "SB:MP/C1"))[1]
    assert (forfeited["SB:MP"], forfeited["SB:MP/C1"]) == (2.0, 0.0)


def test_a_team_that_left_counts_as_drawing_its_missing_rounds_for_its_opponents() -> None:
    """Team 2 lost round 1 to team 1 and was not paired after it: for team 1's Buchholz its score is a drawn
    match in each of the rounds it missed (16.3.2), not its 0 MP."""
    event = _event((_match(1, 1, 2, "ww"), _match(2, 3, 4, "ww")), (_match(1, 1, 3, "ww"),),
                   (_match(1, 3, 1, "ww"),))
    assert team_tiebreaks(event, ("MPTS",))[2]["MPTS"] == 0.0
    assert team_tiebreaks(event, ("BH:MP",))[1]["BH:MP"] == 2.0 + 4.0 + 4.0  # team 2: two draws; team 3: 4 twice


def test_the_2024_edition_takes_the_teams_own_score_for_its_unplayed_rounds() -> None:
    """Team 1 (5 MP) missed round 2: the 2024 rules give the dummy its own 5 MP; the 2026 ones cap it at a
    drawn match per round of the event, 3 MP (16.4.2)."""
    assert team_tiebreaks(_absence_event(), ("BH:MP",), rules="2024")[1]["BH:MP"] == 2.0 + 5.0 + 0.0
    assert team_tiebreaks(_absence_event(), ("BH:MP",))[1]["BH:MP"] == 2.0 + 3.0 + 0.0


TBS_RANKS = {1: 11, 2: 14, 3: 7, 4: 15, 5: 10, 6: 4, 7: 37, 8: 6, 9: 20, 10: 28, 11: 8, 12: 16, 13: 5, 14: 21, 15: 27,
             16: 1, 17: 30, 18: 9, 19: 3, 20: 17, 21: 26, 22: 2, 23: 33, 24: 29, 25: 41, 26: 38, 27: 34, 28: 18,
             29: 32, 30: 13, 31: 25, 32: 22, 33: 39, 34: 24, 35: 12, 36: 46, 37: 42, 38: 45, 39: 19, 40: 35, 41: 49,
             42: 40, 43: 36, 44: 44, 45: 31, 46: 50, 47: 23, 48: 43, 49: 48, 50: 47}
"""TieBreakServer's ranks of the real 50-team file on its own list ``EDET/P,EMGSB/C1/P,BH:MP/C1/P,MPvGP``
(2024 rules: the event began on 2024/12/01)."""


def test_the_real_team_file_ranks_as_tiebreakserver_ranks_it() -> None:
    """Every value of the file's four codes and every rank equal TieBreakServer's; the 31 declared ranks that
    differ are those the file's own codes contradict (docs/teams.md)."""
    path = CONFORMANCE / "trf-real" / "trf26_grandmommyscup.trf"
    team_file = read_team_trf(path.read_text(encoding="utf-8"))
    assert team_file.tiebreaks == ("EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP")
    values = team_tiebreaks(team_file.event, team_file.tiebreaks, rules=edition_on(team_file.start_date))
    assert [values[16][c] for c in team_file.tiebreaks] == [0.0, 528.0, 225.0, 33.5]
    assert [values[41][c] for c in team_file.tiebreaks] == [2.0, 131.5, 101.0, 11.0]
    checked = check_team_trf(path)
    wrong = {issue.player: issue.expected for issue in checked.standings}
    assert len(wrong) == 31
    for tpn, rank in TBS_RANKS.items():
        assert wrong.get(tpn, "") in ("", f"the tie-breaks give place {rank}"), tpn


TBS_CODES = ("BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "SB:MP", "SB:GP", "EMMSB", "EMGSB/C1", "EGGSB", "EGMSB/C1",
             "BH:MP/P", "SB:MP/C1/P")
TBS_VALUES = {
    ("2024", 3): (244.0, 433.0, 230.0, 406.5, 321.0, 999.0, 321.0, 534.0, 999.0, 521.0, 244.0, 307.0),
    ("2026", 3): (239.0, 428.5, 225.0, 402.0, 311.0, 981.0, 311.0, 514.0, 981.0, 512.0, 239.0, 297.0),
    ("2026", 5): (221.0, 416.5, 210.0, 391.0, 205.0, 857.25, 205.0, 416.5, 857.25, 393.5, 221.0, 183.0),
    ("2026", 10): (193.0, 371.5, 182.0, 350.5, 156.0, 602.25, 156.0, 308.0, 602.25, 315.0, 195.0, 156.0),
}
"""TieBreakServer's values on the real 50-team file (``-t`` with these codes; ``/V2026`` for the 2026 rules):
team 3 is where the editions differ, teams 5 and 10 lost board 1 by forfeit in matches the other boards
played (a played match), and team 10 also lost whole matches by forfeit (``/P`` counts them)."""


@pytest.mark.parametrize(("rules", "tpn"), sorted(TBS_VALUES))
def test_the_real_team_file_equals_tiebreakserver_code_by_code(rules: str, tpn: int) -> None:
    path = CONFORMANCE / "trf-real" / "trf26_grandmommyscup.trf"
    values = team_tiebreaks(read_team_trf(path.read_text(encoding="utf-8")).event, TBS_CODES, rules=rules)[tpn]
    assert tuple(values[c] for c in TBS_CODES) == TBS_VALUES[(rules, tpn)]


def test_a_code_the_team_tiebreaks_do_not_know_is_refused_with_its_line(tmp_path: Path) -> None:
    lines = (CONFORMANCE / "trf-real" / "trf26_team_small.trf").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "odd.trf"
    path.write_text("\n".join([lines[0], "202 BH:MP/C1,XYZ", *lines[1:]]) + "\n", encoding="utf-8")
    with pytest.raises(TrfError, match="record 202: unknown team tie-break 'XYZ'") as refused:
        check_team_trf(path)
    assert (refused.value.line, refused.value.column) == (2, 5)
