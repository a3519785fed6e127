"""The pairing checker: re-pair every round from the history before it and compare with what was played.

This is what the free checkers of FIDE-endorsed programs do (C.04.A A.4 "Free Pairings Checker", TEC's
"Pairings and Tie-breaks Checker"): rebuild the tournament round by round, pair round k from the recorded
rounds 1..k-1 with the system's engine, and report every round whose pairing differs. Round k's input is
what the arbiter knew before pairing it: the recorded history, the byes the players had asked for in round
k, and who was absent (players neither paired nor given a bye are entered as zero-point byes, the way the
TRF's ``0000 - Z`` tells the engines).

Two pairings agree when they have the same games with the same colours and the same pairing-allocated
bye; board order is not compared (engines number boards by their own printing rules).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ..core.errors import OperationError, PairingError
from ..core.model import ByeKind, Round, Tournament
from ..pairing import get_system


@dataclass(frozen=True)
class ComparedPairing:
    """One side of the comparison: games as (White, Black) in board order, and the pairing-allocated byes."""

    games: tuple[tuple[int, int], ...]
    pairing_byes: tuple[int, ...]

    @classmethod
    def of(cls, rnd: Round) -> ComparedPairing:
        games = tuple((g.white, g.black) for g in sorted(rnd.games, key=lambda g: g.board))
        byes = tuple(sorted(b.player for b in rnd.byes if b.kind is ByeKind.PAB))
        return cls(games, byes)

    def same_as(self, other: ComparedPairing) -> bool:
        return set(self.games) == set(other.games) and self.pairing_byes == other.pairing_byes


@dataclass(frozen=True)
class RoundCheck:
    """The verdict on one round: the recorded pairing, the re-paired one, or why re-pairing failed."""

    round: int
    recorded: ComparedPairing
    repaired: ComparedPairing | None
    error: str | None = None
    decisions: tuple[str, ...] = ()
    """The arbiter's decisions recorded for the round (:meth:`~sheetpair.core.model.Tournament.decisions`): a
    round that differs because of them differs by the arbiter's decision."""

    @property
    def agrees(self) -> bool:
        return self.repaired is not None and self.recorded.same_as(self.repaired)

    @property
    def only_recorded(self) -> list[tuple[int, int]]:
        """Games played that the system would not have paired (with these colours)."""
        other = set(self.repaired.games) if self.repaired else set()
        return [g for g in self.recorded.games if g not in other]

    @property
    def only_repaired(self) -> list[tuple[int, int]]:
        """Games the system pairs that were not played (with these colours)."""
        if self.repaired is None:
            return []
        recorded = set(self.recorded.games)
        return [g for g in self.repaired.games if g not in recorded]


def check_tournament(tournament: Tournament, system: str | None = None,
                     progress: Callable[[], None] | None = None) -> list[RoundCheck]:
    """Re-pairs every recorded round with ``system`` (default: the tournament's own) and compares;
    ``progress`` is called after each round.

    :raises PairingError: if ``system`` is not a registered pairing system.
    """
    engine = get_system(system or tournament.settings.system)
    checks = []
    for rnd in tournament.rounds:
        recorded = ComparedPairing.of(rnd)
        try:
            pairing = engine.pair(pairing_input(tournament, rnd.number, engine.name), rnd.number)
        except PairingError as error:
            checks.append(RoundCheck(rnd.number, recorded, None, str(error), tuple(tournament.decisions(rnd.number))))
            if progress is not None:
                progress()
            continue
        repaired = ComparedPairing.of(Round(rnd.number, pairing.games, pairing.byes))
        checks.append(RoundCheck(rnd.number, recorded, repaired, decisions=tuple(tournament.decisions(rnd.number))))
        if progress is not None:
            progress()
    return checks


def pairing_input(tournament: Tournament, round_number: int, system: str | None = None) -> Tournament:
    """What the arbiter knew before pairing ``round_number``: rounds 1..k-1, and the byes and absences of
    round k as requested byes (a requested bye keeps its kind; an absence is a zero-point bye).

    For the round after the last paired one this is the tournament as ``pair`` sees it. The checker and
    the explanations both start from here, so they can never disagree about a round's history.

    :raises OperationError: for a round neither paired nor next.
    """
    settings = replace(tournament.settings, system=system) if system else tournament.settings
    if round_number == tournament.current_round + 1:
        return replace(tournament, settings=settings)
    if not 1 <= round_number <= tournament.current_round:
        raise OperationError(f"round {round_number} cannot be re-paired: {tournament.current_round} round(s) "
                             "are paired")
    rnd = tournament.round(round_number)
    placed = rnd.players()
    requested = {b.player: b.kind for b in rnd.byes if b.kind is not ByeKind.PAB}
    for player in tournament.players:
        if player.tpn not in placed and player.is_active_in(round_number):
            requested[player.tpn] = ByeKind.ZERO
    return replace(
        tournament,
        settings=settings,
        rounds=tournament.rounds[: round_number - 1],
        requested_byes={round_number: dict(sorted(requested.items()))} if requested else {},
    )
