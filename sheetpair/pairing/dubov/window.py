"""Brackets of big fields chosen without the whole-field matching, and why the choice is the same.

The whole-field matching of :class:`~.procedure.FieldMatcher` answers two questions at once for a bracket:
which upfloaters are best by [C5]-[C10], and whether the players left below can still all be paired ([C4]).
On a big open its first optimisation is a dense graph of every player, which costs seconds.

Here the two questions are separated. The bracket's matching holds only the residents and the lower players
that may meet one of them, with pairs that involve a resident: every resident must be paired, the lower
players may stay unpaired. This is a *relaxation* of the whole-field problem: every whole-field pairing of
the bracket is one of its solutions, so its optimum is at least as good. The first best set of upfloaters is
found in it greedily exactly as in :mod:`.procedure`; a chosen upfloater's pairs then count as a resident's,
so later optima keep it paired.

Then [C4] is checked for the players left, by Dirac's theorem: a graph of m >= 3 vertices in which every
vertex has at least m/2 neighbours has a Hamiltonian cycle, so for even m it has a perfect matching (m = 2
needs the one pair; m = 0 is trivially complete). When the players left pass that test, the relaxed optimum
is feasible for the whole field, hence optimal there as well; and since the whole-field optima are among the
relaxed optima, the first one of the relaxation is the first one of the whole field. The pairing is
identical. When the test fails (small or played-out fields, the last brackets), the procedure falls back to
the whole-field matching for the rest of the round, so the test only decides *how* the answer is found.

In the late rounds of an open, players have met a handful of opponents and [C3] bars only equal absolute
colour preferences, so nearly every bracket passes; each costs a matching of its residents and their
neighbours instead of the whole field.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..matching import MatchingComputer, new_matching_computer
from .criteria import CriterionFields
from .entrants import Contender, DubovField


def dirac_complete(players: set[int], degree: dict[int, int]) -> bool:
    """True when Dirac's condition proves that ``players`` (of ``degree`` allowed partners among themselves
    each) can all be paired; False only means "not proven"."""
    if not players:
        return True
    if len(players) % 2:
        return False
    return all(2 * degree[p] >= len(players) and degree[p] > 0 for p in players)


class WindowedBrackets:
    """Chooses each bracket (residents and upfloaters) on its own relaxed matching; see the module docstring."""

    def __init__(self, field_: DubovField, players: Sequence[Contender], *, pure_python: bool = False) -> None:
        self.field = field_
        self.fields = CriterionFields(field_, players)
        self.pure_python = pure_python
        self.order = list(players)  # by score, then pairing number (4.2.2)
        self.neighbours: dict[int, set[int]] = {p.tpn: set() for p in players}
        for i, a in enumerate(self.order):
            for b in self.order[i + 1:]:
                if field_.allowed(a, b):
                    self.neighbours[a.tpn].add(b.tpn)
                    self.neighbours[b.tpn].add(a.tpn)
        self.degree = {tpn: len(others) for tpn, others in self.neighbours.items()}
        self.active = set(self.neighbours)

    def is_proven_complete(self) -> bool:
        return dirac_complete(self.active, self.degree)

    def next_bracket(self) -> tuple[list[Contender], list[Contender]] | None:
        """The next bracket, or ``None`` when this method cannot prove it is the whole-field answer."""
        remaining = [p for p in self.order if p.tpn in self.active]
        top = remaining[0].score
        residents = [p for p in remaining if p.score == top]
        resident_tpns = {p.tpn for p in residents}
        reachable = set().union(*(self.neighbours[p.tpn] for p in residents))
        lowers = [p for p in remaining if p.score != top and p.tpn in reachable]
        if len(residents) == len(remaining):  # the last bracket: the players left were proven completable
            self.active.clear()
            return residents, []
        chosen = self._choose(residents, lowers)
        if chosen is None:
            return None
        self.remove(resident_tpns | {p.tpn for p in chosen})
        if not self.is_proven_complete():
            return None
        return residents, chosen

    def remove(self, members: set[int]) -> None:
        """Takes paired players (or the bye) out; the degrees count the players left."""
        self.active -= members
        for tpn in members:
            for other in self.neighbours[tpn]:
                self.degree[other] -= 1

    def proven_bye(self, ranked: list[Contender]) -> Contender | None:
        """Art. 3.1: the best-ranked bye candidate, when Dirac's condition proves that the others can all be
        paired without it (3.1.2); ``None`` when that is not proven (the bye matching decides)."""
        if not ranked:
            return None
        best = ranked[0].tpn
        rest = self.active - {best}
        if not all(2 * (self.degree[p] - (best in self.neighbours[p])) >= len(rest) for p in rest):
            return None
        self.remove({best})
        return ranked[0]

    def _relaxed_matcher(self, residents: list[Contender], vertices: list[Contender]
                         ) -> tuple[MatchingComputer, list[list[tuple[int, int]]]]:
        """The bracket's relaxed matching: pairs with a resident only, a resident covered counting most."""
        fields = self.fields
        resident_tpns = {p.tpn for p in residents}
        computer = new_matching_computer(len(vertices), fields.max_weight, pure_python=self.pure_python)
        links: list[list[tuple[int, int]]] = [[] for _ in vertices]  # per lower player: (resident, weight)
        for i, a in enumerate(residents):
            for j in range(i + 1, len(vertices)):
                b = vertices[j]
                if b.tpn in self.neighbours[a.tpn]:
                    weight = fields.weight(a, b, resident_tpns) + (fields.complete if j < len(residents) else 0)
                    computer.set_edge_weight(i, j, weight)
                    links[j].append((i, weight))
        computer.compute_matching()
        return computer, links

    def _choose(self, residents: list[Contender], lowers: list[Contender]) -> list[Contender] | None:
        """The first best set of upfloaters of the relaxed matching, or ``None`` if a resident has no partner."""
        vertices = residents + lowers
        computer, links = self._relaxed_matcher(residents, vertices)
        count = len(residents)

        def upfloated(j: int) -> bool:
            mate = computer.mates()[j]
            return mate != j and mate < count

        if any(computer.mates()[i] == i for i in range(count)):
            return None
        need = sum(1 for j in range(count, len(vertices)) if upfloated(j))
        chosen: list[Contender] = []
        for j in range(count, len(vertices)):
            if len(chosen) == need:
                break
            if not upfloated(j):
                for i, weight in links[j]:
                    computer.set_edge_weight(i, j, weight + 1)
                computer.compute_matching()
                for i, weight in links[j]:
                    computer.set_edge_weight(i, j, weight)
            if upfloated(j):
                chosen.append(vertices[j])
                for i, weight in links[j]:
                    computer.set_edge_weight(i, j, weight + self.fields.complete)
        return chosen
