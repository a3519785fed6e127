"""Title norms (core/norms.py, B.01): games, federations, titled opponents, the floor, Ra, Rp, 35 %."""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.norms import NormRules, Opponent, _norm_ratings, counted_games, judge, norm_games, player_norms
from sheetpair.core.state import derive

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
FEDS = ["GER", "FRA", "ESP", "USA", "IND", "NED", "SWE", "DEN", "POL", "ITA", "HUN"]
HERO = Player(1, "Hero", 2450, title="IM", federation="NOR", sex="M")


def opponents(count: int, rating: int = 2500) -> list[Opponent]:
    """``count`` opponents: the first five GMs, the rest IMs, each from another federation."""
    return [Opponent(rating, "GM" if i < 5 else "IM", FEDS[i], Fraction(0)) for i in range(count)]


def scored(games: list[Opponent], points: float) -> list[Opponent]:
    halves = int(points * 2)
    out = []
    for g in games:
        take = min(2, halves)
        halves -= take
        out.append(Opponent(g.rating, g.title, g.federation, Fraction(take, 2)))
    return out


def test_a_gm_norm_achieved():
    # Ra 2500, 6 of 9 = 67 % → dp 125: Rp 2625 >= 2600; 5 GMs, 9 title-holders, 9 federations
    status = judge(HERO, scored(opponents(9), 6), "GM", remaining=0, rules=NormRules(9))
    assert (status.status, status.average, status.performance, status.reasons) == ("achieved", 2500, 2625, ())


def test_half_a_point_short_is_impossible_after_the_last_round():
    status = judge(HERO, scored(opponents(9), 5.5), "GM", remaining=0, rules=NormRules(9))
    assert status.status == "impossible"
    assert any("Rp 2580 is below the 2600" in r and "B.01 1.4.8)" in r for r in status.reasons)


def test_possible_with_the_points_needed_in_the_last_round():
    # 5 of 8, one round left: 6 of 9 reaches the norm, 5.5 of 9 does not: needs 1
    status = judge(HERO, scored(opponents(8), 5), "GM", remaining=1, rules=NormRules(9))
    assert (status.status, status.needs) == ("possible", 1.0)
    assert any("B.01 1.4.1a" in r for r in status.reasons)


def test_an_event_of_fewer_than_nine_rounds_gives_no_norm():
    status = judge(HERO, scored(opponents(7), 7), "GM", remaining=0, rules=NormRules(7))
    assert status.status == "impossible" and "B.01 1.4.1a" in status.reasons[0]


def test_too_many_opponents_from_the_players_federation():
    games = [Opponent(2500, "GM", "NOR" if i < 6 else FEDS[i], Fraction(1)) for i in range(9)]
    status = judge(HERO, games, "GM", remaining=0, rules=NormRules(9))
    assert status.status == "impossible" and any("three fifths (B.01 1.4.4)" in r for r in status.reasons)
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(9, exempt=True)).status == "achieved"


def test_two_foreign_federations_and_two_thirds_of_one():
    games = [Opponent(2500, "GM", "GER", Fraction(1)) for _ in range(9)]
    reasons = judge(HERO, games, "GM", remaining=0, rules=NormRules(9)).reasons
    assert any("two (B.01 1.4.3)" in r for r in reasons) and any("two thirds from one federation (B.01 1.4.4)" in r
                                                                   for r in reasons)


def test_titled_opponents_half_and_a_third_of_the_level():
    games = [Opponent(2500, "GM" if i < 2 else ("FM" if i < 4 else ""), FEDS[i], Fraction(1)) for i in range(9)]
    reasons = judge(HERO, games, "GM", remaining=0, rules=NormRules(9)).reasons
    assert any("at least half must (B.01 1.4.5a)" in r for r in reasons)
    assert any("title GM: at least a third, and three" in r for r in reasons)


def test_the_floor_raises_one_opponent_and_an_unrated_counts_1400():
    assert _norm_ratings(opponents(2, 2100), 2200) == [2200, 2100]
    players = [HERO, Player(2, "U", 0, federation="GER"), Player(3, "V", 0, federation="FRA")]
    rounds = [Round(1, [Game(1, 1, 2, W)]), Round(2, [Game(1, 3, 1, D)])]
    games = norm_games(derive(Tournament(Settings("dutch", 9), players, rounds)), 1)
    assert [g.rating for g in games] == [1400, 1400]
    assert sorted(_norm_ratings(games, 2050)) == [1400, 2050]


def test_titles_held_and_womens_norms():
    gm = Player(1, "GM", 2600, title="GM", sex="M")
    assert judge(gm, [], "GM", remaining=9, rules=NormRules(9)).status == "impossible"
    assert judge(HERO, [], "WGM", remaining=9, rules=NormRules(9)).reasons == ("The WGM title is a women's title.",)
    woman = Player(1, "W", 2300, title="WIM", sex="F", federation="NOR")
    assert judge(woman, [], "WGM", remaining=9, rules=NormRules(9)).status == "possible"


def test_thirty_five_per_cent():
    games = [Opponent(2700, "GM", FEDS[i], Fraction(1) if i < 3 else Fraction(0)) for i in range(9)]
    # Ra 2700, 3 of 9 = 33 %: Rp 2700 − 43 ... over 2600, but under 35 %
    reasons = judge(HERO, games, "GM", remaining=0, rules=NormRules(9)).reasons
    assert any("below 35 %" in r for r in reasons)


def test_forfeits_are_no_games():
    players = [HERO, Player(2, "A", 2500, title="GM", federation="GER")]
    lost = [Round(1, [Game(1, 1, 2, Result.BLACK_WINS_BY_FORFEIT)])]
    nine = player_norms(derive(Tournament(Settings("dutch", 9), players, lost)), 1, rounds=9).norms["GM"]
    assert nine.games == 0 and nine.status == "impossible" and "At most 8 games" in nine.reasons[0]
    ten = player_norms(derive(Tournament(Settings("dutch", 10), players, lost)), 1, rounds=10).norms["GM"]
    assert ten.status == "possible"
    won = [Round(1, [Game(1, 1, 2, Result.WHITE_WINS_BY_FORFEIT)])]  # eight games may then do (B.01 1.4.1c)
    assert player_norms(derive(Tournament(Settings("dutch", 9), players, won)), 1, rounds=9).norms["GM"].status \
        == "possible"


SAMPLE = Path(__file__).resolve().parent.parent / "sample_workbooks" / "club_championship.xlsx"


def test_norms_command_prints_the_issues_json_shape():
    result = CliRunner().invoke(cli, ["norms", str(SAMPLE), "--json"])
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert set(shown) == {"players"} and shown["players"]
    for entry in shown["players"]:
        assert set(entry) == {"player", "name", "norms"} and set(entry["norms"]) == {"GM", "IM", "WGM", "WIM"}
        for norm in entry["norms"].values():
            assert set(norm) == {"status", "needs", "reasons"}
            assert norm["status"] in ("achieved", "possible", "impossible")


@pytest.mark.parametrize(("args", "code"), [(["--player", "99"], 4), (["--player", "1"], 0)])
def test_norms_for_one_player(args, code):
    result = CliRunner().invoke(cli, ["norms", str(SAMPLE), "--json", *args])
    assert result.exit_code == code, result.output
    if code == 0:
        assert [p["player"] for p in json.loads(result.stdout)["players"]] == [1]
    else:
        assert "start number 99" in result.output


def test_a_norm_reached_after_nine_rounds_stands_when_the_last_rounds_are_lost():
    # 6 of 9 against GMs rated 2600 of nine federations (Rp 2725), then two losses against IMs rated 2300
    games = [Opponent(2600, "GM", FEDS[i], Fraction(1) if i < 6 else Fraction(0), round=i + 1) for i in range(9)]
    games += [Opponent(2300, "IM", FEDS[9 + i], Fraction(0), round=10 + i) for i in range(2)]
    # all eleven: Ra (9·2600 + 2·2300) / 11 = 2545, 6 of 11 = 55 % → dp 36: Rp 2581 < 2600; the first ten:
    # Ra 2570, 60 % → dp 72: Rp 2642, a norm over ten games (the most games that give one)
    status = judge(HERO, games, "GM", remaining=0, rules=NormRules(11))
    assert status.status == "achieved" and status.games == 10 and status.left_out == (10,)
    assert status.performance == 2642 and "round(s) 11 (B.01 1.4.1e/f)" in status.reasons[0]
    assert [g.round for i, g in enumerate(games) if i not in status.left_out] == list(range(1, 11))
    assert judge(HERO, games[:9] + [games[9]] * 2, "GM", remaining=0, rules=NormRules(11)).status == "achieved"


def test_a_win_against_a_weak_opponent_may_be_left_out():
    # round 1 a win against an untitled 1800 (raised to the 2200 floor); then 7 of 9 against GMs rated 2390:
    # all ten: Ra (9·2390 + 2200) / 10 = 2371 < 2380; without the win: Ra 2390, 7 of 9 = 78 % → dp 220, Rp 2610
    games = [Opponent(1800, "", "ITA", Fraction(1), round=1)]
    games += [Opponent(2390, "GM", FEDS[i], Fraction(1) if i < 7 else Fraction(0), round=i + 2) for i in range(9)]
    status = judge(HERO, games, "GM", remaining=0, rules=NormRules(10))
    assert (status.status, status.games, status.left_out, status.average, status.performance) == (
        "achieved", 9, (0,), 2390, 2610)


def test_no_game_is_left_out_below_nine():
    games = [Opponent(1800, "", "ITA", Fraction(1), round=1)]
    games += [Opponent(2390, "GM", FEDS[i], Fraction(1) if i < 6 else Fraction(0), round=i + 2) for i in range(8)]
    status = judge(HERO, games, "GM", remaining=0, rules=NormRules(9))
    assert status.status == "impossible" and status.left_out == ()


def test_norms_save_writes_the_norms_sheet_with_the_it3_counts(tmp_path: Path):
    import openpyxl
    copy = tmp_path / "copy.xlsx"
    result = CliRunner().invoke(cli, ["norms", str(SAMPLE), "-o", str(copy)])
    assert result.exit_code == 0, result.output
    sheet = openpyxl.load_workbook(copy)["Norms"]
    assert [c.value for c in sheet[1]][:4] == ["TPN", "Name", "Norm", "Status"]
    assert any(str(row[0].value).startswith("IT3: ") for row in sheet.iter_rows())


def test_seven_games_where_the_event_needs_only_seven():
    games = [Opponent(2600, "GM", FEDS[i], Fraction(1) if i < 5 else Fraction(0), round=i + 1) for i in range(7)]
    # Ra 2600, 5 of 7 = 71 % → dp 158: Rp 2758; nine games are the rule, seven in the events of B.01 1.4.1b
    nine = judge(HERO, games, "GM", remaining=0, rules=NormRules(7))
    assert nine.status == "impossible" and "B.01 1.4.1a" in nine.reasons[0]
    seven = judge(HERO, games, "GM", remaining=0, rules=NormRules(7, needed=7))
    assert (seven.status, seven.performance) == ("achieved", 2758)
    result = CliRunner().invoke(cli, ["norms", str(SAMPLE), "--games-needed", "6"])
    assert result.exit_code == 2 and "--games-needed" in result.output


def test_the_open_swiss_exemption_frees_from_every_federation_rule():
    from sheetpair.app.ranking import standings
    from sheetpair.core.model import EventInfo
    from sheetpair.core.norms import swiss_exemption
    foreign = [Player(t, f"P{t}", 2400, title="GM" if t < 12 else "", federation=("GER", "FRA", "ESP")[t % 3])
               for t in range(2, 22)]  # 20 rated players of three federations other than NOR, 10 of them GMs

    def state(players: list[Player], system: str = "dutch", host: str = "NOR", rounds: list[Round] | None = None):
        event = Tournament(Settings(system, 9, event=EventInfo(federation=host)), players, rounds or [])
        return standings(event).state  # the system's traits: a round robin is a fixed schedule

    def without_player_2(number: int, bye: bool = False) -> Round:
        others = [1, *range(3, 22)]
        return Round(number, [Game(b + 1, others[2 * b], others[2 * b + 1], D) for b in range(10)],
                     [Bye(2, ByeKind.PAB)] if bye else [])

    assert swiss_exemption(state([HERO, *foreign]))
    assert not swiss_exemption(state([HERO, *foreign[:-1]]))  # 19 foreign players
    assert not swiss_exemption(state([HERO, *foreign], host="GER"))  # seven of them are the host's own
    assert not swiss_exemption(state([HERO, *foreign], system="berger"))  # a round robin
    fid = [replace(p, federation="FID") if p.tpn == 2 else p for p in foreign]
    assert not swiss_exemption(state([HERO, *fid]))  # FID is no federation (B.01 1.4.2a): 19 foreign players
    # B.01 1.4.3d counts a player who missed at most one round, a pairing-allocated bye not counted as missed
    assert swiss_exemption(state([HERO, *foreign], rounds=[without_player_2(1)]))
    assert not swiss_exemption(state([HERO, *foreign], rounds=[without_player_2(1), without_player_2(2)]))
    assert swiss_exemption(state([HERO, *foreign], rounds=[without_player_2(1, True), without_player_2(2, True)]))
    games = [Opponent(2500, "GM", "NOR" if i < 8 else "GER", Fraction(1)) for i in range(9)]
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(9, exempt=True)).status == "achieved"
    reasons = judge(HERO, games, "GM", remaining=0, rules=NormRules(9)).reasons
    assert any("(B.01 1.4.3)" in r for r in reasons) and any("three fifths (B.01 1.4.4)" in r for r in reasons)


def test_fid_is_no_federation_for_the_federation_rules():
    # six FID opponents: no foreign federation, and not "one federation" of too many (B.01 1.4.2a)
    games = [Opponent(2500, "GM", "FID" if i < 6 else FEDS[i], Fraction(1)) for i in range(9)]
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(9)).status == "achieved"
    few = [Opponent(2500, "GM", "FID" if i < 8 else "GER", Fraction(1)) for i in range(9)]
    reasons = judge(HERO, few, "GM", remaining=0, rules=NormRules(9)).reasons
    assert any("1 federation(s) other than the player's" in r for r in reasons)
    assert not any("1.4.4" in r for r in reasons)


def _event(rounds: int, results: list[Result | None], first: list[Bye] | None = None) -> Tournament:
    """HERO against GMs rated 2500 of as many federations, one a round, ``None`` for a round without game."""
    players = [HERO, *[Player(t, f"O{t}", 2500, title="GM", federation=FEDS[t - 2]) for t in range(2, 13)]]
    played = [Round(r, [Game(1, 1, r + 1, result)] if result else [], first if r == 1 and first else [])
              for r, result in enumerate(results, 1)]
    return Tournament(Settings("dutch", rounds), players, played)


def test_eight_games_and_a_forfeit_win_or_a_pab_count_as_nine_in_a_nine_round_event():
    # B.01 1.4.1c. Ra 2500, 5.5 of 8 = 69 % → dp 141: Rp 2641
    games = scored(opponents(8), 5.5)
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(9)).status == "impossible"
    status = judge(HERO, games, "GM", remaining=0, rules=NormRules(9, credited=True))
    assert (status.status, status.games, status.performance) == ("achieved", 8, 2641)
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(10, credited=True)).status == "impossible"
    # through the event: round 1 won by forfeit, then 6 of 8 (75 % → dp 193: Rp 2693)
    event = _event(9, [Result.WHITE_WINS_BY_FORFEIT, *[W] * 6, L, L])
    status = player_norms(derive(event), 1, rounds=9).norms["GM"]
    assert (status.status, status.games, status.performance) == ("achieved", 8, 2693)
    assert status.reasons == ("Eight games and a forfeit win or a pairing-allocated bye count as nine "
                              "(B.01 1.4.1c).",)
    requested = _event(9, [None, *[W] * 6, L, L], first=[Bye(1, ByeKind.HALF)])  # a requested bye is no credit
    assert player_norms(derive(requested), 1, rounds=9).norms["GM"].status == "impossible"


def test_a_last_round_forfeit_counts_as_a_game_lost_when_the_norm_needs_it():
    # B.01 1.4.2c: ten rounds, a requested bye in round 1, 6.5 of 8, the last game forfeited by the opponent:
    # counted as lost, 6.5 of 9 = 72 % → dp 166: Rp 2666
    event = _event(10, [None, *[W] * 6, D, L, Result.WHITE_WINS_BY_FORFEIT], first=[Bye(1, ByeKind.HALF)])
    state = derive(event)
    status = player_norms(state, 1, rounds=10).norms["GM"]
    assert (status.status, status.games, status.performance) == ("achieved", 9, 2666)
    assert "round 10" in status.reasons[0] and "B.01 1.4.2c" in status.reasons[0]
    assert [g.round for g in counted_games(state, 1, status)] == list(range(2, 11))  # what the IT1 lists
    early = _event(10, [None, Result.WHITE_WINS_BY_FORFEIT, *[W] * 6, D, L], first=[Bye(1, ByeKind.HALF)])
    assert player_norms(derive(early), 1, rounds=10).norms["GM"].status == "impossible"  # not the last round


def test_the_later_games_are_not_left_out_in_a_round_robin():
    # B.01 1.4.1e: the norm over the first ten of eleven games (as above) is not open to pre-determined pairings
    games = [Opponent(2600, "GM", FEDS[i], Fraction(1) if i < 6 else Fraction(0), round=i + 1) for i in range(9)]
    games += [Opponent(2300, "IM", FEDS[9 + i], Fraction(0), round=10 + i) for i in range(2)]
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(11)).status == "achieved"
    assert judge(HERO, games, "GM", remaining=0, rules=NormRules(11, predetermined=True)).status == "impossible"


def test_any_won_game_may_be_left_out_not_only_the_lowest_rated():
    # B.01 1.4.1f. Rounds 1-6 wins against untitled players rated 2450, round 7 a win against a GM rated 2390,
    # rounds 8-11 1.5 of 4 against GMs rated 2400: 5 title-holders of 11, fewer than half. Leaving out the
    # lowest-rated win (the GM) keeps 4 of 10; leaving out a win against an untitled player keeps 5 of 10,
    # Ra (5·2450 + 2390 + 4·2400) / 10 = 2424, 7.5 of 10 = 75 % → dp 193: Rp 2617
    games = [Opponent(2450, "", FEDS[i], Fraction(1), round=i + 1) for i in range(6)]
    games += [Opponent(2390, "GM", FEDS[6], Fraction(1), round=7)]
    games += [Opponent(2400, "GM", FEDS[7 + i], Fraction(1, 2) if i < 3 else Fraction(0), round=8 + i)
              for i in range(4)]
    status = judge(HERO, games, "GM", remaining=0, rules=NormRules(11))
    assert (status.status, status.games, status.left_out, status.performance) == ("achieved", 10, (0,), 2617)


def test_each_full_point_above_the_norm_counts_as_a_game():
    # B.01 1.4.1d. Ra 2500: 6 of 9 (67 % → dp 125, Rp 2625) is the least score of a GM norm; 7 of 9 is one more
    assert judge(HERO, scored(opponents(9), 6), "GM", remaining=0, rules=NormRules(9)).counts_as == 9
    assert judge(HERO, scored(opponents(9), 7.5), "GM", remaining=0, rules=NormRules(9)).counts_as == 10


def test_a_round_robin_drops_games_against_an_unrated_player_who_scored_nothing_against_the_rated():
    # B.01 1.4.2b
    from sheetpair.core.state import SystemTraits
    players = [HERO, Player(2, "U", 0, federation="GER"), Player(3, "A", 2400, federation="FRA")]
    lost = Tournament(Settings("berger", 3), players, [Round(1, [Game(1, 3, 2, W)]), Round(2, [Game(1, 1, 2, W)])])
    robin = SystemTraits(fixed_schedule=True)
    assert norm_games(derive(lost, traits=robin), 1) == []
    assert len(norm_games(derive(lost), 1)) == 1  # a Swiss event counts it
    drew = Tournament(Settings("berger", 3), players, [Round(1, [Game(1, 3, 2, D)]), Round(2, [Game(1, 1, 2, W)])])
    assert len(norm_games(derive(drew, traits=robin), 1)) == 1
