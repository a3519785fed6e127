"""What changed between two versions of a part of the tournament, in the arbiter's words (one line each)."""

from __future__ import annotations

from typing import Any

from .parts import (
    LINEUPS,
    REQUESTED_BYES,
    ROSTER,
    SETTINGS,
    TEAMS,
    round_of,
)


def board_place(key: Any) -> str:
    """Where a result stands: ``board 4`` (an individual event's board), ``table 3 board 2`` (a board of a team
    match, keyed ``[table, board]``), ``table 3`` (the match itself, board 0: a whole match forfeited)."""
    if isinstance(key, (list, tuple)):
        table, board = key
        return f"table {table}" + (f" board {board}" if board else "")
    return f"board {key}"


def _key(value: Any) -> Any:
    """A JSON key as a dictionary key (a ``[table, board]`` list as a tuple)."""
    return tuple(value) if isinstance(value, list) else value


def _results_lines(number: int, old: list[list[Any]] | None, new: list[list[Any]] | None, verb: str) -> list[str]:
    before = {_key(board): code for board, code in old or []}
    after = {_key(board): code for board, code in new or []}
    lines = []
    for board in sorted(set(before) & set(after)):
        was, now = before[board], after[board]
        where = f"round {number} {board_place(board)}"
        if was == now:
            continue
        if not was:
            lines.append(f"{where}: {now} {verb}")
        elif not now:
            lines.append(f"{where}: {was} cleared")
        else:
            lines.append(f"{where}: {was} changed to {now}")
    return lines


def _pairing_lines(number: int, old: dict[str, Any], new: dict[str, Any], *, team: bool = False) -> list[str]:
    """The boards (a team event's matches, by table) and byes that changed in a round's pairing."""
    unit = "table" if team else "board"
    before = {board: (white, black) for board, white, black in old["games"]}
    after = {board: (white, black) for board, white, black in new["games"]}
    lines = []
    for board in sorted(set(before) | set(after)):
        was, now = before.get(board), after.get(board)
        if was == now:
            continue
        if was is None:
            lines.append(f"round {number} {unit} {board}: {now[0]}-{now[1]} added")  # type: ignore[index]
        elif now is None:
            lines.append(f"round {number} {unit} {board}: {was[0]}-{was[1]} removed")
        else:
            lines.append(f"round {number} {unit} {board}: {was[0]}-{was[1]} changed to {now[0]}-{now[1]}")
    byes_was = {player: kind for player, kind, _ in old["byes"]}
    byes_now = {player: kind for player, kind, _ in new["byes"]}
    return lines + _bye_lines(number, byes_was, byes_now, "added", "removed", "team" if team else "player")


def bye_line_start(number: int, player: int, holder: str = "player") -> str:
    """How every line about player ``player``'s bye in round ``number`` starts (asked for, or in the round);
    ``holder`` is ``team`` for a team's bye."""
    return f"round {number} bye: {holder} {player} "


def _bye_lines(number: int, was: dict[int, str], now: dict[int, str], added: str, removed: str,
               holder: str = "player") -> list[str]:
    lines = []
    for player in sorted(set(was) | set(now)):
        before, after = was.get(player), now.get(player)
        if before == after:
            continue
        start = bye_line_start(number, player, holder)
        if before is None:
            lines.append(f"{start}({after}) {added}")
        elif after is None:
            lines.append(f"{start}({before}) {removed}")
        else:
            lines.append(f"{start}({before}) changed to {after}")
    return lines


def _requested_byes_lines(old: list[list[Any]], new: list[list[Any]]) -> list[str]:
    rounds = sorted({number for number, _, _ in [*old, *new]})
    return [line for number in rounds
            for line in _bye_lines(number, {tpn: kind for n, tpn, kind in old if n == number},
                                   {tpn: kind for n, tpn, kind in new if n == number}, "asked", "cancelled")]


def player_line_start(tpn: int) -> str:
    """How every line about player ``tpn``'s entry in the roster starts."""
    return f"player {tpn} "


def _roster_lines(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    before, after = {p["tpn"]: p for p in old}, {p["tpn"]: p for p in new}
    lines = []
    for tpn in sorted(set(before) | set(after)):
        was, now = before.get(tpn), after.get(tpn)
        if was == now:
            continue
        start = f"{player_line_start(tpn)}({(now or was or {}).get('name')})"
        if was is None or now is None:
            lines.append(f"{start} {'entered' if was is None else 'removed'}")
            continue
        for key in [k for k in now if now[k] != was.get(k)]:
            if key == "withdrawn_from":
                withdrawn = now[key]
                lines.append(f"{start}: withdrawn from round {withdrawn}" if withdrawn is not None
                             else f"{start}: withdrawal cancelled")
            else:
                lines.append(f"{start}: {key} {was.get(key)!r} changed to {now[key]!r}")
    return lines


def _settings_lines(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    flat_old, flat_new = flatten(old), flatten(new)
    return [f"setting {key}: {flat_old.get(key)!r} changed to {flat_new.get(key)!r}"
            for key in sorted(set(flat_old) | set(flat_new)) if flat_old.get(key) != flat_new.get(key)]


def flatten(values: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in values.items():
        if isinstance(value, dict):
            flat |= flatten(value, f"{prefix}{key}.")
        else:
            flat[prefix + key] = value
    return flat


def describe_part(part: str, old: Any, new: Any, *, by_hand: bool = False, team: bool = False) -> list[str]:
    """What changed in ``part`` from ``old`` to ``new`` (``None`` when the part did not exist), one line per
    board, bye or setting where the values are known, else one line for the part. A result new in a round is
    "typed" when ``by_hand``, else "entered". ``team``: the parts of a team event (:mod:`.team`)."""
    if part.endswith(" results"):
        return _results_lines(round_of(part), old, new, "typed" if by_hand else "entered")
    if part.endswith(" pairing"):
        if old is None or new is None:
            return [f"round {round_of(part)} {'paired' if old is None else 'removed'}"]
        return _pairing_lines(round_of(part), old, new, team=team)
    if part.endswith(LINEUPS):  # a round added or removed as a whole is said once, by its pairing
        return team_lines(part, old, new) if old is not None and new is not None else []
    if team and part == TEAMS and old is not None and new is not None:
        return team_lines(part, old, new)
    if old is not None and new is not None:
        if part == SETTINGS:
            return _settings_lines(old, new)
        if part == ROSTER:
            return _roster_lines(old, new)
        if part == REQUESTED_BYES:
            return _requested_byes_lines(old, new)
    return [f"{part} changed"]


def parts_changes(old: dict[str, Any], new: dict[str, Any], *, team: bool = False) -> list[str]:
    """Every change from the parts ``old`` to the parts ``new``, one line each, in the order of the parts."""
    lines = []
    for part in [*old, *(p for p in new if p not in old)]:
        if old.get(part) != new.get(part):
            lines += describe_part(part, old.get(part), new.get(part), team=team)
    return lines


def team_lines(part: str, old: Any, new: Any) -> list[str]:
    """A team event's teams (their details and members) or a round's line-ups, one line per change."""
    if part == TEAMS:
        before, after = {t["tpn"]: t for t in old}, {t["tpn"]: t for t in new}
        lines = []
        for tpn in sorted(set(before) | set(after)):
            was, now = before.get(tpn), after.get(tpn)
            start = f"{team_line_start(tpn)}({(now or was or {}).get('name')})"
            if was is None or now is None:
                lines.append(f"{start} {'entered' if was is None else 'removed'}")
                continue
            lines += [f"{start}: {key} {was.get(key)!r} changed to {now[key]!r}"
                      for key in now if now[key] != was.get(key)]
        return lines
    number = round_of(part)
    return [f"{lineup_line_start(number, int(team))}{','.join(map(str, old.get(team, [])))} changed to "
            f"{','.join(map(str, new.get(team, [])))}" for team in sorted(set(old) | set(new), key=int)
            if old.get(team) != new.get(team)]


def team_line_start(tpn: int) -> str:
    """How every line about team ``tpn``'s entry (details, members) starts."""
    return f"team {tpn} "


def lineup_line_start(number: int, team: int) -> str:
    """How every line about team ``team``'s line-up in round ``number`` starts."""
    return f"round {number} team {team} line-up: "
