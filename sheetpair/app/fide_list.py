"""The use case behind ``sheetpair players --from-fide`` (and a "FIDE list" button): the roster filled from
FIDE's rating list.

A player with a FIDE id is found by it; a player without one by name (see
:func:`~sheetpair.io.fide_list.name_key`). A name found once is taken; a name found twice or more is a
question for the caller (``choose``), never a guess. A player found gets the list's name, FIDE id,
federation, title, sex, birth year, the rating and K of the chosen list (standard, rapid or blitz).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError, OperationError
from ..core.model import Player, Tournament
from ..history.stamp import Stamp
from ..io.fide_list import RATING_LISTS as RATING_LISTS  # the lists a door may offer
from ..io.fide_list import ListEntry as ListEntry
from ..io.fide_list import chunks as chunks
from ..io.fide_list import name_key, scan_list
from ..io.port import WorkbookPort
from .operations import enter_late
from .session import edit

Choose = Callable[[Player, list[ListEntry]], ListEntry | None]
"""Given a player and the list's entries of the same name, the one meant (``None``: none of them)."""


@dataclass(frozen=True)
class ListUpdate:
    """What the list changed: start numbers updated, not found, inactive on the list."""

    updated: tuple[int, ...]
    not_found: tuple[int, ...]
    inactive: tuple[int, ...]
    added: tuple[int, ...] = ()
    """Start numbers of the players added by FIDE id."""


def update_from_fide(port: WorkbookPort, path: Path, *, choose: Choose, rating_list: str = "standard",
                     tick: Callable[[], None] = lambda: None, stamp: Stamp | None = None,
                     add: Sequence[str] = ()) -> ListUpdate:
    """Fills the roster of the workbook in ``port`` from the FIDE list at ``path`` and writes it back; the FIDE
    ids ``add`` become new players (late entries once a round is paired), filled from the list likewise.

    :raises InputError: for an unknown ``rating_list``, a file that is not FIDE's list, or an id to add that
        the roster has already or the list has not.
    """
    if rating_list not in RATING_LISTS:
        raise InputError(f"unknown rating list {rating_list!r}: choose one of {', '.join(RATING_LISTS)}")

    def change(tournament: Tournament) -> ListUpdate:
        known = {p.fide_id.strip(): p.tpn for p in tournament.players if p.fide_id.strip()}
        twice = [f"{fide_id} (player {known[fide_id]})" for fide_id in add if fide_id in known]
        if twice:
            raise InputError(f"FIDE id {', '.join(twice)} is in the roster already: nothing to add")
        top = max((p.tpn for p in tournament.players), default=0)  # the start numbers enter_late gives
        new = [Player(top + i, "", fide_id=fide_id) for i, fide_id in enumerate(dict.fromkeys(add), start=1)]
        done = fill_roster([*tournament.players, *new], path, choose=choose, rating_list=rating_list, tick=tick)
        missing = [p.fide_id for p in new if not p.name]
        if missing:
            raise InputError(f"FIDE id {', '.join(missing)} is not on the FIDE list {path.name}: nothing was added")
        added = tuple(enter_late(tournament, player)[0].tpn for player in new)
        return ListUpdate(done.updated, done.not_found, done.inactive, added)

    return edit(port, change, stamp=stamp or Stamp("players"))


def fill_roster(players: list[Player], path: Path, *, choose: Choose, rating_list: str = "standard",
                tick: Callable[[], None] = lambda: None) -> ListUpdate:
    """Updates ``players`` in place from the list at ``path`` (one pass over the file)."""
    ids = {p.fide_id.strip() for p in players if p.fide_id.strip()}
    names = {name_key(p.name) for p in players if not p.fide_id.strip()}
    by_id: dict[str, ListEntry] = {}
    by_name: dict[tuple[str, ...], list[ListEntry]] = {}
    for entry in scan_list(path, ids=ids, names=names, tick=tick):
        if entry.fide_id in ids:
            by_id[entry.fide_id] = entry
        by_name.setdefault(name_key(entry.name), []).append(entry)
    updated, missing, inactive = [], [], []
    for player in players:
        found = _find(player, by_id, by_name, choose)
        if found is None:
            missing.append(player.tpn)
            continue
        _apply(player, found, rating_list)
        updated.append(player.tpn)
        if found.inactive:
            inactive.append(player.tpn)
    return ListUpdate(tuple(updated), tuple(missing), tuple(inactive))


def _find(player: Player, by_id: dict[str, ListEntry], by_name: dict[tuple[str, ...], list[ListEntry]],
          choose: Choose) -> ListEntry | None:
    if player.fide_id.strip():
        return by_id.get(player.fide_id.strip())
    candidates = by_name.get(name_key(player.name), [])
    if len(candidates) > 1:
        return choose(player, candidates)
    return candidates[0] if candidates else None


def _apply(player: Player, entry: ListEntry, rating_list: str) -> None:
    player.name = entry.name or player.name
    player.fide_id = entry.fide_id
    player.federation = entry.federation or player.federation
    player.title = entry.title or player.title
    player.sex = entry.sex or player.sex
    if entry.birth_year and not player.birth_date.startswith(entry.birth_year):
        player.birth_date = entry.birth_year
    player.rating = entry.rating(rating_list)
    player.k_factor = entry.k(rating_list)
    player.inactive = entry.inactive


def ambiguous(player: Player, candidates: list[ListEntry]) -> OperationError:
    """The refusal for a name found twice: one sentence listing the candidates, never a guess."""
    return OperationError(f"player {player.tpn} ({player.name}) is on the FIDE list {len(candidates)} times: "
                          + "; ".join(describe(c) for c in candidates)
                          + ". Give the FIDE id in the roster or the Players sheet")


def refuse(player: Player, candidates: list[ListEntry]) -> ListEntry | None:
    """A :data:`Choose` that never guesses and never asks: a name found twice is refused (:func:`ambiguous`)."""
    raise ambiguous(player, candidates)


def list_beside(folder: Path) -> Path | None:
    """FIDE's combined list saved in ``folder`` (``players_list_xml.zip``, ``players_list_foa.txt``...: a file
    whose name starts with ``players_list``), the newest when there are several; ``None`` when there is none."""
    found = [f for f in folder.glob("players_list*") if f.suffix.lower() in (".zip", ".xml", ".txt") and f.is_file()]
    return max(found, key=lambda f: (f.stat().st_mtime, f.name)) if found else None


def describe(entry: ListEntry) -> str:
    """One candidate in a sentence: id, name, federation, birth year, standard rating."""
    return f"{entry.fide_id} {entry.name} ({entry.federation}, born {entry.birth_year or '?'}, " \
           f"{entry.rating('standard') or 'unrated'})"


__all__ = ["Choose", "ListUpdate", "ambiguous", "describe", "fill_roster", "list_beside", "refuse",
           "update_from_fide"]
