"""A bracket's pairing without a matcher: the candidate the rules generate first, proven optimal by counting.

A big bracket of an early round (600–700 players at 2000 entrants) costs the matcher one O(n³) solve from
scratch, yet its pairing is mostly the candidate in order: S1 against S2, with only the colour preferences
and the rematches to route around. This module builds, greedily and in the procedure's own order, the
candidate the steps of :mod:`.bracket` would fix, and accepts it only when it provably attains an upper bound
of the criteria weight; otherwise the caller pairs the bracket on the matcher as before (nothing is lost but
the attempt, O(n²) look-ups at worst).

**The weight of a bracket paired alone.** The bracket is paired alone (:mod:`.window`'s closed bracket:
its players, and a float pool or the PAB vertex), and its moved-down players (MDPs) all have one score,
above the residents'. Write the criteria weight of :mod:`.weights` of a pair on that graph (doubled, as the
graph has it) and add up a matching that pairs every MDP with a resident and all other players but
``f = size mod 2``, who float (or take the PAB in the last bracket):

* the completion, pairs, scores and next-bracket fields are the same for every such matching, but for the
  PAB vertex's term, which loses two units per player who may not get the PAB and does get it;
* the colour fields lose one unit per pair that breaks [C10], [C11], [C12] or [C13] (each of them, one
  field each);
* the float fields lose, per floater, its repeated downfloats of one and two rounds before ([C14], [C16],
  and their score fields): a resident paired in the bracket gains them, a floater does not; and per resident
  paired with an MDP, its repeated upfloats ([C15], [C17] and their score fields).

Every other term belongs to one player, whether paired or not. A matching that leaves an MDP unpaired, pairs
two MDPs together or makes fewer pairs has a smaller pairs or scores field ([C6], [C7]): below every such
matching as soon as one pairs every MDP with a resident and ``(size - f) / 2`` pairs, which the candidate
does. So among matchings the optimum is the one that loses least, and each loss has a lower bound by
counting:

* [C10], [C12], [C13]: for a set Q of players who share a preference and of whom every pair breaks the
  criterion or may not meet (a *clique*, :meth:`_Greedy._cliques`), a matching of N players that leaves
  ``f`` out makes at least ``ceil((|Q| - (N - |Q|) - f) / 2)`` pairs inside Q (everyone of Q not floating
  needs a partner, and only ``N - |Q|`` are outside Q); [C11]: zero, so a pair breaking it is never taken;
* the floater: at least the smallest loss of any resident; the MDPs' partners: at least the ``|MDPs|``
  smallest losses of residents (the fields do not carry, so comparing sums of losses compares their
  field-by-field vectors).

**Why the candidate is the steps' pairing.** If it attains every bound, it is an optimum, and every optimum
attains every bound (a bound is a bound). Among optima the steps pick, in order: each MDP's partner, the
highest resident some optimum still allows (3.3, :meth:`.bracket.Bracket.pair_moved_down`); the fewest
exchanges, zero here since the candidate's S1 is the remainder's first half; then each S1 player's partner,
the first S2 player some optimum (on S1–S2 edges only, 4.2) still allows. The greedy takes, at each step,
the first player that no counting bound excludes: an exclusion is proof that no optimum extends the choices
so far with that pair, and the candidate itself extends the choice it took, so each choice is the steps'
own. When the greedy is stuck or misses a bound, nothing is proven and the matcher decides.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ...core.model import Colour
from .weights import WeightBuilder

__all__ = ["ProvenPairing", "prove_bracket"]

LARGEST = 8000
"""Largest bracket tried: the exact test keeps the clean S1–S2 edges, O(n²) in memory (under 100 MB at 4000
players, the brackets of round 2 at 12 000 entrants, so about 400 MB at 8000); a bigger bracket goes to the
matcher, whose memory is checked before it is made (round 2 of 100 000 entrants is refused as before)."""

C10, C11, C12, C13 = range(4)
"""Indices of the colour criteria in the breaks counted per pair (the weights' colour sub-fields)."""

Clique = tuple[int, Colour]
"""(a colour criterion, the shared preference): players every pair of whom breaks that criterion or may not
meet."""


@dataclass
class ProvenPairing:
    """The bracket's pairs, in entrant indices, as the steps would fix them."""

    pairs: list[tuple[int, int]]
    """(higher, lower): the MDPs' pairs in MDP order, then S1 in order."""
    remainder: list[int]
    """The residents not paired with an MDP, in order: the first half is S1."""
    s1_size: int
    floaters: list[int]


@dataclass
class _Side:
    """Free players of one part of the bracket, counted by colour clique and by loss key."""

    cliques: list[tuple[Clique, ...]]
    keys: list[int]
    size: int = 0
    in_clique: Counter[Clique] = field(default_factory=Counter)
    by_key: Counter[int] = field(default_factory=Counter)

    def add(self, v: int, step: int = 1) -> None:
        self.size += step
        for clique in self.cliques[v]:
            self.in_clique[clique] += step
        self.by_key[self.keys[v]] += step

    def smallest(self, count: int) -> int:
        """The sum of the ``count`` smallest keys of the free players (a large number if there are fewer)."""
        total = 0
        for key in sorted(k for k, c in self.by_key.items() if c > 0):
            take = min(count, self.by_key[key])
            total += take * key
            count -= take
            if not count:
                return total
        return total if count == 0 else 1 << 62


class _Greedy:
    """The candidate of the steps' order, one choice at a time, each the first one no bound excludes."""

    def __init__(self, builder: WeightBuilder, bracket: list[int], group_begin: int, floaters: int,
                 bye_vertex: bool) -> None:
        self.builder = builder
        self.bracket = bracket
        self.group_begin = group_begin
        self.floaters = floaters
        size = len(bracket)
        windows = builder.floats  # ((down, up) one round before, (down, up) two rounds before), as played

        def flags(kind: int, e: int) -> tuple[int, int]:
            first = int(windows[0][kind][e]) if windows else 0
            return first, int(windows[1][kind][e]) if len(windows) > 1 else 0

        # A floater's loss: the PAB to a player who may not get it, then [C9] (a player at the PAB's score adds
        # its rank of played games when paired; both on the PAB vertex only), then its repeated downfloats one
        # and two rounds before; an MDP partner's: its repeated upfloats. The fields do not carry, so a key
        # that orders them lexicographically orders the losses, and so do sums of such keys.
        c9 = [0] * size
        if bye_vertex and builder.single_downfloater_is_bye:
            c9 = [builder.played_games_rank[builder.entrants[e].played_games] if builder.score[e] == builder.bye_score
                  else 0 for e in bracket]
        ranks = max(c9) + 1
        self.float_key = []
        self.up_key = []
        for p, e in enumerate(bracket):
            down1, down2 = flags(0, e)
            up1, up2 = flags(1, e)
            not_eligible = bye_vertex and not builder.is_bye_candidate(e)
            self.float_key.append(4 * (ranks * not_eligible + c9[p]) + 2 * down1 + down2)
            self.up_key.append((size + 1) * up1 + up2)
        self.cliques = [self._cliques(e) for e in bracket]
        self.g = builder.layout.group_bits
        self._flags: dict[int, tuple[int, ...]] = {}
        self._all_kept = sum(1 << (shift * self.g) for shift in range(4))
        self.used = [0, 0, 0, 0]
        self.up_used = 0

    def _cliques(self, e: int) -> tuple[Clique, ...]:
        """The cliques the player is in: [C12] every player of its preference; [C13] the strong and the
        absolute ones, but absolute topscorers (two absolute preferences break no [C13], and only a topscorer
        may meet a player of its own absolute preference, [C3]); [C10] the absolute imbalances. [C11] has no
        clique: its bound is zero."""
        player = self.builder.entrants[e]
        preference = player.colour_preference
        if preference is None:
            return ()
        cliques: tuple[Clique, ...] = ((C12, preference),)
        if player.strong_preference or (player.absolute_preference and not self.builder.topscorer[e]):
            cliques += ((C13, preference),)
        if player.absolute_imbalance:
            cliques += ((C10, preference),)
        return cliques

    def broken(self, a: int, b: int) -> tuple[int, ...] | None:
        """The colour criteria ([C10], [C11], [C12], [C13]) the pair of positions ``a < b`` breaks, one flag
        each; None when they may not meet. Any break is a [C12] break: each needs one shared preference."""
        builder, higher, lower = self.builder, self.bracket[a], self.bracket[b]
        if not builder.compatible(higher, lower):
            return None
        bits = builder.colour_bits_of(lower, higher, self.g)
        flags = self._flags.get(bits)
        if flags is None:
            flags = self._flags[bits] = tuple(int(not (bits >> (shift * self.g)) & 1) for shift in (3, 2, 1, 0))
        return flags

    def clean(self, a: int, b: int) -> bool:
        """The pair of positions ``a < b`` may meet and breaks no colour criterion."""
        higher, lower = self.bracket[a], self.bracket[b]
        return (self.builder.colour_bits_of(lower, higher, self.g) == self._all_kept
                and self.builder.compatible(higher, lower))

    @staticmethod
    def pairs_inside(count: int, total: int, left_out: int) -> int:
        """Fewest pairs inside a clique of ``count`` among ``total`` players of whom ``left_out`` float."""
        return max(0, (2 * count - total - left_out + 1) // 2)

    def targets(self) -> tuple[list[int], int, int]:
        """The bounds: fewest breaks of each colour criterion, smallest MDP-partner and floater losses."""
        everyone = _Side(self.cliques, self.float_key)
        residents = _Side(self.cliques, self.up_key)
        floatable = _Side(self.cliques, self.float_key)
        for p in range(len(self.bracket)):
            everyone.add(p)
            if p >= self.group_begin:
                residents.add(p)
                floatable.add(p)
        return (self.bounds(everyone), residents.smallest(self.group_begin),
                floatable.smallest(self.floaters))

    def bounds(self, players: _Side) -> list[int]:
        """Fewest breaks of each colour criterion when ``players`` are paired, ``floaters`` of them out."""
        bounds = [0, 0, 0, 0]
        for (criterion, _), count in players.in_clique.items():
            bounds[criterion] = max(bounds[criterion], self.pairs_inside(count, players.size, self.floaters))
        return bounds


def _within(used: list[int], extra: tuple[int, ...], bounds: list[int], targets: list[int]) -> bool:
    return all(u + e + b <= t for u, e, b, t in zip(used, extra, bounds, targets))


def _add(used: list[int], extra: tuple[int, ...]) -> list[int]:
    return [u + e for u, e in zip(used, extra)]


def prove_bracket(builder: WeightBuilder, bracket: list[int], group_begin: int, bye_vertex: bool
                  ) -> ProvenPairing | None:
    """The pairing the steps give a bracket paired alone, when the candidate of their order attains every
    bound (see the module docstring); None when it is not proven.

    ``bracket``: entrant indices, the MDPs first (``group_begin`` of them), then the residents; the floater,
    if the size is odd, goes to the float pool, or to the PAB vertex when ``bye_vertex``.
    """
    size = len(bracket)
    scores = [builder.score[e] for e in bracket]
    if (size > LARGEST or group_begin > size - group_begin or len(set(scores[:group_begin])) > 1
            or len(set(scores[group_begin:])) > 1 or (group_begin and scores[0] <= scores[-1])):
        return None
    greedy = _Greedy(builder, bracket, group_begin, size % 2, bye_vertex)
    targets, up_target, float_target = greedy.targets()
    pairs = _pair_moved_down(greedy, targets, up_target, float_target)
    if pairs is None:
        return None
    taken = {b for _, b in pairs}
    remainder = [p for p in range(group_begin, size) if p not in taken]
    s1_size = (len(remainder) - greedy.floaters) // 2
    rest = _Transpositions(greedy, remainder, s1_size, targets, float_target).run()
    if rest is None:
        return None
    pairs += rest
    paired = {p for pair in pairs for p in pair}
    floaters = [p for p in remainder if p not in paired]
    if sum(greedy.float_key[p] for p in floaters) > float_target:
        return None  # no S1 player was left to check it (a remainder of one floater)
    return ProvenPairing([(bracket[a], bracket[b]) for a, b in pairs], [bracket[p] for p in remainder], s1_size,
                         [bracket[p] for p in floaters])


def _pair_moved_down(greedy: _Greedy, targets: list[int], up_target: int, float_target: int
                     ) -> list[tuple[int, int]] | None:
    """3.3: each MDP, in order, with the highest resident no bound excludes (positions)."""
    group_begin, size = greedy.group_begin, len(greedy.bracket)
    if not group_begin:
        return []
    free = _Side(greedy.cliques, greedy.float_key)
    residents = _Side(greedy.cliques, greedy.up_key)
    rest = _Side(greedy.cliques, greedy.float_key)
    for p in range(size):
        rest.add(p)
        if p >= group_begin:
            free.add(p)
            residents.add(p)
    taken = [False] * size
    pairs: list[tuple[int, int]] = []
    for m in range(group_begin):
        rest.add(m, -1)
        for b in range(group_begin, size):
            extra = None if taken[b] else greedy.broken(m, b)
            if extra is None:
                continue
            for side in (rest, free, residents):
                side.add(b, -1)
            up = greedy.up_used + greedy.up_key[b]
            if (_within(greedy.used, extra, greedy.bounds(rest), targets)
                    and up + residents.smallest(group_begin - m - 1) <= up_target
                    and free.smallest(greedy.floaters) <= float_target):
                greedy.used = _add(greedy.used, extra)
                greedy.up_used = up
                taken[b] = True
                pairs.append((m, b))
                break
            for side in (rest, free, residents):
                side.add(b)
        else:
            return None
    return pairs


def _bipartite_bounds(s1: _Side, s2: _Side, floaters: int) -> list[int]:
    """Fewest breaks of each colour criterion left when the free S1 players meet free S2 players, ``floaters``
    of S2 out: a clique's S1 players need S2 partners outside it, and its paired S2 players S1 partners
    outside it."""
    bounds = [0, 0, 0, 0]
    for clique in set(s1.in_clique) | set(s2.in_clique):
        a, b = s1.in_clique[clique], s2.in_clique[clique]
        inside = max(a - (s2.size - b), b - floaters - (s1.size - a), 0)
        bounds[clique[0]] = max(bounds[clique[0]], inside)
    return bounds


POOL = -1
"""The float pool's vertex in :class:`_Perfect` (on the S1 side, when one S2 player floats)."""


class _Perfect:
    """A perfect matching of the free S1 players (and the pool, when one floats) with the free S2 players on
    the edges that keep every bound: no more colour breaks once the budget is spent, the floater of the
    smallest loss. It decides exactly whether a pair extends to such a matching, hence to an optimum.

    An S1 player ``a`` may meet ``b`` when the matching pairs them, or when, with ``a`` on ``b``, the player
    left without ``b`` finds an augmenting path to ``a``'s old partner (an alternating cycle through the
    pair, Berge); each such test costs O(edges), and most S1 players take their matched partner.
    """

    def __init__(self, edges: dict[int, set[int]]) -> None:
        self.edges = edges
        self.mate_of: dict[int, int] = {}
        """S1 side (and the pool) -> S2 side, and S2 side -> S1 side (the two sides' positions differ)."""
        self.removed: set[int] = set()

    @classmethod
    def of(cls, edges: dict[int, set[int]]) -> _Perfect | None:
        """The matching of every S1 vertex of ``edges``, or None when there is none (Kuhn's augmenting paths
        after a first greedy pass)."""
        perfect = cls(edges)
        mate_of = perfect.mate_of
        for a, row in edges.items():
            b = next((b for b in row if b not in mate_of), None)
            if b is not None:
                mate_of[a], mate_of[b] = b, a
        for a in edges:
            if a not in mate_of and not perfect._augment(a):
                return None
        return perfect

    def _augment(self, root: int) -> bool:
        """Matches the unmatched ``root`` along an alternating path to an unmatched S2 player."""
        mate_of, reached_from = self.mate_of, dict[int, int]()
        stack, seen = [root], {root}
        while stack:
            a = stack.pop()
            for b in self.edges[a]:
                if b in reached_from or b in self.removed:
                    continue
                reached_from[b] = a
                owner = mate_of.get(b)
                if owner is None:
                    while True:
                        a = reached_from[b]
                        previous = mate_of.get(a)
                        mate_of[a], mate_of[b] = b, a
                        if a == root or previous is None:
                            return True
                        b = previous
                if owner not in seen:
                    seen.add(owner)
                    stack.append(owner)
        return False

    def allows(self, a: int, b: int) -> bool:
        """True when some matching pairs ``a`` with ``b`` (then the kept matching does)."""
        mate_of = self.mate_of
        old, owner = mate_of[a], mate_of[b]
        if old == b:
            return True
        mate_of[a], mate_of[b] = b, a
        del mate_of[owner], mate_of[old]
        self.removed.add(b)
        found = self._augment(owner)
        self.removed.discard(b)
        if not found:
            mate_of[a], mate_of[b], mate_of[owner], mate_of[old] = old, owner, b, a
        return found

    def fix(self, a: int, b: int) -> None:
        self.removed.add(b)
        del self.edges[a]


class _Transpositions:
    """4.2 on the remainder: each S1 player, in order, with the first free S2 player no bound excludes.

    While the colour budget (the fewest [C12] breaks) is not spent, choices are tested by counting
    (:func:`_bipartite_bounds`); from the choice that spends it on (from the start when it is zero), every
    later pair must break nothing, and :class:`_Perfect` tests the choices exactly. A [C13] break is a
    [C12] break too, so a spent [C12] budget spends the [C13] one.
    """

    def __init__(self, greedy: _Greedy, remainder: list[int], s1_size: int, targets: list[int],
                 float_target: int) -> None:
        self.greedy, self.targets, self.float_target = greedy, targets, float_target
        self.s1_players = remainder[:s1_size]
        self.free = list(remainder[s1_size:])
        self.s1 = _Side(greedy.cliques, greedy.float_key)
        self.s2 = _Side(greedy.cliques, greedy.float_key)
        for p in self.s1_players:
            self.s1.add(p)
        for p in self.free:
            self.s2.add(p)
        self.exact: _Perfect | None = None

    def run(self) -> list[tuple[int, int]] | None:
        if self.greedy.used[C12] >= self.targets[C12]:
            self.exact = self._perfect(self.s1_players, self.free)
            if self.exact is None:
                return None
        pairs: list[tuple[int, int]] = []
        for index, a in enumerate(self.s1_players):
            self.s1.add(a, -1)
            b = self._exactly(a) if self.exact is not None else self._by_counts(index, a)
            if b is None:
                return None
            pairs.append((a, b))
            self.free.remove(b)
            self.s2.add(b, -1)
        return pairs

    def _perfect(self, s1_players: list[int], s2_players: list[int]) -> _Perfect | None:
        greedy = self.greedy
        edges = {a: {b for b in s2_players if greedy.clean(a, b)} for a in s1_players}
        if greedy.floaters:
            edges[POOL] = {b for b in s2_players if greedy.float_key[b] == self.float_target}
        return _Perfect.of(edges)

    def _exactly(self, a: int) -> int | None:
        exact = self.exact
        assert exact is not None
        row = exact.edges[a]
        b = next((b for b in self.free if b in row and exact.allows(a, b)), None)
        if b is not None:
            exact.fix(a, b)
        return b

    def _by_counts(self, index: int, a: int) -> int | None:
        greedy, s2 = self.greedy, self.s2
        for b in self.free:
            extra = greedy.broken(a, b)
            if extra is None:
                continue
            s2.add(b, -1)
            within = (_within(greedy.used, extra, _bipartite_bounds(self.s1, s2, greedy.floaters), self.targets)
                      and s2.smallest(greedy.floaters) <= self.float_target)
            s2.add(b)
            if not within:
                continue
            if greedy.used[C12] + extra[C12] >= self.targets[C12]:
                self.exact = self._perfect(self.s1_players[index + 1:], [o for o in self.free if o != b])
                if self.exact is None:
                    continue
            greedy.used = _add(greedy.used, extra)
            return b
        return None
