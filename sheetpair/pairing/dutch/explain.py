"""Plain-words explanations of a Dutch round (C.04.1 Art. 9: the pairing must be explainable).

For every board: the score group it came from, who floated and why, which article of C.04.3 Art. 5 gave
White, and which quality criteria the pair could not fulfil. Works for both editions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...core.model import Colour, Tournament
from ...core.results import format_points
from .colours import published_boards, ranks_above
from .entrants import Entrant, Float, RoundField
from .procedure import MatchingOutcome


@dataclass
class BoardExplanation:
    """Why one board is what it is."""

    board: int
    white: int
    black: int
    white_score: str
    black_score: str
    bracket: str
    floats: list[str]
    colour_rule: str
    broken: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [f"Board {self.board}: {self.white} ({self.white_score}) - {self.black} ({self.black_score})",
               f"  bracket: {self.bracket}"]
        out += [f"  float: {text}" for text in self.floats]
        out.append(f"  White: {self.colour_rule}")
        out += [f"  not fulfilled: {text}" for text in self.broken] or ["  every quality criterion fulfilled"]
        return out


@dataclass
class RoundExplanation:
    """A whole round: brackets in order, boards, and the bye."""

    round_number: int
    system: str
    brackets: list[str]
    boards: list[BoardExplanation]
    bye: str | None

    def text(self, board: int | None = None) -> str:
        lines = [f"Round {self.round_number} ({self.system})"]
        if board is None:
            lines += ["Score brackets, top down:"] + [f"  {b}" for b in self.brackets]
            if self.bye:
                lines.append(self.bye)
        for item in self.boards:
            if board is None or item.board == board:
                lines += item.lines()
        return "\n".join(lines)


def _broken_criteria(white: Entrant, black: Entrant, floats: dict[tuple[int, int], Float]) -> list[str]:
    """Quality criteria of C.04.3 Art. 2.4 this pair leaves unfulfilled, in plain words."""
    broken: list[str] = []
    for player, colour in ((white, Colour.WHITE), (black, Colour.BLACK)):
        wanted = player.colour_preference
        if wanted is not None and wanted is not colour:
            kind = "absolute" if player.absolute_preference else "strong" if player.strong_preference else "mild"
            article = "[C10]/[C11] (topscorer)" if player.absolute_preference else \
                "[C13]" if player.strong_preference else "[C12]"
            broken.append(f"{article} {player.tpn} does not get the {kind} preference for "
                          f"{'White' if wanted is Colour.WHITE else 'Black'}")
    if white.score != black.score:
        high, low = (white, black) if white.score > black.score else (black, white)
        for back, down_rule, up_rule in ((1, "[C14]/[C18]", "[C15]/[C19]"), (2, "[C16]/[C20]", "[C17]/[C21]")):
            if floats.get((high.tpn, back)) is Float.DOWN:
                broken.append(f"{down_rule} {high.tpn} floats down again (also {back} round(s) before)")
            if floats.get((low.tpn, back)) is Float.UP:
                broken.append(f"{up_rule} {low.tpn} floats up again (also {back} round(s) before)")
    return broken


def _bracket_lines(outcome: MatchingOutcome, points: Callable[[Entrant], str],
                   by_tpn: dict[int, Entrant]) -> tuple[list[str], dict[int, str]]:
    """One line per bracket, and the bracket each paired player was paired in."""
    lines: list[str] = []
    bracket_of: dict[int, str] = {}
    for log in outcome.brackets:
        members = log.residents or log.moved_down
        if not members:
            continue
        score = f"score {points(by_tpn[members[0]])}"
        text = f"{score}: residents {', '.join(map(str, log.residents)) or '-'}"
        if log.moved_down:
            text += f"; moved down {', '.join(map(str, log.moved_down))}"
            unpaired = [t for t in log.moved_down if t not in log.paired_moved_down]
            if unpaired:
                text += f" (floating on: {', '.join(map(str, unpaired))})"
        if log.downfloaters:
            text += f"; floats down: {', '.join(map(str, log.downfloaters))}"
        lines.append(text)
        for first, second in log.pairs:
            bracket_of[first] = bracket_of[second] = score
    return lines, bracket_of


def explain_round(tournament: Tournament, round_number: int, system_name: str | None = None) -> RoundExplanation:
    """Re-pairs ``round_number`` from its history and explains each board and the bye.

    The boards are those the system produces now; for a round already stored they coincide with the
    stored pairing unless the arbiter changed it by hand.

    :raises ValueError: if the tournament's system is not a Dutch system.
    """
    from ...pairing import get_system
    from . import Dutch

    system = get_system(system_name or tournament.settings.system)
    if not isinstance(system, Dutch):
        raise ValueError(f"{system.name} is not a Dutch system")
    outcome, round_field = system.match(tournament, round_number)
    entrants = round_field.entrants
    floats = {
        (e.tpn, back): round_field.float_of(e.tpn, back)
        for e in entrants for back in (1, 2) if round_field.played_rounds >= back
    }
    points = _points_in(round_field)
    brackets, bracket_of = _bracket_lines(outcome, points, {e.tpn: e for e in entrants})
    explained = []
    boards = published_boards(outcome.pairs, tournament.settings.initial_colour)
    for number, (white, black, rule) in enumerate(boards, start=1):
        notes = []
        if white.score != black.score:
            high, low = (white, black) if ranks_above(white, black) else (black, white)
            notes.append(f"{high.tpn} ({points(high)}) was left unpaired in its score group and meets "
                         f"{low.tpn} ({points(low)}): {high.tpn} floats down, {low.tpn} floats up "
                         "(C.04.3 1.4; [C6]-[C8] chose the fewest and lowest downfloaters)")
        explained.append(BoardExplanation(
            number, white.tpn, black.tpn, points(white), points(black), bracket_of.get(white.tpn, "?"), notes,
            f"{white.tpn} by {rule}", _broken_criteria(white, black, floats),
        ))
    return RoundExplanation(round_number, system.name, brackets, explained, _bye_line(outcome, points))


def _points_in(round_field: RoundField) -> Callable[[Entrant], str]:
    unit = round_field.scale.unit
    return lambda entrant: format_points(float(entrant.score * unit))


def _bye_line(outcome: MatchingOutcome, points: Callable[[Entrant], str]) -> str | None:
    if outcome.bye is None:
        return None
    return (f"Pairing-allocated bye: {outcome.bye.tpn} ({points(outcome.bye)}), the lowest score that can "
            "take it ([C2] no second bye, [C5] lowest score, [C9] fewest unplayed games) while everybody "
            "else stays paired ([C4])")


def round_notes(outcome: MatchingOutcome, round_field: RoundField) -> list[str]:
    """The plain-words notes of a paired round (:attr:`Pairing.notes`): brackets top down, then the bye."""
    points = _points_in(round_field)
    lines, _ = _bracket_lines(outcome, points, {e.tpn: e for e in round_field.entrants})
    bye = _bye_line(outcome, points)
    return lines + ([bye] if bye else [])
