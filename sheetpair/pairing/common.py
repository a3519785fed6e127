"""Rules shared by several pairing systems, written once."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import cmp_to_key

from ..core.model import Bye, ByeKind, Game, Outcome, Player, Tournament
from ..core.state import PlayerState, TournamentState
from ..core.tiebreaks import compute_tiebreak


def requested_byes(tournament: Tournament, round_number: int) -> list[Bye]:
    """The byes players asked for in ``round_number``, in start-number order."""
    wanted = tournament.requested_byes.get(round_number, {})
    return [Bye(tpn, kind) for tpn, kind in sorted(wanted.items())]


def players_to_pair(tournament: Tournament, round_number: int) -> list[int]:
    """Start numbers of the players to be paired: active, and without a requested bye, in start order."""
    asked = tournament.requested_byes.get(round_number, {})
    return sorted(
        p.tpn for p in tournament.players if p.is_active_in(round_number) and p.tpn not in asked
    )


def drawn_by_lot(players: list[Player], rng: random.Random) -> list[Player]:
    """The players in the order of a drawing of lots; the seed saved in the workbook replays the same draw."""
    drawn = list(players)
    rng.shuffle(drawn)
    return drawn


def number_boards(pairs: list[tuple[int, int]]) -> list[Game]:
    """Boards 1, 2, ... for (white, black) pairs already in printed order."""
    return [Game(board, white, black) for board, (white, black) in enumerate(pairs, start=1)]


def pairing_bye(tpn: int, board: int | None = None) -> Bye:
    return Bye(tpn, ByeKind.PAB, board)


def score_order(tpns: Iterable[int], score: Callable[[int], float]) -> list[int]:
    """Start numbers by score (highest first), then start number: the pairing list of Monrad-type systems."""
    return sorted(tpns, key=lambda tpn: (-round(score(tpn), 6), tpn))


def is_forbidden_pair(tournament: Tournament, first: int, second: int) -> bool:
    """True when the arbiter ruled that these two must not meet (TRF26 ``260``, JaVaFo ``XXP``)."""
    return frozenset((first, second)) in tournament.forbidden_pairs


Compatible = Callable[[int, int], bool]
"""(player, player) -> True when the two may be paired; symmetric."""


def never_paired(tournament: Tournament, state: TournamentState) -> Compatible:
    """Pairs allowed without a rematch when any earlier pairing counts: never paired before (a forfeited
    game included) and not ruled out by the arbiter.

    Stricter than :func:`may_meet`, on purpose: the Winther pages keep a forfeit's opponent in the player's
    history and refuse the pair again, and the simple-Swiss text says plainly that no two players meet twice.
    """

    def compatible(a: int, b: int) -> bool:
        return b not in state[a].opponents_paired and not is_forbidden_pair(tournament, a, b)

    return compatible


def had_pab_excluding_forfeit_wins(player: PlayerState) -> bool:
    """True after a bye the pairing gave; requested byes and forfeit wins do not count (the Winther pages),
    where FIDE's systems also count a forfeit win as a bye already had."""
    return any(r.outcome is Outcome.PAIRING_BYE for r in player.records)


def bottom_up_bye_order(order: Sequence[int], state: TournamentState) -> list[int]:
    """Who may take the pairing bye, in turn (the Winther pages' rule): from the bottom of ``order`` up, those
    without a pairing bye (:func:`had_pab_excluding_forfeit_wins`) first, then the others."""
    upwards = list(reversed(order))
    had = {p: had_pab_excluding_forfeit_wins(state[p]) for p in upwards}
    return [p for p in upwards if not had[p]] + [p for p in upwards if had[p]]


def ranking_order(
    state: TournamentState, players: Iterable[int], tiebreaks: Sequence[str], *, tolerance: float = 0.0
) -> list[int]:
    """``players`` by score, then each tie-break (highest first), then start number.

    Tie-break values closer than ``tolerance`` count as equal (club-swiss compares WNT within 1e-4).
    """
    values = {
        p: (state.score(p), *(compute_tiebreak(state, p, code).value for code in tiebreaks)) for p in players
    }

    def compare(a: int, b: int) -> int:
        for index, (x, y) in enumerate(zip(values[a], values[b])):
            if abs(x - y) > (tolerance if index else 1e-9):
                return -1 if x > y else 1
        return a - b

    return sorted(values, key=cmp_to_key(compare))
