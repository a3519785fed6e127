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
  floaters' scores are then as low as possible, highest first), a pair inside the next bracket and the
  scores of the players it pairs ([C7]: the next bracket's [C5] and [C6]), both colour preferences granted
  ([C8]), and, for the lowest-BSN player not yet placed, the BSN of
  the opponent. The optimum gives that player the first opponent of Art. 4.3 the criteria allow; the pair
  (or the float) is fixed and the next BSN follows. Each step is one re-optimisation of the incremental
  matcher, so the search is polynomial and finds the first valid candidate of Art. 4 without backtracking.
  :class:`ModernProcedure` first runs it on each bracket's window and falls back to the whole field only
  when the finished pairing does not prove itself optimal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import PairingError
from ...core.model import Colour, Tournament
from ...core.state import derive
from ..fide.baku import virtual_points
from ..fide.entrants import Edition, Entrant, RoundField, build_field
from ..matching import MatchingComputer, new_cardinality_computer, new_matching_computer
from .colours import allocate_by_index, allowed_game, preferences_agree
from .index import Index, modern_indexes
from .probe import criterion_lost


def seeding_rounds(rounds: int) -> int:
    """Art. 1.6: half the planned rounds, rounded down, at most four, are paired by the Dutch system."""
    return min(rounds // 2, 4)


@dataclass
class ModernBracketLog:
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
    brackets: list[ModernBracketLog]
    indexes: dict[int, Index]
    field: RoundField


class _Weights:
    """The fields of an edge weight, highest first (see the module docstring).

    ``levels`` is the number of different scores in the bracket and the next score group ([C6], and [C6] of
    the next bracket for [C7], weigh each paired player by the rank of his score among them); ``size`` bounds
    the vertices of the matcher.
    """

    def __init__(self, size: int, levels: int, forbidden: set[frozenset[int]]) -> None:
        step = size + 2
        wide = 2 * size * step ** max(levels, 1) + 1
        self.step = step
        self.colour = step
        self.next_scores = self.colour * step
        self.next_pair = self.next_scores * wide
        self.scores = self.next_pair * step
        self.pair = self.scores * wide
        self.allowed = self.pair * step
        self.max = 2 * self.allowed
        self.fields = (self.allowed, self.pair, self.scores, self.next_pair, self.next_scores, self.colour)
        """The criterion fields, highest first, as named in :data:`CRITERIA` (the BSN field below them)."""
        self.forbidden = forbidden

    def may_meet(self, a: Entrant, b: Entrant) -> bool:
        return allowed_game(a, b, self.forbidden)


class ModernProcedure:
    """Pairs one round after the seeding rounds; see the module docstring.

    The brackets are first paired each on its own window (the bracket and the next score group, where every
    criterion but [C4] is decided). When the windows together pair everybody and each bracket pairs the
    players (by score) the bracket above it expected ([C7]), the result is the whole field's optimum: every window
    optimum bounds the whole field's from above and the finished pairing attains it. Otherwise the round is
    paired again on one matcher over the whole field, where [C4] is a weight field of its own.
    """

    def __init__(self, tournament: Tournament, round_number: int, *, baku: bool = False,
                 pure_python: bool = False, explaining: bool = False) -> None:
        self.tournament = tournament
        self.explaining = explaining
        virtual = virtual_points(tournament, round_number) if baku else None
        self.field = build_field(tournament, round_number, Edition.RULES_2026, virtual)
        state = derive(tournament, through_round=round_number - 1)
        self.indexes = modern_indexes(state, [e.tpn for e in self.field.entrants])
        self.pure_python = pure_python

    def index_key(self, entrant: Entrant) -> tuple[float, float, int]:
        """Art. 1.8: higher Buchholz, then higher Sonneborn-Berger, then smaller start number. Scores are not used."""
        buchholz, sonneborn_berger = self.indexes[entrant.tpn].values
        return (-buchholz, -sonneborn_berger, entrant.tpn)

    def bye_order(self, players: list[Entrant]) -> list[Entrant]:
        """Art. 3.1 after [C2]: lowest score, most games played, lowest place in the index order."""
        return sorted((e for e in players if e.bye_eligible),
                      key=lambda e: (e.score, -e.played_games, [-v for v in self.index_key(e)]))

    def run(self) -> ModernOutcome:
        players = self.field.entrants
        bye = None
        if len(players) % 2:
            candidates = self.bye_order(players)
            if not candidates:
                raise PairingError("no player may receive the pairing-allocated bye ([C2]): all have had one or "
                                   "scored a win without playing (Burstein 2026 Art. 3.1)")
            bye = candidates[0]
        brackets = _Brackets(self, [e for e in players if e is not bye])
        if not brackets.pair_in_windows():
            weights = _Weights(len(players), 1, self.tournament.forbidden_pairs)
            bye = self._bye(players, weights) if len(players) % 2 else None
            brackets = _Brackets(self, [e for e in players if e is not bye])
            brackets.pair_on_whole_field()
        return ModernOutcome(brackets.pairs, bye, brackets.logs, self.indexes, self.field)

    def _bye(self, players: list[Entrant], weights: _Weights) -> Entrant:
        """Art. 3.1: the first player of :meth:`bye_order` whose absence leaves a complete pairing ([C4])."""
        matcher = new_cardinality_computer(len(players), pure_python=self.pure_python)
        for i, a in enumerate(players):
            for j in range(i + 1, len(players)):
                if weights.may_meet(a, players[j]):
                    matcher.set_edge_weight(i, j, 1)
        position = {e.tpn: i for i, e in enumerate(players)}
        for candidate in self.bye_order(players):
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


Decisions = list[tuple[int, "int | None"]]
"""Each bracket member in BSN order with the partner Art. 4.3 gave him, ``None`` for a float."""


class _Brackets:
    """The brackets of Art. 3.2, top down; players are indexes into ``rest`` (sorted by score)."""

    def __init__(self, procedure: ModernProcedure, rest: list[Entrant]) -> None:
        self.procedure = procedure
        self.rest = rest
        self.forbidden = procedure.tournament.forbidden_pairs
        self.placed: set[int] = set()
        self.pairs: list[tuple[Entrant, Entrant, Colour, str]] = []
        self.logs: list[ModernBracketLog] = []
        self.reasons: dict[tuple[int, int], str] | None = {} if procedure.explaining else None

    def brackets(self) -> list[tuple[int, list[int], list[int]]]:
        """Each score (top down) with its residents and the residents of the next score."""
        scores = sorted({e.score for e in self.rest}, reverse=True)
        groups = [[v for v, e in enumerate(self.rest) if e.score == score] for score in scores]
        return [(score, groups[i], groups[i + 1] if i + 1 < len(groups) else []) for i, score in enumerate(scores)]

    def members_in_order(self, players: list[int]) -> list[int]:
        """4.1: BSN order, the index order of 1.8."""
        return sorted(players, key=lambda v: self.procedure.index_key(self.rest[v]))

    def pair_in_windows(self) -> bool:
        """Every bracket on its window; False when the finished pairing does not prove itself optimal."""
        incoming: list[int] = []
        expected: tuple[int, ...] | None = None
        for score, residents, below in self.brackets():
            members = self.members_in_order(incoming + residents)
            bsn = {v: number for number, v in enumerate(members, start=1)}
            window = members + below
            weights = _Weights(len(window), len({self.rest[v].score for v in window}), self.forbidden)
            local = new_matching_computer(len(window), weights.max, pure_python=self.procedure.pure_python)
            self._bracket_weights(local, window, members, below, weights, 0)
            decisions, next_pairs = _walk(local, window, members, below, bsn, weights, weights.pair, self.reasons)
            paired = [p for v, mate in decisions if mate is not None for p in (v, mate)]
            if expected is not None and expected != self._scores_of(paired):
                return False
            incoming = self._apply(score, members, incoming, decisions)
            expected = self._scores_of(next_pairs)
        return not incoming

    def _scores_of(self, players: list[int]) -> tuple[int, ...]:
        """The scores of ``players``, highest first: what [C5] and [C6] of a bracket compare."""
        return tuple(sorted((self.rest[v].score for v in players), reverse=True))

    def pair_on_whole_field(self) -> None:
        """Every bracket on one matcher over the whole field: [C4] is the highest weight field."""
        rest = self.rest
        levels = len({e.score for e in rest})
        weights = _Weights(len(rest), levels, self.forbidden)
        matcher = new_matching_computer(len(rest), weights.max, pure_python=self.procedure.pure_python)
        for i, a in enumerate(rest):
            for j in range(i + 1, len(rest)):
                if weights.may_meet(a, rest[j]):
                    matcher.set_edge_weight(i, j, weights.allowed)
        matcher.compute_matching()
        if any(v == mate for v, mate in enumerate(matcher.mates())):
            raise PairingError("the players cannot all be paired without a second game between two players or "
                               "two equal absolute colour preferences (Burstein 2026 [C1], [C3], [C4])")
        everyone = list(range(len(rest)))
        incoming: list[int] = []
        for score, residents, below in self.brackets():
            members = self.members_in_order(incoming + residents)
            bsn = {v: number for number, v in enumerate(members, start=1)}
            self._bracket_weights(matcher, everyone, members, below, weights, weights.allowed)
            decisions, _ = _walk(matcher, everyone, members, below, bsn, weights, weights.allowed, self.reasons)
            incoming = self._apply(score, members, incoming, decisions)

    def _apply(self, score: int, members: list[int], incoming: list[int], decisions: Decisions) -> list[int]:
        """Records a bracket's pairs and floaters; returns the floaters (the next bracket's incoming players)."""
        rest = self.rest
        log = ModernBracketLog(score, [rest[v].tpn for v in members], [rest[v].tpn for v in incoming])
        self.logs.append(log)
        bsn = {v: number for number, v in enumerate(members, start=1)}
        floating: list[int] = []
        for v, mate in decisions:
            open_members = [u for u in members if u not in self.placed and u not in floating]
            if mate is None:
                floating.append(v)
                log.outgoing.append(rest[v].tpn)
            else:
                self._record(v, mate, open_members, bsn, log)
        return floating

    def _bracket_weights(self, matcher: MatchingComputer, vertex: list[int], members: list[int],
                         below: list[int], weights: _Weights, allowed: int) -> None:
        """[C5]–[C8] on the edges of the bracket, [C7] on those into the next score group, on ``matcher``
        whose vertex ``k`` is player ``vertex[k]``; ``allowed`` is the weight of any legal game ([C4])."""
        rest = self.rest
        position = {v: k for k, v in enumerate(vertex)}
        group = members + below
        levels = {s: level for level, s in enumerate(sorted({rest[v].score for v in group}))}
        in_bracket = set(members)
        for i, v in enumerate(group):
            for u in group[i + 1:]:
                if v in self.placed or u in self.placed or not weights.may_meet(rest[v], rest[u]):
                    continue
                weight = allowed
                if v in in_bracket and u in in_bracket:
                    weight += weights.pair + weights.scores * (weights.step ** levels[rest[v].score]
                                                               + weights.step ** levels[rest[u].score])
                    if preferences_agree(rest[v], rest[u]):
                        weight += weights.colour
                else:
                    weight += weights.next_pair + weights.next_scores * (weights.step ** levels[rest[v].score]
                                                                         + weights.step ** levels[rest[u].score])
                matcher.set_edge_weight(position[v], position[u], weight)

    def _record(self, v: int, mate: int, members: list[int], bsn: dict[int, int], log: ModernBracketLog) -> None:
        rest = self.rest
        higher, lower = (v, mate) if bsn[v] < bsn[mate] else (mate, v)
        preferred = [u for u in reversed(members) if bsn[u] > bsn[mate] and u != v]
        log.skipped[rest[v].tpn] = [self._why_not(v, u) for u in preferred]
        self.placed |= {v, mate}
        colour, rule = allocate_by_index(rest[higher], rest[lower], self.procedure.field.settings.initial_colour)
        self.pairs.append((rest[higher], rest[lower], colour, rule))
        log.pairs.append((rest[higher].tpn, rest[lower].tpn))

    def _why_not(self, v: int, u: int) -> str:
        a, b = self.rest[v], self.rest[u]
        if b.tpn in a.played_opponents:
            return f"{b.tpn}: already played ([C1])"
        if frozenset((a.tpn, b.tpn)) in self.forbidden:
            return f"{b.tpn}: a pair the arbiter ruled out"
        if not allowed_game(a, b, self.forbidden):
            return f"{b.tpn}: the same absolute colour preference ([C3])"
        if self.reasons is not None and (v, u) in self.reasons:
            return f"{b.tpn}: {self.reasons[(v, u)]}"
        return f"{b.tpn}: a pairing that complies better with [C4]-[C8] needs him elsewhere"


def _walk(matcher: MatchingComputer, vertex: list[int], members: list[int], below: list[int], bsn: dict[int, int],
          weights: _Weights, fixed: int, reasons: dict[tuple[int, int], str] | None = None
          ) -> tuple[Decisions, list[int]]:
    """Art. 4.3 on ``matcher`` (vertex ``k`` is player ``vertex[k]``): each member in BSN order gets the
    largest-BSN partner the optimum allows, or floats (``None``); returns the decisions and the players
    the final optimum pairs in the next bracket ([C7]). A pair is fixed with weight ``fixed``.

    With ``reasons``, every opponent Art. 4.3 ranks before the one given is probed: the criterion that
    pairing him would break is stored under (player, opponent), for the explanations."""
    position = {v: k for k, v in enumerate(vertex)}
    done: set[int] = set()
    decisions: Decisions = []
    solved = False
    for v in members:
        if v in done:
            continue
        k = position[v]
        open_members = [u for u in members if u not in done and u != v]
        _optimise_for(matcher, k, [position[u] for u in open_members], [bsn[u] for u in open_members],
                      weights, solved)
        solved = True
        mate = matcher.mates()[k]
        partner = vertex[mate] if mate != k else None
        if reasons is not None:
            passed = [u for u in open_members if partner not in bsn or bsn[u] > bsn[partner]]
            for u in passed:
                if matcher.weight(k, position[u]):
                    reasons[(v, u)] = criterion_lost(
                        matcher, len(vertex), k, position[u], weights.fields, CRITERIA,
                        "a pairing earlier in the order of Art. 4.3 complies as well")
        done.add(v)
        if partner is None or partner not in bsn:
            decisions.append((v, None))
            for u in open_members:
                matcher.set_edge_weight(k, position[u], 0)
            continue
        decisions.append((v, partner))
        done.add(partner)
        matcher.fix_pair(k, mate, fixed)
    matcher.compute_matching()
    return decisions, _next_pairs(matcher.mates(), vertex, set(members), set(below))


def _optimise_for(matcher: MatchingComputer, k: int, others: list[int], numbers: list[int], weights: _Weights,
                  solved: bool) -> None:
    """Makes the optimum give vertex ``k`` the largest-numbered partner among ``others`` it allows.

    ``solved``: the optimum at hand is that of the current weights, up to pairs fixed since (fixing a pair
    of the optimum keeps the rest of it optimal). If it already gives ``k`` the largest-numbered legal
    partner, the number field can only add to that pair, and no re-optimisation is needed.
    """
    legal = [(number, j) for j, number in zip(others, numbers) if matcher.weight(k, j)]
    if solved and legal and matcher.mates()[k] == max(legal)[1]:
        return
    for number, j in legal:
        weight = matcher.weight(k, j)
        matcher.set_edge_weight(k, j, weight - weight % weights.colour + number)
    matcher.compute_matching()


def _next_pairs(mates: list[int], vertex: list[int], members: set[int], below: set[int]) -> list[int]:
    """The players the optimum pairs in the next bracket ([C7]): pairs within the window, not both in the
    bracket."""
    paired = []
    window = members | below
    for k, mate in enumerate(mates):
        if k < mate:
            a, b = vertex[k], vertex[mate]
            if a in window and b in window and not (a in members and b in members):
                paired += [a, b]
    return paired


CRITERIA = ("[C4] the rest of the round could not be completed", "[C5] the bracket would make fewer pairs",
            "[C6] a player with a higher score would float", "[C7] the next bracket would make fewer pairs",
            "[C7] a player with a higher score would float from the next bracket",
            "[C8] fewer players would get their colour preference")
