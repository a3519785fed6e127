"""Two copies of one event compared item by item: each setting, each player's details and withdrawal (a late
entry with its missed-round byes is one item), each requested bye, each forbidden pair, each round's pairing,
each bye in a round and each board's result.

When the copies carry their histories (:mod:`.parting`), a difference one copy made since they parted is
taken from it, whether it added something or took it away (a result cleared, a round undone); a difference
both made is a conflict. Without that history what one copy has and the other lacks is taken, and what both
have differently is a conflict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core.model import ByeKind, Result, Round, Tournament
from ..core.results import result_code
from .describe import flatten
from .edits import player_name
from .parting import SinceParting, renumber, renumbered_entries
from .parts import (
    ROSTER,
    SETTINGS,
    tournament_parts,
)
from .stamp import Side

NO_HISTORY = (SinceParting(), SinceParting())


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


def aligned(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting] = NO_HISTORY
            ) -> tuple[Tournament, Tournament, tuple[SinceParting, SinceParting], list[Difference]]:
    """The two copies and their changes with the late entries both made since parting numbered apart (see
    :mod:`.parting`), and one note per entry whose number changed."""
    numbers = renumbered_entries(a, b, since)
    notes = [Difference(f"player{new}", f"player {old} of {side} renumbered {new}: both copies entered a "
                        f"player {old} since they parted", str(old), str(new), side)
             for side, moved in numbers.items() for old, new in sorted(moved.items()) if old != new]
    in_a, in_b = numbers.get("A", {}), numbers.get("B", {})
    return renumber(a, in_a), renumber(b, in_b), (since[0].renumbered(in_a), since[1].renumbered(in_b)), notes


def compare(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting] = NO_HISTORY) -> list[Difference]:
    """Every difference between two copies of one event, item by item: settings, roster, requested byes,
    forbidden pairs, then round by round (pairing, byes, then results board by board). ``since`` holds
    what each copy changed since they parted (none known by default)."""
    a, b, since, notes = aligned(a, b, since)
    return differences(a, b, since, notes)


def differences(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting],
                notes: list[Difference]) -> list[Difference]:
    """:func:`compare` of two copies already :func:`aligned`; the renumbered entries are named in
    the item of the entry (``notes``)."""
    found = [*_compare_settings(a, b, since), *_compare_roster(a, b, since), *_compare_requested_byes(a, b, since),
             *_compare_forbidden(a, b), *_compare_rounds(a, b, since)]
    moved = {note.item: note.text for note in notes}
    return [Difference(d.item, f"{d.text} ({moved[d.item]})", d.a, d.b, d.side) if d.item in moved else d
            for d in found]


def pick(touched_a: bool, touched_b: bool, otherwise: Side | None) -> Side | None:
    """The side whose change an item is: the one copy that changed it since parting; a conflict when both
    did; ``otherwise`` when neither did (no history, or a difference older than the parting)."""
    if touched_a != touched_b:
        return "A" if touched_a else "B"
    return None if touched_a else otherwise


def _compare_settings(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    return setting_differences(tournament_parts(a)[SETTINGS], tournament_parts(b)[SETTINGS], since)


def setting_differences(settings_a: dict[str, Any], settings_b: dict[str, Any],
                        since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    """Each setting (``options.primary`` for a key in a group) two copies hold differently."""
    flat_a, flat_b = flatten(settings_a), flatten(settings_b)
    found = []
    for key in sorted(set(flat_a) | set(flat_b)):
        if flat_a.get(key) == flat_b.get(key):
            continue
        side = pick(since[0].touched_setting(key), since[1].touched_setting(key), None)
        text = f"setting {key} differs" if side is None else f"setting {key} changed in {side}"
        found.append(Difference(f"setting.{key}", text, repr(flat_a.get(key)), repr(flat_b.get(key)), side))
    return found


def _compare_roster(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    roster_a = {p["tpn"]: p for p in tournament_parts(a)[ROSTER]}
    roster_b = {p["tpn"]: p for p in tournament_parts(b)[ROSTER]}
    found = []
    for tpn in sorted(set(roster_a) | set(roster_b)):
        pa, pb = roster_a.get(tpn), roster_b.get(tpn)
        if pa == pb:
            continue
        if pa is None or pb is None:
            found.append(_entry(a, b, tpn, since))
            continue
        fields = [key for key in pa if pa[key] != pb.get(key) and key != "withdrawn_from"]
        if fields:
            side = pick(since[0].touched_player(tpn, withdrawal=False), since[1].touched_player(tpn, withdrawal=False),
                         None)
            verb = "differs" if side is None else f"changed in {side}"
            found.append(Difference(f"player{tpn}", f"player {tpn} ({pa['name']}) {verb} in {', '.join(fields)}",
                                    _fields_text(pa, fields), _fields_text(pb, fields), side))
        if pa["withdrawn_from"] != pb["withdrawn_from"]:
            found.append(_withdrawal(tpn, pa, pb, since))
    return found


def _entry(a: Tournament, b: Tournament, tpn: int, since: tuple[SinceParting, SinceParting]) -> Difference:
    """A player in one copy only, with the byes that copy gives them (a late entry's missed rounds)."""
    having: Side = "A" if a.has_player(tpn) else "B"
    event = a if having == "A" else b
    name = event.player(tpn).name
    byes = [f"round {rnd.number} ({bye.kind.value})" for rnd in event.rounds for bye in rnd.byes
            if bye.player == tpn and bye.kind is not ByeKind.PAB]
    touched = (since[0].touched_player(tpn, withdrawal=False, by_name=True),
               since[1].touched_player(tpn, withdrawal=False, by_name=True))
    side = pick(*touched, having)
    text = f"player {tpn} ({name}) only in {having}" + (f", with byes in {', '.join(byes)}" if byes else "")
    if side is not None and side != having:
        text = f"player {tpn} ({name}) removed in {side}"
    shown = name + (f" + {len(byes)} bye(s)" if byes else "")
    return Difference(f"player{tpn}", text, shown if having == "A" else "-", shown if having == "B" else "-", side)


def _withdrawal(tpn: int, pa: dict[str, Any], pb: dict[str, Any], since: tuple[SinceParting, SinceParting]
                ) -> Difference:
    wa, wb = pa["withdrawn_from"], pb["withdrawn_from"]
    says_more: Side | None = None if wa is not None and wb is not None else ("A" if wa is not None else "B")
    touched = since[0].touched_player(tpn, withdrawal=True), since[1].touched_player(tpn, withdrawal=True)
    side = pick(*touched, says_more)
    verb = "differs" if side is None else f"changed in {side}"
    return Difference(f"withdrawal.p{tpn}", f"player {tpn} ({pa['name']}): withdrawal {verb}",
                      "-" if wa is None else f"from round {wa}", "-" if wb is None else f"from round {wb}", side)


def _fields_text(player: dict[str, Any], fields: list[str]) -> str:
    return ", ".join(f"{key}={player.get(key)!r}" for key in fields)


def _compare_requested_byes(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting]
                            ) -> list[Difference]:
    """Byes asked for rounds neither copy has paired (those of a round one copy paired are part of that
    round's item: see :func:`_later_rounds`)."""
    found = []
    paired = max(a.current_round, b.current_round)
    keys = {(n, t) for n, wanted in a.requested_byes.items() for t in wanted if n > paired}
    keys |= {(n, t) for n, wanted in b.requested_byes.items() for t in wanted if n > paired}
    for number, tpn in sorted(keys):
        ka, kb = a.requested_byes.get(number, {}).get(tpn), b.requested_byes.get(number, {}).get(tpn)
        if ka != kb:
            found.append(_bye(number, tpn, ka, kb, since, "requested by"))
    return found


def _bye(number: int, tpn: int, ka: ByeKind | None, kb: ByeKind | None, since: tuple[SinceParting, SinceParting],
         verb: str, *, one_side_only: bool = True) -> Difference:
    has: Side | None = None if (ka and kb) or not one_side_only else ("A" if ka else "B")
    side = pick(since[0].touched_bye(number, tpn), since[1].touched_bye(number, tpn), has)
    return Difference(f"bye.r{number}.p{tpn}", f"round {number}: bye {verb} player {tpn}"
                      + ("" if side is None else f", as in {side}"),
                      ka.value if ka else "-", kb.value if kb else "-", side)


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


def _compare_rounds(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    found = []
    only_a = {p.tpn for p in a.players} - {p.tpn for p in b.players}
    only_b = {p.tpn for p in b.players} - {p.tpn for p in a.players}
    for number in range(1, min(a.current_round, b.current_round) + 1):
        ra, rb = a.round(number), b.round(number)
        if _games_and_pab(ra) != _games_and_pab(rb):
            side = pick(since[0].touched_pairing(number), since[1].touched_pairing(number), None)
            found.append(Difference(f"round{number}", f"round {number} is paired differently"
                                    + ("" if side is None else f": paired again in {side}"),
                                    _pairing_text(ra), _pairing_text(rb), side))
            if side is None:
                continue
            break  # the rounds after it come with it
        found += _compare_round_byes(number, ra, rb, only_a | only_b, since)
        found += _compare_results(number, ra, rb, since)
    else:
        found += _unequal_rounds(a, b, since)
    return found


def _unequal_rounds(a: Tournament, b: Tournament, since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    """The rounds one copy has and the other not: paired in one, or undone in the other."""
    if a.current_round == b.current_round:
        return []
    longer: Side = "A" if a.current_round > b.current_round else "B"
    shorter: Side = "B" if longer == "A" else "A"
    first = min(a.current_round, b.current_round) + 1
    index = 0 if longer == "A" else 1
    undone = since[1 - index].undid(first)
    used = any(since[index].touched_pairing(n) or since[index].touched_results(n)
               for n in range(first, max(a.current_round, b.current_round) + 1))
    if undone:
        side: Side | None = None if used else shorter
        a_text, b_text = ("paired", "undone") if longer == "A" else ("undone", "paired")
        text = (f"round {first} undone in {shorter}" if side else
                f"round {first} undone in {shorter} and changed in {longer} since the copies parted")
        return [Difference(f"round{first}", text, a_text, b_text, side)]
    return [_later_rounds(a, b, "A") if longer == "A" else _later_rounds(b, a, "B")]


def _games_and_pab(rnd: Round) -> tuple[list[list[int]], list[int]]:
    """What the pairing of a round decided: its boards and its pairing-allocated bye."""
    return (sorted([g.board, g.white, g.black] for g in rnd.games),
            sorted(b.player for b in rnd.byes if b.kind is ByeKind.PAB))


def _compare_round_byes(number: int, ra: Round, rb: Round, entries: set[int],
                        since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    """Each bye asked for the round (not the pairing's own) held differently; the byes of a player in one
    copy only are that player's item."""
    byes_a = {b.player: b.kind for b in ra.byes if b.kind is not ByeKind.PAB}
    byes_b = {b.player: b.kind for b in rb.byes if b.kind is not ByeKind.PAB}
    return [_bye(number, tpn, byes_a.get(tpn), byes_b.get(tpn), since, "in the round for", one_side_only=False)
            for tpn in sorted(set(byes_a) | set(byes_b)) if tpn not in entries and byes_a.get(tpn) != byes_b.get(tpn)]


def _compare_results(number: int, ra: Round, rb: Round, since: tuple[SinceParting, SinceParting]) -> list[Difference]:
    found = []
    for game in sorted(ra.games, key=lambda g: g.board):
        other = rb.game_on_board(game.board)
        assert other is not None  # same pairing
        code_a, code_b = result_code(game), result_code(other)
        if code_a == code_b:
            continue
        ranks = _rank(game.result), _rank(other.result)
        says_more: Side | None = None if ranks[0] == ranks[1] else ("A" if ranks[0] > ranks[1] else "B")
        side = pick(since[0].touched_board(number, game.board), since[1].touched_board(number, game.board), says_more)
        found.append(Difference(f"r{number}b{game.board}", _result_text(number, game.board, side, code_a, code_b),
                                code_a or "-", code_b or "-", side))
    return found


def _result_text(number: int, board: int, side: Side | None, code_a: str, code_b: str) -> str:
    where = f"round {number} board {board}"
    if side is None:
        return f"{where}: conflicting results"
    taken, left = (code_a, code_b) if side == "A" else (code_b, code_a)
    if not taken:
        return f"{where}: result cleared in {side}"
    return f"{where}: result {'entered only' if not left else 'changed'} in {side}"


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
