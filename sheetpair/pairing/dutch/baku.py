"""Baku acceleration, C.04.7 Art. 1 (2026): virtual points for the top half in the first rounds.

GA is the first half of the initial ranking rounded up to an even number (2·⌈N/4⌉ start numbers, 1.2).
The accelerated rounds are the first ⌈R/2⌉ (1.4); in the first ⌈A/2⌉ of them every GA participant has
virtual points equal to a win, in the rest half of that, afterwards none. Virtual points only form and
order the score groups (pairing score, 1.5); standings never see them.
"""

from __future__ import annotations

from math import ceil

from ...core.model import Tournament


def group_a(tournament: Tournament) -> set[int]:
    """Start numbers of GA (1.2). Late entries get start numbers at the end, so GA keeps its last member (1.3)."""
    size = 2 * ceil(len(tournament.players) / 4)
    return {p.tpn for p in sorted(tournament.players, key=lambda p: p.tpn)[:size]}


def virtual_points_in_round(tournament: Tournament, round_number: int) -> float:
    """The virtual points a GA participant carries when ``round_number`` is paired (1.4)."""
    accelerated = ceil(tournament.settings.rounds / 2)
    full = ceil(accelerated / 2)
    win = tournament.settings.points_win
    if round_number <= full:
        return win
    if round_number <= accelerated:
        return win / 2
    return 0.0


def virtual_points(tournament: Tournament, through_round: int) -> dict[int, dict[int, float]]:
    """Round → start number → virtual points, for rounds ``1..through_round`` (floats of earlier rounds
    are judged on the pairing scores of that time)."""
    members = group_a(tournament)
    return {
        rnd: {tpn: value for tpn in members}
        for rnd in range(1, through_round + 1)
        if (value := virtual_points_in_round(tournament, rnd))
    }
