"""Plain-words explanations of a Dutch round (C.04.1 Art. 9: the pairing must be explainable).

For every board: the score group it came from, who floated and why, why the higher player did not meet an
opponent earlier in the procedure's order, which article of C.04.3 Art. 5 gave White, and which quality
criteria the pair could not fulfil. Works for both editions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from ...core.model import Colour, Tournament
from ...core.results import format_points
from ..explanation import BoardExplanation, RoundExplanation
from ..fide.boards import ranks_above
from ..fide.entrants import Edition, Entrant, Float, RoundField
from ..matching import new_matching_computer
from .bracket import BracketLog
from .colours import published_boards
from .procedure import MatchingOutcome
from .weights import Layout, WeightBuilder, topscorers


@dataclass
class DutchBoard:
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
    opponent_choice: list[str] = field(default_factory=list)
    """Why the higher player did not meet an earlier player of S2 (Art. 4.2), one line each."""

    def lines(self) -> list[str]:
        out = [f"Board {self.board}: {self.white} ({self.white_score}) - {self.black} ({self.black_score})",
               f"  bracket: {self.bracket}"]
        out += [f"  float: {text}" for text in self.floats]
        out += [f"  opponent: {text}" for text in self.opponent_choice]
        out.append(f"  White: {self.colour_rule}")
        out += [f"  not fulfilled: {text}" for text in self.broken] or ["  every quality criterion fulfilled"]
        return out


@dataclass
class DutchRound:
    """A whole round: brackets in order, boards, and the bye."""

    round_number: int
    system: str
    brackets: list[str]
    boards: list[DutchBoard]
    bye: str | None

    def generic(self) -> RoundExplanation:
        """The explanation in the shape every system gives (:mod:`sheetpair.pairing.explanation`)."""
        boards = [BoardExplanation(b.board, b.white, b.black, b.lines()[0], [line.strip() for line in b.lines()[1:]])
                  for b in self.boards]
        return RoundExplanation(self.round_number, self.system,
                                ["Score brackets, top down:"] + [f"  {b}" for b in self.brackets], boards, self.bye)


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


class _OpponentChoice:
    """Why each player met the opponent it met rather than one earlier in the procedure's order.

    In a bracket's remainder each S1 player, in order, meets the first S2 player that still leaves the best
    pairing possible (Art. 4.2); a moved-down player meets the highest resident that does (Art. 3.3, 4.4).
    An earlier player was skipped because a player before it in the procedure already took it, because an
    absolute criterion forbids the pair ([C1] rematch or the arbiter's prohibition, [C3] colours), or
    because the rest of the bracket would then fulfil fewer quality criteria.
    """

    COMPARED_UP_TO = 120
    """Remainders up to this size get the deciding criterion named (two matchings per skipped player)."""

    def __init__(self, outcome: MatchingOutcome, round_field: RoundField, forbidden: set[frozenset[int]]) -> None:
        self.by_tpn = {e.tpn: e for e in round_field.entrants}
        self.index = {e.tpn: i for i, e in enumerate(round_field.entrants)}
        self.forbidden = forbidden
        self.topscorer = dict(zip(self.by_tpn, topscorers(round_field)))
        self.logs = outcome.brackets
        self.builder: WeightBuilder | None = None
        if round_field.edition is Edition.RULES_2026:
            self.builder = WeightBuilder(round_field, Layout.of(round_field), forbidden)
            self.builder.place_bye(outcome.bye.score if outcome.bye else -1, single_downfloater_is_bye=False)

    def lines(self, first: int, second: int) -> list[str]:
        for log in self.logs:
            for index, pair in enumerate(log.pairs):
                if set(pair) == {first, second}:
                    return self._skipped(log, index)
        return []

    def _skipped(self, log: BracketLog, index: int) -> list[str]:
        chooser, opponent = log.pairs[index]
        order = log.residents if chooser in log.paired_moved_down else log.s2
        if opponent not in order:
            return []
        taken = {p: pair for pair in log.pairs[:index] for p in pair}
        role = "moved-down player" if chooser in log.paired_moved_down else "S1 player"
        lines = []
        for candidate in order[:order.index(opponent)]:
            if candidate in taken:
                a, b = taken[candidate]
                lines.append(f"{candidate} was already paired ({a} - {b}): players before {chooser} choose first")
            else:
                reason = self._why_not(chooser, candidate)
                if reason is None:
                    left = [p for p in log.s1[log.s1.index(chooser):]] if chooser in log.s1 else []
                    free = [p for p in log.s2 if p not in taken]
                    reason = self._worse_for_the_rest(chooser, candidate, opponent, left, free)
                lines.append(f"{candidate}: {reason}")
        if lines:
            lines.insert(0, f"{chooser} ({role}) meets {opponent}, the first of {', '.join(map(str, order))} "
                            "that leaves the best pairing for the bracket")
        return lines

    def _why_not(self, tpn: int, other: int) -> str | None:
        """The absolute criterion that forbids the pair, if one does."""
        player, opponent = self.by_tpn[tpn], self.by_tpn[other]
        if other in player.played_opponents:
            rounds = [r.round for r in player.history.records if r.opponent == other and r.played]
            return f"[C1] they already met (round {', '.join(map(str, rounds))})"
        if frozenset((tpn, other)) in self.forbidden:
            return "[C1] the arbiter forbade this pairing"
        if (player.absolute_preference and opponent.absolute_preference
                and player.colour_preference is opponent.colour_preference
                and not (self.topscorer[tpn] or self.topscorer[other])):
            colour = "White" if player.colour_preference is Colour.WHITE else "Black"
            return f"[C3] both must have {colour} (absolute colour preferences)"
        return None

    def _worse_for_the_rest(self, chooser: int, candidate: int, opponent: int, s1: list[int], s2: list[int]) -> str:
        """Pairs ``chooser`` with ``candidate`` and with ``opponent``, pairs the rest of the remainder at its
        best each time, and names the highest criterion the two pairings differ in."""
        generic = "possible, but the rest of the bracket would then fulfil fewer quality criteria ([C6]-[C21])"
        if self.builder is None or not s1 or len(s1) + len(s2) > self.COMPARED_UP_TO:
            return generic
        with_candidate = self._best_with(chooser, candidate, s1, s2)
        with_opponent = self._best_with(chooser, opponent, s1, s2)
        if with_candidate >= with_opponent:
            return generic
        criterion = self.builder.criterion_at((with_candidate ^ with_opponent).bit_length() - 1)
        return f"possible, but the rest of the bracket would then fulfil {criterion} less well"

    def _best_with(self, chooser: int, partner: int, s1: list[int], s2: list[int]) -> int:
        """Weight of the best S1-S2 pairing of the remainder that contains ``chooser`` - ``partner``."""
        builder = self.builder
        assert builder is not None
        index = self.index

        def weight(a: int, b: int) -> int:
            high, low = sorted((index[a], index[b]))
            return builder.weight(high, low, True, False)

        rest_s1 = [p for p in s1 if p != chooser]
        rest_s2 = [p for p in s2 if p != partner]
        players = rest_s1 + rest_s2
        matcher = new_matching_computer(len(players), builder.layout.max_weight)
        for i, a in enumerate(rest_s1):
            for j, b in enumerate(rest_s2, start=len(rest_s1)):
                matcher.set_edge_weight(i, j, weight(a, b))
        matcher.compute_matching()
        mates = matcher.mates()
        return weight(chooser, partner) + sum(weight(players[v], players[m]) for v, m in enumerate(mates) if v < m)


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


class RoundMatcher(Protocol):
    """What the explanations need of a Dutch system: its name and the matching of a round."""

    @property
    def name(self) -> str: ...

    def match(self, tournament: Tournament, round_number: int) -> tuple[MatchingOutcome, RoundField]: ...


def explain_round(system: RoundMatcher, tournament: Tournament, round_number: int) -> DutchRound:
    """Re-pairs ``round_number`` from its history with ``system`` and explains each board and the bye.

    The boards are those the system produces now; for a round already stored they coincide with the
    stored pairing unless the arbiter changed it by hand.
    """
    outcome, round_field = system.match(tournament, round_number)
    entrants = round_field.entrants
    floats = {
        (e.tpn, back): round_field.float_of(e.tpn, back)
        for e in entrants for back in (1, 2) if round_field.played_rounds >= back
    }
    points = _points_in(round_field)
    brackets, bracket_of = _bracket_lines(outcome, points, {e.tpn: e for e in entrants})
    explained = []
    choice = _OpponentChoice(outcome, round_field, tournament.forbidden_pairs)
    boards = published_boards(outcome.pairs, tournament.settings.initial_colour)
    for number, (white, black, rule) in enumerate(boards, start=1):
        notes = []
        if white.score != black.score:
            high, low = (white, black) if ranks_above(white, black) else (black, white)
            notes.append(f"{high.tpn} ({points(high)}) was left unpaired in its score group and meets "
                         f"{low.tpn} ({points(low)}): {high.tpn} floats down, {low.tpn} floats up "
                         "(C.04.3 1.4; [C6]-[C8] chose the fewest and lowest downfloaters)")
        explained.append(DutchBoard(
            number, white.tpn, black.tpn, points(white), points(black), bracket_of.get(white.tpn, "?"), notes,
            f"{white.tpn} by {rule}", _broken_criteria(white, black, floats), choice.lines(white.tpn, black.tpn),
        ))
    return DutchRound(round_number, system.name, brackets, explained, _bye_line(outcome, points))


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
