"""Two copies of one event merged: every difference taken from the copy that has it, conflicts refused until
the arbiter says which side to take (``--take``), and both histories in the merged journal."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from ..core.errors import OperationError
from ..core.model import Bye, ByeKind, Tournament
from .compare import NO_HISTORY, Difference, aligned, differences
from .parting import SinceParting
from .records import JournalEntry, Metadata
from .stamp import Side


class MergeConflictError(OperationError):
    """Two copies conflict and the arbiter has not said which side to take; nothing was written."""

    def __init__(self, conflicts: list[Difference]) -> None:
        self.conflicts = conflicts
        listed = "".join(f"\n  {d.item}: {d.text} (A: {d.a}; B: {d.b})" for d in conflicts)
        super().__init__(f"nothing was written: {len(conflicts)} conflict(s) to resolve with --take A|B for all, "
                         f"or --take ITEM=A|B for one:{listed}")


def settle(found: list[Difference], take: dict[str, Side], take_all: Side | None) -> None:
    """Checks that every conflict among ``found`` is settled by ``take`` (item by item) or ``take_all``.

    :raises OperationError: for a ``take`` item that is not one of the differences.
    :raises MergeConflictError: listing every conflict left unresolved.
    """
    unknown = sorted(set(take) - {d.item for d in found})
    if unknown:
        raise OperationError(f"--take names {', '.join(unknown)}, which is not a difference of these copies")
    open_conflicts = [d for d in found if d.is_conflict and take.get(d.item, take_all) is None]
    if open_conflicts:
        raise MergeConflictError(open_conflicts)


def merge(a: Tournament, b: Tournament, *, take: dict[str, Side] | None = None,
          take_all: Side | None = None, since: tuple[SinceParting, SinceParting] = NO_HISTORY
          ) -> tuple[Tournament, list[Difference]]:
    """The two copies merged item by item: what one copy changed since they parted (``since``), or has and
    the other lacks, is taken from it; each conflict from the side ``take`` names for its item, else
    ``take_all``. Late entries both copies made are numbered apart first. Returns the merged tournament and
    the differences.

    :raises MergeConflictError: listing every conflict left unresolved (nothing is merged).
    :raises OperationError: for a ``take`` item that is not one of the differences.
    """
    take = take or {}
    a, b, since, notes = aligned(a, b, since)
    found = differences(a, b, since, notes)
    settle(found, take, take_all)
    merged = copy.deepcopy(a)
    for difference in sorted(found, key=lambda d: not d.item.startswith("round")):  # rounds before their parts
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
        _player_from(merged, b, int(item[len("player"):]))
    elif item.startswith("withdrawal.p"):
        tpn = int(item[len("withdrawal.p"):])
        merged.player(tpn).withdrawn_from = b.player(tpn).withdrawn_from
    elif item.startswith("bye."):
        number, tpn = (int(x[1:]) for x in item.split(".")[1:])
        _bye_from(merged, b, number, tpn)
    elif item.startswith("forbidden."):
        pair = frozenset(int(x) for x in item[len("forbidden."):].split("-"))
        merged.forbidden_pairs ^= {pair}
    elif item.startswith("round"):
        number = int(item[len("round"):])
        merged.rounds = merged.rounds[: number - 1] + copy.deepcopy(b.rounds[number - 1:])
        if b.current_round < number:  # undone in B: the byes asked for those rounds are B's again
            for later in [n for n in merged.requested_byes if n >= number]:
                del merged.requested_byes[later]
            merged.requested_byes |= copy.deepcopy({n: w for n, w in b.requested_byes.items() if n >= number})
    else:
        number, board = (int(x) for x in item[1:].split("b"))
        game = merged.round(number).game_on_board(board)
        other = b.round(number).game_on_board(board)
        assert game is not None and other is not None
        game.result, game.rated = other.result, other.rated


def _player_from(merged: Tournament, b: Tournament, tpn: int) -> None:
    """Player ``tpn`` as B has them: their details (not their withdrawal, an item of its own), or, for a
    player only one copy has, the entry with its byes in the rounds both have, or its absence."""
    if merged.has_player(tpn) and b.has_player(tpn):
        withdrawn = merged.player(tpn).withdrawn_from
        merged.players[merged.players.index(merged.player(tpn))] = replace(b.player(tpn), withdrawn_from=withdrawn)
        return
    merged.players = sorted([p for p in merged.players if p.tpn != tpn]
                            + [copy.deepcopy(p) for p in b.players if p.tpn == tpn], key=lambda p: p.tpn)
    for rnd in merged.rounds:
        rnd.byes = [bye for bye in rnd.byes if bye.player != tpn]
        if rnd.number <= b.current_round:
            rnd.byes += [copy.deepcopy(bye) for bye in b.round(rnd.number).byes if bye.player == tpn]


def _bye_from(merged: Tournament, b: Tournament, number: int, tpn: int) -> None:
    """Player ``tpn``'s bye in round ``number`` as B has it: in the round when it is paired, else asked for."""
    if number <= merged.current_round:
        rnd = merged.round(number)
        rnd.byes = [bye for bye in rnd.byes if bye.player != tpn]
        rnd.byes += [Bye(bye.player, bye.kind, bye.board) for bye in b.round(number).byes if bye.player == tpn]
        return
    kind: ByeKind | None = b.requested_byes.get(number, {}).get(tpn)
    wanted = merged.requested_byes.setdefault(number, {})
    if kind is None:
        wanted.pop(tpn, None)
    else:
        wanted[tpn] = kind


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
