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
bye games      2g     [C9] played games of the players who may become the PAB assignee
colours        4 × g  [C10] [C11] [C12] [C13] (only inside the current bracket)
floats         4 × g  [C14]–[C17] repeated down/upfloats of one and two rounds before
float scores   4 × S  [C18]–[C21] the same, by score
ordering       3g+1   room for the bracket procedure's tie-breaks (exchanges, transpositions)
=============  =====  ===========================================================================

The 2017 text has no [C5]/[C9]; its fields are the same otherwise (JaVaFo and bbpPairings 5 agree).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from ..fide.entrants import Entrant, Float, RoundField


def _compatible_colours(a: Entrant, b: Entrant) -> bool:
    return a.colour_preference is None or b.colour_preference is None or a.colour_preference is not b.colour_preference


@dataclass(frozen=True)
class Offsets:
    """Lowest bit of every field of a :class:`Layout` (see the table of the module docstring)."""

    float_scores: list[tuple[int, int]]
    """(downfloaters', upfloaters') score fields of each float window, one round ago first."""
    floats: list[tuple[int, int]]
    """(repeated downfloats, repeated upfloats) of each float window, one round ago first."""
    colour: int
    bye_games: int
    next_scores: int
    next_pairs: int
    scores: int
    pairs: int
    completion: int


@dataclass
class Layout:
    """Field widths for one round (they depend on the sizes of the score groups).

    A score field holds one sub-field per pairing score, as wide as that score group needs
    (``group_width``); :meth:`for_scores` keeps only the sub-fields of the scores a bracket's players have,
    which is what makes a bracket's weights narrow (see :meth:`for_scores`).
    """

    group_bits: int
    groups_shift: int
    group_offset: dict[int, int]
    """Bit offset of each pairing score inside a score field (lowest score lowest)."""
    played_rounds: int
    group_width: dict[int, int] = field(default_factory=dict)
    """Bits of each pairing score's sub-field of a score field."""

    @classmethod
    def of(cls, round_field: RoundField) -> Layout:
        sizes: dict[int, int] = {}
        for entrant in round_field.entrants:
            sizes[entrant.score] = sizes.get(entrant.score, 0) + 1
        largest = max(sizes.values(), default=0)
        widths = {score: sizes[score].bit_length() for score in sorted(sizes)}
        return cls(largest.bit_length(), 0, {}, round_field.played_rounds, {}).for_scores(widths, widths)

    def for_scores(self, scores: Iterable[int], widths: dict[int, int] | None = None) -> Layout:
        """The same fields with the score sub-fields of ``scores`` only.

        Why a bracket may be weighed in it and get the same pairing: a pair's weight sets score sub-fields
        only at the scores of its two players, so on a graph whose players all have one of ``scores`` the
        sub-fields of the other scores are zero in every weight and every sum of weights. Dropping them keeps
        every other field's width and order, so sums compare exactly as before (no field ever carries into
        the next, the layout's premise), and the matcher finds the same optima on weights that are several
        words narrower in a late round (a score field is one sub-field per score group of the whole field).
        """
        widths = self.group_width if widths is None else widths
        offsets: dict[int, int] = {}
        shift = 0
        for score in sorted(set(scores)):
            offsets[score] = shift
            shift += widths[score]
        return Layout(self.group_bits, shift, offsets, self.played_rounds, {s: widths[s] for s in offsets})

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
        return 2 + g + s + g + s + 2 * g + 4 * g + self.float_bits + self.ordering_bits

    @property
    def max_weight(self) -> int:
        """Weight of a pair fixed by the procedure: above any criteria weight."""
        return (1 << (self.total_bits)) - 1

    @cached_property
    def offsets(self) -> Offsets:
        """The fields' lowest bits, built from the bottom up."""
        g, s = self.group_bits, self.groups_shift
        windows = min(self.played_rounds, 2)
        offset = self.ordering_bits
        float_scores: list[tuple[int, int]] = []
        for _ in range(windows):
            float_scores.insert(0, (offset + s, offset))
            offset += 2 * s
        floats: list[tuple[int, int]] = []
        for _ in range(windows):
            floats.insert(0, (offset + g, offset))
            offset += 2 * g
        colour = offset
        bye_games = colour + 4 * g
        next_scores = bye_games + 2 * g  # two ranks can add up: twice the width of a score group
        next_pairs = next_scores + s
        scores = next_pairs + g
        pairs = scores + s
        return Offsets(float_scores, floats, colour, bye_games, next_scores, next_pairs, scores, pairs, pairs + g)

    @cached_property
    def blocks(self) -> dict[tuple[str, int], tuple[int, int]]:
        """Every field below the completion field, as (lowest bit, width), by (name, score or float window)."""
        o, g = self.offsets, self.group_bits
        blocks: dict[tuple[str, int], tuple[int, int]] = {}

        def scores(name: str, start: int) -> None:
            for score, at in self.group_offset.items():
                blocks[(name, score)] = (start + at, self.group_width[score])

        for window, ((down_scores, up_scores), (down, up)) in enumerate(zip(o.float_scores, o.floats)):
            scores(f"down scores {window}", down_scores)
            scores(f"up scores {window}", up_scores)
            blocks[("down", window)] = (down, g)
            blocks[("up", window)] = (up, g)
        blocks[("colour", 0)] = (o.colour, 4 * g)
        blocks[("bye games", 0)] = (o.bye_games, 2 * g)
        scores("next scores", o.next_scores)
        blocks[("next pairs", 0)] = (o.next_pairs, g)
        scores("scores", o.scores)
        blocks[("pairs", 0)] = (o.pairs, g)
        return blocks

    def convert(self, value: int, target: Layout) -> int:
        """A weight of this layout written in ``target``'s fields (which must hold every score it uses).

        ``value`` is a criteria weight plus a tie-break of the procedure in the ordering field, which may be
        negative (the exchange order subtracts ranks) but is smaller in size than half the field's range;
        the tie-break is kept as it is and every field of the criteria weight moves to its place in
        ``target``.
        """
        if target is self:
            return value
        half = 1 << (self.ordering_bits - 1)
        tie = ((value + half) & ((half << 1) - 1)) - half
        criteria = value - tie
        result = (criteria >> self.offsets.completion) << target.offsets.completion
        for key, (start, width) in self.blocks.items():
            part = (criteria >> start) & ((1 << width) - 1)
            if part:
                result |= part << target.blocks[key][0]
        return result + tie


def topscorers(field: RoundField) -> list[bool]:
    """C.04.3 1.8, for each entrant: topscorers exist only when pairing the last round, with over half the
    maximum score achievable so far (MTD 2026 fn. 27: 4.5 of 8 before the ninth round)."""
    last_round = field.played_rounds >= field.settings.rounds - 1
    threshold = field.played_rounds * max(field.win_units, field.draw_units) // 2
    return [last_round and e.score > threshold for e in field.entrants]


class WeightBuilder:
    """Computes the criteria weight of a pair of entrants, by their index in the sorted field.

    ``higher`` (the smaller index) ranks above ``lower``. Per-player facts are precomputed into flat
    lists because a round of a big open evaluates millions of pairs.
    """

    def __init__(self, field: RoundField, layout: Layout, forbidden: set[frozenset[int]]) -> None:
        self.field = field
        self.layout = layout
        self.bye_score: int = 0
        self.single_downfloater_is_bye: bool = False
        self.played_games_rank: dict[int, int] = {}
        entrants = field.entrants
        self.entrants = entrants
        self.topscorer = topscorers(field)
        index = {e.tpn: i for i, e in enumerate(entrants)}
        self.barred: list[set[int]] = [
            {index[o] for o in e.played_opponents if o in index} for e in entrants
        ]
        for pair in forbidden:
            members = [index[tpn] for tpn in pair if tpn in index]
            if len(members) == 2:
                self.barred[members[0]].add(members[1])
                self.barred[members[1]].add(members[0])
        self.score = [e.score for e in entrants]
        # Players with the same colour data get the same [C10]-[C13] bits: a round has a few dozen kinds.
        kinds: dict[tuple[object, ...], int] = {}
        self._colour_kind = [
            kinds.setdefault((e.colour_preference, e.colour_imbalance, e.repeated_colour, e.strong_preference),
                             len(kinds))
            for e in entrants
        ]
        self._kind_example = {kind: entrants[i] for i, kind in reversed(list(enumerate(self._colour_kind)))}
        self._colour_field: dict[tuple[int, int, int], int] = {}
        self.absolute = [e.absolute_preference for e in entrants]
        self.preference = [e.colour_preference for e in entrants]
        pr = field.played_rounds
        down1 = [pr >= 1 and field.float_of(e.tpn, 1) is Float.DOWN for e in entrants]
        up1 = [pr >= 1 and field.float_of(e.tpn, 1) is Float.UP for e in entrants]
        down2 = [pr >= 2 and field.float_of(e.tpn, 2) is Float.DOWN for e in entrants]
        up2 = [pr >= 2 and field.float_of(e.tpn, 2) is Float.UP for e in entrants]
        self.floats = ((down1, up1), (down2, up2))[: min(pr, 2)]
        self.use_layout(layout)

    def use_layout(self, layout: Layout) -> None:
        """Weighs in ``layout`` from now on (a bracket's narrower layout, or the round's again)."""
        self.layout = layout
        o = layout.offsets
        self._float_score_offsets = o.float_scores
        self._float_offsets = o.floats
        self._colour_offset = o.colour
        self._bye_games_offset = o.bye_games
        self._next_scores_offset = o.next_scores
        self._next_pairs_offset = o.next_pairs
        self._scores_offset = o.scores
        self._pairs_offset = o.pairs
        self._completion_offset = o.completion

    def criterion_at(self, bit: int) -> str:
        """The criterion whose field holds weight bit ``bit`` (the highest bit where two pairings' weights
        differ names the criterion that decided between them)."""
        g = self.layout.group_bits
        starts = [(0, "the procedure's order (Art. 4)")]
        for back, ((down, up), (down_scores, up_scores)) in enumerate(zip(self._float_offsets,
                                                                          self._float_score_offsets)):
            starts += [(up_scores, ("[C19]", "[C21]")[back] + " upfloaters' score differences"),
                       (down_scores, ("[C18]", "[C20]")[back] + " downfloaters' score differences"),
                       (up, ("[C15]", "[C17]")[back] + " repeated upfloats"),
                       (down, ("[C14]", "[C16]")[back] + " repeated downfloats")]
        starts += [(self._colour_offset + i * g, name) for i, name in enumerate((
            "[C13] strong colour preferences", "[C12] colour preferences", "[C11] topscorers' colour repeats",
            "[C10] topscorers' colour differences"))]
        starts += [(self._bye_games_offset, "[C9] the bye's unplayed games"),
                   (self._next_scores_offset, "[C8] the next bracket"),
                   (self._scores_offset, "[C7] downfloaters' scores"), (self._pairs_offset, "[C6] number of pairs"),
                   (self._completion_offset, "[C4]/[C5] completion and the bye")]
        return max((start, name) for start, name in starts if start <= bit)[1]

    @property
    def completion_offset(self) -> int:
        """Lowest bit of the completion field ([C4], and [C5] through the bye candidates)."""
        return self._completion_offset

    def next_bracket_weight(self, i: int) -> int:
        """[C8] what ``i`` adds when it floats into the following bracket and is paired there: one pair, at
        its own score (it is the higher player of that pair)."""
        score_bit = self._next_scores_offset + self.layout.group_offset[self.score[i]]
        return (1 << self._next_pairs_offset) + (1 << score_bit)

    def compatible(self, i: int, j: int) -> bool:
        """[C1] no rematch (and no forbidden pair), [C3] no two non-topscorers with the same absolute
        colour preference."""
        if j in self.barred[i]:
            return False
        if not (self.absolute[i] and self.absolute[j]) or self.preference[i] is not self.preference[j]:
            return True
        return self.topscorer[i] or self.topscorer[j]

    def place_bye(self, score: int, *, single_downfloater_is_bye: bool) -> None:
        """The round's PAB state, set here only: the assignee's score ([C5]: the lowest possible, ``-1`` with no
        PAB) and whether [C9] applies from the top bracket on. [C9]: the fewer games a candidate played, the
        more the matching gains by pairing them, so the bye falls to the candidate with the fewest unplayed
        games (the ranks of the played-game counts at that score)."""
        self.bye_score = score
        self.single_downfloater_is_bye = single_downfloater_is_bye
        games = sorted((e.played_games for e in self.entrants if e.score == score), reverse=True)
        self.played_games_rank = {played: rank for rank, played in enumerate(games)}

    def is_bye_candidate(self, i: int) -> bool:
        return self.entrants[i].bye_eligible and self.score[i] <= self.bye_score

    def weight(self, higher: int, lower: int, in_current: bool, in_next: bool) -> int:
        """The criteria weight of pairing ``higher`` with ``lower`` (0 when an absolute criterion forbids it).

        ``in_current``/``in_next``: ``lower`` belongs to the bracket being paired / to the following one.
        """
        if not self.compatible(higher, lower):
            return 0
        group_offset = self.layout.group_offset
        hs, ls = self.score[higher], self.score[lower]
        w = (1 + (not self.is_bye_candidate(higher)) + (not self.is_bye_candidate(lower))) << self._completion_offset
        if in_current:
            w += (1 << self._pairs_offset) + (1 << (self._scores_offset + group_offset[hs]))
        elif in_next:
            w += (1 << self._next_pairs_offset) + (1 << (self._next_scores_offset + group_offset[hs]))
        if self.single_downfloater_is_bye:
            c9 = 0
            if hs == self.bye_score:
                c9 += self.played_games_rank[self.entrants[higher].played_games]
            if ls == self.bye_score:
                c9 += self.played_games_rank[self.entrants[lower].played_games]
            w += c9 << self._bye_games_offset
        if not in_current:
            return w
        w += self.colour_bits_of(lower, higher, self.layout.group_bits) << self._colour_offset
        for (down, up), (down_at, up_at), (down_scores_at, up_scores_at) in zip(
            self.floats, self._float_offsets, self._float_score_offsets
        ):
            higher_down = down[higher]
            w += (down[lower] + (hs <= ls and higher_down)) << down_at
            lower_upfloats_again = hs > ls and up[lower]
            if not lower_upfloats_again:
                w += (1 << up_at) + (1 << (up_scores_at + group_offset[hs]))
            w += ((down[lower] << group_offset[ls]) + (higher_down << group_offset[hs])) << down_scores_at
        return w

    def colour_bits_of(self, player: int, opponent: int, g: int) -> int:
        """:meth:`colour_bits` of two entrants (by index), computed once per pair of colour kinds: the bits
        depend only on the colour data a kind stands for, and a round has a few dozen kinds."""
        key = (self._colour_kind[player], self._colour_kind[opponent], g)
        bits = self._colour_field.get(key)
        if bits is None:
            bits = self.colour_bits(self._kind_example[key[0]], self._kind_example[key[1]], g)
            self._colour_field[key] = bits
        return bits

    def colour_bits(self, player: Entrant, opponent: Entrant, g: int) -> int:
        """[C10]–[C13]: topscorers' colour limits, then colour preferences, then strong preferences
        (four fields of ``g`` bits)."""
        same = player.colour_preference is opponent.colour_preference
        c10 = not (player.absolute_imbalance and opponent.absolute_imbalance and same)
        if not (player.absolute_preference and opponent.absolute_preference and same):
            c11 = True
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
        return (((((int(c10) << g) | int(c11)) << g) | int(c12)) << g) | int(c13)
