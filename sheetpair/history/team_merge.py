"""Two copies of one team event compared item by item and merged, as :mod:`.compare` and :mod:`.merge` do
for an individual event: each setting, each team (details and members), each player, each round's matches,
each team's line-up in a round, and each board's result (a whole match forfeited is its table's item).

A difference one copy made since they parted (its journal entries the other lacks, its unrecorded hand
edits) is taken from it; a difference both made is a conflict the arbiter resolves with ``--take``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..core.team_book import TeamBook
from ..core.teams import Match, TeamRound, seat_boards
from .compare import NO_HISTORY, Difference, pick, setting_differences
from .describe import board_place, lineup_line_start, player_line_start, team_line_start
from .edits import parts_edited
from .merge import settle
from .parting import SinceParting, own_entries
from .parts import ROSTER, SETTINGS, TEAMS, lineups_part, pairing_part, results_part
from .records import Metadata
from .stamp import Side
from .team import settings_replaced, team_parts

Since = tuple[SinceParting, SinceParting]


def team_since(own: Metadata, other: Metadata, book: TeamBook) -> SinceParting:
    """What the copy with metadata ``own`` (read as ``book``) changed since it parted from ``other``."""
    lines = [line for entry in own_entries(own, other) for line in entry.change.split("; ")]
    lines += [line for edit in parts_edited(own, team_parts(book), team=True) for line in edit.lines]
    return SinceParting(tuple(lines))


def compare_teams(a: TeamBook, b: TeamBook, since: Since = NO_HISTORY) -> list[Difference]:
    """Every difference between two copies of one team event: settings, teams, players, then round by round
    (matches, line-ups, results table by table and board by board)."""
    pa, pb = team_parts(a), team_parts(b)
    found = setting_differences(pa[SETTINGS], pb[SETTINGS], since)
    found += _entries(pa[TEAMS], pb[TEAMS], since, "team", team_line_start)
    found += _entries(pa[ROSTER], pb[ROSTER], since, "player", player_line_start)
    return found + _rounds(pa, pb, len(a.event.rounds), len(b.event.rounds), since)


def _entries(in_a: list[dict[str, Any]], in_b: list[dict[str, Any]], since: Since, what: str,
             start: Callable[[int], str]) -> list[Difference]:
    """Each team (or player) the copies hold differently, or one copy only."""
    by_a, by_b = {e["tpn"]: e for e in in_a}, {e["tpn"]: e for e in in_b}
    found = []
    for tpn in sorted(set(by_a) | set(by_b)):
        ea, eb = by_a.get(tpn), by_b.get(tpn)
        if ea == eb:
            continue
        having: Side | None = None if ea and eb else ("A" if ea else "B")
        side = pick(since[0].touched(start(tpn)), since[1].touched(start(tpn)), having)
        name = (ea or eb or {}).get("name")
        if ea is None or eb is None:
            text = f"{what} {tpn} ({name}) only in {having}"
        else:
            fields = ", ".join(k for k in ea if ea[k] != eb.get(k))
            text = f"{what} {tpn} ({name}) {'differs' if side is None else f'changed in {side}'} in {fields}"
        found.append(Difference(f"{what}{tpn}", text, _shown(ea), _shown(eb), side))
    return found


def _shown(entry: dict[str, Any] | None) -> str:
    return "-" if entry is None else ", ".join(f"{k}={v!r}" for k, v in entry.items() if k != "tpn")


def _rounds(pa: dict[str, Any], pb: dict[str, Any], rounds_a: int, rounds_b: int, since: Since) -> list[Difference]:
    found: list[Difference] = []
    for number in range(1, min(rounds_a, rounds_b) + 1):
        if pa[pairing_part(number)] != pb[pairing_part(number)]:
            side = pick(since[0].touched_pairing(number), since[1].touched_pairing(number), None)
            found.append(Difference(f"round{number}", f"round {number} is paired differently"
                                    + ("" if side is None else f": paired again in {side}"),
                                    _matches(pa[pairing_part(number)]), _matches(pb[pairing_part(number)]), side))
            if side is None:
                continue
            return found  # the rounds after it come with it
        found += _lineups(number, pa[lineups_part(number)], pb[lineups_part(number)], since)
        found += _results(number, pa[results_part(number)], pb[results_part(number)], since)
    if rounds_a != rounds_b:
        found.append(_later_rounds(pa, pb, rounds_a, rounds_b, since, found))
    return found


def _matches(pairing: dict[str, list[list[Any]]]) -> str:
    return " ".join([f"{t}:{w}-{b}" for t, w, b in pairing["games"]] + [f"bye:{t}" for t, _, _ in pairing["byes"]])


def _lineups(number: int, in_a: dict[str, list[int]], in_b: dict[str, list[int]], since: Since) -> list[Difference]:
    found = []
    for team in sorted(set(in_a) | set(in_b), key=int):
        la, lb = in_a.get(team, []), in_b.get(team, [])
        if la == lb:
            continue
        start = lineup_line_start(number, int(team))
        side = pick(since[0].touched(start), since[1].touched(start), None)
        found.append(Difference(f"lineup.r{number}.t{team}", f"round {number}: team {team}'s line-up "
                                + ("differs" if side is None else f"changed in {side}"),
                                ",".join(map(str, la)), ",".join(map(str, lb)), side))
    return found


def _results(number: int, in_a: list[list[Any]], in_b: list[list[Any]], since: Since) -> list[Difference]:
    codes_a = {tuple(key): code for key, code in in_a}
    codes_b = {tuple(key): code for key, code in in_b}
    found = []
    for key in sorted(set(codes_a) | set(codes_b)):
        ca, cb = codes_a.get(key, ""), codes_b.get(key, "")
        if ca == cb:
            continue
        where = f"round {number} {board_place(key)}"
        says_more: Side | None = None if ca and cb else ("A" if ca else "B")
        side = pick(since[0].touched(f"{where}:"), since[1].touched(f"{where}:"), says_more)
        verb = "differs" if side is None else f"{'cleared' if not (ca if side == 'A' else cb) else 'entered'} in {side}"
        table, board = key
        found.append(Difference(f"r{number}t{table}" + (f"b{board}" if board else ""), f"{where}: result {verb}",
                                ca or "-", cb or "-", side))
    return found


def _later_rounds(pa: dict[str, Any], pb: dict[str, Any], rounds_a: int, rounds_b: int, since: Since,
                  found: list[Difference]) -> Difference:
    """The rounds one copy has and the other not: paired in one (taken from it when it knew every result
    the other has), or undone in the other."""
    longer: Side = "A" if rounds_a > rounds_b else "B"
    shorter: Side = "B" if longer == "A" else "A"
    first, last = min(rounds_a, rounds_b) + 1, max(rounds_a, rounds_b)
    index = 0 if longer == "A" else 1
    a_text, b_text = ("paired", "-") if longer == "A" else ("-", "paired")
    used = any(since[index].touched_pairing(n) or since[index].touched(f"round {n} table ")
               for n in range(first, last + 1))
    if since[1 - index].undid(first):
        side: Side | None = None if used else shorter
        text = (f"round {first} undone in {shorter}" if side else
                f"round {first} undone in {shorter} and changed in {longer} since the copies parted")
        return Difference(f"round{first}", text, a_text, b_text, side)
    unknown = [d.item for d in found if d.item.startswith(f"r{first - 1}t") and d.side != longer]
    if unknown:
        return Difference(f"round{first}", f"round {first} paired in {longer} before round {first - 1} was complete "
                          f"in {shorter} ({', '.join(unknown)})", a_text, b_text, None)
    return Difference(f"round{first}", f"round {first}" + (f"-{last}" if last > first else "")
                      + f" paired only in {longer}", a_text, b_text, longer)


def merge_teams(a: TeamBook, b: TeamBook, *, take: dict[str, Side] | None = None, take_all: Side | None = None,
                since: Since = NO_HISTORY) -> tuple[TeamBook, list[Difference]]:
    """The two copies merged item by item (see :func:`~.merge.merge`); returns the merged event and the
    differences.

    :raises MergeConflictError: listing every conflict left unresolved (nothing is merged).
    :raises OperationError: for a ``take`` item that is not one of the differences.
    """
    take = take or {}
    found = compare_teams(a, b, since)
    settle(found, take, take_all)
    merged = copy.deepcopy(a)
    order = ("setting", "team", "player", "round", "lineup", "r")
    for difference in sorted(found, key=lambda d: next(i for i, o in enumerate(order) if d.item.startswith(o))):
        if (difference.side or take.get(difference.item, take_all)) == "B":
            merged = _take_from_b(merged, b, difference.item)
    return merged, found


def _take_from_b(merged: TeamBook, b: TeamBook, item: str) -> TeamBook:
    if item.startswith("setting."):
        return settings_replaced(merged, item[len("setting."):], b)
    if item.startswith("team"):
        tpn = int(item[len("team"):])
        kept = [t for t in merged.event.teams if t.tpn != tpn]
        teams = tuple(sorted(kept + [t for t in b.event.teams if t.tpn == tpn], key=lambda t: t.tpn))
        _copy_key(merged.teams, b.teams, tpn)
        _copy_key(merged.team_absent, b.team_absent, tpn)
        return replace(merged, event=replace(merged.event, teams=teams))
    if item.startswith("player"):
        tpn = int(item[len("player"):])
        merged.players = sorted([p for p in merged.players if p.tpn != tpn] + [p for p in b.players if p.tpn == tpn],
                                key=lambda p: p.tpn)
        _copy_key(merged.absent, b.absent, tpn)
        return merged
    rounds = list(merged.event.rounds)
    if item.startswith("round"):
        number = int(item[len("round"):])
        return replace(merged, event=replace(merged.event, rounds=(*rounds[:number - 1], *b.event.rounds[number - 1:])))
    number = int(item.split(".")[1][1:]) if item.startswith("lineup.") else int(item[1:].split("t")[0])
    rounds[number - 1] = _round_from_b(rounds[number - 1], b.event.rounds[number - 1], item)
    return replace(merged, event=replace(merged.event, rounds=tuple(rounds)))


def _round_from_b(rnd: TeamRound, other: TeamRound, item: str) -> TeamRound:
    """Round ``rnd`` with one team's line-up (its match's boards seated again) or one result taken from B's."""
    if item.startswith("lineup."):
        team = int(item.split(".")[2][1:])
        lineups = {**rnd.lineups, team: other.lineups.get(team, ())}
        matches = tuple(replace(m, boards=seat_boards(len(m.boards), lineups.get(m.white, ()),
                                                      lineups.get(m.black, ())))
                        if team in (m.white, m.black) else m for m in rnd.matches)
        return replace(rnd, lineups=lineups, matches=matches)
    table_text, _, board_text = item[1:].split("t", 1)[1].partition("b")
    table = int(table_text)
    theirs = next(m for m in other.matches if m.table == table)
    return replace(rnd, matches=tuple(_match_from(m, theirs, int(board_text or 0)) if m.table == table else m
                                      for m in rnd.matches))


def _match_from(match: Match, theirs: Match, board: int) -> Match:
    """``match`` with board ``board``'s result as B's match has it (board 0: B's whole-match forfeit)."""
    if not board:
        return replace(match, forfeit_winner=theirs.forfeit_winner)
    result = next(g.result for g in theirs.boards if g.board == board)
    return replace(match, boards=tuple(replace(g, result=result) if g.board == board else g for g in match.boards))


def _copy_key(mine: dict[int, Any], theirs: dict[int, Any], key: int) -> None:
    mine.pop(key, None)
    if key in theirs:
        mine[key] = theirs[key]
