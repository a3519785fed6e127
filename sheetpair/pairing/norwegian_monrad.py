"""Norwegian Monrad (Norges Sjakkforbunds Monradsystem; seed 000, Winther's norwegian-monrad page §7).

Start numbers: ``seeded`` (default) sorts by rating, splits the top n − n mod 4 into quarters A, B, C, D, shuffles
each and deals them in the order A, C, D, B, C, A, B, D; the n mod 4 lowest are shuffled and appended. ``random``
shuffles everybody. A separate lot (``LOT``) is the last tie-break.

Round 1 pairs start numbers 1-2, 3-4, ... with the odd number Black; an odd field gives the highest start number
the bye. Later rounds list the active players by points (an adjourned game counts as a provisional draw), then
start number, and pair top-down with backtracking (rule 9D). A forfeit or 0-0 counts as a game: the players have
met and have had their colours. The bye counts as a game with White and as a WO point (rule 12B).

Colour preference: fewer Whites than Blacks → White; more → Black; equal → the opposite of the last colour.
Absolute rules, unbreakable before the final round: 7A no fourth game in a row with one colour; 7B after the
game neither colour exceeds half the games plus one. Rule 8D: when both prefer the same colour the higher-ranked
gets White in even rounds, the lower-ranked in odd rounds. Each pair's two orientations are ranked by [7A/7B
violations, 8D mismatch, third colour in a row, |W−B| after the game, preferences missed, last colour repeated,
list position of White]; opponents by [score gap, same preferred colour, best orientation, list position].

Bye: only players without a WO point (bye or forfeit win) are eligible; of those at the lowest score, the
highest start number first, and before the final round the first whose bye as White keeps 7A/7B and leaves a
pairable field. The final round (rules 11A-C) is searched exhaustively: at each step only opponents at the least
feasible score gap, solutions ranked by score gaps, then 7A/7B violations (now allowed, with a note), then the
decision vector, then the bye order.

Where the rules leave no pairing (the page then refuses to pair, winther-pages §10.8), an arbiter still needs a
round: sheetpair breaks 7A/7B as few times as possible (searching in the same order; if need be it also widens
the bye to ineligible players), and the notes say which rule gave way. When every pairing repeats a game (an
exhausted field) it makes the fewest rematches and says so, since an event cannot stop halfway; the option
``rematches=never`` makes it stop with an error instead.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ..core.errors import PairingError
from ..core.model import Colour, Outcome, Player, Settings, Tournament
from ..core.state import SystemTraits, derive
from .base import OptionSpec, Pairing, PairingSystem
from .common import (
    drawn_by_lot,
    first_matching,
    never_paired,
    number_boards,
    pairing_bye,
    players_to_pair,
    requested_byes,
    score_order,
)

W, B = Colour.WHITE, Colour.BLACK
DEALING_PATTERN = "ACDBCABD"
SEARCH_LIMIT = 500_000
"""Search nodes one pairing search may visit before giving up (the page's limit)."""
EPSILON = 1e-6


@dataclass(frozen=True)
class History:
    """What the Norwegian rules read from a player's past rounds."""

    points: float = 0.0
    colours: tuple[Colour, ...] = ()
    opponents: frozenset[int] = frozenset()
    wo_points: int = 0

    @functools.cached_property
    def whites(self) -> int:
        return self.colours.count(W)

    @functools.cached_property
    def blacks(self) -> int:
        return self.colours.count(B)

    @functools.cached_property
    def preference(self) -> Colour | None:
        """Rule 8: the colour that evens the balance, else the alternation; none before the first game."""
        if self.whites != self.blacks:
            return W if self.whites < self.blacks else B
        return self.colours[-1].opposite if self.colours else None

    def hard_violations(self, colour: Colour) -> int:
        """How many of rules 7A (4th equal colour in a row) and 7B (over half + 1) ``colour`` would break."""
        violations = int(len(self.colours) >= 3 and all(c is colour for c in self.colours[-3:]))
        whites = self.whites + (colour is W)
        blacks = self.blacks + (colour is B)
        limit = (whites + blacks) / 2 + 1
        return violations + int(max(whites, blacks) > limit + EPSILON)

    def third_in_a_row(self, colour: Colour) -> bool:
        return len(self.colours) >= 2 and self.colours[-1] is colour and self.colours[-2] is colour

    def balance_after(self, colour: Colour) -> int:
        return abs(self.whites + (colour is W) - self.blacks - (colour is B))


def histories(tournament: Tournament, round_number: int) -> dict[int, History]:
    """Every player's history before ``round_number``.

    Games are every paired board (played, forfeited, 0-0, or adjourned: a provisional draw until resolved); the
    pairing-allocated bye is a White game and a WO point, as is a forfeit win. Requested byes carry only points.
    """
    state = derive(tournament, through_round=round_number - 1, traits=SystemTraits(postponed_as_draw=True))
    result: dict[int, History] = {}
    for tpn, player in state.players.items():
        points, colours, opponents, wo = 0.0, [], set(), 0
        for r in player.records:
            points += r.points
            if r.outcome is Outcome.PAIRING_BYE:
                colours.append(W)
            elif r.opponent is not None:
                colours.append(r.scheduled_colour or W)
                opponents.add(r.opponent)
            wo += r.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN)
        result[tpn] = History(points, tuple(colours), frozenset(opponents), wo)
    return result


def has_adjourned_games(tournament: Tournament, before_round: int) -> bool:
    state = derive(tournament, through_round=before_round - 1)
    return any(r.opponent is not None and r.outcome is Outcome.PENDING
               for p in state.players.values() for r in p.records)


@dataclass(frozen=True)
class Orientation:
    """One way to give colours to a pair, with the page's ranking vector."""

    white: int
    black: int
    hard: int
    soft: tuple[int, ...]

    @property
    def key(self) -> tuple[int, ...]:
        return (self.hard, *self.soft)


class SearchLimitReached(Exception):
    """A pairing search visited more nodes than :data:`SEARCH_LIMIT`."""


@dataclass
class RoundRules:
    """The fixed inputs of one round's pairing searches."""

    number: int
    history: dict[int, History]
    forbidden: Collection[frozenset[int]] = ()
    """Pairs the arbiter ruled must never meet: never paired, not even when rematches are relaxed."""
    rematches_when_exhausted: bool = False
    """Whether an exhausted field may be paired with the fewest rematches (option ``rematches``)."""

    def may_pair(self, a: int, b: int, *, rematch_allowed: bool = False) -> bool:
        return frozenset((a, b)) not in self.forbidden and (rematch_allowed or b not in self.history[a].opponents)

    def gap(self, a: int, b: int) -> float:
        return round(abs(self.history[a].points - self.history[b].points), 6)

    def same_preference(self, a: int, b: int) -> int:
        """Rule 8C: 1 when both players want the same colour."""
        pa, pb = self.history[a].preference, self.history[b].preference
        return int(pa is not None and pa is pb)

    def orientations(self, a: int, b: int, rank: dict[int, int]) -> list[Orientation]:
        """Both orientations of the pair a-b, best first (ranks are list positions, 0 = top)."""
        ha, hb = self.history[a], self.history[b]
        rule_8d_white = None
        if self.same_preference(a, b):
            higher, lower = (a, b) if rank[a] < rank[b] else (b, a)
            rule_8d_white = higher if self.number % 2 == 0 else lower
        options = []
        for white, black in ((a, b), (b, a)):
            hw, hbk = self.history[white], self.history[black]
            colour_of = {white: W, black: B}
            soft = (
                int(rule_8d_white is not None and white != rule_8d_white),
                hw.third_in_a_row(W) + hbk.third_in_a_row(B),
                hw.balance_after(W) + hbk.balance_after(B),
                sum(int(h.preference is not None and h.preference is not colour_of[p]) for p, h in ((a, ha), (b, hb))),
                sum(int(bool(h.colours) and h.colours[-1] is colour_of[p]) for p, h in ((a, ha), (b, hb))),
                rank[white],
            )
            options.append(Orientation(white, black, hw.hard_violations(W) + hbk.hard_violations(B), soft))
        return sorted(options, key=lambda o: o.key)


@dataclass
class Candidate:
    """A possible opponent of the first player still to pair, with what ranks it."""

    opponent: int
    index: int
    gap: float
    compatibility: int
    orientation: Orientation
    rematch: bool = False


@dataclass
class Counter:
    """Counts search nodes against a limit (the page's :data:`SEARCH_LIMIT` by default)."""

    limit: int = 0
    """0: the page's :data:`SEARCH_LIMIT`."""
    nodes: int = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > (self.limit or SEARCH_LIMIT):
            raise SearchLimitReached


UNLIMITED = 10**9


class OrderedSearch:
    """Rule 9D's ordered backtracking over one list: the first complete matching in candidate order.

    Candidates are ordered by score gap, then (when violations are allowed) fewer 7A/7B violations, then rule 8C,
    then the best orientation, then list position. :meth:`run` takes budgets: how many 7A/7B violations the
    matching may contain (0 = the rules are absolute, ``None`` = unlimited, the page's own non-strict search) and
    how many repeat pairings (0 unless the field is exhausted). Lists known to fail are remembered with the
    largest colour budget they failed with, so that trying growing budgets does not repeat work.
    """

    def __init__(self, rnd: RoundRules, order: Sequence[int], counter: Counter | None = None) -> None:
        self.rnd = rnd
        self.order = tuple(order)
        self.rank = {tpn: i for i, tpn in enumerate(order)}
        self.counter = counter or Counter()
        self.best_orientation: dict[tuple[int, int], Orientation] = {}
        self.failed: dict[tuple[tuple[int, ...], int], int] = {}

    def run(self, colour_budget: int | None = 0, rematch_budget: int = 0) -> list[Orientation] | None:
        lenient = colour_budget != 0
        return self._solve(self.order, UNLIMITED if colour_budget is None else colour_budget, rematch_budget, lenient)

    def _orientation(self, a: int, b: int) -> Orientation:
        if (a, b) not in self.best_orientation:
            self.best_orientation[a, b] = self.rnd.orientations(a, b, self.rank)[0]
        return self.best_orientation[a, b]

    def _candidates(self, remaining: tuple[int, ...], colours_left: int, rematches_left: int,
                    lenient: bool) -> list[Candidate]:
        first, rnd = remaining[0], self.rnd
        found = []
        for index, other in enumerate(remaining[1:], start=1):
            rematch = other in rnd.history[first].opponents
            if not rnd.may_pair(first, other, rematch_allowed=rematches_left > 0):
                continue
            best = self._orientation(first, other)
            if best.hard <= colours_left:
                found.append(Candidate(other, index, rnd.gap(first, other), rnd.same_preference(first, other),
                                       best, rematch))
        return sorted(found, key=lambda c: (c.rematch, c.gap, c.orientation.hard if lenient else 0,
                                             c.compatibility, c.orientation.key, c.index))

    def _solve(self, remaining: tuple[int, ...], colours_left: int, rematches_left: int,
               lenient: bool) -> list[Orientation] | None:
        if not remaining:
            return []
        key = (remaining, rematches_left)
        if self.failed.get(key, -1) >= colours_left:
            return None
        self.counter.tick()
        for c in self._candidates(remaining, colours_left, rematches_left, lenient):
            rest = tuple(t for t in remaining if t not in (remaining[0], c.opponent))
            tail = self._solve(rest, colours_left - c.orientation.hard, rematches_left - c.rematch, lenient)
            if tail is not None:
                return [c.orientation, *tail]
        self.failed[key] = max(self.failed.get(key, -1), colours_left)
        return None


def ordered_search(
    rnd: RoundRules, order: Sequence[int], colour_budget: int | None = 0, rematch_budget: int = 0
) -> list[Orientation] | None:
    """One :class:`OrderedSearch` run with its own node count (the page's ``solvePairings``)."""
    return OrderedSearch(rnd, order).run(colour_budget, rematch_budget)


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


def bye_candidates(order: Sequence[int], history: dict[int, History]) -> tuple[list[int], str | None]:
    """Rule 12: the eligible players at the lowest eligible score, highest start number first.

    Eligible are those without a WO point. When everybody has one, the rules name nobody; sheetpair then takes
    those with the fewest WO points and says so.
    """
    fewest = min(history[t].wo_points for t in order)
    note = None
    if fewest > 0:
        note = ("every player already has a WO point, so the rules name no bye candidate; "
                f"the bye went among those with the fewest ({fewest})")
    eligible = [t for t in order if history[t].wo_points == fewest]
    lowest = min(history[t].points for t in eligible)
    return sorted((t for t in eligible if abs(history[t].points - lowest) < EPSILON), reverse=True), note


@dataclass
class RoundPlan:
    """A round's pairing before board numbers: the pairs in board order, the bye, and notes."""

    pairs: list[Orientation]
    bye: int | None = None
    notes: list[str] = field(default_factory=list)


class NorwegianMonrad(PairingSystem):
    name = "norwegian-monrad"
    description = (
        "Norwegian Monrad (NSF): seeded or drawn start numbers, pairing by score with absolute colour rules "
        "7A/7B, exhaustive final round; Buchholz cut 1 or 2 (byes 0), restored cuts, S-B, lot"
    )
    options = {
        "start_numbers": OptionSpec(
            "seeded", "seeded: rating quarters dealt A,C,D,B,C,A,B,D; random: a full drawing of lots",
            ("seeded", "random"),
        ),
        "rematches": OptionSpec(
            "when-exhausted", "when-exhausted: an exhausted field (every pairing repeats a game) is paired with the "
                              "fewest rematches, named in a note; never: it stops with an error",
            ("never", "when-exhausted"),
        ),
        "lot": OptionSpec(
            "", "the drawing of lots for the last tie-break, as start numbers in lot order "
                "(empty: drawn from the saved seed)",
        ),
    }
    default_bye_value = 1.0
    postponed_games_count_as_draws = True
    default_tiebreaks = ("BHNC", "BHN-C1", "BHN", "SBG", "LOT")

    def max_meetings(self, settings: Settings) -> int:
        """Once; with ``rematches=when-exhausted`` again only when every pairing of a round repeats a game."""
        return settings.rounds if self.option(settings, "rematches") == "when-exhausted" else 1

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        if self.option(settings, "start_numbers") == "random":
            return drawn_by_lot(players, rng)
        return seeded_draw(players, rng)

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        order_input = players_to_pair(tournament, round_number)
        if round_number == 1:
            result = first_round(tournament, order_input)
        else:
            final = round_number == tournament.settings.rounds
            if final and has_adjourned_games(tournament, round_number):
                raise PairingError("rule 11C: resolve every adjourned game before the final round is paired")
            history = histories(tournament, round_number)
            rematches = self.option(tournament.settings, "rematches") == "when-exhausted"
            rnd = RoundRules(round_number, history, tournament.forbidden_pairs, rematches)
            order = score_order(order_input, lambda t: history[t].points)
            result = pair_final_round(rnd, order) if final else pair_round(rnd, order)
        games = number_boards([(o.white, o.black) for o in result.pairs])
        byes = [pairing_bye(result.bye, len(games) + 1)] if result.bye is not None else []
        return Pairing(games, byes + requested_byes(tournament, round_number), result.notes)


def seeded_draw(players: list[Player], rng: random.Random) -> list[Player]:
    """Rating quarters A-D (each shuffled) dealt A, C, D, B, C, A, B, D; the n mod 4 lowest shuffled at the end."""
    ranked = sorted(players, key=lambda p: -p.rating)  # stable: equal ratings keep roster order
    core = len(ranked) - len(ranked) % 4
    size = core // 4
    groups = {}
    for i, name in enumerate("ABCD"):
        groups[name] = ranked[i * size:(i + 1) * size]
        rng.shuffle(groups[name])
    dealt: list[Player] = []
    while len(dealt) < core:
        for name in DEALING_PATTERN:
            if groups[name] and len(dealt) < core:
                dealt.append(groups[name].pop(0))
    rest = ranked[core:]
    rng.shuffle(rest)
    return dealt + rest


def first_round(tournament: Tournament, order: list[int]) -> RoundPlan:
    """Rule 4: 1-2, 3-4, ... with the odd start number Black; rule 12A: the highest start number has the bye.

    A pair the arbiter has forbidden is skipped the Monrad way (the next allowed player down the list).
    """
    bye = order[-1] if len(order) % 2 else None
    paired = [t for t in order if t != bye]
    matching = first_matching(paired, never_paired(tournament, derive(tournament, through_round=0)))
    if matching is None:
        raise PairingError("round 1 cannot be paired: the forbidden pairs leave no pairing")
    return RoundPlan([Orientation(lower, higher, 0, ()) for higher, lower in matching], bye)


def pair_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """A round before the last: 7A/7B absolute; the relaxed search only where they leave no pairing."""
    try:
        if len(order) % 2 == 0:
            pairs = ordered_search(rnd, order)
            if pairs is not None:
                return RoundPlan(pairs)
        else:
            candidates, note = bye_candidates(order, rnd.history)
            for bye in candidates:
                if rnd.history[bye].hard_violations(W):
                    continue
                pairs = ordered_search(rnd, [t for t in order if t != bye])
                if pairs is not None:
                    return RoundPlan(pairs, bye, [note] if note else [])
    except SearchLimitReached:
        plan = lenient_round(rnd, order)
        plan.notes.append(
            "the search with rules 7A/7B absolute grew too large (the page stops here), so the ordered search "
            f"allowing them paired the round, with {_colour_phrase(count_violations(rnd, plan))}; arbiter review "
            "is recommended"
        )
        return plan
    return relaxed_round(rnd, order)


def lenient_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """The page's fallback past its search limit: the ordered search with 7A/7B allowed, byes in rule 12 order.

    :raises PairingError: when even that search finds nothing within its limit.
    """
    byes: list[int | None] = [None] if len(order) % 2 == 0 else [*bye_candidates(order, rnd.history)[0]]
    try:
        for bye in byes:
            pairs = ordered_search(rnd, [t for t in order if t != bye], colour_budget=None)
            if pairs is not None:
                return RoundPlan(pairs, bye)
    except SearchLimitReached:
        raise PairingError(f"round {rnd.number}: the pairing search became too complex; enter the round manually") \
            from None
    return relaxed_round(rnd, order)


def pair_final_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """Rule 11: the exhaustive final-round search, with the page's ordered search as fallback past its limit."""
    notes: list[str] = []
    try:
        search = FinalSearch(rnd, order)
        if len(order) % 2 == 0:
            best = search.run()
            outcome = RoundPlan(best.pairs) if best else None
        else:
            candidates, note = bye_candidates(order, rnd.history)
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


def count_violations(rnd: RoundRules, outcome: RoundPlan) -> int:
    total = sum(rnd.history[o.white].hard_violations(W) + rnd.history[o.black].hard_violations(B)
                for o in outcome.pairs)
    return total + (rnd.history[outcome.bye].hard_violations(W) if outcome.bye is not None else 0)


RELAXED_SEARCH_LIMIT = 50_000
"""Search nodes the least-violation search may spend in all before it settles for a complete pairing."""


def relaxed_round(rnd: RoundRules, order: list[int]) -> RoundPlan:
    """The least-violation pairing where the rules leave none (the page refuses to pair here).

    First the fewest 7A/7B violations with no rematch, keeping the page's candidate order within each budget.
    When no rematch-free pairing exists at all, the field is exhausted: the fewest rematches if the arbiter
    allowed them (option ``rematches``), otherwise an error. Should the search grow too large, the page's own
    non-strict ordered search decides, and the note says that fewer violations may exist.

    :raises PairingError: when no pairing without rematches exists and rematches are not allowed.
    """
    byes: list[int | None] = [None] if len(order) % 2 == 0 else [*bye_candidates(order, rnd.history)[0]]
    counter = Counter(RELAXED_SEARCH_LIMIT)
    searches = {bye: OrderedSearch(rnd, [t for t in order if t != bye], counter) for bye in byes}
    bye_note: list[str] = []

    def own(bye: int | None) -> int:
        return rnd.history[bye].hard_violations(W) if bye is not None else 0

    def attempt(colours: int | None, rematches: int = 0) -> RoundPlan | None:
        for bye, search in searches.items():
            if colours is not None and own(bye) > colours:
                continue
            pairs = search.run(None if colours is None else colours - own(bye), rematches)
            if pairs is not None:
                return RoundPlan(pairs, bye)
        return None

    any_rematch_free: RoundPlan | None = None
    try:
        any_rematch_free = attempt(None)
        if any_rematch_free is None and byes != [None]:
            # rule 12 names too few bye candidates: the others, lowest score and highest number first
            others = sorted((t for t in order if t not in searches), key=lambda t: (rnd.history[t].points, -t))
            searches = {bye: OrderedSearch(rnd, [t for t in order if t != bye], counter) for bye in others}
            any_rematch_free = attempt(None)
            bye_note = ["bye rule 12 relaxed: no eligible bye candidate leaves a rematch-free pairing"]
        if any_rematch_free is not None:
            for budget in range(1, 2 * len(order) + 2):
                found = attempt(budget)
                if found is not None:
                    found.notes += bye_note
                    found.notes.append(
                        f"rules 7A/7B relaxed: no rematch-free pairing keeps the absolute colour rules, so this one "
                        f"breaks them {count_violations(rnd, found)} time(s), the fewest possible (the page refuses "
                        "to pair here); arbiter review is recommended"
                    )
                    return found
        elif rnd.rematches_when_exhausted:
            searches = {bye: OrderedSearch(rnd, [t for t in order if t != bye], counter) for bye in byes}
            for rematches in range(1, len(order)):
                found = attempt(None, rematches)
                if found is not None:
                    found.notes.append(
                        f"no-rematch rule relaxed: every pairing repeats a game, so this one has the fewest repeats "
                        f"({rematches}) and {_colour_phrase(count_violations(rnd, found))}; arbiter review is "
                        "recommended"
                    )
                    return found
    except SearchLimitReached:
        if any_rematch_free is not None:
            any_rematch_free.notes += bye_note
            any_rematch_free.notes.append(
                f"rules 7A/7B relaxed: the search for the fewest violations grew too large, so the rules' order "
                f"decided; this pairing has {_colour_phrase(count_violations(rnd, any_rematch_free))} and fewer "
                "may be possible: arbiter review is required"
            )
            return any_rematch_free
        raise PairingError(f"round {rnd.number}: the pairing search became too complex; enter the round manually") \
            from None
    raise PairingError(
        f"round {rnd.number}: every pairing repeats a game (the field is exhausted: no-repeat rule); set the option "
        "rematches=when-exhausted to pair the fewest rematches, or enter the round manually"
    )


def _colour_phrase(violations: int) -> str:
    return f"{violations} violation(s) of rules 7A/7B" if violations else "no violation of rules 7A/7B"


SYSTEM = NorwegianMonrad()

