"""Plain-words explanations of a Lim round in the system's own terms (C.04.1 Art. 9: every pairing must be
explainable): the traversal of the scoregroups, who floated and by which article, the cracked pairs of a
blocked median group, and for every board the group it was made in and the colour rule that decided.
"""

from __future__ import annotations

from ...core.model import Tournament
from ...core.results import format_points
from ..explanation import BoardExplanation, RoundExplanation
from .players import Orientation, Region
from .procedure import GroupLog, LimOutcome

_KINDS = ("a (floated into the group, no compatible opponent in the next group)",
          "b (floated into the group)", "c (no compatible opponent in the next group)", "d")

_PENALTIES = (
    "a colour limit of Art. 5.1 broken between equal scores in the last round (Art. 6)",
    "the alternate colour not given (Art. 5.1, 5.2)",
    "colours not equalised after an even round (Art. 5.6)",
    "the precedence of Art. 5.4 not followed",
    "the colour drawn for round one not followed (Art. 7.2)",
)


def _points(half_points: int) -> str:
    return format_points(half_points / 2)


def _direction(region: Region) -> str:
    return {Region.ABOVE: "downward (Art. 2.2, above the median)", Region.BELOW: "upward (Art. 2.2, below the median)",
            Region.MEDIAN: "median group, paired last (Art. 2.2)"}[region]


def _group_lines(log: GroupLog) -> list[str]:
    lines = [f"  group {_points(log.half_points)}, {_direction(log.region)}: "
             f"{len(log.pairs) + len(log.cracked)} pair(s)"]
    if log.incoming:
        lines.append(f"    floaters received: {', '.join(map(str, log.incoming))} (Art. 3.6/3.7)")
    if log.floated:
        where = "next lower" if log.region is Region.ABOVE else "next higher"
        lines.append(f"    floated to the {where} group (Art. 3.2.1): {', '.join(map(str, log.floated))} "
                     f"(priority {log.priority}: Maxi band 3.2.3, types a, b, c of 3.9.2, previous floats 3.10, "
                     "colour balance 3.2.2, numbers 3.2.4)")
        lines += [f"      {tpn}: {why}" for tpn, why in log.floater_reasons.items()]
    for pair in log.cracked:
        lines.append(f"    pair {pair.white}-{pair.black} cracked to unblock the median group (Art. 2.6)")
    return lines


def round_notes(outcome: LimOutcome, round_number: int) -> list[str]:
    """What the arbiter should know at pairing time: cracked pairs of a blocked median group, colour limits
    broken in the last round, a round one that could not keep its proposed pairs."""
    notes = []
    if round_number == 1 and not outcome.round_one:
        notes.append("a proposed pair of round one may not meet (forbidden pair); the round was paired with "
                     "exchanges (Lim Art. 2.5, 4)")
    if outcome.median is not None and outcome.median.cracked:
        cracked = ", ".join(f"{p.white}-{p.black}" for p in outcome.median.cracked)
        notes.append(f"the median group was blocked; pair(s) {cracked} were cracked and re-paired in it (Lim Art. 2.6)")
    for board, pair in enumerate(outcome.pairs, start=1):
        if pair.penalties[0]:
            notes.append(f"board {board}: {pair.white}-{pair.black} breaks a colour limit of Art. 5.1, allowed between "
                         "equal scores in the last round (Lim Art. 6)")
    return notes


def _colour_reason(pair: Orientation, round_one: bool) -> str:
    if round_one:
        return "Art. 7.2: the colour drawn for #1 goes to the odd numbers of the top half"
    faults = [text for value, text in zip(pair.penalties, _PENALTIES) if value]
    if not faults:
        return "Art. 5.1, 5.5, 5.6: both players get the alternate, equalising colour"
    return "fewest colour faults possible: " + "; ".join(faults)


def explain_outcome(tournament: Tournament, round_number: int, outcome: LimOutcome, system: str) -> RoundExplanation:
    """The explanation of a paired round (rounds ``1..round_number-1`` are its history)."""
    groups: dict[int, str] = {}
    reasons: dict[frozenset[int], str] = {}
    lines: list[str] = []
    if outcome.round_one:
        lines.append("Round one: top half against bottom half by pairing number (Art. 7.2)")
    for log in outcome.groups:
        lines += _group_lines(log)
        reasons.update(log.reasons)
        for pair in log.pairs:
            groups[pair.white] = groups[pair.black] = f"group {_points(log.half_points)}, {_direction(log.region)}"
    median = outcome.median
    if median is not None:
        lines.append(f"  median group {_points(median.half_points)} (Art. 2.2): from above "
                     f"{', '.join(map(str, median.from_above)) or 'none'}, from below "
                     f"{', '.join(map(str, median.from_below)) or 'none'}")
        reasons.update(median.reasons)
        for pair in median.pairs:
            groups[pair.white] = groups[pair.black] = f"median group {_points(median.half_points)}"
    boards = []
    for number, pair in enumerate(outcome.pairs, start=1):
        heading = f"Board {number}: {pair.white} - {pair.black}"
        opponent = reasons.get(frozenset((pair.white, pair.black)), "top half against bottom half (Art. 7.2)")
        lines_ = [groups.get(pair.white, "round one"), f"opponent: {opponent}",
                  f"colours: {_colour_reason(pair, outcome.round_one)}"]
        boards.append(BoardExplanation(number, pair.white, pair.black, heading, lines_))
    bye = None
    if outcome.bye is not None:
        bye = f"Pairing-allocated bye: {outcome.bye} (Art. 1.1: lowest ranked of the lowest scoregroup without a bye)"
    return RoundExplanation(round_number, system, ["Scoregroups in the order paired:"] + lines, boards, bye)
