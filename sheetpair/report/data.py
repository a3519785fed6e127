"""What a report shows, computed once from the tournament: the templates only lay it out.

:func:`build_report` derives the state after the chosen round, ranks the players with the tie-break list
(every value with its contributions) and prepares the rows of each section: pairings by board and by
name, standings, crosstable and one tie-break breakdown per player.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field

from ..app.ranking import standings
from ..core.errors import InputError
from ..core.model import Colour, EventInfo, Outcome, Player, Tournament
from ..core.results import BYE_LABELS, crosstable_entry, format_points
from ..core.standings import Standing, StandingsTable, rounds_with_results
from ..core.state import RoundRecord
from ..core.tiebreaks import TiebreakValue, describe, parse_rules, parse_tiebreak_list


def format_value(value: float) -> str:
    """A tie-break value as printed: halves with ``½`` (``14½``), other fractions with two decimals."""
    if abs(value * 2 - round(value * 2)) < 1e-9:
        return format_points(value) if value >= 0 else "-" + format_points(-value)
    return f"{value:.2f}"


@dataclass(frozen=True)
class Board:
    """One board of the pairings, or a bye (``black`` is ``None`` and ``result`` names the bye)."""

    board: int | None
    white: Player
    black: Player | None
    result: str
    white_points: str
    black_points: str


@dataclass(frozen=True)
class NameLine:
    """One line of the alphabetical pairing list: where a player sits and against whom."""

    player: Player
    board: int | None
    colour: str
    opponent: Player | None
    note: str


@dataclass(frozen=True)
class CrossCell:
    """One crosstable cell: the wallchart text (``12w1``) and the colour played, for shading."""

    text: str
    colour: str


@dataclass(frozen=True)
class CrossRow:
    standing: Standing
    player: Player
    cells: tuple[CrossCell, ...]


@dataclass(frozen=True)
class BreakdownLine:
    """One contribution of a tie-break, ready to print."""

    round: str
    opponent: str
    basis: str
    result: str
    value: str
    note: str
    cut: bool


@dataclass(frozen=True)
class Breakdown:
    """One tie-break of one player: its value and every contribution (cut ones marked)."""

    code: str
    name: str
    value: str
    note: str
    lines: tuple[BreakdownLine, ...]


@dataclass(frozen=True)
class PlayerPage:
    standing: Standing
    player: Player
    breakdowns: tuple[Breakdown, ...]


@dataclass
class Report:
    """Everything the templates print: the pairings of :attr:`round_number`, the standings, crosstable and
    breakdowns after :attr:`standings_round` (the last round up to it with results entered)."""

    tournament: Tournament
    round_number: int
    standings_round: int
    rules: str
    table: StandingsTable
    generated: str = field(default_factory=lambda: _dt.date.today().isoformat())

    @property
    def codes(self) -> tuple[str, ...]:
        return self.table.codes

    @property
    def event(self) -> EventInfo:
        return self.tournament.settings.event

    @property
    def title(self) -> str:
        return self.event.name or "Tournament"

    @property
    def code_names(self) -> dict[str, str]:
        return {code: describe(code) for code in self.codes}

    def header_lines(self) -> list[tuple[str, str]]:
        """The tournament header (Settings.event and the way the event is run), non-empty items only."""
        e, s = self.event, self.tournament.settings
        dates = " – ".join(d for d in (e.start_date, e.end_date) if d)
        place = ", ".join(x for x in (e.city, e.federation) if x)
        items = [
            ("Place", place), ("Dates", dates), ("Chief arbiter", e.chief_arbiter),
            ("Deputy arbiters", e.deputy_arbiters), ("Time control", e.time_control), ("Type", e.event_type),
            ("System", f"{s.system}, {s.rounds} rounds"), ("Players", str(len(self.tournament.players))),
            ("Tie-breaks", f"{', '.join(self.codes) or 'none'} (FIDE C.07, {self.rules} edition)"),
        ]
        return [(k, v) for k, v in items if v]

    def boards(self) -> list[Board]:
        """The pairings of the round by board, byes last."""
        if not self.round_number:
            return []
        rnd = self.tournament.round(self.round_number)
        settings = self.tournament.settings
        lines = []
        for g in sorted(rnd.games, key=lambda g: g.board):
            white_outcome, black_outcome = g.result.outcomes
            known = g.result.is_known
            lines.append(Board(
                g.board, self.tournament.player(g.white), self.tournament.player(g.black), g.result.value,
                format_points(settings.points_for(white_outcome)) if known else "",
                format_points(settings.points_for(black_outcome)) if known else "",
            ))
        for b in rnd.byes:
            points = format_points(settings.points_for_bye(b.kind))
            lines.append(Board(b.board, self.tournament.player(b.player), None, BYE_LABELS[b.kind], points, ""))
        return lines

    def by_name(self) -> list[NameLine]:
        """The pairings of the round as an alphabetical list of players."""
        if not self.round_number:
            return []
        lines = []
        for board in self.boards():
            if board.black is None:
                lines.append(NameLine(board.white, board.board, "", None, board.result))
                continue
            lines.append(NameLine(board.white, board.board, "White", board.black, ""))
            lines.append(NameLine(board.black, board.board, "Black", board.white, ""))
        seated = {line.player.tpn for line in lines}
        for p in self.tournament.players:
            if p.tpn not in seated:
                lines.append(NameLine(p, None, "", None, "not paired"))
        return sorted(lines, key=lambda line: (line.player.name.casefold(), line.player.tpn))

    def crosstable(self) -> list[CrossRow]:
        """The wallchart in ranking order: per round opponent, colour and result."""
        rows = []
        for line in self.table:
            records = self.table.player(line.tpn).records
            cells = tuple(CrossCell(crosstable_entry(r), _cell_colour(r)) for r in records)
            rows.append(CrossRow(line, self.tournament.player(line.tpn), cells))
        return rows

    def player_pages(self) -> list[PlayerPage]:
        """One tie-break breakdown per player, in ranking order."""
        return [
            PlayerPage(line, self.tournament.player(line.tpn),
                       tuple(self._breakdown(line.tiebreaks[code]) for code in self.codes))
            for line in self.table
        ]

    def _breakdown(self, value: TiebreakValue) -> Breakdown:
        cut = set(map(id, value.cut))
        lines = [
            BreakdownLine(
                str(c.round) if c.round is not None else "",
                self._name(c.opponent) if c.opponent is not None else ("dummy" if "dummy" in c.note else ""),
                format_value(c.basis) if c.basis is not None else "",
                format_points(c.result) if c.result is not None else "",
                format_value(c.value), c.note, id(c) in cut,
            )
            for c in sorted((*value.contributions, *value.cut), key=lambda c: (c.round or 0))
        ]
        return Breakdown(value.code, describe(value.code), format_value(value.value), value.note, tuple(lines))

    def _name(self, tpn: int) -> str:
        return f"{self.tournament.player(tpn).name} ({tpn})"

    def value(self, standing: Standing, code: str) -> str:
        return format_value(standing.tiebreaks[code].value)


def _cell_colour(record: RoundRecord) -> str:
    if record.outcome.is_bye or record.outcome is Outcome.ABSENT:
        return "none"
    return "black" if record.scheduled_colour is Colour.BLACK else "white"


def build_report(
    tournament: Tournament,
    *,
    round_number: int | None = None,
    tiebreaks: tuple[str, ...] | str | None = None,
    rules: str | None = None,
) -> Report:
    """The report of ``round_number`` (default: the last paired round): its pairings, and the standings after
    the last round up to it that has results (a round just paired counts from its first result on).

    :raises InputError: for an unknown tie-break code, rules edition, or a round not paired.
    """
    last = tournament.current_round
    number = last if round_number is None else round_number
    if not 0 <= number <= last:
        raise InputError(f"round {number} has not been paired (the event has {last} paired round(s))")
    codes = parse_tiebreak_list(tiebreaks if tiebreaks is not None else tournament.settings.tiebreaks)
    edition = parse_rules(rules or tournament.settings.tiebreak_rules)
    scored = min(number, rounds_with_results(tournament))
    table = standings(tournament, tiebreaks=codes, through_round=scored, rules=edition)
    return Report(tournament, number, scored, edition, table)
