"""The Winther Swiss solver: top-down pairing in passes that relax the colour and rematch rules in turn.

Both Winther Swiss systems (the Club Swiss page and the accelerated-Swiss text, docs/sources.md) pair a
round the same way once the field is one pool: players ordered by score, the tie-break and the start rank; the top
player takes the first opponent below who is allowed; the first pass allows at most two equal colours in a
row, a colour difference of at most ±2 and no rematch; later passes (each system lists its own) allow three
in a row, bent colours, rematches. Each pass tries the bye candidates in turn before giving up, and a pair's
colours are bent no further than the pass needs.

Colour orientation of a pair: the only orientation the rules allow; if both are allowed, the player with
fewer Whites gets White, then the lower rating, then the higher start number (the accelerated-Swiss text: "If equal, the
lowest-rated player receives White (or lower-seeded if equal rating)").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.errors import PairingError
from ..core.model import Colour, Outcome, Tournament
from ..core.state import PlayerState, TournamentState
from .base import PairingSystem
from .colours import may_take, whites
from .common import Compatible, bottom_up_bye_order, never_paired, ranking_order
from .topdown import top_down_pairing


@dataclass(frozen=True)
class Pass:
    """One pass: the longest run of equal colours allowed (``None``: colours may be bent), rematches or not."""

    max_run: int | None
    rematches: bool

    @property
    def runs_to_try(self) -> range:
        """Run limits tried in turn when orienting a pair: stay at two in a row if the pass allows it."""
        return range(2, (self.max_run or 3) + 1)


STRICT = Pass(2, False)
THREE_IN_A_ROW = Pass(3, False)

Penalty = Callable[[int, int], int]
"""(top player, candidate) -> how much less wanted the pair is; candidates are tried by score gap, then this."""

Board = tuple[int, int]


@dataclass(frozen=True)
class Solved:
    """A paired round: (white, black) boards in the order made, the bye (``None`` if even), notes."""

    boards: list[Board]
    bye: int | None
    notes: list[str]


@dataclass(frozen=True)
class SolverRules:
    """What distinguishes one Winther page's solver from another's."""

    passes: tuple[Pass, ...]
    bye_tries: int | None = None
    """How many players (from the bottom up) may be tried for the bye; ``None``: everyone."""
    bye_counts_as_white: bool = False
    """The older Swiss page stores a bye as a White game, so it counts when Whites are compared."""
    wnt_tolerance: float = 0.0
    """WNT values closer than this count as equal (club-swiss: 1e-4)."""
    bye_by_start_rank: bool = False
    """The older Swiss page gives the bye by score and start rank alone; the Club Swiss page from the bottom of
    the pairing order."""


class PassSolver:
    """Pairs one round of a Winther Swiss from the derived state."""

    def __init__(
        self, tournament: Tournament, state: TournamentState, tiebreaks: tuple[str, ...], rules: SolverRules
    ) -> None:
        self.tournament = tournament
        self.state = state
        self.tiebreaks = tiebreaks
        self.rules = rules
        self._meet = never_paired(tournament, state)

    def order(self, players: Sequence[int]) -> list[int]:
        """Score, tie-break (highest first), start number."""
        tolerance = self.rules.wnt_tolerance if "WNT" in self.tiebreaks else 0.0
        return ranking_order(self.state, players, self.tiebreaks, tolerance=tolerance)

    def solve(self, players: Sequence[int], penalty: Penalty | None = None) -> Solved:
        """Pairs ``players`` with the first pass that can.

        :raises PairingError: when no pass pairs everyone (only arbiter-forbidden pairs can cause this).
        """
        order = self.order(players)
        byes: list[int | None] = [None]
        if len(order) % 2:
            ranked = sorted(order, key=lambda p: (-self.state.score(p), p)) if self.rules.bye_by_start_rank else order
            byes = list(bottom_up_bye_order(ranked, self.state)[:self.rules.bye_tries])
        for rule in self.rules.passes:
            allowed, preference = self._allowed_in(rule), self._preference(rule, penalty)
            for bye in byes:
                pairs = top_down_pairing([p for p in order if p != bye], allowed, preference)
                if pairs is not None:
                    boards = [self.orient(a, b, rule) for a, b in pairs]
                    return Solved(boards, bye, self._notes(boards))
        raise PairingError(
            "no pairing exists for start numbers " + ", ".join(map(str, order)) + ": the arbiter's forbidden pairs"
            " leave someone without an opponent"
        )

    def _notes(self, boards: list[Board]) -> list[str]:
        """What the arbiter should know when the round needed a rematch or broke a colour limit."""
        notes = []
        rematches = [b for b in boards if b[1] in self.state[b[0]].opponents_paired]
        if rematches:
            listed = ", ".join(f"{w}-{b}" for w, b in rematches)
            notes.append(f"no pairing without a rematch exists: rematch {listed}")
        bent = [b for b in boards if not self.legal(*b, max_run=3)]
        if bent:
            listed = ", ".join(f"{w}-{b}" for w, b in bent)
            notes.append(f"colours were bent (difference beyond ±2 or four in a row) on {listed}")
        return notes

    def _allowed_in(self, rule: Pass) -> Compatible:
        """Who may meet in this pass: no rematch (unless allowed) and one orientation within the colour rules."""

        def allowed(a: int, b: int) -> bool:
            if rule.rematches:
                ok = frozenset((a, b)) not in self.tournament.forbidden_pairs
            else:
                ok = self._meet(a, b)
            if rule.max_run is None or not ok:
                return ok
            return self.legal(a, b, rule.max_run) or self.legal(b, a, rule.max_run)

        return allowed

    def legal(self, white: int, black: int, max_run: int) -> bool:
        """True when ``white`` may have White and ``black`` Black: difference within ±2, runs within ``max_run``."""
        return may_take(self.state[white], Colour.WHITE, max_run=max_run) and may_take(
            self.state[black], Colour.BLACK, max_run=max_run
        )

    def _preference(self, rule: Pass, penalty: Penalty | None) -> Callable[[int, int], tuple[bool, float, int]]:
        """Candidates in ranking order, re-sorted (stably) by: not met before (in a rematch pass), score gap,
        then the ``penalty``."""
        score = self.state.score

        def preference(top: int, candidate: int) -> tuple[bool, float, int]:
            return (
                rule.rematches and candidate in self.state[top].opponents_paired,
                score(top) - score(candidate),
                penalty(top, candidate) if penalty else 0,
            )

        return preference

    def orient(self, a: int, b: int, rule: Pass) -> Board:
        """(white, black) for a pair the pass allowed.

        The pass bends the run limit only as far as it must: an orientation that keeps both players to two
        equal colours in a row wins over one that needs three (so ``club-swiss/n6-r5-wnt`` round 5 keeps P03
        and P05 off a third).
        """
        for max_run in rule.runs_to_try:
            a_white, b_white = self.legal(a, b, max_run), self.legal(b, a, max_run)
            if a_white != b_white:
                return (a, b) if a_white else (b, a)
            if a_white:
                break
        return (a, b) if self._white_claim(a) < self._white_claim(b) else (b, a)

    def _white_claim(self, tpn: int) -> tuple[int, int, int]:
        """The smaller claim gets White: fewer Whites, then lower rating, then the higher start number."""
        player = self.state[tpn]
        return self.white_count(player), player.player.rating, -tpn

    def white_count(self, player: PlayerState) -> int:
        count = whites(player)
        if self.rules.bye_counts_as_white:
            count += sum(1 for r in player.records if r.outcome is Outcome.PAIRING_BYE)
        return count


class PassSolvedSystem(PairingSystem):
    """Base of the Winther Swiss systems paired by :class:`PassSolver`: a 1-point bye, WNT standings, and
    rematches only as the last resort."""

    default_bye_value = 1.0
    default_tiebreaks = ("WNT",)

    def tiebreaks_for(self, options: dict[str, str]) -> tuple[str, ...]:
        """The standings follow the pairing order's choice: WNT, or the pages' Buchholz then Sonneborn-Berger."""
        return ("BHG", "SBG") if options.get("tiebreak") == "buchholz" else self.default_tiebreaks

