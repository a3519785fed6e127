"""The 2017 Dutch criteria (C.04.3 until 31 Jan 2026, C.1–C.19) as weights for one bracket at a time.

The 2017 text minimises the *pairing score difference* (A.8, C.6) instead of the downfloaters' scores, and
completes the round through the Penultimate Pairing Bracket (A.9, C.4) instead of [C4] at every bracket.
Weights are therefore built per bracket: the score-difference fields give one bit slot per distinct score
difference in the bracket (plus the artificial value of a downfloater, "one point less than the lowest
score", A.8), most significant for the largest difference. Fields, most significant first (``p`` = bits of
the residents' count, ``q`` = bits of the next group's count, ``D`` = all score-difference slots):

* completion (special brackets only: the PPB and the last bracket) — bye eligibility, C.2/C.4;
* pairs in the bracket (C.5), its PSD (C.6);
* pairs and PSD of the next bracket (C.7; with the bye eligibility when the next bracket is the last);
* colours C.8–C.11 (4 × ``p``), repeated floats C.12–C.15 (4 × ``p``), their score differences
  C.16–C.19 (4 × ``D``), and the room for the exchange order (3 ``p`` + 1).
"""

from __future__ import annotations

from fractions import Fraction

from ..fide.entrants import RoundField
from .weights import WeightBuilder


class BracketWeights2017:
    """Weights of one 2017 bracket: players ``ents`` (entrant indices), the first ``group_begin`` MDPs,
    residents up to ``next_begin``, then the next group (or, in a special bracket, everybody left)."""

    def __init__(self, base: WeightBuilder, ents: list[int], group_begin: int, next_begin: int,
                 special: bool, final: bool) -> None:
        self.base = base
        field: RoundField = base.field
        score = base.score
        self.ents = ents
        self.special = special
        self.final = final
        self.min_score = score[ents[-1]]
        self.point = int(Fraction(1) / field.scale.unit)  # "one point" in units (A.8's artificial value)
        differences: list[int] = []
        for position in range(next_begin):
            differences.append(score[ents[position]] - self.min_score + self.point)
            first = max(group_begin, position + 1)
            for opponent in range(first, next_begin):
                if opponent <= first or score[ents[opponent]] < score[ents[opponent - 1]]:
                    differences.append(score[ents[position]] - score[ents[opponent]])
        differences.sort()
        self.slot: dict[int, int] = {}
        shift = 0
        count = 0
        for i, value in enumerate(differences):
            count += 1
            if i + 1 == len(differences) or differences[i + 1] != value:
                self.slot[value] = shift
                shift += count.bit_length()
                count = 0
        self.d = shift
        self.p = (next_begin - group_begin).bit_length()
        self.q = (len(ents) - next_begin).bit_length()
        pr = field.played_rounds
        floats_in_play = min(pr, 2)
        p, d = self.p, self.d
        self.next_width = (max(p, self.q) + 3) if final else self.q
        below_psd = (0 if special else self.next_width + d) + 4 * p + floats_in_play * (2 * p + 2 * d) + 3 * p + 1
        top = (2 << (p + d + below_psd)) if special else (1 << (d + below_psd))
        self.max_weight = (top << 1) - 1
        self.floats = base.floats

    def _psd_bit(self, value: int) -> int:
        return 1 << self.slot[value]

    def weight(self, higher_pos: int, lower_pos: int, higher_in_current: bool, lower_in_current: bool) -> int:
        base, p, d = self.base, self.p, self.d
        h, lo = self.ents[higher_pos], self.ents[lower_pos]
        if not base.compatible(h, lo):
            return 0
        hs, ls = base.score[h], base.score[lo]
        low, point = self.min_score, self.point
        eligible_h, eligible_l = base.entrants[h].bye_eligible, base.entrants[lo].bye_eligible
        w = (1 + (not eligible_h) + (not eligible_l)) if self.special else 0
        w = (w << p) | lower_in_current
        w <<= d
        if lower_in_current:
            w += self._psd_bit(hs - low + point) + self._psd_bit(ls - low + point) - self._psd_bit(hs - ls)
        if not self.special:
            w <<= self.next_width
            w |= (1 + (not eligible_h) + (not eligible_l)) if self.final else (not lower_in_current)
            w <<= d
            if higher_in_current:
                w |= self._psd_bit(hs - low + point)
            if lower_in_current:
                w += self._psd_bit(ls - low + point)
        colours = base.colour_bits_of(lo, h, p) if lower_in_current else 0
        w = (w << 4 * p) + colours
        for down, up in self.floats:
            w <<= p
            if lower_in_current:
                w += down[lo] + (hs <= ls and down[h])
            w <<= p
            if lower_in_current and hs > ls and up[lo]:
                w -= 1
        for down, up in self.floats:
            w <<= d
            if lower_in_current:
                if down[lo]:
                    w += self._psd_bit(ls - low + point)
                if down[h]:
                    w += self._psd_bit(hs - low + point)
                    if hs > ls:
                        w -= self._psd_bit(hs - ls)
            w <<= d
            if lower_in_current and up[lo] and hs > ls:
                w -= self._psd_bit(hs - ls)
        return w << (3 * p + 1)
