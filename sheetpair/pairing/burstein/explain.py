"""Plain-words explanations of Burstein rounds (C.04.1 Art. 9), in Burstein's own terms: the index of each
player, the order it gives each group, which opponents the highest player was not given and why, and the
colour rule. Articles are those of the text the system implements (``docs/burstein.md``).
"""

from __future__ import annotations

from ...core.results import format_points
from ..base import Pairing
from ..explanation import BoardExplanation, RoundExplanation
from .classic import ClassicOutcome


def _points(units: int, outcome: ClassicOutcome) -> str:
    return format_points(float(units * outcome.field.scale.unit))


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


def _why_not(outcome: ClassicOutcome, tpn: int, other: int) -> str:
    entrants = {e.tpn: e for e in outcome.order}
    me, them = entrants[tpn], entrants[other]
    if other in me.played_opponents:
        return f"{other}: already met (Art. 3.1)"
    if me.absolute_preference and them.absolute_preference and me.colour_preference is them.colour_preference:
        return f"{other}: both must have the same colour (Art. 5.2, 5.3)"
    return f"{other}: the rest of the field or more due colours need him elsewhere (Art. 6.5, 6.6)"


def classic_explanation(outcome: ClassicOutcome, pairing: Pairing, round_number: int, system: str
                        ) -> RoundExplanation:
    """The round as :class:`RoundExplanation`: groups with their index order, then every board."""
    lines = []
    if outcome.imaginary:
        lines.append(f"imaginary point (Art. 3.3): {', '.join(map(str, sorted(outcome.imaginary)))}")
    for group in outcome.groups:
        order = "; ".join(f"{tpn} ({outcome.indexes[tpn].text()})" for tpn in group.members)
        lines.append(f"score group {_points(group.score, outcome)} in the order of Art. 3.2: {order}")
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
        reasons += [f"not {_why_not(outcome, first, other)}" for other in group.skipped.get(first, [])]
        reasons.append(f"White {game.white}: {rules[frozenset((game.white, game.black))]} (Art. 5.4)")
        boards.append(BoardExplanation(game.board, game.white, game.black,
                                       f"Board {game.board}: {game.white} - {game.black}", reasons))
    bye = None
    if outcome.bye is not None:
        bye = (f"Bye: {outcome.bye.tpn}, lowest in the order without an earlier point without playing "
               f"(Art. 4.1-4.3)")
    return RoundExplanation(round_number, system, lines, boards, bye)

