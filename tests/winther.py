"""Replaying a reference case of Winther's pages (one JSON file per event: roster, options, and per round the
page's pairing, results and withdrawals).

A case is replayed round by round through the same operations the command line uses: pair with sheetpair,
compare with the page's pairing (a round that differs is replaced by the page's, so each round is judged on
the page's own history), then enter the page's results and withdrawals.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sheetpair.app import operations
from sheetpair.app.ranking import standings
from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.results import parse_result
from sheetpair.core.state import derive
from sheetpair.core.tiebreaks import compute_tiebreak

from .conftest import CONFORMANCE

CASE_RESULTS = {
    "1-0": Result.WHITE_WINS, "0-1": Result.BLACK_WINS, "0.5-0.5": Result.DRAW,
    "1-0F": Result.WHITE_WINS_BY_FORFEIT, "0-1F": Result.BLACK_WINS_BY_FORFEIT,
    "0-0F": Result.DOUBLE_FORFEIT, "0-0": Result.DOUBLE_FORFEIT, "ADJ": Result.POSTPONED,
}


def case_files(system: str) -> list[Path]:
    return sorted((CONFORMANCE / "winther" / system).glob("*.json"))


def load_case(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass
class Replay:
    """The tournament after replaying a case, and every difference found on the way."""

    tournament: Tournament
    names: dict[str, int]
    differences: list[str] = field(default_factory=list)
    paired: dict[int, Round] = field(default_factory=dict)
    """sheetpair's own pairing of every round, before any page round replaced it."""

    @property
    def rounds_differing(self) -> set[int]:
        """Rounds whose pairing or byes differ from the page's."""
        return {int(d.split()[1]) for d in self.differences if d.startswith("round ")}


def roster_from_order(case: dict, number_key: str) -> tuple[list[Player], dict[str, int]]:
    """Players numbered as the page numbered them (``initial_order[number_key]``)."""
    ratings = {p["name"]: p.get("rating", 0) for p in case["players"]}
    entries = [e for e in case["initial_order"] if e.get("status", "Active") != "Bye"]
    players = [Player(e[number_key], e["name"], rating=ratings.get(e["name"], 0)) for e in entries]
    players.sort(key=lambda p: p.tpn)
    return players, {p.name: p.tpn for p in players}


def replay(
    case: dict, settings: Settings, players: list[Player], names: dict[str, int], *, bye_boards: bool = False
) -> Replay:
    """Pairs every round with sheetpair and compares it with the page's (``bye_boards``: bye boards too).

    A round that differs is replaced by the page's round before its results are entered, so every round is
    paired from the page's own history and each difference is judged on its own. Withdrawals take effect from
    the next round (the recorded results already carry each page's effect on the current game);
    ``adjournment_resolutions`` enter their result after the round they name.
    """
    tournament = Tournament(settings=settings, players=players)
    run = Replay(tournament, names)
    by_tpn = {v: k for k, v in names.items()}
    for rnd in case["rounds"]:
        number = rnd["round"]
        paired = operations.pair_next_round(tournament)
        run.paired[number] = Round(number, paired.games, paired.byes)
        got = sorted((g.board, by_tpn[g.white], by_tpn[g.black]) for g in paired.games)
        want = sorted((p["board"], p["white"], p["black"]) for p in rnd["pairings"])
        if got != want:
            run.differences.append(f"round {number} pairings: got {got}, page {want}")
        got_byes = sorted(
            (by_tpn[b.player], tournament.settings.points_for_bye(b.kind), b.board if bye_boards else None)
            for b in paired.byes
        )
        want_byes = sorted(
            (b["player"], float(b["points"]), b.get("board") if bye_boards else None) for b in rnd["byes"]
        )
        if got_byes != want_byes:
            run.differences.append(f"round {number} byes: got {got_byes}, page {want_byes}")
        if got != want or got_byes != want_byes:
            # continue from the page's round, so that later rounds are compared on the same history
            paired.games = [Game(p["board"], names[p["white"]], names[p["black"]]) for p in rnd["pairings"]]
            paired.byes = [Bye(names[b["player"]], ByeKind.PAB, b.get("board")) for b in rnd["byes"]]
        for p in rnd["pairings"]:
            game = next(
                (g for g in paired.games if g.white == names[p["white"]] and g.black == names[p["black"]]), None
            )
            if game is None:
                continue
            expected = CASE_RESULTS[p["result"]]
            if game.result is not Result.NONE and game.result is not expected:
                run.differences.append(
                    f"round {number} board {p['board']}: sheetpair set {game.result.value}, page {p['result']}"
                )
            game.result = expected
        for w in rnd.get("withdrawals") or []:
            operations.withdraw(tournament, names[w["player"]], number + 1)
        for adj in case.get("adjournment_resolutions") or []:
            if adj["resolved_after_round"] == number:
                operations.record_result(tournament, adj["round"], adj["board"], CASE_RESULTS[adj["result"]])
    return run


def assert_standings_match(tournament: Tournament, expected: list[dict], keys: dict[str, str]) -> None:
    """The final standings agree with the page's: order, score, and every tie-break in ``keys`` (sheetpair
    code -> the case's ``tiebreaks`` key) for every player, to within 1e-9, whether it ranks or not."""
    table = standings(tournament)
    assert [s.name for s in table] == [e["player"] for e in expected]
    state = derive(tournament)
    for line, page in zip(table, expected):
        assert line.points == pytest.approx(page["score"]), line.name
        for code, key in keys.items():
            value = compute_tiebreak(state, line.tpn, code).value
            assert value == pytest.approx(page["tiebreaks"][key], abs=1e-9), (line.name, code)


__all__ = ["assert_standings_match", "case_files", "load_case", "replay", "roster_from_order", "parse_result"]
