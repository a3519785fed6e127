"""C.04.4.2 (in force from 1 Feb 2026) after its seeding rounds, on a maximum-weight matching.

Articles cited are those of the 2026 text as ``docs/burstein.md`` restates them.

* **PAB (3.1)**: among the players allowed one ([C2]), the one whose absence leaves a complete pairing
  ([C4]), then the lowest score, the most games played, the lowest place in the index order (1.8).
* **Brackets (3.2)**, top score group down: the residents plus the players left unpaired above (1.2.2),
  numbered BSN 1, 2, ... in the index order (4.1: Buchholz, Sonneborn-Berger, start number).
* **Which pairing (3.2.2, Art. 4)**: the first pairing in the order of Art. 4.3 ("BSN 1's opponent has the
  larger BSN, then BSN 2's, ...; floating ranks after every real opponent") among those that comply best
  with [C4]–[C8]. The order is walked the way :mod:`.classic` walks its tables: one matching over every
  player still to pair, whose edge weights rank, field by field, a legal game ([C1]–[C3], the completion of
  the round: [C4]), a pair inside the bracket ([C5]), the scores of the players paired ([C6]: the outgoing
  floaters' scores are then as low as possible, highest first), a pair inside the next bracket ([C7], its
  [C5]), both colour preferences granted ([C8]), and, for the lowest-BSN player not yet placed, the BSN of
  the opponent. The optimum gives that player the first opponent of Art. 4.3 the criteria allow; the pair
  (or the float) is fixed and the next BSN follows. Each step is one re-optimisation of the incremental
  matcher, so the search is polynomial and finds the first valid candidate of Art. 4 without backtracking.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import PairingError
from ...core.model import Colour, Tournament
from ...core.state import derive
from ..dutch.baku import virtual_points
from ..dutch.entrants import Edition, Entrant, RoundField, build_field
from ..matching import MatchingComputer, new_cardinality_computer, new_matching_computer
from .colours import allocate_by_index, allowed_game, preferences_agree
from .index import Index, modern_indexes


def seeding_rounds(rounds: int) -> int:
    """Art. 1.6: half the planned rounds, rounded down, at most four, are paired by the Dutch system."""
    return min(rounds // 2, 4)


@dataclass
class BracketLog:
    """One bracket as paired, for notes and explanations."""

    score: int
    members: list[int]
    """Start numbers in BSN order (4.1)."""
    incoming: list[int]
    outgoing: list[int] = field(default_factory=list)
    pairs: list[tuple[int, int]] = field(default_factory=list)
    skipped: dict[int, list[str]] = field(default_factory=dict)
    """For each player fixed, the opponents Art. 4.3 ranks first that he was not given, and why."""


@dataclass
class ModernOutcome:
    """Pairs (the player ranked higher by the index first, his colour, its rule), the PAB, the brackets."""

    pairs: list[tuple[Entrant, Entrant, Colour, str]]
    bye: Entrant | None
    brackets: list[BracketLog]
    indexes: dict[int, Index]
    field: RoundField


class _Weights:
    """The fields of an edge weight, highest first (see the module docstring)."""

    def __init__(self, size: int, levels: int, forbidden: set[frozenset[int]]) -> None:
        step = size + 2
        self.base = step ** max(levels, 1)
        self.bsn = 1
        self.colour = step
        self.next_pair = self.colour * step
        self.scores = self.next_pair * step
        self.pair = self.scores * (2 * size * self.base + 1)
        self.allowed = self.pair * step
        self.max = 2 * self.allowed
        self.step = step
        self.forbidden = forbidden

    def may_meet(self, a: Entrant, b: Entrant) -> bool:
        return allowed_game(a, b, self.forbidden)


class ModernProcedure:
    """Pairs one round after the seeding rounds; see the module docstring."""

    def __init__(self, tournament: Tournament, round_number: int, *, baku: bool = False,
                 pure_python: bool = False) -> None:
        self.tournament = tournament
        virtual = virtual_points(tournament, round_number) if baku else None
        self.field = build_field(tournament, round_number, Edition.RULES_2026, virtual)
        state = derive(tournament, through_round=round_number - 1)
        self.indexes = modern_indexes(state, [e.tpn for e in self.field.entrants])
        self.pure_python = pure_python

    def index_key(self, entrant: Entrant) -> tuple[float, float, int]:
        """Art. 1.8: higher Buchholz, then higher Sonneborn-Berger, then smaller start number. Scores are not used."""
        buchholz, sonneborn_berger = self.indexes[entrant.tpn].values
        return (-buchholz, -sonneborn_berger, entrant.tpn)

    def run(self) -> ModernOutcome:
        players = self.field.entrants
        levels = len({e.score for e in players})
        weights = _Weights(len(players), levels, self.tournament.forbidden_pairs)
        bye = self._bye(players, weights) if len(players) % 2 else None
        rest = [e for e in players if e is not bye]
        matcher = new_matching_computer(len(rest), weights.max, pure_python=self.pure_python)
        for i, a in enumerate(rest):
            for j in range(i + 1, len(rest)):
                if weights.may_meet(a, rest[j]):
                    matcher.set_edge_weight(i, j, weights.allowed)
        brackets = _Brackets(self, rest, weights, matcher)
        brackets.pair_all()
        return ModernOutcome(brackets.pairs, bye, brackets.logs, self.indexes, self.field)

    def _bye(self, players: list[Entrant], weights: _Weights) -> Entrant:
        """Art. 3.1: [C2], then [C4], then lowest score, most games, lowest place in the index order."""
        candidates = sorted((e for e in players if e.bye_eligible),
                            key=lambda e: (e.score, -e.played_games, [-v for v in self.index_key(e)]))
        matcher = new_cardinality_computer(len(players), pure_python=self.pure_python)
        for i, a in enumerate(players):
            for j in range(i + 1, len(players)):
                if weights.may_meet(a, players[j]):
                    matcher.set_edge_weight(i, j, 1)
        position = {e.tpn: i for i, e in enumerate(players)}
        for candidate in candidates:
            if _complete_without(matcher, position[candidate.tpn], players, weights):
                return candidate
        raise PairingError("no player can receive the pairing-allocated bye and leave a complete pairing of the "
                           "others (Burstein 2026 Art. 3.1, [C2], [C4])")


def _complete_without(matcher: MatchingComputer, left_out: int, players: list[Entrant], weights: _Weights) -> bool:
    """True when everybody but ``left_out`` can be paired ([C4]); the matcher's edges are restored after."""
    others = [j for j in range(len(players)) if j != left_out and weights.may_meet(players[left_out], players[j])]
    for j in others:
        matcher.set_edge_weight(left_out, j, 0)
    matcher.compute_matching()
    mates = matcher.mates()
    complete = all(mates[j] != j for j in range(len(players)) if j != left_out)
    for j in others:
        matcher.set_edge_weight(left_out, j, 1)
    return complete


class _Brackets:
    """The brackets of Art. 3.2, top down, on one matcher over every player still to pair."""

    def __init__(self, procedure: ModernProcedure, rest: list[Entrant], weights: _Weights,
                 matcher: MatchingComputer) -> None:
        self.procedure = procedure
        self.rest = rest
        self.weights = weights
        self.matcher = matcher
        self.placed: set[int] = set()
        self.pairs: list[tuple[Entrant, Entrant, Colour, str]] = []
        self.logs: list[BracketLog] = []

    def pair_all(self) -> None:
        rest = self.rest
        self.matcher.compute_matching()
        if any(v == mate for v, mate in enumerate(self.matcher.mates())):
            raise PairingError("the players cannot all be paired without a second game between two players or "
                               "two equal absolute colour preferences (Burstein 2026 [C1], [C3], [C4])")
        scores = sorted({e.score for e in rest}, reverse=True)
        incoming: list[int] = []
        for number, score in enumerate(scores):
            residents = [v for v, e in enumerate(rest) if e.score == score]
            below = [v for v, e in enumerate(rest) if number + 1 < len(scores) and e.score == scores[number + 1]]
            incoming = self._pair_bracket(score, incoming + residents, below, incoming)

    def _pair_bracket(self, score: int, players: list[int], below: list[int], incoming: list[int]) -> list[int]:
        """Pairs one bracket; returns its outgoing floaters (the next bracket's incoming ones)."""
        rest = self.rest
        members = sorted(players, key=lambda v: self.procedure.index_key(rest[v]))
        log = BracketLog(score, [rest[v].tpn for v in members], [rest[v].tpn for v in incoming])
        self.logs.append(log)
        self._bracket_weights(members, below)
        bsn = {v: number for number, v in enumerate(members, start=1)}
        floating: list[int] = []
        for v in members:
            if v in self.placed:
                continue
            open_members = [u for u in members if u not in self.placed and u not in floating]
            mate = self._first_in_order(v, open_members, bsn)
            if mate is None or mate not in bsn:
                floating.append(v)
                log.outgoing.append(rest[v].tpn)
                for u in open_members:
                    if u != v:
                        self.matcher.set_edge_weight(v, u, 0)
                continue
            self._fix(v, mate, open_members, bsn, log)
        return floating

    def _bracket_weights(self, members: list[int], below: list[int]) -> None:
        """[C5]–[C8] on the edges of the bracket, [C7] on those into the next score group."""
        rest, weights = self.rest, self.weights
        levels = {s: level for level, s in enumerate(sorted({rest[v].score for v in members}))}
        in_bracket = set(members)
        group = members + below
        for i, v in enumerate(group):
            for u in group[i + 1:]:
                if v in self.placed or u in self.placed or not weights.may_meet(rest[v], rest[u]):
                    continue
                weight = weights.allowed
                if v in in_bracket and u in in_bracket:
                    weight += weights.pair + weights.scores * (weights.step ** levels[rest[v].score]
                                                               + weights.step ** levels[rest[u].score])
                    if preferences_agree(rest[v], rest[u]):
                        weight += weights.colour
                else:
                    weight += weights.next_pair
                self.matcher.set_edge_weight(v, u, weight)

    def _first_in_order(self, v: int, members: list[int], bsn: dict[int, int]) -> int | None:
        """The partner the optimum gives ``v`` once a larger BSN weighs more (Art. 4.3); ``None`` if unpaired."""
        for u in members:
            if u != v:
                weight = self.matcher.weight(v, u)
                if weight:
                    self.matcher.set_edge_weight(v, u, weight - weight % self.weights.colour + bsn[u])
        self.matcher.compute_matching()
        mate = self.matcher.mates()[v]
        return None if mate == v else mate

    def _fix(self, v: int, mate: int, members: list[int], bsn: dict[int, int], log: BracketLog) -> None:
        rest = self.rest
        higher, lower = (v, mate) if bsn[v] < bsn[mate] else (mate, v)
        preferred = [u for u in reversed(members) if bsn[u] > bsn[mate] and u != v]
        log.skipped[rest[v].tpn] = [self._why_not(v, u) for u in preferred]
        self.placed |= {v, mate}
        colour, rule = allocate_by_index(rest[higher], rest[lower], self.procedure.field.settings.initial_colour)
        self.pairs.append((rest[higher], rest[lower], colour, rule))
        log.pairs.append((rest[higher].tpn, rest[lower].tpn))
        self.matcher.fix_pair(v, mate, self.weights.allowed)

    def _why_not(self, v: int, u: int) -> str:
        a, b = self.rest[v], self.rest[u]
        if b.tpn in a.played_opponents:
            return f"{b.tpn}: already played ([C1])"
        if frozenset((a.tpn, b.tpn)) in self.weights.forbidden:
            return f"{b.tpn}: a pair the arbiter ruled out"
        if not self.weights.may_meet(a, b):
            return f"{b.tpn}: the same absolute colour preference ([C3])"
        return f"{b.tpn}: a pairing that complies better with [C4]-[C8] needs him elsewhere"
