"""The tournament cut into the parts an arbiter edits separately, each as canonical JSON with a short hash.

Two versions of a part are the same exactly when their canonical JSON is; the hash of each part, kept at every
write, is how a hand edit is found without keeping the whole part (:mod:`.records`).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from typing import Any

from ..core.model import Player, Round, Settings, Tournament
from ..core.results import result_code

HASH_LENGTH = 16
"""Hex digits kept of each SHA-256: 64 bits, ample to tell two versions of one part apart."""

ROSTER = "roster"
SETTINGS = "settings"
REQUESTED_BYES = "requested byes"
FORBIDDEN_PAIRS = "forbidden pairs"
TEAMS = "teams"
"""A team event's teams with their members (:mod:`.team`)."""
LINEUPS = " line-ups"
"""How the part of a team event's round's line-ups ends (``round 3 line-ups``)."""


def pairing_part(number: int) -> str:
    return f"round {number} pairing"


def results_part(number: int) -> str:
    return f"round {number} results"


def lineups_part(number: int) -> str:
    return f"round {number}{LINEUPS}"


def round_of(part: str) -> int:
    """The round a round's part is of (``round 3 results`` is of round 3)."""
    return int(part.split()[1])


def tournament_parts(tournament: Tournament) -> dict[str, Any]:
    """The tournament cut into the parts an arbiter edits separately, each as plain JSON-ready values."""
    parts: dict[str, Any] = {
        ROSTER: [roster_entry(p) for p in sorted(tournament.players, key=lambda p: p.tpn)],
        SETTINGS: plain_value(dataclasses.asdict(tournament.settings)),
        REQUESTED_BYES: sorted([number, tpn, kind.value] for number, wanted in tournament.requested_byes.items()
                               for tpn, kind in wanted.items()),
        FORBIDDEN_PAIRS: sorted(sorted(pair) for pair in tournament.forbidden_pairs),
    }
    for rnd in tournament.rounds:
        parts[pairing_part(rnd.number)] = round_pairing(rnd)
        parts[results_part(rnd.number)] = round_results(rnd)
    return parts


_LATER_PLAYER_FIELDS: dict[str, object] = {"board": 0, "inactive": False}
"""Player fields added after workbooks were written, with the value those workbooks' players have: left out
of the roster part at that value, so the roster hash such a workbook stored still matches (a workbook is not
"edited by hand" because sheetpair learned a new field)."""


def as_cut_now(part: str, stored: Any) -> Any:
    """A part as stored by an earlier version of sheetpair, cut as this version cuts it: the settings added
    since then take their defaults. A workbook written before a new setting existed is then not "edited by
    hand" in that setting. (Only the parts kept whole are stored; the roster is kept by its hash.)"""
    if part == SETTINGS and isinstance(stored, dict):
        return {**_field_defaults(Settings), **stored}
    return stored


def _field_defaults(kind: type) -> dict[str, Any]:
    """The default of each field of a dataclass that has one, as :func:`tournament_parts` writes it."""
    defaults = {}
    for item in dataclasses.fields(kind):
        if item.default is not dataclasses.MISSING:
            value = item.default
        elif item.default_factory is not dataclasses.MISSING:
            value = item.default_factory()
        else:
            continue
        is_record = dataclasses.is_dataclass(value) and not isinstance(value, type)
        defaults[item.name] = plain_value(dataclasses.asdict(value) if is_record else value)
    return defaults


def round_pairing(rnd: Round) -> dict[str, list[list[Any]]]:
    """A round's boards (board, White, Black) and byes (player, kind, board), in a canonical order."""
    return {
        "games": sorted([g.board, g.white, g.black] for g in rnd.games),
        "byes": sorted(([b.player, b.kind.value, b.board] for b in rnd.byes), key=lambda b: b[0]),
    }


def round_results(rnd: Round) -> list[list[Any]]:
    """A round's results as (board, result code), by board; an unrated game's code carries its mark."""
    return sorted([g.board, result_code(g)] for g in rnd.games)


def canonical_json(value: Any) -> str:
    """One text per value: sorted keys, no spaces, non-ASCII kept (so ``½-½`` hashes as typed)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def part_hash(value: Any) -> str:
    """The short SHA-256 of a part's canonical JSON."""
    return hashlib.sha256(canonical_json(value).encode("utf-8")).hexdigest()[:HASH_LENGTH]


def roster_entry(player: Player) -> dict[str, Any]:
    """A player's fields as JSON values, those of :data:`_LATER_PLAYER_FIELDS` left out at their old value;
    what ``dataclasses.asdict`` gives for its flat record, without the deep copy that made cutting a
    2000-player roster a tenth of a second, four times a command."""
    entry = {name: plain_value(getattr(player, name)) for name in _PLAYER_FIELDS}
    for name, value in _LATER_PLAYER_FIELDS.items():
        if entry[name] == value:
            del entry[name]
    return entry


_PLAYER_FIELDS = tuple(item.name for item in dataclasses.fields(Player))


def plain_value(value: Any) -> Any:
    """Dataclass fields as JSON values: enums by their value, tuples as lists, dictionaries sorted."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [plain_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain_value(v) for k, v in sorted(value.items())}
    return value
