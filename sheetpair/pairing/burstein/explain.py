"""Plain-words explanations of Burstein rounds (C.04.1 Art. 9), in Burstein's own terms: the index of each
player, the order it gives each group, which opponents the highest player was not given and why, and the
colour rule. Articles are those of the text the system implements (``docs/burstein.md``).
"""

from __future__ import annotations

from ...core.results import format_points
from ..base import Pairing
from ..explanation import BoardExplanation, RoundExplanation
from ..fide.entrants import RoundField
from .classic import ClassicOutcome, GroupLog
from .modern import ModernOutcome


def _points(units: int, outcome: ClassicOutcome | ModernOutcome) -> str:
    return format_points(float(units * _field(outcome).scale.unit))


def _field(outcome: ClassicOutcome | ModernOutcome) -> RoundField:
    return outcome.field


def classic_notes(outcome: ClassicOutcome) -> list[str]:
    """What the arbiter should know at the moment of pairing: the imaginary points, floaters, the bye."""
    notes = []
    if outcome.imaginary:
        first, last = min(outcome.imaginary), max(outcome.imaginary)
        notes.append(f"imaginary point (Art. 3.3) for start numbers {first}-{last}")
    for group in outcome.groups:
        if group.outgoing is not None:
            notes.append(f"player {group.outgoing} floats down from the {_points(group.score, outcome)} group "
                         f"(Art. 6.3)")
    if outcome.bye is not None:
        notes.append(f"pairing-allocated bye: {outcome.bye.tpn}, the lowest player who has not had a point "
                     f"without playing (Art. 4.1-4.3)")
    return notes


def _why_not(outcome: ClassicOutcome, group: GroupLog, tpn: int, other: int) -> str:
    entrants = {e.tpn: e for e in outcome.order}
    me, them = entrants[tpn], entrants[other]
    if other in me.played_opponents:
        return f"{other}: already met (Art. 3.1)"
    if me.absolute_preference and them.absolute_preference and me.colour_preference is them.colour_preference:
        return f"{other}: both must have the same colour (Art. 5.2, 5.3)"
    if (tpn, other) in group.reasons:
        return f"{other}: {group.reasons[(tpn, other)]}"
    return f"{other}: a pair the arbiter ruled out"


def classic_explanation(outcome: ClassicOutcome, pairing: Pairing, round_number: int, system: str
                        ) -> RoundExplanation:
    """The round as :class:`RoundExplanation`: groups with their index order, then every board."""
    lines = []
    if outcome.imaginary:
        lines.append(f"imaginary point (Art. 3.3): {', '.join(map(str, sorted(outcome.imaginary)))}")
    for group in outcome.groups:
        order = "; ".join(f"{tpn} ({outcome.indexes[tpn].text()})" for tpn in group.members)
        name = f"score group {_points(group.score, outcome)}"
        if group.lowest != group.score:
            lowest = _points(group.lowest, outcome)
            name = f"score groups {_points(group.score, outcome)} to {lowest}, merged (Art. 6.6),"
        lines.append(f"{name} in the order of Art. 3.2: {order}")
        if group.incoming is not None:
            lines.append(f"  {group.incoming} floated in from the group above (Art. 6.3)")
        if group.outgoing is not None:
            lines.append(f"  {group.outgoing} floats to the group below (Art. 6.3)")
    chosen = {}
    for group in outcome.groups:
        for first, second in group.pairs:
            chosen[frozenset((first, second))] = (first, second, group)
    rules = {frozenset((a.tpn, b.tpn)): rule for a, b, _, rule in outcome.pairs}
    boards = []
    for game in pairing.games:
        first, second, group = chosen[frozenset((game.white, game.black))]
        reasons = [f"{first} is the highest unpaired player of the {_points(group.score, outcome)} group and meets "
                   f"the lowest player the rest of the pairing allows (Art. 6.1, 6.2)"]
        reasons += [f"not {_why_not(outcome, group, first, other)}" for other in group.skipped.get(first, [])]
        reasons.append(f"White {game.white}: {rules[frozenset((game.white, game.black))]} (Art. 5.4)")
        boards.append(BoardExplanation(game.board, game.white, game.black,
                                       f"Board {game.board}: {game.white} - {game.black}", reasons))
    bye = None
    if outcome.bye is not None:
        bye = (f"Bye: {outcome.bye.tpn}, lowest in the order without an earlier point without playing "
               f"(Art. 4.1-4.3)")
    return RoundExplanation(round_number, system, lines, boards, bye)



def modern_notes(outcome: ModernOutcome) -> list[str]:
    """The floaters and the PAB of a round after the seeding rounds."""
    notes = []
    for bracket in outcome.brackets:
        if bracket.outgoing:
            notes.append(f"{', '.join(map(str, bracket.outgoing))} float(s) down from the "
                         f"{_points(bracket.score, outcome)} bracket ([C5]-[C7])")
    if outcome.bye is not None:
        notes.append(f"pairing-allocated bye: {outcome.bye.tpn} (Art. 3.1: lowest score, most games, lowest in "
                     f"the index order, among those leaving a complete pairing)")
    return notes


def modern_explanation(outcome: ModernOutcome, pairing: Pairing, round_number: int, system: str
                       ) -> RoundExplanation:
    """The round as :class:`RoundExplanation`: each bracket in BSN order with the index, then every board."""
    lines = ["index (Art. 1.7-1.8): Buchholz, then Sonneborn-Berger, then start number; scores not used"]
    for bracket in outcome.brackets:
        order = "; ".join(f"BSN {number} = {tpn} ({outcome.indexes[tpn].text()})"
                          for number, tpn in enumerate(bracket.members, start=1))
        lines.append(f"bracket {_points(bracket.score, outcome)}: {order}")
        if bracket.incoming:
            lines.append(f"  incoming floaters (Art. 1.2.2): {', '.join(map(str, bracket.incoming))}")
        if bracket.outgoing:
            lines.append(f"  outgoing floaters (BSN 0 partners, Art. 4.2): {', '.join(map(str, bracket.outgoing))}")
    placed = {}
    for bracket in outcome.brackets:
        for higher, lower in bracket.pairs:
            placed[frozenset((higher, lower))] = (higher, lower, bracket)
    rules = {frozenset((a.tpn, b.tpn)): rule for a, b, _, rule in outcome.pairs}
    boards = []
    for game in pairing.games:
        key = frozenset((game.white, game.black))
        higher, lower, bracket = placed[key]
        chooser, other = (higher, lower) if higher in bracket.skipped else (lower, higher)
        bsn = {tpn: number for number, tpn in enumerate(bracket.members, start=1)}
        reasons = [f"bracket {_points(bracket.score, outcome)}: BSN {bsn[chooser]} ({chooser}) meets BSN "
                   f"{bsn[other]} ({other}), the largest BSN that the first pairing in the order of Art. 4.3 "
                   f"complying best with [C4]-[C8] allows"]
        reasons += [f"{chooser} not with {text}" for text in bracket.skipped.get(chooser, [])]
        reasons.append(f"White {game.white}: {rules[key]} (Art. 5.2)")
        boards.append(BoardExplanation(game.board, game.white, game.black,
                                       f"Board {game.board}: {game.white} - {game.black}", reasons))
    bye = None
    if outcome.bye is not None:
        bye = f"Bye: {outcome.bye.tpn} (Art. 3.1)"
    return RoundExplanation(round_number, system, lines, boards, bye)
