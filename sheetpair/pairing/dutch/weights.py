"""The Dutch criteria as one lexicographic integer weight per pair of players (C.04.3 Art. 2).

A maximum-weight matching maximises the most significant field first, so the fields are laid out from
the highest-priority criterion down. Absolute criteria [C1]–[C3] (and the arbiter's forbidden pairs) are
missing edges (weight 0). Score-group fields are one bit per player slot, sized by score group, so
"maximise the scores paired" compares score lists in descending order ([C7] and [C18]–[C21]: "taken in
descending order"). The field widths are those of the engine the FIDE checkers compare against
(bbpPairings), which is why the results coincide pair for pair.

Fields, most significant first (``g`` = bits of the largest score group, ``S`` = sum of the bits of
every score group):

=============  =====  ===========================================================================
field          width  meaning
=============  =====  ===========================================================================
completion     2      [C4] (every edge counts 1) and [C5]/[C2]: +1 per endpoint that may not or
                      should not get the PAB, so the bye falls to the lowest eligible score
pairs          g      [C6] pairs in the current bracket
scores         S      [C7] scores of the players paired in the current bracket (no downfloat)
next pairs     g      [C8] pairs in the following bracket
next scores    S      [C8] scores paired in the following bracket
bye games      g      [C9] played games of the players who may become the PAB assignee
colours        4 × g  [C10] [C11] [C12] [C13] (only inside the current bracket)
floats         4 × g  [C14]–[C17] repeated down/upfloats of one and two rounds before
float scores   4 × S  [C18]–[C21] the same, by score
ordering       3g+1   room for the bracket procedure's tie-breaks (exchanges, transpositions)
=============  =====  ===========================================================================

The 2017 text has no [C5]/[C9]; its fields are the same otherwise (JaVaFo and bbpPairings 5 agree).
"""

from __future__ import annotations

from dataclasses import dataclass

from .entrants import Edition, Entrant, Float, RoundField


def _compatible_colours(a: Entrant, b: Entrant) -> bool:
    return a.colour_preference is None or b.colour_preference is None or a.colour_preference is not b.colour_preference


@dataclass
class Layout:
    """Field widths for one round (they depend on the sizes of the score groups)."""

    group_bits: int
    groups_shift: int
    group_offset: dict[int, int]
    """Bit offset of each pairing score inside a score field (lowest score lowest)."""
    played_rounds: int

    @classmethod
    def of(cls, field: RoundField) -> Layout:
        offsets: dict[int, int] = {}
        shift = 0
        largest = 0
        sizes: dict[int, int] = {}
        for entrant in field.entrants:
            sizes[entrant.score] = sizes.get(entrant.score, 0) + 1
        for score in sorted(sizes):
            offsets[score] = shift
            shift += sizes[score].bit_length()
            largest = max(largest, sizes[score])
        return cls(largest.bit_length(), shift, offsets, field.played_rounds)

    @property
    def float_bits(self) -> int:
        g, s = self.group_bits, self.groups_shift
        return (2 * g + 2 * s if self.played_rounds >= 1 else 0) + (2 * g + 2 * s if self.played_rounds >= 2 else 0)

    @property
    def ordering_bits(self) -> int:
        return 3 * self.group_bits + 1

    @property
    def total_bits(self) -> int:
        g, s = self.group_bits, self.groups_shift
        return 2 + g + s + g + s + g + 4 * g + self.float_bits + self.ordering_bits

    @property
    def max_weight(self) -> int:
        """Weight of a pair fixed by the procedure: above any criteria weight."""
        return (1 << (self.total_bits)) - 1


class WeightBuilder:
    """Computes the criteria weight of a pair of entrants (``higher`` ranks above ``lower``)."""

    def __init__(self, field: RoundField, layout: Layout, forbidden: set[frozenset[int]]) -> None:
        self.field = field
        self.layout = layout
        self.forbidden = forbidden
        self.bye_score: int = 0
        self.single_downfloater_is_bye: bool = False
        self.played_games_rank: dict[int, int] = {}
        self._last_round = field.played_rounds >= field.settings.rounds - 1
        self._top_threshold = field.played_rounds * max(field.win_units, field.draw_units) // 2
        pr = field.played_rounds
        self._floats1 = {e.tpn: field.float_of(e.tpn, 1) for e in field.entrants} if pr >= 1 else {}
        self._floats2 = {e.tpn: field.float_of(e.tpn, 2) for e in field.entrants} if pr >= 2 else {}

    def is_topscorer(self, entrant: Entrant) -> bool:
        """C.04.3 1.8: more than half the maximum score achievable so far, when pairing the last round."""
        return self._last_round and entrant.score > self._top_threshold

    def compatible(self, a: Entrant, b: Entrant) -> bool:
        """[C1] no rematch, [C3] no two non-topscorers with the same absolute colour preference."""
        if b.tpn in a.played_opponents or frozenset((a.tpn, b.tpn)) in self.forbidden:
            return False
        if not (a.absolute_preference and b.absolute_preference) or a.colour_preference is not b.colour_preference:
            return True
        return self.is_topscorer(a) or self.is_topscorer(b)

    def is_bye_candidate(self, entrant: Entrant) -> bool:
        return entrant.bye_eligible and entrant.score <= self.bye_score

    def weight(self, higher: Entrant, lower: Entrant, in_current: bool, in_next: bool) -> int:
        """The criteria weight of pairing ``higher`` with ``lower`` (0 when an absolute criterion forbids it).

        ``in_current``/``in_next``: ``lower`` belongs to the bracket being paired / to the following one.
        """
        if not self.compatible(higher, lower):
            return 0
        lay = self.layout
        g, s, offset = lay.group_bits, lay.groups_shift, lay.group_offset
        w = 1 + (not self.is_bye_candidate(higher)) + (not self.is_bye_candidate(lower))
        w = (w << g) | in_current
        w = (w << s) | ((1 << offset[higher.score]) if in_current else 0)
        w = (w << g) | in_next
        w = (w << s) | ((1 << offset[higher.score]) if in_next else 0)
        c9 = 0
        if self.single_downfloater_is_bye:
            if higher.score == self.bye_score:
                c9 += self.played_games_rank[higher.played_games]
            if lower.score == self.bye_score:
                c9 += self.played_games_rank[lower.played_games]
        w = (w << g) | c9
        w = self._colour_fields(w, lower, higher, in_current)
        pr = lay.played_rounds
        hs, ls = higher.score, lower.score
        for back, floats in ((1, self._floats1), (2, self._floats2)):
            if pr < back:
                continue
            down = up = 0
            if in_current:
                down = (floats[lower.tpn] is Float.DOWN) + (hs <= ls and floats[higher.tpn] is Float.DOWN)
                up = not (hs > ls and floats[lower.tpn] is Float.UP)
            w = (((w << g) | down) << g) | up
        for back, floats in ((1, self._floats1), (2, self._floats2)):
            if pr < back:
                continue
            down = up = 0
            if in_current:
                down = ((floats[lower.tpn] is Float.DOWN) << offset[ls]) + (
                    (floats[higher.tpn] is Float.DOWN) << offset[hs]
                )
                if not (floats[lower.tpn] is Float.UP and hs > ls):
                    up = 1 << offset[hs]
            w = (((w << s) | down) << s) | up
        return w << lay.ordering_bits

    def _colour_fields(self, w: int, player: Entrant, opponent: Entrant, in_current: bool) -> int:
        """[C10]–[C13]: topscorers' colour limits, then colour preferences, then strong preferences."""
        g = self.layout.group_bits
        same = player.colour_preference is opponent.colour_preference
        c10 = c11 = c12 = c13 = 0
        if in_current:
            c10 = not (player.absolute_imbalance and opponent.absolute_imbalance and same)
            if not (player.absolute_preference and opponent.absolute_preference and same):
                c11 = 1
            elif player.colour_imbalance == opponent.colour_imbalance:
                c11 = player.repeated_colour is None or player.repeated_colour is not opponent.repeated_colour
            else:
                lesser = opponent if player.colour_imbalance > opponent.colour_imbalance else player
                c11 = lesser.repeated_colour is not (
                    player.colour_preference.opposite if player.colour_preference else None
                )
            c12 = _compatible_colours(player, opponent)
            player_strong = player.strong_preference or player.absolute_preference
            opponent_strong = opponent.strong_preference or opponent.absolute_preference
            c13 = (not player_strong or not opponent_strong
                   or (player.absolute_preference and opponent.absolute_preference) or not same)
        for bit in (c10, c11, c12, c13):
            w = (w << g) | bit
        return w


def uses_bye_criteria(edition: Edition) -> bool:
    """[C5] and [C9] exist from 2026 on."""
    return edition is Edition.RULES_2026
