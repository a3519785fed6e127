"""The Burstein systems: ``burstein-classic`` (the old Handbook text) and ``burstein`` (C.04.4.2, 1 Feb 2026).

Both pair high-index players against low-index players of the same score, the index measuring the strength
of the opposition met so far (:mod:`.index`). The classic text orders by Sonneborn-Berger, Buchholz and
Median, gives the top half an imaginary point in rounds 1–2 and walks its combination tables
(:mod:`.classic`); the 2026 text pairs its first rounds by the Dutch system, then orders brackets by
Buchholz and Sonneborn-Berger and walks the candidate order of its Art. 4 (:mod:`.modern`). Colours and
board order are shared (:mod:`.colours`). The rules as implemented: ``docs/burstein.md``.
"""

from __future__ import annotations

from ...core.errors import InputError
from ...core.model import Game, Settings, Tournament
from ..base import Pairing, PairingSystem
from ..common import pairing_bye, requested_byes
from ..explanation import RoundExplanation
from .classic import ClassicProcedure
from .colours import board_order_key
from .explain import classic_explanation, classic_notes


class BursteinClassic(PairingSystem):
    """The classic Burstein text: SB/Buchholz/Median order, imaginary point, highest-against-lowest tables."""

    name = "burstein-classic"
    description = "Burstein system, classic text (SB, Buchholz, Median; imaginary point in rounds 1-2)"
    default_bye_value = 1.0
    default_tiebreaks = ("SBV", "BHV", "BHV-M1")

    def check_settings(self, settings: Settings) -> None:
        """Art. 4.1 speaks of the bye as "a point without playing"; the index needs a draw between a win and a
        loss (Art. 2: unfinished games count as draws).

        :raises InputError: naming the setting.
        """
        if not settings.points_loss < settings.points_draw < settings.points_win:
            raise InputError(f"burstein-classic needs points for a loss < a draw < a win (got "
                             f"{settings.points_loss:g}/{settings.points_draw:g}/{settings.points_win:g}): its "
                             f"Sonneborn-Berger, Buchholz and Median rank players by them (Art. 2, 3.2)")

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        outcome = ClassicProcedure(tournament, round_number).run()
        standing = {e.tpn: sum(e.history.round_units) for e in outcome.order}
        boards = sorted(((a, b) if colour.value == "W" else (b, a) for a, b, colour, _ in outcome.pairs),
                        key=lambda pair: board_order_key(pair[0], pair[1], standing))
        games = [Game(board, white.tpn, black.tpn) for board, (white, black) in enumerate(boards, start=1)]
        byes = requested_byes(tournament, round_number)
        if outcome.bye is not None:
            byes.append(pairing_bye(outcome.bye.tpn))
        return Pairing(games, byes, classic_notes(outcome))

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        pairing = self.pair(tournament, round_number)
        outcome = ClassicProcedure(tournament, round_number).run()
        return classic_explanation(outcome, pairing, round_number, self.name)


BURSTEIN_CLASSIC = BursteinClassic()

__all__ = ["BURSTEIN_CLASSIC", "BursteinClassic"]
