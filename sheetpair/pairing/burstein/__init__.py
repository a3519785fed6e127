"""The Burstein systems: ``burstein-classic`` (the old Handbook text) and ``burstein`` (C.04.4.2, 1 Feb 2026).

Both pair high-index players against low-index players of the same score, the index measuring the strength
of the opposition met so far (:mod:`.index`). The classic text orders by Sonneborn-Berger, Buchholz and
Median, gives the top half an imaginary point in rounds 1–2 and walks its combination tables
(:mod:`.classic`); the 2026 text pairs its first rounds by the Dutch system, then orders brackets by
Buchholz and Sonneborn-Berger and walks the candidate order of its Art. 4 (:mod:`.modern`). Colours and
board order are shared (:mod:`.colours`). The rules as implemented: ``docs/burstein.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import InputError
from ...core.model import Colour, Game, Settings, Tournament
from ..base import OptionSpec, Pairing, PairingSystem
from ..common import pairing_bye, requested_byes
from ..explanation import RoundExplanation
from ..fide.entrants import Entrant
from .classic import ClassicOutcome, ClassicProcedure
from .colours import board_order_key
from .explain import classic_explanation, classic_notes, modern_explanation, modern_notes
from .modern import ModernProcedure, seeding_rounds


def _boards(pairs: Sequence[tuple[Entrant, Entrant, Colour, str]], standing: dict[int, int]) -> list[Game]:
    """Boards in printed order: the higher-placed player's score, the lower one's, then start order."""
    boards = sorted(((a, b) if colour is Colour.WHITE else (b, a) for a, b, colour, _ in pairs),
                    key=lambda pair: board_order_key(pair[0], pair[1], standing))
    return [Game(board, white.tpn, black.tpn) for board, (white, black) in enumerate(boards, start=1)]


def _refuse_unusable_settings(name: str, settings: Settings, why: str) -> None:
    """Both texts pair a Swiss and rank players by scores with a draw between a loss and a win (``why`` says
    which of the text's articles needs that).

    :raises InputError: naming the setting.
    """
    if settings.double_round_robin:
        raise InputError(f"{name} is a Swiss system: it cannot be played as a double round robin")
    if not settings.points_loss < settings.points_draw < settings.points_win:
        raise InputError(f"{name} needs points for a loss < a draw < a win (got {settings.points_loss:g}/"
                         f"{settings.points_draw:g}/{settings.points_win:g}): {why}")


class BursteinClassic(PairingSystem):
    """The classic Burstein text: SB/Buchholz/Median order, imaginary point, highest-against-lowest tables."""

    name = "burstein-classic"
    description = "Burstein system, classic text (SB, Buchholz, Median; imaginary point in rounds 1-2)"
    options = {
        "imaginary-point": OptionSpec("top-half", "Art. 3.3: an imaginary point for the top half of the initial "
                                      "list in rounds 1-2 (top-half), or none", ("top-half", "none")),
    }
    default_bye_value = 1.0
    default_tiebreaks = ("SBV", "BHV", "BHV-M1")

    def check_settings(self, settings: Settings) -> None:
        """The index needs a draw between a win and a loss (Art. 2: unfinished games count as draws), and the
        system pairs a Swiss.

        :raises InputError: naming the setting.
        """
        _refuse_unusable_settings(self.name, settings,
                                  "its Sonneborn-Berger, Buchholz and Median rank players by them (Art. 2, 3.2)")

    def procedure(self, tournament: Tournament, round_number: int, *, explaining: bool = False) -> ClassicProcedure:
        """The procedure of a round; ``explaining`` also records which criterion ruled out each lower
        opponent the table ranks first (slower)."""
        imaginary = self.option(tournament.settings, "imaginary-point") == "top-half"
        return ClassicProcedure(tournament, round_number, imaginary=imaginary, explaining=explaining)

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        return self.pairing_of(self.procedure(tournament, round_number).run(), tournament, round_number)

    def pairing_of(self, outcome: ClassicOutcome, tournament: Tournament, round_number: int) -> Pairing:
        """The printed round of a procedure's outcome: boards, the requested byes and the PAB, notes."""
        games = _boards(outcome.pairs, {e.tpn: sum(e.history.round_units) for e in outcome.order})
        byes = requested_byes(tournament, round_number)
        if outcome.bye is not None:
            byes.append(pairing_bye(outcome.bye.tpn))
        return Pairing(games, byes, classic_notes(outcome))

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        outcome = self.procedure(tournament, round_number).run()
        pairing = self.pairing_of(outcome, tournament, round_number)
        probed = self.procedure(tournament, round_number, explaining=True).run()
        if self.pairing_of(probed, tournament, round_number).games == pairing.games:
            outcome = probed  # else probing moved a tie of the matcher: explain without the probes
        return classic_explanation(outcome, pairing, round_number, self.name)


class Burstein(PairingSystem):
    """C.04.4.2 (2026): Dutch seeding rounds, then brackets in index order and the candidate order of Art. 4.

    ``seeding`` is the Dutch system that pairs the first rounds (Art. 1.6); the registry hands it in, so that
    no FIDE system imports another's folder.
    """

    name = "burstein"
    description = "FIDE Burstein system (C.04.4.2, applied from 1 Feb 2026)"
    options = {
        "acceleration": OptionSpec("none", "Baku acceleration of C.04.7 for the Dutch seeding rounds (Art. 1.6) "
                                   "and the score groups after them; never part of the index (Art. 1.7.2)",
                                   ("none", "baku")),
    }
    default_bye_value = 1.0
    default_tiebreaks = ("BH-C1", "BH", "SB")

    def __init__(self, seeding: PairingSystem) -> None:
        self.seeding = seeding

    def check_settings(self, settings: Settings) -> None:
        """A Swiss with a draw between a win and a loss (the index and [C6] compare scores).

        :raises InputError: naming the setting.
        """
        _refuse_unusable_settings(self.name, settings,
                                  "Buchholz and Sonneborn-Berger rank players by them (Art. 1.7)")

    def is_seeding_round(self, settings: Settings, round_number: int) -> bool:
        """Art. 1.6: the first min(⌊rounds/2⌋, 4) rounds are paired by the Dutch system."""
        return round_number <= seeding_rounds(settings.rounds)

    def procedure(self, tournament: Tournament, round_number: int, *, explaining: bool = False) -> ModernProcedure:
        """The procedure of a round after the seeding rounds; ``explaining`` also records why each opponent
        earlier in the order of Art. 4.3 was passed over (slower)."""
        baku = self.option(tournament.settings, "acceleration") == "baku"
        return ModernProcedure(tournament, round_number, baku=baku, explaining=explaining)

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        if self.is_seeding_round(tournament.settings, round_number):
            pairing = self.seeding.pair(tournament, round_number)
            pairing.notes.insert(0, f"seeding round {round_number} of {seeding_rounds(tournament.settings.rounds)}: "
                                    f"paired by the Dutch system (Art. 1.6)")
            return pairing
        outcome = self.procedure(tournament, round_number).run()
        games = _boards(outcome.pairs, {e.tpn: sum(e.history.round_units) for e in outcome.field.entrants})
        byes = requested_byes(tournament, round_number)
        if outcome.bye is not None:
            byes.append(pairing_bye(outcome.bye.tpn))
        return Pairing(games, byes, modern_notes(outcome))

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        if self.is_seeding_round(tournament.settings, round_number):
            explanation = self.seeding.explain(tournament, round_number)
            explanation.system = self.name
            explanation.round_lines.insert(0, "seeding round: paired by the Dutch system (Art. 1.6)")
            return explanation
        pairing = self.pair(tournament, round_number)
        outcome = self.procedure(tournament, round_number, explaining=True).run()
        return modern_explanation(outcome, pairing, round_number, self.name)


BURSTEIN_CLASSIC = BursteinClassic()

__all__ = ["BURSTEIN_CLASSIC", "Burstein", "BursteinClassic"]
