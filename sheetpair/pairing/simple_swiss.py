"""Simple club Swiss (the simple-Swiss text, docs/sources.md): a Dutch-style pairing simple enough to follow by hand.

What the text says, rule by rule:

* Starting order: rating, highest first, then unrated players, then name.
* Round 1: the top half plays the bottom half, start rank 1 against start rank n/2+1 and so on; the top player has White
  on board 1 and colours alternate down the boards.
* Later rounds: players by score, then starting rank. "Each score group is paired top half against bottom
  half. If a player cannot be paired inside their group without a repeat, they float down to the next group.
  The search backs up when needed, and if no rematch-free pairing exists, the tool reports it."
* Colours: "Each player gets the colour they have had less often, otherwise the opposite of their last game.
  After the same colour twice in a row, a player gets the other colour where possible."
* Bye: "the lowest-ranked player of the lowest score group who has not had one, so nobody gets two byes",
  worth the bye value set (1, ½ or 0: ``Settings.bye_value``).
* Tie-breaks: Buchholz (a bye counts as an opponent with 0 points), Buchholz Cut-1, Sonneborn-Berger,
  starting rank.

Where the text leaves a choice open: when both players want the same colour, the stronger wish wins (two in
a row, then the larger imbalance, then plain alternation), and on equal wishes the higher-ranked player gets
his colour — which is what the text's own eight-player example shows in rounds 2 and 3. A floater joins the
next score group at its top. If the bye candidate's absence leaves the others unpairable, the next candidate
up the list takes the bye.
"""

from __future__ import annotations

from ..core.errors import PairingError
from ..core.model import Colour, Tournament
from ..core.state import PlayerState, TournamentState, derive
from .base import Pairing, PairingSystem
from .colours import blacks, colour_run, last_colour, whites
from .common import (
    Compatible,
    bottom_up_bye_order,
    had_pab_excluding_forfeit_wins,
    never_paired,
    number_boards,
    pairing_bye,
    players_to_pair,
    requested_byes,
)
from .topdown import pair_score_groups

Board = tuple[int, int]


class SimpleSwiss(PairingSystem):
    name = "simple-swiss"
    description = "Simple club Swiss: score groups top half against bottom half, floats, never a rematch"
    default_bye_value = 1.0
    default_tiebreaks = ("BHN", "BHN-C1", "SBG", "TPN")

    def pair(self, tournament: Tournament, round_number: int) -> Pairing:
        state = derive(tournament, through_round=round_number - 1)
        players = players_to_pair(tournament, round_number)
        ranking = sorted(players, key=lambda p: (-state.score(p), p))
        compatible = never_paired(tournament, state)
        bye, pairs = _pair_with_bye(ranking, state, compatible)
        if pairs is None and len(ranking) % 2 and all(had_pab_excluding_forfeit_wins(state[p]) for p in ranking):
            raise PairingError(f"round {round_number} needs a bye, but every player still in the event has had "
                               "one and nobody gets two")
        if pairs is None:
            raise PairingError(_no_pairing_message(round_number, ranking, compatible))
        if round_number == 1:
            boards = [(a, b) if board % 2 else (b, a) for board, (a, b) in enumerate(pairs, start=1)]
        else:
            boards = [allocate_colours(state[a], state[b]) for a, b in pairs]
        byes = [pairing_bye(bye)] if bye is not None else []
        return Pairing(number_boards(boards), byes + requested_byes(tournament, round_number))


def _pair_with_bye(
    ranking: list[int], state: TournamentState, compatible: Compatible
) -> tuple[int | None, list[Board] | None]:
    """The bye (lowest-ranked without one, the next up if the rest cannot be paired) and the pairs."""
    candidates: list[int | None] = [None]
    if len(ranking) % 2:
        candidates = [p for p in bottom_up_bye_order(ranking, state) if not had_pab_excluding_forfeit_wins(state[p])]
    for bye in candidates:
        rest = [p for p in ranking if p != bye]
        groups: dict[float, list[int]] = {}
        for p in rest:
            groups.setdefault(state.score(p), []).append(p)
        pairs = pair_score_groups(
            [groups[s] for s in sorted(groups, reverse=True)], compatible, bracket_order=ranking.index
        )
        if pairs is not None:
            return bye, pairs
    return None, None


def _no_pairing_message(round_number: int, ranking: list[int], compatible: Compatible) -> str:
    """Names the problem: who has no possible opponent left, or that the field as a whole is stuck."""
    stuck = [p for p in ranking if not any(compatible(p, q) for q in ranking if q != p)]
    if stuck:
        names = ", ".join(str(p) for p in stuck)
        return (f"round {round_number} cannot be paired without a rematch: start number(s) {names} "
                "have already met every other player still in the event")
    return (f"round {round_number} cannot be paired without a rematch (or a second bye): the "
            f"{len(ranking)} players still in the event cannot all get a new opponent")


def colour_wish(player: PlayerState) -> tuple[Colour | None, tuple[int, int]]:
    """The colour the player should get and how strongly: (two in a row, imbalance) — larger is stronger.

    Two equal colours in a row ask for the other one above everything; otherwise the colour had less often;
    otherwise the opposite of the last game; a player without games has no wish.
    """
    last = last_colour(player)
    imbalance = whites(player) - blacks(player)
    if last is not None and colour_run(player) >= 2:
        return last.opposite, (1, abs(imbalance))
    if imbalance:
        return (Colour.BLACK if imbalance > 0 else Colour.WHITE), (0, abs(imbalance))
    return (last.opposite if last else None), (0, 0)


def allocate_colours(higher: PlayerState, lower: PlayerState) -> Board:
    """(white, black) for a pair whose first player is ranked higher.

    Different wishes are both granted; the same wish goes to the stronger, on equal strength to the higher-
    ranked player; no wish at all gives the higher-ranked player White.
    """
    wish_h, strength_h = colour_wish(higher)
    wish_l, strength_l = colour_wish(lower)
    if wish_h is None and wish_l is None:
        return higher.tpn, lower.tpn
    if wish_h is None or (wish_l is not None and wish_h is wish_l and strength_l > strength_h):
        white_is_lower = wish_l is Colour.WHITE
    else:
        white_is_lower = wish_h is Colour.BLACK
    return (lower.tpn, higher.tpn) if white_is_lower else (higher.tpn, lower.tpn)


SYSTEM = SimpleSwiss()
