"""One bracket of the Dutch procedure (C.04.3 Art. 3–4) carried out on a maximum-weight matching.

A :class:`Bracket` owns everything one bracket's steps share: its players (the MDPs, the residents and the
next score group), the criteria weights of their pairs, the current optimum, who is paired already, the
remainder and its halves. The steps read and write that state, never positional arguments.

*Which graph the matcher sees* is a strategy, a :class:`Graph`, chosen per bracket by the procedure: the whole
field (:class:`WholeField`), the bracket alone (the 2017 edition, and :mod:`.window`'s closed bracket), or a
window with the next score group and "somebody below" (:mod:`.window`). The steps are the same on every graph;
a graph only says how weights reach its matcher, how a pair is fixed, what a solve must prove, and which
entrant each of its vertices is.

The steps (the module docstring of :mod:`.procedure` argues the method):

1. :meth:`Bracket.choose_moved_down`: Art. 4.4, the MDPs paired in the bracket, in order, as many of each
   score as the optimum allows;
2. :meth:`Bracket.pair_moved_down`: 3.3, each chosen MDP meets the highest resident the optimum allows;
3. :meth:`Bracket.pair_remainder`: in the remainder, the fewest exchanges, the exchanged players in the order
   of 4.3, then the transpositions of 4.2 (each S1 player gets the first S2 player the optimum allows).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass, field

from ..fide.entrants import Entrant
from ..matching import MatchingComputer


@dataclass
class BracketLog:
    """What happened in one bracket, for the explanations."""

    score: int
    residents: list[int]
    moved_down: list[int]
    paired_moved_down: list[int] = field(default_factory=list)
    downfloaters: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    """In the order the procedure fixed them: moved-down players first, then S1 in order."""
    s1: list[int] = field(default_factory=list)
    s2: list[int] = field(default_factory=list)
    """The remainder's halves after the exchanges of 4.3, each in order (S2 is the transpositions' order)."""


class Graph:
    """The graph the matcher sees for one bracket: the whole field by default (vertices are entrants).

    ``scale`` multiplies every criteria weight (the window doubles them to make room for half a pair's
    worth); ``fixed_weight`` is the weight of a fixed pair, above every criterion.
    """

    def __init__(self, matcher: MatchingComputer, fixed_weight: int, entrants: list[int] | None = None,
                 scale: int = 1) -> None:
        self.matcher = matcher
        self.fixed_weight = fixed_weight
        self.entrants = entrants
        """Entrant index of each vertex; ``None``: the vertex is the entrant index."""
        self.scale = scale

    def set(self, u: int, v: int, weight: int) -> None:
        """Gives the edge ``u``–``v`` a criteria weight (0: no edge)."""
        self.matcher.set_edge_weight(u, v, self.scale * weight)

    def fix_pair(self, u: int, v: int) -> None:
        """Forces ``u``–``v`` into every later optimum (the pair is final)."""
        self.matcher.fix_pair(u, v, self.fixed_weight)

    def solve(self) -> list[int]:
        """The optimum (``mates[v] == v`` for an unmatched vertex); a shortcut graph may refuse it."""
        self.matcher.compute_matching()
        return self.matcher.mates()

    def entrant(self, vertex: int) -> int:
        """Index in the sorted field of the player at ``vertex``."""
        return vertex if self.entrants is None else self.entrants[vertex]

    def vertex(self, entrant: int) -> int:
        """The vertex of the player at index ``entrant`` of the sorted field, on a graph whose entrants are in
        field order; for a player not on it, the vertex the next one on it has, so that comparing vertices
        compares places in the field (what :class:`Bracket` relies on)."""
        return entrant if self.entrants is None else bisect_left(self.entrants, entrant)

    def before_transpositions(self, bracket: Bracket) -> None:
        """Called once S1 and S2 are fixed, before the transposition weights are set (a hook for graphs that
        start the transpositions afresh)."""

    def ends_with_bracket(self) -> bool:
        """True when the graph's optimum is read for this bracket only and every optimum that pairs the same
        players in the bracket says the same about the rest: then an optimum proven without the matcher may
        stand for the matcher's (see :meth:`Bracket._transpose`). False on the whole field, whose matcher
        carries its state into the next bracket."""
        return False


class WholeField(Graph):
    """Every player not yet paired, one vertex each, in field order (the entrant index, unless the graph is
    made for the players left, ``entrants``): the graph on which [C4] is answered exactly, since the
    completion weights of everybody below are in it."""


Weigh = Callable[[int, int], int]
"""(smaller position, larger position) -> the criteria weight of that pair in the bracket."""


@dataclass
class Bracket:
    """One bracket's state, from its first optimum to its fixed pairs (see the module docstring).

    Positions ``0..group_begin-1`` are the MDPs, ``group_begin..next_begin-1`` the residents, the rest the
    next score group; ``vertices[position]`` is the player's vertex on ``graph``. ``begin_vertex`` and
    ``next_vertex`` are the vertices of positions ``group_begin`` and ``next_begin``: vertices are increasing
    along the positions, so a mate between them is a resident.
    """

    graph: Graph
    players: list[Entrant]
    vertices: list[int]
    group_begin: int
    next_begin: int
    begin_vertex: int
    next_vertex: int
    order_bits: int
    """Width unit of the 4.3 ordering bits (3 units + 1 bit below every criterion of the edition's weights)."""
    log: BracketLog
    matched: list[bool]
    """By vertex of the graph: paired in this bracket (an MDP: chosen to be paired in it)."""
    base: list[list[int]] = field(default_factory=list)
    """``base[larger][smaller]``: criteria weight of a pair of positions (0: they may not meet)."""
    mates: list[int] = field(default_factory=list)
    remainder: list[int] = field(default_factory=list)
    """Positions of the residents not paired with an MDP, in order."""
    remainder_pairs: int = 0
    """How many pairs the optimum makes in the remainder."""

    # -- reading the optimum ---------------------------------------------------------------------------
    def tpn(self, vertex: int) -> int:
        return self.players[self.graph.entrant(vertex)].tpn

    def pairs_with_resident(self, vertex: int) -> bool:
        return self.begin_vertex <= self.mates[vertex] < self.next_vertex

    def is_s1(self, position: int) -> bool:
        """In the optimum, the player is the higher of a pair within the bracket."""
        vertex = self.vertices[position]
        return vertex < self.mates[vertex] < self.next_vertex

    def solve(self) -> None:
        self.mates = self.graph.solve()

    # -- the weights -----------------------------------------------------------------------------------
    def set_base_weights(self, weigh: Weigh, ordering_pairs: int = -1) -> None:
        """Criteria weights of every pair whose lower player is in this bracket or the next one, on the graph.

        ``ordering_pairs`` (a homogeneous bracket whose number of pairs is expected): the matcher gets the
        weights with the 4.3 ordering bits at once, as :meth:`pair_remainder` will set them, which spares
        it a re-optimisation of the whole bracket when the guess is right.
        """
        self.base = [[] for _ in self.vertices]
        for larger in range(self.group_begin, len(self.vertices)):
            in_current = larger < self.next_begin
            row = self.base[larger]
            for smaller in range(larger):
                w = weigh(smaller, larger)
                row.append(w)
                if ordering_pairs >= 0 and in_current:
                    w = self._ordering_weight(smaller, larger, smaller, ordering_pairs)
                self.graph.set(self.vertices[smaller], self.vertices[larger], w)

    def _ordering_weight(self, smaller: int, larger: int, smaller_rank: int, remainder_pairs: int) -> int:
        """Adds the 4.3 exchange order: fewest exchanges, then the smallest BSN differences."""
        w = self.base[larger][smaller]
        if w:
            g = self.order_bits
            w += 2 * ((int(smaller_rank < remainder_pairs) << (2 * g)) - smaller_rank)
        return w

    def _set_ordered(self, smaller: int, larger: int, rank: int, delta: int) -> None:
        """The ordering weight of a remainder pair, moved by ``delta`` to try a player on the other side."""
        w = self._ordering_weight(smaller, larger, rank, self.remainder_pairs)
        if w:
            w += delta
        self.graph.set(self.vertices[smaller], self.vertices[larger], w)

    # -- the steps -------------------------------------------------------------------------------------
    def pair(self) -> None:
        """Art. 4 from the first optimum (:attr:`base` and :attr:`mates` set): every pair of the bracket fixed."""
        self.choose_moved_down()
        self.pair_moved_down()
        self.pair_remainder()

    def _batch(self, position: int, score: int, scores: dict[int, int]) -> tuple[int, int]:
        """From ``position`` on, the players of at least ``score`` and how many of them the optimum pairs
        with a resident."""
        remaining = matched = 0
        other = position
        while other < len(self.vertices) and scores[self.vertices[other]] >= score:
            remaining += 1
            matched += self.pairs_with_resident(self.vertices[other])
            other += 1
        return remaining, matched

    def choose_moved_down(self) -> None:
        """Art. 4.4: the MDPs paired in the bracket, in order, as many of each score as the optimum allows.

        An MDP the optimum leaves unpaired in the bracket gets its edges raised by a bit below every
        criterion; if the optimum then pairs it, it is chosen (and its edges raised above the later MDPs of
        its score, so the choice stays), else a later MDP of its score is the first valid one.
        """
        scores = {v: self.players[self.graph.entrant(v)].score for v in self.vertices}
        score_of_batch = 0
        remaining = remaining_matched = 0
        residents = self.next_begin - self.group_begin
        for position in range(self.group_begin):
            vertex = self.vertices[position]
            if position == 0 or scores[vertex] < score_of_batch:
                score_of_batch = scores[vertex]
                remaining, remaining_matched = self._batch(position, score_of_batch, scores)
            if not remaining_matched:
                continue
            if remaining <= remaining_matched:
                self.matched[vertex] = True
                continue
            remaining -= 1
            if not self.pairs_with_resident(vertex):
                self._raise_to_residents(position, lambda w: w | 1)
                self.solve()
            if self.pairs_with_resident(vertex):
                self.matched[vertex] = True
                remaining_matched -= 1
                self._raise_to_residents(position, lambda w: (w | residents) + 1)

    def _raise_to_residents(self, position: int, raised: Callable[[int], int]) -> None:
        vertex = self.vertices[position]
        for opponent in range(self.group_begin, self.next_begin):
            w = self.base[opponent][position]
            if w:
                self.graph.set(vertex, self.vertices[opponent], raised(w))

    def pair_moved_down(self) -> None:
        """3.3: each chosen MDP meets the highest resident the optimum allows (S2 in order)."""
        for position in range(self.group_begin):
            vertex = self.vertices[position]
            if not self.matched[vertex]:
                continue
            free = [o for o in range(self.group_begin, self.next_begin) if not self.matched[self.vertices[o]]]
            self._prefer_in_order(position, free, first_addend=len(self.vertices), count_forbidden=False)
            self._fix_optimum_partner(vertex)
            self.log.paired_moved_down.append(self.tpn(vertex))

    def _prefer_in_order(self, position: int, opponents: list[int], *, first_addend: int,
                         count_forbidden: bool) -> None:
        """Re-optimises with the player's edges to ``opponents`` (free positions, in the procedure's order)
        raised by a tie-break below every criterion that decreases along that order: the optimum then gives
        the player the first of them that still allows the best pairing (3.3 for MDPs, 4.2 for S1).

        The two users differ in the tie-break's counter, and the corpus shows the difference matters (equal
        optima are told apart by the matcher's state): MDPs count from the size of the bracket and only the
        opponents they may meet (``count_forbidden=False``); S1 players count from 0 and step over every free
        S2 player, met or not (``count_forbidden=True``).
        """
        vertex = self.vertices[position]
        addend = first_addend
        for opponent in reversed(opponents):
            w = self.base[opponent][position]
            if w:
                self.graph.set(vertex, self.vertices[opponent], w + addend)
            if w or count_forbidden:
                addend += 1
        self.solve()

    def _fix_optimum_partner(self, vertex: int) -> None:
        """The optimum's partner of ``vertex`` becomes final."""
        mate = self.mates[vertex]
        self.matched[vertex] = self.matched[mate] = True
        self.graph.fix_pair(vertex, mate)
        self.log.pairs.append((self.tpn(vertex), self.tpn(mate)))

    def pair_remainder(self) -> None:
        """Homogeneous bracket or remainder: exchanges (4.3) then transpositions (4.2)."""
        self._find_remainder()
        exchanges = self._order_remainder()
        self._exchange_from_s1(exchanges)
        self._exchange_from_s2(exchanges)
        self._keep_s1_s2_edges()
        kept = exchanges == 0 and self.graph.ends_with_bracket()
        if kept:
            self._keep_exchange_order()
        else:
            self.graph.before_transpositions(self)
            self._set_remainder_edges()
        self.log.s1 = [self.tpn(self.vertices[p]) for p in self.remainder if self.is_s1(p)]
        self.log.s2 = [self.tpn(self.vertices[p]) for p in self.remainder if not self.is_s1(p)]
        self._transpose()
        if kept:
            self._set_remainder_edges()  # the floaters' edges as the transpositions' graph leaves them

    def _set_remainder_edges(self) -> None:
        """The remainder's edges on the graph as :attr:`base` has them (0 for a pair that is not S1–S2)."""
        for i, smaller in enumerate(self.remainder):
            for larger in self.remainder[i + 1:]:
                if not (self.matched[self.vertices[smaller]] or self.matched[self.vertices[larger]]):
                    self.graph.set(self.vertices[smaller], self.vertices[larger], self.base[larger][smaller])

    def _keep_exchange_order(self) -> None:
        """No exchange: the transpositions go on with the exchange order's weights left on the graph, so the
        optimum in hand stays an optimum and no new solve of the whole bracket is needed.

        Why that gives the same transpositions: with no exchange, the optimum gives the order's top bit to
        every S1 player, which only a matching pairing each S1 player with an S2 player can do; a matching
        with an S1–S1 or S2–S2 pair loses one of those bits, worth more than any tie-break the steps add.
        On an S1–S2 edge the order adds a constant per S1 player (its rank), the same whichever S2 player it
        meets, so among those matchings the order changes no comparison. :attr:`base` takes the same values,
        so the steps' tie-breaks are added to what the graph holds. Only on a graph read for this bracket
        alone: at the end, the remainder's edges are set as the other way leaves them (see the caller).
        """
        for i, smaller in enumerate(self.remainder):
            if not self.is_s1(smaller):
                continue
            for larger in self.remainder[i + 1:]:
                if self.base[larger][smaller]:
                    self.base[larger][smaller] = self._ordering_weight(smaller, larger, i, self.remainder_pairs)

    def _find_remainder(self) -> None:
        self.remainder = []
        self.remainder_pairs = 0
        for position in range(self.group_begin, self.next_begin):
            vertex = self.vertices[position]
            if self.mates[vertex] < self.begin_vertex:
                continue  # paired with an MDP
            self.remainder.append(position)
            if self.mates[vertex] < vertex:
                self.remainder_pairs += 1

    def _order_remainder(self) -> int:
        """The remainder's edges with the 4.3 ordering bits; the number of exchanges of the optimum."""
        for i, smaller in enumerate(self.remainder):
            for larger in self.remainder[i + 1:]:
                self._set_ordered(smaller, larger, i, 0)
        self.solve()
        return sum(1 for position in self.remainder[:self.remainder_pairs] if not self.is_s1(position))

    def _exchange_from_s1(self, exchanges: int) -> None:
        """4.3: the lowest players of S1 go to S2 first (the largest BSNs moved from S1)."""
        left = exchanges
        for i in range(self.remainder_pairs - 1, -1, -1):
            if not left:
                break
            position = self.remainder[i]
            if self.is_s1(position):
                for larger in self.remainder[i + 1:]:
                    self._set_ordered(position, larger, i, -1)
                self.solve()
            exchange = not self.is_s1(position)
            left -= exchange
            for larger in self.remainder[i + 1:]:
                if exchange:
                    self.base[larger][position] = 0
                self._set_ordered(position, larger, i, 0)

    def _exchange_from_s2(self, exchanges: int) -> None:
        """4.3: the highest players of S2 go to S1 first (the smallest BSNs moved from S2)."""
        left = exchanges
        for i in range(self.remainder_pairs, len(self.remainder)):
            if left <= 1:
                break
            position = self.remainder[i]
            already = self.is_s1(position)
            if not already:
                for larger in self.remainder[i + 1:]:
                    self._set_ordered(position, larger, i, +1)
                self.solve()
            if self.is_s1(position):
                left -= 1
                self._cut_above(i)
            if not already:
                for larger in self.remainder[i + 1:]:
                    self._set_ordered(position, larger, i, 0)

    def _cut_above(self, i: int) -> None:
        """A player moved from S2 to S1 meets nobody above it in the remainder, nor the next score group."""
        position = self.remainder[i]
        vertex = self.vertices[position]
        for smaller in self.remainder[:i]:
            self.base[position][smaller] = 0
            self.graph.set(vertex, self.vertices[smaller], 0)
        for larger in range(self.next_begin, len(self.vertices)):
            self.base[larger][position] = 0
            self.graph.set(vertex, self.vertices[larger], 0)

    def _keep_s1_s2_edges(self) -> None:
        """S1 and S2 are now fixed: drop the ordering bits and every edge that is not S1–S2."""
        for i, smaller in enumerate(self.remainder):
            for larger in self.remainder[i + 1:]:
                if not self.is_s1(smaller) or self.is_s1(larger):
                    self.base[larger][smaller] = 0

    def _candidate_in_order(self) -> list[tuple[int, int]]:
        """Each S1 player, in order, with the first free remainder player it may meet at all."""
        taken: set[int] = set()
        pairs = []
        for a in self.remainder:
            if self.is_s1(a):
                partner = next((b for b in self.remainder if b > a and b not in taken and self.base[b][a]), None)
                if partner is None:
                    return []
                taken.add(partner)
                pairs.append((a, partner))
        return pairs

    def _candidate_in_order_is_optimal(self, candidate: list[tuple[int, int]]) -> bool:
        """3.4: the first candidate is accepted at once when it is as good as the optimum.

        The transposition steps would reach it one re-optimisation per pair: if the candidate in order leaves
        the same players unpaired as the optimum and its pairs weigh as much, it is an optimum, and each S1
        player's first possible partner is the one the steps choose. Round 1 and quiet brackets end here.
        """
        if not candidate:
            return False
        place = {self.vertices[p]: p for p in self.remainder}
        optimum = [(a, place[self.mates[self.vertices[a]]]) for a in self.remainder
                   if self.mates[self.vertices[a]] in place and place[self.mates[self.vertices[a]]] > a]
        if {p for pair in candidate for p in pair} != {p for pair in optimum for p in pair}:
            return False
        return sum(self.base[b][a] for a, b in candidate) == sum(self.base[b][a] for a, b in optimum)

    def _fix_candidate(self, candidate: list[tuple[int, int]]) -> None:
        """The candidate in order's pairs become final; the optimum's other pairs stay as they are."""
        mates = list(self.mates)
        for smaller, larger in candidate:
            u, v = self.vertices[smaller], self.vertices[larger]
            self.matched[u] = self.matched[v] = True
            self.graph.fix_pair(u, v)
            mates[u], mates[v] = v, u
            self.log.pairs.append((self.tpn(u), self.tpn(v)))
        self.mates = mates

    def _transpose(self) -> None:
        """Transpositions (4.2): each S1 player meets the first S2 player the optimum allows.

        The optimum kept from the previous step already answers when it gives that player the first free S2
        player it may meet at all (no later choice can beat it), so most steps need no re-optimisation.

        On a graph read for this bracket only, the exchanges' optimum already proves the candidate in order
        (:meth:`_candidate_in_order_is_optimal`), with no solve: it pairs every S1 player with an S2 player,
        and on those edges the exchange order added the same amount per S1 player (its rank), so among
        matchings that pair every S1 player — all the optima, since the number of pairs outweighs the
        order — it was an optimum of the S1–S2 weights too. The candidate then keeps the rest of that
        optimum (the floaters on the pool, the MDPs' pairs), which a new solve could only exchange for an
        equal one.
        """
        candidate = self._candidate_in_order()
        if self.graph.ends_with_bracket() and self._candidate_in_order_is_optimal(candidate):
            self._fix_candidate(candidate)
            return
        self.solve()
        candidate = self._candidate_in_order()
        if self._candidate_in_order_is_optimal(candidate):
            self._fix_candidate(candidate)
            self.solve()
            return
        for position in self.remainder:
            if not self.is_s1(position):
                continue
            vertex = self.vertices[position]
            free = [o for o in self.remainder if o > position and not self.matched[self.vertices[o]]]
            first = next((o for o in free if self.base[o][position]), None)
            if first is None or self.mates[vertex] != self.vertices[first]:
                self._prefer_in_order(position, free, first_addend=0, count_forbidden=True)
            self._fix_optimum_partner(vertex)
