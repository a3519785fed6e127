"""Danish-Swedish Monrad (Winther's review and the Monrad page; docs/sources.md, docs/club-systems.md).

Start numbers are drawn by lot and are the only seeding. Each round lists the active players by score, then
start number, and pairs them strictly top-down: the first player meets the next one not yet met, and when the
rest cannot be completed, the search backtracks (the first complete matching in list order wins; boards follow
the order the pairs were made). Players once paired do not meet again, even after a forfeit (the pages keep a
forfeit's opponent in the history), nor do pairs the arbiter has forbidden. There are no colour limits: Winther's
review accepts three or more equal colours in a row as the system's known weakness.

Colours: in round 1 the lower-placed player of each pair has White. Later, fewer Whites gets White; with equal
Whites the higher-placed player gets White only if they have more Blacks, otherwise the lower-placed one does.
Byes and forfeits count as neither colour.

Bye (odd field): walking up from the bottom of the list, the first player without a pairing-allocated bye gets
it, worth the bye value (1 point). A second bye goes to someone only when everybody has had one. Where the page
would end the tournament because that choice leaves no rematch-free pairing, the next candidate up the list is
tried instead; only when no choice works does pairing fail, since the page has no rematch rule to fall back on.

Tie-breaks (option ``tiebreak``, the page's choice): ``NWD,CUM`` (cumulative, the default), ``NWD,BHG``
(Buchholz) or ``NWD,WNT``; players tied on everything keep lot order.
"""

from __future__ import annotations

import random

from ..core.errors import PairingError
from ..core.model import Colour, Player, Settings, Tournament
from ..core.state import TournamentState, derive
from .base import OptionSpec, Pairing, PairingSystem
from .common import (
    bottom_up_bye_order,
    drawn_by_lot,
    never_paired,
    number_boards,
    pairing_bye,
    players_to_pair,
    requested_byes,
    score_order,
)
from .topdown import first_matching


def colours(higher: int, lower: int, state: TournamentState, round_number: int) -> tuple[int, int]:
    """(White, Black) for a pair whose ``higher`` player stands above ``lower`` in the list (the Monrad page)."""
    if round_number == 1:
        return lower, higher
    high, low = state[higher], state[lower]
    high_whites, low_whites = high.colours.count(Colour.WHITE), low.colours.count(Colour.WHITE)
    if high_whites != low_whites:
        return (higher, lower) if high_whites < low_whites else (lower, higher)
    if high.colours.count(Colour.BLACK) > low.colours.count(Colour.BLACK):
        return higher, lower
    return lower, higher


TIEBREAK_PRESETS: dict[str, tuple[str, ...]] = {
    "cumulative": ("NWD", "CUM"),
    "buchholz": ("NWD", "BHG"),
    "wnt": ("NWD", "WNT"),
}
"""The page's tie-break choice (Winther's review adds WNT); finishers rank before withdrawn players in each."""


class DanishSwedishMonrad(PairingSystem):
    name = "monrad"
    description = "Danish-Swedish Monrad: start numbers by lot, strict top-down pairing by score, no rematches"
    options = {
        "tiebreak": OptionSpec(
            "cumulative", "standings after the points: cumulative (NWD,CUM), buchholz (NWD,BHG) or live WNT "
                          "(NWD,WNT); --tiebreaks overrides", tuple(TIEBREAK_PRESETS),
        ),
    }
    default_bye_value = 1.0
    default_tiebreaks = TIEBREAK_PRESETS["cumulative"]

    def tiebreaks_for(self, options: dict[str, str]) -> tuple[str, ...]:
        return TIEBREAK_PRESETS[options.get("tiebreak", self.options["tiebreak"].default)]

    def initial_order(self, players: list[Player], settings: Settings, rng: random.Random) -> list[Player]:
        """Start numbers by drawing of lots (the seed saved in the workbook makes the draw replayable)."""
        return drawn_by_lot(players, rng)

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        state = derive(tournament, through_round=round_number - 1)
        order = score_order(players_to_pair(tournament, round_number), state.score)
        candidates: list[int | None] = [*bottom_up_bye_order(order, state)] if len(order) % 2 else [None]
        for bye in candidates:
            matching = first_matching([t for t in order if t != bye], never_paired(tournament, state))
            if matching is not None:
                break
        else:
            raise PairingError(
                f"round {round_number} cannot be paired without a repeat game: the field is exhausted "
                "(Danish-Swedish Monrad has no rematch rule; end the event or pair this round by hand)"
            )
        notes = []
        if bye is not None and bye != candidates[0]:
            notes.append(
                f"the bye went to start number {bye}, not {candidates[0]}: with {candidates[0]} out, "
                "the rest could not be paired without a repeat game"
            )
        games = number_boards([colours(high, low, state, round_number) for high, low in matching])
        byes = [pairing_bye(bye)] if bye is not None else []
        return Pairing(games, byes + requested_byes(tournament, round_number), notes)


SYSTEM = DanishSwedishMonrad()
