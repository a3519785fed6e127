"""FIDE Dubov system, C.04.4.1 as applied from 1 Feb 2026: registry name ``dubov``.

The players' data of Art. 1 (:mod:`.entrants`: ratings and provisional ratings, pairing numbers, ARO,
colour preferences, upfloats), the procedure of Art. 3 on maximum-weight matchings (:mod:`.procedure`,
which argues the method), colours and board order (:mod:`.colours`, Art. 5) and the explanations
(:mod:`.explain`) live in their own modules. ``docs/dubov.md`` states the rules as implemented.
"""

from __future__ import annotations

import random

from ...core.errors import InputError
from ...core.model import Game, Player, Settings, Tournament
from ..base import Pairing, PairingSystem
from ..common import pairing_bye, requested_byes
from ..explanation import RoundExplanation
from .colours import published_boards
from .entrants import build_field, dubov_rating
from .explain import explain_outcome, round_notes
from .procedure import pair_round


class Dubov(PairingSystem):
    """The FIDE Dubov system (C.04.4.1, rules applied from 1 Feb 2026)."""

    name = "dubov"
    description = "FIDE Dubov system (C.04.4.1, rules applied from 1 Feb 2026)"
    default_bye_value = 1.0
    default_tiebreaks = ("BH-C1", "BH", "SB")

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """Art. 1.2: start numbers by rating (the provisional rating of Art. 1.1 for unrated players), then
        name."""
        return sorted(players, key=lambda p: (-dubov_rating(p), p.name.casefold()))

    def check_settings(self, settings: Settings) -> None:
        """Art. 1.4 (C.04.1 Art. 3): the pairing-allocated bye is worth a win unless the event's rules say
        otherwise, but never more; a round robin has no place in a Swiss system.

        :raises InputError: naming the setting.
        """
        if settings.bye_value > settings.points_win:
            raise InputError(f"bye value {settings.bye_value:g} is more than a win ({settings.points_win:g}): "
                             "the Dubov system's pairing-allocated bye is worth at most a win (C.04.4.1 Art. 1.4)")
        if settings.double_round_robin:
            raise InputError("double round robin: the Dubov system is a Swiss system and pairs no schedule")

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        """Pairs ``round_number`` by C.04.4.1 (see :mod:`.procedure`).

        :raises PairingError: when a player has no rating (Art. 1.1) or no legal pairing exists (Art. 1.9).
        """
        field = build_field(tournament, round_number)
        outcome = pair_round(field)
        boards = published_boards(outcome.pairs, field.initial_colour)
        games = [Game(number, white.tpn, black.tpn) for number, (white, black, _) in enumerate(boards, start=1)]
        byes = requested_byes(tournament, round_number)
        if outcome.bye is not None:
            byes.append(pairing_bye(outcome.bye.player.tpn))
        return Pairing(games, byes, round_notes(field, outcome))

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        field = build_field(tournament, round_number)
        return explain_outcome(field, pair_round(field), self.name)


DUBOV = Dubov()
