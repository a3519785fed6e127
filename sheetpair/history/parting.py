"""What each of two copies of one event did since they parted, and the late entries both made renumbered.

Two copies share their history up to the moment one was sent: the journal entries both hold. What one copy
holds beyond that — its own journal entries, and the hand edits no write has recorded yet — is what that
copy changed; an item the other copy did not touch is then taken from it, also when the change is an
absence (a result cleared, a round undone). Copies without journals (written by older versions) have no
such history, and the comparison falls back on what each copy holds.

Each copy gives a late entry the next start number, so two halls entering one player each both give
number 61 to different people. Both entries are kept: the entries made since parting are numbered after
the shared roster in the order they were made (by the time of their journal entry, then by name).
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass, field

from ..core.model import Tournament
from .describe import bye_line_start, player_line_start
from .edits import hand_edits
from .records import JournalEntry, Metadata
from .stamp import Side

_ENTERED = re.compile(r"^player (\d+) \((.*)\) entered$")
_BOARD_MOVED = re.compile(r"^round \d+ (board|table) \d+: [1-9]\d*-[1-9]\d* "
                          r"(added|removed|changed to [1-9]\d*-[1-9]\d*)$")
_PLAYER = re.compile(r"\bplayer (\d+)")
_WHOLE_PARTS = ("roster changed", "roster edited by hand")


@dataclass(frozen=True)
class SinceParting:
    """One copy's own changes: the lines of its journal entries the other copy lacks, and of its unrecorded
    hand edits; ``entered`` maps the start number of each late entry among them to (time, name)."""

    lines: tuple[str, ...] = ()
    entered: dict[int, tuple[str, str]] = field(default_factory=dict)

    def renumbered(self, numbers: dict[int, int]) -> SinceParting:
        """The same changes, with the start numbers ``numbers`` maps changed in every line."""
        if not numbers:
            return self
        lines = tuple(_PLAYER.sub(lambda m: f"player {numbers.get(int(m.group(1)), int(m.group(1)))}", line)
                      for line in self.lines)
        return SinceParting(lines, {numbers.get(tpn, tpn): when for tpn, when in self.entered.items()})

    def touched_player(self, tpn: int, *, withdrawal: bool, by_name: bool = False) -> bool:
        """Whether this copy changed player ``tpn``'s withdrawal (or, without ``withdrawal``, their details);
        with ``by_name``, only a line naming the player counts (not a roster edited by hand as a whole)."""
        start = player_line_start(tpn)
        return any((line in _WHOLE_PARTS and not by_name)
                   or (line.startswith(start) and _is_withdrawal(line) == withdrawal) for line in self.lines)

    def touched(self, start: str) -> bool:
        """Whether this copy changed what the lines starting with ``start`` are about."""
        return any(line.startswith(start) for line in self.lines)

    def touched_bye(self, number: int, tpn: int, holder: str = "player") -> bool:
        start = bye_line_start(number, tpn, holder)
        return any(line.startswith(start) or line == "requested byes edited by hand" for line in self.lines)

    def touched_board(self, number: int, board: int) -> bool:
        start = f"round {number} board {board}: "
        return any(line.startswith(start) for line in self.lines)

    def touched_pairing(self, number: int) -> bool:
        """Whether this copy paired, undid or edited the pairing of round ``number``."""
        start = f"round {number} "
        return any(line.startswith(start) and (line.endswith((" paired", " removed", " by hand"))
                                               or _BOARD_MOVED.match(line) is not None) for line in self.lines)

    def undid(self, number: int) -> bool:
        return any(line.startswith(f"round {number} removed") for line in self.lines)

    def touched_results(self, number: int) -> bool:
        start = f"round {number} board "
        return any(line.startswith(start) for line in self.lines)

    def touched_setting(self, key: str) -> bool:
        return any(line.startswith(f"setting {key}:") for line in self.lines)


def _is_withdrawal(line: str) -> bool:
    return line.endswith("withdrawal cancelled") or ": withdrawn from round " in line


def own_entries(own: Metadata, other: Metadata) -> list[JournalEntry]:
    """The journal entries of the copy with metadata ``own`` that ``other`` lacks (none when ``other`` has no
    journal: then nothing tells when they parted)."""
    shared = {entry.key for entry in other.journal}
    return [entry for entry in own.journal if entry.key not in shared and other.journal]


def since_parting(own: Metadata, other: Metadata, tournament: Tournament) -> SinceParting:
    """What the copy with metadata ``own`` (read as ``tournament``) changed since it parted from ``other``."""
    lines: list[str] = []
    entered: dict[str, str] = {}
    for entry in own_entries(own, other):
        for line in entry.change.split("; "):
            lines.append(line)
            found = _ENTERED.match(line)
            if found:
                entered.setdefault(found.group(2), entry.time)  # the first time: a merge may renumber it later
    lines += [line for edit in hand_edits(own, tournament) for line in edit.lines]
    named = Counter(p.name for p in tournament.players)
    return SinceParting(tuple(lines), {p.tpn: (entered[p.name], p.name) for p in tournament.players
                                       if p.name in entered and named[p.name] == 1})


def renumbered_entries(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting]
                       ) -> dict[Side, dict[int, int]]:
    """The new start numbers of the late entries both copies made since parting, when they clash (one number
    given to two people); empty when nothing clashes or the entries cannot be told from the shared roster."""
    entries = {"A": since[0].entered, "B": since[1].entered}
    clash = [tpn for tpn in set(entries["A"]) & set(entries["B"]) if entries["A"][tpn][1] != entries["B"][tpn][1]]
    if not clash:
        return {}
    own = [(when, name, side, tpn) for side, made in entries.items() for tpn, (when, name) in made.items()
           if not (side == "B" and entries["A"].get(tpn, ("", ""))[1] == name)]
    first = min(tpn for *_, tpn in own)
    for side, event in (("A", a), ("B", b)):
        if any(p.tpn >= first and p.tpn not in entries[side] for p in event.players):
            return {}  # a player above the entries that is not one of them: the numbers are not the entries'
    numbers: dict[Side, dict[int, int]] = {"A": {}, "B": {}}
    for number, (_, _, side, tpn) in enumerate(sorted(own), start=first):
        numbers[side][tpn] = number  # type: ignore[index]
    for tpn, (_, name) in entries["B"].items():
        if entries["A"].get(tpn, ("", ""))[1] == name:
            numbers["B"][tpn] = numbers["A"][tpn]  # one person entered in both copies: one number
    return numbers


def renumber(event: Tournament, numbers: dict[int, int]) -> Tournament:
    """A copy of ``event`` with the start numbers ``numbers`` maps changed everywhere they appear."""
    def new(tpn: int) -> int:
        return numbers.get(tpn, tpn)

    changed = copy.deepcopy(event)
    for player in changed.players:
        player.tpn = new(player.tpn)
    changed.players.sort(key=lambda p: p.tpn)
    for rnd in changed.rounds:
        for game in rnd.games:
            game.white, game.black = new(game.white), new(game.black)
        for bye in rnd.byes:
            bye.player = new(bye.player)
    changed.requested_byes = {n: {new(t): kind for t, kind in wanted.items()}
                              for n, wanted in changed.requested_byes.items()}
    changed.forbidden_pairs = {frozenset(new(t) for t in pair) for pair in changed.forbidden_pairs}
    return changed
