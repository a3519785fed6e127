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
    """Start numbers of GA (1.2), fixed when round 1 is paired.

    1.3: late entries do not move the boundary; "the last GA-participant shall be the same participant as in
    the previous round", and whoever is ranked above that participant (a late entry inserted higher up) is
    in GA too. Before round 1 is paired, the whole roster is the initial list.
    """
    roster = sorted(p.tpn for p in tournament.players)
    if tournament.rounds:
        first_round = tournament.rounds[0].players()
        initial = [tpn for tpn in roster if tpn in first_round]
    else:
        initial = roster
    size = 2 * ceil(len(initial) / 4)
    if not initial or size == 0:
        return set()
    last = initial[min(size, len(initial)) - 1]
    return {tpn for tpn in roster if tpn <= last}


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
