"""The shape of a round's explanation, the same for every system that explains its pairings.

C.04.1 Art. 9 asks that every pairing can be explained. A system answers with a :class:`RoundExplanation`:
lines about the whole round (its brackets, groups or index order, in the system's own terms), one
:class:`BoardExplanation` per board (why this opponent, why this colour, which criterion decided, with
article numbers), and the bye. The command line prints it; it never needs to know which system spoke.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass
class BoardExplanation:
    """Why one board is what it is: a heading line and the reasons under it."""

    board: int
    white: int
    black: int
    heading: str
    reasons: list[str] = field(default_factory=list)

    def lines(self, names: Mapping[int, str] | None = None) -> list[str]:
        """The heading, the players by name when ``names`` (start number → name) are given, the reasons."""
        players = [f"  players: {self.white} {names.get(self.white, '')} – {self.black} {names.get(self.black, '')}"
                   ] if names else []
        return [self.heading, *players] + [f"  {reason}" for reason in self.reasons]


@dataclass
class RoundExplanation:
    """A whole round: the round-wide lines, the boards in printed order, and the bye."""

    round_number: int
    system: str
    round_lines: list[str]
    boards: list[BoardExplanation]
    bye: str | None = None

    def text(self, board: int | None = None, names: Mapping[int, str] | None = None) -> str:
        """The explanation as printed: the whole round, or one board (with the round's heading only); each
        board names its players when ``names`` (start number → name) are given."""
        lines = [f"Round {self.round_number} ({self.system})"]
        if board is None:
            lines += self.round_lines
            if self.bye:
                lines.append(self.bye)
        for item in self.boards:
            if board is None or item.board == board:
                lines += item.lines(names)
        return "\n".join(lines)
