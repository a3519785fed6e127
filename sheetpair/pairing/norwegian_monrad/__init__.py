"""Norwegian Monrad (Norges Sjakkforbunds Monradsystem), as Winther's review and the Norwegian Monrad page describe it
(docs/sources.md, docs/club-systems.md).

Start numbers: ``seeded`` (default) sorts by rating, splits the top n − n mod 4 into quarters A, B, C, D, shuffles
each and deals them in the order A, C, D, B, C, A, B, D; the n mod 4 lowest are shuffled and appended. ``random``
shuffles everybody. A separate lot (``LOT``) is the last tie-break.

Round 1 pairs start numbers 1-2, 3-4, ... with the odd number Black; an odd field gives the highest start number
the bye. Later rounds list the active players by points (an adjourned game counts as a provisional draw), then
start number, and pair top-down with backtracking (rule 9D). A forfeit or 0-0 counts as a game: the players have
met and have had their colours. The bye counts as a game with White and as a WO point (rule 12B).

Colour preference: fewer Whites than Blacks → White; more → Black; equal → the opposite of the last colour.
Absolute rules, unbreakable before the final round: 7A no fourth game in a row with one colour; 7B after the
game neither colour exceeds half the games plus one. Rule 8D: when both prefer the same colour the higher-ranked
gets White in even rounds, the lower-ranked in odd rounds. Each pair's two orientations are ranked by [7A/7B
violations, 8D mismatch, third colour in a row, |W−B| after the game, preferences missed, last colour repeated,
list position of White]; opponents by [score gap, same preferred colour, best orientation, list position].

Bye: only players without a WO point (bye or forfeit win) are eligible; of those at the lowest score, the
highest start number first, and before the final round the first whose bye as White keeps 7A/7B and leaves a
pairable field. The final round (rules 11A-C) is searched exhaustively: at each step only opponents at the least
feasible score gap, solutions ranked by score gaps, then 7A/7B violations (now allowed, with a note), then the
decision vector, then the bye order.

Where the rules leave no pairing (the page then refuses to pair), an arbiter still needs a
round: sheetpair breaks 7A/7B as few times as possible (searching in the same order; if need be it also widens
the bye to ineligible players), and the notes say which rule gave way. When every pairing repeats a game (an
exhausted field) it makes the fewest rematches and says so, since an event cannot stop halfway; the option
``rematches=never`` makes it stop with an error instead.
"""

from __future__ import annotations

from .history import History, histories
from .system import SYSTEM, NorwegianMonrad, seeded_draw

__all__ = ["SYSTEM", "History", "NorwegianMonrad", "histories", "seeded_draw"]
