"""FIDE (Dutch) System: ``dutch`` (C.04.3 applied from 1 Feb 2026) and ``dutch-2017`` (the text in force
until 31 Jan 2026), with the Baku acceleration of C.04.7 as an option.

The players' data (:mod:`.entrants`), the criteria as weights (:mod:`.weights`, :mod:`.weights_2017`), the
bracket procedure on a maximum-weight matching (:mod:`.procedure`, which argues the method; one bracket's
steps in :mod:`.bracket`), the same procedure on per-bracket graphs for big fields (:mod:`.window`),
colours and board order (:mod:`.colours`), the acceleration (:mod:`.baku`) and the explanations
(:mod:`.explain`) live in their own modules.
"""

from __future__ import annotations

from typing import ClassVar

from ...core.errors import PairingError
from ...core.model import Game, Tournament
from ..base import OptionSpec, Pairing, PairingSystem
from ..common import pairing_bye, requested_byes
from ..explanation import RoundExplanation
from ..fide.baku import virtual_points
from ..fide.entrants import Edition, RoundField, build_field
from ..matching import MatcherMemoryError
from .colours import published_boards
from .explain import explain_round, round_notes
from .procedure import BracketProcedure2017, MatchingOutcome
from .window import WindowedProcedure


class Dutch(PairingSystem):
    """The FIDE Dutch system of one edition (set by the subclasses)."""

    edition: ClassVar[Edition]

    options = {
        "acceleration": OptionSpec("none", "Baku acceleration of C.04.7 (virtual points in the first half)",
                                   ("none", "baku")),
    }
    default_bye_value = 1.0
    default_tiebreaks = ("BH-C1", "BH", "SB")

    def match(self, tournament: Tournament, round_number: int, *, pure_python: bool = False
              ) -> tuple[MatchingOutcome, RoundField]:
        """The matching of ``round_number`` (pairs without colours) and the field it was built from.

        :raises PairingError: also when a bracket's matcher would not fit in this machine's memory (checked
            before it is made, see :func:`~sheetpair.pairing.matching.check_memory`).
        """
        virtual = None
        if self.option(tournament.settings, "acceleration") == "baku":
            virtual = virtual_points(tournament, round_number)
        field = build_field(tournament, round_number, self.edition, virtual)
        procedure = WindowedProcedure if self.edition is Edition.RULES_2026 else BracketProcedure2017
        try:
            outcome = procedure(field, tournament.forbidden_pairs, pure_python=pure_python).run()
        except MatcherMemoryError as error:
            raise PairingError(f"round {round_number} of this {len(field.entrants)}-player field cannot be paired "
                               f"on this machine: {error}; pair it on a machine with more memory") from error
        return outcome, field

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        outcome, round_field = self.match(tournament, round_number)
        boards = published_boards(outcome.pairs, tournament.settings.initial_colour)
        games = [Game(number, white.tpn, black.tpn) for number, (white, black, _) in enumerate(boards, start=1)]
        byes = requested_byes(tournament, round_number)
        if outcome.bye is not None:
            byes.append(pairing_bye(outcome.bye.tpn))
        notes = round_notes(outcome, round_field)
        return Pairing(games, byes, notes)

    def explain(self, tournament: Tournament, round_number: int) -> RoundExplanation:
        return explain_round(self, tournament, round_number).generic()


class Dutch2026(Dutch):
    name = "dutch"
    description = "FIDE Dutch system (C.04.3, rules applied from 1 Feb 2026)"
    edition = Edition.RULES_2026


class Dutch2017(Dutch):
    name = "dutch-2017"
    description = "FIDE Dutch system (C.04.3, rules in force until 31 Jan 2026)"
    edition = Edition.RULES_2017


DUTCH = Dutch2026()
DUTCH_2017 = Dutch2017()
