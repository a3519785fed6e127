"""Two copies of one event compared part by part: settings, roster, requested byes, forbidden pairs, then
round by round (pairings, then results board by board)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.model import Result, Round, Tournament
from ..core.results import result_code
from .describe import flatten
from .edits import player_name
from .parts import (
    ROSTER,
    SETTINGS,
    round_pairing,
    tournament_parts,
)
from .stamp import Side


@dataclass(frozen=True)
class Difference:
    """One item in which two copies differ. ``side`` is the copy that has it (``A`` or ``B``), or
    ``None`` for a conflict the arbiter must resolve; ``item`` is the id ``--take ITEM=A|B`` names."""

    item: str
    text: str
    a: str
    b: str
    side: Side | None

    @property
    def is_conflict(self) -> bool:
        return self.side is None


def compare(a: Tournament, b: Tournament) -> list[Difference]:
    """Every difference between two copies of one event, part by part: settings, roster, requested byes,
    forbidden pairs, then round by round (pairings, then results board by board)."""
    return [*_compare_settings(a, b), *_compare_roster(a, b), *_compare_requested_byes(a, b),
            *_compare_forbidden(a, b), *_compare_rounds(a, b)]


def _compare_settings(a: Tournament, b: Tournament) -> list[Difference]:
    parts_a, parts_b = tournament_parts(a), tournament_parts(b)
    flat_a, flat_b = flatten(parts_a[SETTINGS]), flatten(parts_b[SETTINGS])
    return [Difference(f"setting.{key}", f"setting {key} differs", repr(flat_a.get(key)), repr(flat_b.get(key)), None)
            for key in sorted(set(flat_a) | set(flat_b)) if flat_a.get(key) != flat_b.get(key)]


def _compare_roster(a: Tournament, b: Tournament) -> list[Difference]:
    roster_a = {p["tpn"]: p for p in tournament_parts(a)[ROSTER]}
    roster_b = {p["tpn"]: p for p in tournament_parts(b)[ROSTER]}
    found = []
    for tpn in sorted(set(roster_a) | set(roster_b)):
        pa, pb = roster_a.get(tpn), roster_b.get(tpn)
        if pa == pb:
            continue
        if pa is None or pb is None:
            side: Side = "A" if pb is None else "B"
            name = (pa or pb or {}).get("name")
            found.append(Difference(f"player{tpn}", f"player {tpn} ({name}) only in {side}",
                                    str(pa and pa["name"] or "-"), str(pb and pb["name"] or "-"), side))
            continue
        fields = [key for key in pa if pa[key] != pb.get(key)]
        found.append(Difference(f"player{tpn}", f"player {tpn} ({pa['name']}) differs in {', '.join(fields)}",
                                _fields_text(pa, fields), _fields_text(pb, fields), None))
    return found


def _fields_text(player: dict[str, Any], fields: list[str]) -> str:
    return ", ".join(f"{key}={player.get(key)!r}" for key in fields)


def _compare_requested_byes(a: Tournament, b: Tournament) -> list[Difference]:
    """Byes asked for rounds neither copy has paired (those of a round one copy paired are part of that
    round's item: see :func:`_later_rounds`)."""
    found = []
    paired = max(a.current_round, b.current_round)
    keys = {(n, t) for n, wanted in a.requested_byes.items() for t in wanted if n > paired}
    keys |= {(n, t) for n, wanted in b.requested_byes.items() for t in wanted if n > paired}
    for number, tpn in sorted(keys):
        ka, kb = a.requested_byes.get(number, {}).get(tpn), b.requested_byes.get(number, {}).get(tpn)
        if ka == kb:
            continue
        side: Side | None = None if ka and kb else ("A" if ka else "B")
        found.append(Difference(f"bye.r{number}.p{tpn}", f"round {number}: bye requested by player {tpn}",
                                ka.value if ka else "-", kb.value if kb else "-", side))
    return found


def _compare_forbidden(a: Tournament, b: Tournament) -> list[Difference]:
    found = []
    for pair in sorted(sorted(p) for p in a.forbidden_pairs ^ b.forbidden_pairs):
        side: Side = "A" if frozenset(pair) in a.forbidden_pairs else "B"
        found.append(Difference(f"forbidden.{pair[0]}-{pair[1]}", f"forbidden pair {pair[0]}-{pair[1]} only in {side}",
                                "yes" if side == "A" else "-", "yes" if side == "B" else "-", side))
    return found


def _rank(result: Result) -> int:
    """How much a board's result says: nothing, postponed, final."""
    return 2 if result.is_known else (1 if result is Result.POSTPONED else 0)


def _compare_rounds(a: Tournament, b: Tournament) -> list[Difference]:
    found = []
    for number in range(1, min(a.current_round, b.current_round) + 1):
        ra, rb = a.round(number), b.round(number)
        if round_pairing(ra) != round_pairing(rb):
            found.append(Difference(f"round{number}", f"round {number} is paired differently",
                                    _pairing_text(ra), _pairing_text(rb), None))
            continue
        found += _compare_results(number, ra, rb)
    if a.current_round > b.current_round:
        found.append(_later_rounds(a, b, "A"))
    elif b.current_round > a.current_round:
        found.append(_later_rounds(b, a, "B"))
    return found


def _compare_results(number: int, ra: Round, rb: Round) -> list[Difference]:
    found = []
    for game in sorted(ra.games, key=lambda g: g.board):
        other = rb.game_on_board(game.board)
        assert other is not None  # same pairing
        if result_code(game) == result_code(other):
            continue
        ranks = _rank(game.result), _rank(other.result)
        side: Side | None = None if ranks[0] == ranks[1] else ("A" if ranks[0] > ranks[1] else "B")
        text = (f"round {number} board {game.board}: conflicting results" if side is None
                else f"round {number} board {game.board}: result entered only in {side}")
        found.append(Difference(f"r{number}b{game.board}", text, result_code(game) or "-",
                                result_code(other) or "-", side))
    return found


def _later_rounds(longer: Tournament, shorter: Tournament, side: Side) -> Difference:
    """The rounds paired in one copy only. They merge when that copy paired them knowing every result and
    every requested bye the other copy has; else the pairing may not be the one the system makes now."""
    first, last = shorter.current_round + 1, longer.current_round
    span = f"round {first}" if first == last else f"rounds {first}-{last}"
    results, byes = _results_unknown(longer, shorter), _byes_unknown(longer, shorter)
    other: Side = "B" if side == "A" else "A"
    a, b = ("paired", "-") if side == "A" else ("-", "paired")
    if not results and not byes:
        return Difference(f"round{first}", f"{span} paired only in {side}", a, b, side)
    reasons = []
    if results:
        reasons.append(f"paired in {side} before round {first - 1} was complete in {other}: {other} has "
                       f"{', '.join(results)}")
    if byes:
        reasons.append(f"paired in {side} without the bye(s) asked in {other}: {', '.join(byes)}")
    return Difference(f"round{first}", f"{span} " + "; ".join(reasons) + f", which {side} did not have when pairing",
                      a, b, None)


def _results_unknown(longer: Tournament, shorter: Tournament) -> list[str]:
    """Results (or whole rounds) of the shorter copy that the longer one did not have."""
    unknown = []
    for number in range(1, shorter.current_round + 1):
        ours, theirs = longer.round(number), shorter.round(number)
        for game in theirs.games:
            mine = ours.game_on_board(game.board)
            if mine is None or (mine.white, mine.black) != (game.white, game.black):
                unknown.append(f"round {number} paired differently")
                break
            if _rank(game.result) > _rank(mine.result) or (game.result.is_known and mine.result is not game.result):
                unknown.append(f"round {number} board {game.board} {result_code(game)}")
    return unknown


def _byes_unknown(longer: Tournament, shorter: Tournament) -> list[str]:
    """Byes asked in the shorter copy for rounds the longer one paired without giving them."""
    unknown = []
    for number in range(shorter.current_round + 1, longer.current_round + 1):
        given = {(bye.player, bye.kind) for bye in longer.round(number).byes}
        unknown += [f"{kind.value} bye for {player_name(shorter, tpn)} in round {number}"
                    for tpn, kind in sorted(shorter.requested_byes.get(number, {}).items()) if (tpn, kind) not in given]
    return unknown


def _pairing_text(rnd: Round) -> str:
    games = [f"{g.board}:{g.white}-{g.black}" for g in sorted(rnd.games, key=lambda g: g.board)]
    return " ".join(games + [f"bye:{b.player}" for b in rnd.byes])
