"""The Dubov quality criteria [C5]-[C10] (C.04.4.1 Art. 2.3) as bit fields of one matching weight.

A pair's weight is a sum of fields, the most important criterion in the highest bits, each field wide enough
that the sum over a whole matching never spills into the field above: the maximum-weight matching is then the
pairing that is best by [C5], then by [C6] among those, and so on. Module :mod:`.procedure` argues how the
fields are read.
"""

from __future__ import annotations

from collections.abc import Sequence

from .entrants import Contender, DubovField


class CriterionFields:
    """Bit positions of the criteria for one round, from the highest bits down:

    * ``complete``: the pair exists ([C4]: the optimum pairs as many players as possible);
    * ``c5``: a pair of residents; with everybody paired, more such pairs mean fewer upfloaters (2.3.1);
    * one [C6] field per score, the lowest score highest, counting upfloaters *not* of that score: with the
      number of upfloaters fixed, the optimum has the fewest of the lowest score, then of the next, which is
      "the score differences, taken in descending order, minimised" (2.3.2);
    * ``c7``: the two players want different colours (2.3.3);
    * unless it is the last round: ``c8`` the upfloater is no maximum upfloater (2.3.4); one [C9] field per
      upfloat count of the maximum upfloaters, the highest count highest, counting upfloaters not of that
      count (2.3.5, the most-upfloated spared first); ``c10`` the upfloater did not upfloat in the previous
      round (2.3.6);
    * two bits for the one-unit bonus of the greedy steps of :mod:`.procedure`.

    Each field is wider than the number of pairs, so no sum spills into the field above.
    """

    def __init__(self, field_: DubovField, players: Sequence[Contender]) -> None:
        width = len(players).bit_length() + 1
        scores = sorted({p.score for p in players})
        counts = sorted({p.upfloats for p in players if field_.is_maximum_upfloater(p)})
        quality_late = not field_.is_last_round
        position = 2  # bits 0-1: the bonus of the greedy steps
        self.c10 = position
        position += width
        c9 = {count: position + k * width for k, count in enumerate(counts)} if quality_late else {}  # highest last
        position += width * len(c9)
        self.c8 = position
        position += width
        self.c7 = position
        position += width
        c6 = {score: position + k * width for k, score in enumerate(reversed(scores))}  # lowest score last
        position += width * len(c6)
        self.c5 = position
        position += width
        self.complete = 1 << position
        self.max_weight = (1 << (position + width + 1)) - 1
        all_c6 = sum(1 << p for p in c6.values())
        self.c6_reward = {score: all_c6 - (1 << p) for score, p in c6.items()}
        all_c9 = sum(1 << p for p in c9.values())
        self.c9_reward = {count: all_c9 - (1 << p) for count, p in c9.items()}
        self.c9_none = all_c9
        self.late = quality_late
        self.field = field_

    def weight(self, resident: Contender, other: Contender, residents: set[int]) -> int:
        """The weight of a pair with at least one resident (``residents`` holds their start numbers)."""
        weight = self.complete
        if resident.preference is not other.preference:
            weight |= 1 << self.c7
        if other.tpn in residents:
            return weight | 1 << self.c5
        weight += self.c6_reward[other.score]
        if self.late:
            maximum = self.field.is_maximum_upfloater(other)
            weight += self.c9_reward[other.upfloats] if maximum else self.c9_none
            if not maximum:
                weight |= 1 << self.c8
            if not other.upfloated_last_round:
                weight |= 1 << self.c10
        return weight
