"""What changed between two versions of a part of the tournament, in the arbiter's words (one line each)."""

from __future__ import annotations

from typing import Any

from ..core.model import Tournament
from .parts import (
    SETTINGS,
    round_of,
    tournament_parts,
)


def _results_lines(number: int, old: list[list[Any]] | None, new: list[list[Any]] | None, verb: str) -> list[str]:
    before = {board: code for board, code in old or []}
    after = {board: code for board, code in new or []}
    lines = []
    for board in sorted(set(before) & set(after)):
        was, now = before[board], after[board]
        if was == now:
            continue
        if not was:
            lines.append(f"round {number} board {board}: {now} {verb}")
        elif not now:
            lines.append(f"round {number} board {board}: {was} cleared")
        else:
            lines.append(f"round {number} board {board}: {was} changed to {now}")
    return lines


def _pairing_lines(number: int, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    before = {board: (white, black) for board, white, black in old["games"]}
    after = {board: (white, black) for board, white, black in new["games"]}
    lines = []
    for board in sorted(set(before) | set(after)):
        was, now = before.get(board), after.get(board)
        if was == now:
            continue
        if was is None:
            lines.append(f"round {number} board {board}: {now[0]}-{now[1]} added")  # type: ignore[index]
        elif now is None:
            lines.append(f"round {number} board {board}: {was[0]}-{was[1]} removed")
        else:
            lines.append(f"round {number} board {board}: {was[0]}-{was[1]} changed to {now[0]}-{now[1]}")
    if old["byes"] != new["byes"]:
        lines.append(f"round {number} byes: {_byes_text(old['byes'])} changed to {_byes_text(new['byes'])}")
    return lines


def _byes_text(byes: list[list[Any]]) -> str:
    return ", ".join(f"{player} ({kind})" for player, kind, _ in byes) or "none"


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


def describe_part(part: str, old: Any, new: Any, *, by_hand: bool = False) -> list[str]:
    """What changed in ``part`` from ``old`` to ``new`` (``None`` when the part did not exist), one line per
    board, bye or setting where the values are known, else one line for the part. A result new in a round is
    "typed" when ``by_hand``, else "entered"."""
    if part.endswith(" results"):
        return _results_lines(round_of(part), old, new, "typed" if by_hand else "entered")
    if part.endswith(" pairing"):
        if old is None or new is None:
            return [f"round {round_of(part)} {'paired' if old is None else 'removed'}"]
        return _pairing_lines(round_of(part), old, new)
    if part == SETTINGS and old is not None and new is not None:
        return _settings_lines(old, new)
    return [f"{part} changed"]


def changes(before: Tournament, after: Tournament) -> list[str]:
    """Every change from ``before`` to ``after``, one line each, parts in the order of the workbook."""
    old, new = tournament_parts(before), tournament_parts(after)
    lines = []
    for part in [*old, *(p for p in new if p not in old)]:
        if old.get(part) != new.get(part):
            lines += describe_part(part, old.get(part), new.get(part))
    return lines
