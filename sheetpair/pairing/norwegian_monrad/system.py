"""The Norwegian Monrad system: options, start numbers (the seeded draw), round 1, and the choice between
the rounds before the last and the final round."""

from __future__ import annotations

import random

from ...core.errors import PairingError
from ...core.model import Player, Settings, Tournament
from ...core.state import derive
from ..base import OptionSpec, Pairing, PairingSystem
from ..common import (
    drawn_by_lot,
    never_paired,
    number_boards,
    pairing_bye,
    players_to_pair,
    requested_byes,
    score_order,
)
from ..topdown import first_matching
from .final import pair_final_round
from .history import has_adjourned_games, histories
from .rounds import pair_round
from .rules import Orientation, RoundPlan, RoundRules

DEALING_PATTERN = "ACDBCABD"


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


SYSTEM = NorwegianMonrad()
