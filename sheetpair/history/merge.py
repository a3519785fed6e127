"""Two copies of one event merged: every difference taken from the copy that has it, conflicts refused until
the arbiter says which side to take (``--take``), and both histories in the merged journal."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from ..core.errors import OperationError
from ..core.model import ByeKind, Tournament
from .compare import Difference, compare
from .records import JournalEntry, Metadata
from .stamp import Side


class MergeConflictError(OperationError):
    """Two copies conflict and the arbiter has not said which side to take; nothing was written."""

    def __init__(self, conflicts: list[Difference]) -> None:
        self.conflicts = conflicts
        listed = "".join(f"\n  {d.item}: {d.text} (A: {d.a}; B: {d.b})" for d in conflicts)
        super().__init__(f"nothing was written: {len(conflicts)} conflict(s) to resolve with --take A|B for all, "
                         f"or --take ITEM=A|B for one:{listed}")


def merge(a: Tournament, b: Tournament, *, take: dict[str, Side] | None = None,
          take_all: Side | None = None) -> tuple[Tournament, list[Difference]]:
    """The two copies merged: what only one copy has is taken from it; each conflict from the side
    ``take`` names for its item, else ``take_all``. Returns the merged tournament and the differences.

    :raises MergeConflictError: listing every conflict left unresolved (nothing is merged).
    :raises OperationError: for a ``take`` item that is not one of the differences.
    """
    take = take or {}
    found = compare(a, b)
    unknown = sorted(set(take) - {d.item for d in found})
    if unknown:
        raise OperationError(f"--take names {', '.join(unknown)}, which is not a difference of these copies")
    open_conflicts = [d for d in found if d.is_conflict and take.get(d.item, take_all) is None]
    if open_conflicts:
        raise MergeConflictError(open_conflicts)
    merged = copy.deepcopy(a)
    for difference in found:
        chosen = difference.side or take.get(difference.item, take_all)
        if chosen == "B":
            _take_from_b(merged, b, difference)
    for number in [n for n in merged.requested_byes if n <= merged.current_round]:
        del merged.requested_byes[number]  # asked for a round now paired: the pairing has settled them
    return merged, found


def _take_from_b(merged: Tournament, b: Tournament, difference: Difference) -> None:
    item = difference.item
    if item.startswith("setting."):
        merged.settings = _setting_from(merged, b, item[len("setting."):])
    elif item.startswith("player"):
        tpn = int(item[len("player"):])
        merged.players = sorted([p for p in merged.players if p.tpn != tpn]
                                + [copy.deepcopy(p) for p in b.players if p.tpn == tpn], key=lambda p: p.tpn)
    elif item.startswith("bye."):
        number, tpn = (int(x[1:]) for x in item.split(".")[1:])
        kind: ByeKind | None = b.requested_byes.get(number, {}).get(tpn)
        wanted = merged.requested_byes.setdefault(number, {})
        if kind is None:
            wanted.pop(tpn, None)
        else:
            wanted[tpn] = kind
    elif item.startswith("forbidden."):
        pair = frozenset(int(x) for x in item[len("forbidden."):].split("-"))
        merged.forbidden_pairs ^= {pair}
    elif item.startswith("round"):
        number = int(item[len("round"):])
        merged.rounds = merged.rounds[: number - 1] + copy.deepcopy(b.rounds[number - 1:])
    else:
        number, board = (int(x) for x in item[1:].split("b"))
        game = merged.round(number).game_on_board(board)
        other = b.round(number).game_on_board(board)
        assert game is not None and other is not None
        game.result, game.rated = other.result, other.rated


def _setting_from(merged: Tournament, b: Tournament, key: str) -> Any:
    """``merged``'s settings with the one setting ``key`` (``event.name`` for the event header) from ``b``."""
    head, _, rest = key.partition(".")
    if head == "event" and rest:
        return replace(merged.settings, event=replace(merged.settings.event, **{rest: getattr(b.settings.event, rest)}))
    if head == "options":
        options = dict(merged.settings.options)
        if rest in b.settings.options:
            options[rest] = b.settings.options[rest]
        else:
            options.pop(rest, None)
        return replace(merged.settings, options=options)
    return replace(merged.settings, **{head: copy.deepcopy(getattr(b.settings, head))})


def merged_journal(a: Metadata, b: Metadata) -> list[JournalEntry]:
    """Both histories: the union of the two journals in time order (entries of one write keep their order)."""
    union = {entry.key: entry for entry in [*a.journal, *b.journal]}
    return sorted(union.values(), key=lambda e: (e.time, e.revision))
