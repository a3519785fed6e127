"""The final round (rule 11A-C): the exhaustive search, ranked by score gaps, 7A/7B violations, the decision
vector and the bye order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .history import EPSILON, W
from .rounds import lenient_round, relaxed_round
from .rules import Orientation, RoundPlan, RoundRules, count_violations, lowest_score_bye_candidates
from .search import Counter, SearchLimitReached


@dataclass(order=True)
class FinalSolution:
    """A final-round matching with the vectors rule 11 ranks it by (smaller is better)."""

    structure: tuple[int, ...]
    """Score gaps of the pairs in board order, in millionths of a point."""
    hard: int
    decision: tuple[int, ...]
    pairs: list[Orientation] = field(compare=False)


class FinalSearch:
    """Rule 11A-B: the best rematch-free matching, trying at each step only the least feasible score gap.

    The page searches exhaustively with a memo and gives up past :data:`SEARCH_LIMIT` nodes. To know cheaply
    whether it would, a first pass only decides which sub-lists can be completed, visiting exactly the page's
    nodes (same order, same memo, one count per search); the ranking pass then revisits only those. Sub-lists
    are bit masks of positions in the whole list; the list is in score order, so list order is also score-gap
    order. Leaving a bye candidate out shifts the positions below it by one, which keeps every comparison, so
    the ranking pass is shared by all bye candidates and only the reported decision vector is renumbered.
    """

    def __init__(self, rnd: RoundRules, order: Sequence[int]) -> None:
        self.rnd = rnd
        self.order = list(order)
        self.rank = {tpn: i for i, tpn in enumerate(order)}
        points = [round(rnd.history[t].points / EPSILON) for t in order]  # integer units: exact gaps
        self.options = [
            [(j, points[i] - points[j]) for j in range(i + 1, len(order)) if rnd.may_pair(order[i], order[j])]
            for i in range(len(order))
        ]
        self.pair_ranking: dict[tuple[int, int], tuple[Orientation, int]] = {}
        self.best: dict[int, FinalSolution | None] = {0: FinalSolution((), 0, (), [])}
        self.structures: dict[tuple[int, ...], tuple[int, ...]] = {(): ()}
        self.comparisons: dict[tuple[int, int], int] = {}

    def run(self, leave_out: int | None = None) -> FinalSolution | None:
        """The best solution for the list without ``leave_out``; ``None`` when no rematch-free matching exists.

        :raises SearchLimitReached: where the page's search would give up.
        """
        mask = (1 << len(self.order)) - 1
        if leave_out is not None:
            mask ^= 1 << self.rank[leave_out]
        completable = {0: True}
        self._completable(mask, completable, Counter())
        solution = self._best(mask, completable)
        if solution is None or leave_out is None:
            return solution
        gap = self.rank[leave_out]
        decision = tuple(v - (v > gap) if i % 8 == 6 else v for i, v in enumerate(solution.decision))
        return FinalSolution(solution.structure, solution.hard, decision, solution.pairs)

    def _completable(self, mask: int, known: dict[int, bool], counter: Counter) -> bool:
        if mask in known:
            return known[mask]
        counter.tick()
        first = (mask & -mask).bit_length() - 1
        accepted = None
        for other, gap in self.options[first]:
            if not mask >> other & 1:
                continue
            if accepted is not None and gap > accepted:
                break
            if self._completable(mask & ~(1 << first | 1 << other), known, counter) and accepted is None:
                accepted = gap
        known[mask] = accepted is not None
        return known[mask]

    def _ranking(self, a: int, b: int) -> tuple[Orientation, int]:
        """The pair's best orientation and its rule 8C penalty."""
        if (a, b) not in self.pair_ranking:
            self.pair_ranking[a, b] = self.rnd.orientations(a, b, self.rank)[0], self.rnd.same_preference(a, b)
        return self.pair_ranking[a, b]

    def _best(self, mask: int, completable: dict[int, bool]) -> FinalSolution | None:
        if mask in self.best:
            return self.best[mask]
        first = (mask & -mask).bit_length() - 1
        tpn = self.order[first]
        chosen: tuple[FinalSolution, tuple[int, tuple[int, ...], tuple[int, ...]], Orientation] | None = None
        accepted: int | None = None
        for other, gap in self.options[first]:
            if not mask >> other & 1:
                continue
            if accepted is not None and gap > accepted:
                break
            tail_mask = mask & ~(1 << first | 1 << other)
            if not completable[tail_mask]:
                continue
            accepted = gap
            tail = self._best(tail_mask, completable)
            assert tail is not None  # a completable sub-list has a best solution
            structure_order = -1 if chosen is None else self._compare(tail.structure, chosen[0].structure)
            if structure_order > 0:
                continue  # worse score-gap structure: the rest cannot make up for it
            orientation, compatibility = self._ranking(tpn, self.order[other])
            index = (mask & ((1 << other) - 1)).bit_count() - 1  # position in the sub-list, first = 0
            rest = (orientation.hard + tail.hard, (compatibility, *orientation.soft, index), tail.decision)
            if chosen is None or structure_order < 0 or rest < chosen[1]:
                chosen = (tail, rest, orientation)
        solution = None
        if chosen is not None and accepted is not None:
            tail, (hard, head, _), orientation = chosen
            structure = self.structures.setdefault((accepted, *tail.structure), (accepted, *tail.structure))
            solution = FinalSolution(structure, hard, (*head, *tail.decision), [orientation, *tail.pairs])
        self.best[mask] = solution
        return solution

    def _compare(self, a: tuple[int, ...], b: tuple[int, ...]) -> int:
        """-1, 0 or 1 as structure ``a`` is better, equal or worse than ``b`` (interned, so few distinct pairs)."""
        if a is b:
            return 0
        key = (id(a), id(b))
        if key not in self.comparisons:
            self.comparisons[key] = (a > b) - (a < b)
        return self.comparisons[key]


def pair_final_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """Rule 11: the exhaustive final-round search, with the page's ordered search as fallback past its limit."""
    notes: list[str] = []
    try:
        search = FinalSearch(rnd, order)
        if len(order) % 2 == 0:
            best = search.run()
            outcome = RoundPlan(best.pairs) if best else None
        else:
            candidates, note = lowest_score_bye_candidates(order, rnd.history)
            notes += [note] if note else []
            ranked = []
            for bye_order, bye in enumerate(candidates):
                best = search.run(leave_out=bye)
                if best is not None:
                    key = (best.structure, best.hard + rnd.history[bye].hard_violations(W), bye_order, best.decision)
                    ranked.append((key, bye, best))
            ranked.sort(key=lambda item: item[0])
            outcome = RoundPlan(ranked[0][2].pairs, ranked[0][1]) if ranked else None
    except SearchLimitReached:
        notes.append("the exhaustive final-round search reached its limit; the ordered search paired the round "
                     "instead: review rules 11A and 11B")
        outcome = lenient_round(rnd, order)
    if outcome is None:
        outcome = relaxed_round(rnd, order)
    outcome.notes[:0] = notes
    violations = count_violations(rnd, outcome)
    if violations and not any("7A" in n for n in outcome.notes):
        outcome.notes.append(
            f"the final-round pairing contains {violations} separate violation(s) of rules 7A or 7B: rule 11A "
            "keeps players in their score group before colours; arbiter review is recommended"
        )
    return outcome
