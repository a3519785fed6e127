"""The FIDE Lim system, C.04.4.3 (text applied from 1 February 2026): registry name ``lim``.

Scoregroups are paired from the top down to the median group and from the bottom up to it, the median group
last (Art. 2.2); floaters are chosen by the rules of Art. 3, exchanges follow Art. 4 and colours Art. 5, with
the colour limits part of compatibility (Art. 2.1) except between equal scores in the last round (Art. 6).
The players (:mod:`.players`), the procedure on maximum-weight matchings (:mod:`.procedure`, which argues the
method) and the explanations (:mod:`.explain`) live in their own modules; docs/lim.md states the rules as
implemented and the reference cases reproduced.
"""

from __future__ import annotations

import random

from ...core.errors import InputError
from ...core.model import Game, Player, Settings, Tournament
from ...core.state import derive
from ..base import OptionSpec, Pairing, PairingSystem
from ..common import pairing_bye, players_to_pair, requested_byes
from ..explanation import RoundExplanation
from .explain import explain_outcome, round_notes
from .players import ExchangeOrder, LimPlayer, Rules, lim_player
from .procedure import LimOutcome, LimProcedure

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""Titles from the strongest, for the pairing list of players with equal ratings."""


def _title_rank(title: str) -> int:
    title = title.strip().upper()
    return TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)


class Lim(PairingSystem):
    name = "lim"
    description = "FIDE Lim system (C.04.4.3, text applied from 1 Feb 2026): two-sided scoregroup traversal"
    options = {
        "exchange_order": OptionSpec(
            ExchangeOrder.BY_NUMBER.value,
            "opponents tried when a proposed pair cannot stand (Art. 4): by-number (the proposed opponent, then "
            "by pairing number, as the reference cases) or article-4.2 (the order of the tables of Art. 4.2-4.3)",
            tuple(order.value for order in ExchangeOrder),
        ),
        "maxi": OptionSpec(
            "no", "a Maxi-tournament: floaters and exchanged opponents within 100 rating points "
                  "(Art. 3.2.3, 3.8, 5.7)", ("no", "yes"),
        ),
    }
    default_bye_value = 1.0
    default_tiebreaks = ("BH-C1", "BH", "SB")

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """The pairing list: rating (highest first), then title, then name (the unrated last)."""
        return sorted(players, key=lambda p: (-p.rating, _title_rank(p.title), p.name.casefold()))

    def check_settings(self, settings: Settings) -> None:
        """Art. 7.3 scores a win 1, a draw ½ and a loss 0, and the median group (Art. 2.2) is half the rounds
        played, so other point values are refused; the pairing-allocated bye is worth a win, a draw or
        nothing (Art. 1 with Basic Rule 3, as the tournament regulations say).

        :raises InputError: naming the setting.
        """
        points = (settings.points_win, settings.points_draw, settings.points_loss)
        if points != (1.0, 0.5, 0.0):
            raise InputError(
                f"points: the Lim system scores a win 1, a draw ½ and a loss 0 (Art. 7.3), not "
                f"{'/'.join(f'{p:g}' for p in points)}"
            )
        if settings.bye_value not in points:
            raise InputError(
                f"bye value: the Lim pairing-allocated bye is worth 1, ½ or 0 points (Art. 1), "
                f"not {settings.bye_value:g}"
            )

    def field(self, tournament: Tournament, round_number: int) -> tuple[Rules, list[LimPlayer]]:
        """The players to pair in ``round_number`` and the rules of that round."""
        state = derive(tournament, through_round=round_number - 1)
        to_pair = players_to_pair(tournament, round_number)
        players = {tpn: lim_player(state[tpn], round_number, state) for tpn in to_pair}
        order = ExchangeOrder(self.option(tournament.settings, "exchange_order"))
        maxi = self.option(tournament.settings, "maxi") == "yes"
        return Rules(tournament, round_number, players, order, maxi=maxi), list(players.values())

    def outcome(self, tournament: Tournament, round_number: int) -> LimOutcome:
        """The pairs of ``round_number`` with the log of how they were found."""
        rules, players = self.field(tournament, round_number)
        return LimProcedure(rules, players).run()

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        self.check_settings(tournament.settings)
        outcome = self.outcome(tournament, round_number)
        games = [Game(board, o.white, o.black) for board, o in enumerate(outcome.pairs, start=1)]
        byes = requested_byes(tournament, round_number)
        if outcome.bye is not None:
            byes.append(pairing_bye(outcome.bye))
        return Pairing(games, byes, round_notes(outcome, round_number))

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        return explain_outcome(tournament, round_number, self.outcome(tournament, round_number), self.name)


SYSTEM = Lim()
