"""What a report shows, computed once from the tournament and its standings tables: the templates only lay it out.

:func:`build_report` fixes the round reported (default: the last paired) and ranks the players once with
the application's standings pipeline (:func:`sheetpair.app.ranking.standings`); every number printed comes
from such a table — scores and tie-breaks from its lines, histories from its derived state, rating figures
from :func:`sheetpair.core.rating.rating_figures` over that state. Standings after an earlier round (for the
static site) are further tables from the same pipeline, made once per round asked for.

The sections (see ``docs/reports.md``): the starting rank list; the pairings of any round with each player's
score *before* the round, as a handout, as a large-type posting list and by name (Unicode collation); the
standings with tie-breaks named in full and rating figures; the crosstable (a square table for fixed schedules,
opponent/colour/result cells for Swiss events); one card per player; and charts.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path

from babel.numbers import get_decimal_symbol
from markupsafe import Markup

from ..app.ranking import standings
from ..core.errors import InputError
from ..core.model import Colour, Outcome, Player, Tournament
from ..core.norms import NormStatus, Opponent, PlayerNorms, all_norms, counted_games, it3_counts
from ..core.notes import Note
from ..core.prizes import PrizeList, format_amount
from ..core.rating import KFactor, RatingFigures, RatingTable, rating_figures
from ..core.results import BYE_LABELS, crosstable_entry, format_points, result_code
from ..core.standings import Standing, StandingsTable, rounds_with_results
from ..core.state import RoundRecord
from ..core.tiebreaks import TiebreakValue, describe, parse_rules, parse_tiebreak, parse_tiebreak_list
from . import charts
from .collation import name_key
from .i18n import SYSTEM_NAMES, event_date, now, parse_language, print_time, translations
from .numbers import Formatter, column_style, format_value, signed

LEADERS = 8
"""Players drawn in the score-progression chart."""

@dataclass(frozen=True)
class Seat:
    """One side of a board: the player and their score before the round."""

    player: Player
    score: str


@dataclass(frozen=True)
class Board:
    """One board of a round, or a bye (``black`` is ``None`` and ``result`` names the bye)."""

    board: int | None
    white: Seat
    black: Seat | None
    result: str


@dataclass(frozen=True)
class NameLine:
    """One line of the alphabetical pairing list: where a player sits and against whom (or why not)."""

    player: Player
    score: str
    board: int | None
    colour: str
    opponent: Player | None
    note: str


@dataclass(frozen=True)
class RoundPairing:
    """A round's pairings: boards (byes last), the alphabetical list, and who is neither paired nor on a bye."""

    number: int
    boards: tuple[Board, ...]
    by_name: tuple[NameLine, ...]
    absent: tuple[NameLine, ...]


@dataclass(frozen=True)
class TiebreakColumn:
    code: str
    name: str


@dataclass(frozen=True)
class StandingsRow:
    standing: Standing
    player: Player
    points: str
    values: tuple[str, ...]
    games: int
    average_opponent: str
    performance: str
    change: str


@dataclass(frozen=True)
class StandingsView:
    """The standings after :attr:`round`: one number style per column, footnotes for what is not applied."""

    round: int
    columns: tuple[TiebreakColumn, ...]
    rows: tuple[StandingsRow, ...]
    notes: tuple[str, ...]
    shows_aro: bool
    """The informational ARO column: left out when the ARO tie-break column already shows the same numbers."""


@dataclass(frozen=True)
class CrossCell:
    """One crosstable cell: its text, the colour played (``w``, ``b``, or ``x`` for none) for shading, and the
    opponent (on the web pages the cell links to the opponent's card and shows the name)."""

    text: str
    colour: str
    opponent: Player | None = None


@dataclass(frozen=True)
class CrossRow:
    standing: Standing
    player: Player
    points: str
    cells: tuple[CrossCell, ...]
    values: tuple[str, ...]


@dataclass(frozen=True)
class CrossView:
    """The crosstable after :attr:`round`: ``square`` for a fixed schedule (a column per player, by rank),
    otherwise one column per round."""

    round: int
    square: bool
    columns: tuple[str, ...]
    codes: tuple[str, ...]
    rows: tuple[CrossRow, ...]


@dataclass(frozen=True)
class CardLine:
    """One round of a player card."""

    round: int
    colour: str
    opponent: Player | None
    result: str
    running: str


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
class Card:
    """A player card: games round by round, rating figures, colours, and (on request) tie-break breakdowns."""

    standing: Standing
    player: Player
    lines: tuple[CardLine, ...]
    figures: RatingFigures
    change: str
    colours: Markup
    breakdowns: tuple[Breakdown, ...]


@dataclass(frozen=True)
class PrizeRow:
    """One award of the prize list: the player, the prize, its amount (empty: not money) and why."""

    player: Player
    label: str
    amount: str
    reason: str


@dataclass(frozen=True)
class NormRow:
    """One norm still in play for one player (achieved or possible), with its figures and reasons."""

    player: Player
    status: NormStatus
    status_text: str
    needs: str


@dataclass(frozen=True)
class Certificate:
    """The data of FIDE's IT1 norm certificate for one norm achieved: the player, the games, the totals."""

    player: Player
    norm: str
    games: tuple[Opponent, ...]
    points: str
    status: NormStatus


@dataclass
class Report:
    """Everything the templates print, in one language.

    :attr:`round_number` is the round whose pairings are shown; :attr:`table` the standings after
    :attr:`standings_round`, the last round up to it with results entered.
    """

    tournament: Tournament
    round_number: int
    standings_round: int
    rules: str
    table: StandingsTable
    language: str = "en"
    source: str = ""
    """The file the event was read from: names the report when the event header has no name."""
    k_factor: KFactor | None = None
    """K per player; by default the roster's K where the Players sheet has that column, else FIDE's rules."""
    breakdowns: bool = False
    """Player cards carry each tie-break's breakdown."""
    prize_list: PrizeList | None = None
    """The prize list the arbiter's Prizes sheet gives (the ``prizes`` section); ``None``: none given."""
    exempt: bool = False
    """The event is free of the federation rules for norms (B.01 1.4.3a-c)."""
    made: _dt.datetime = field(default_factory=now)
    """When the report was made (printed in its own zone, see :func:`~.i18n.print_time`)."""
    _tables: dict[int, StandingsTable] = field(default_factory=dict, repr=False)
    _ratings: dict[int, RatingTable] = field(default_factory=dict, repr=False)
    _norms_found: list[PlayerNorms] | None = field(default=None, repr=False)
    _cards: dict[tuple[int, bool], list[Card]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._tables[self.standings_round] = self.table

    # -- language -------------------------------------------------------------------------------------------------

    def _(self, text: str, **values: object) -> str:
        """``text`` in the report's language, with ``%(name)s`` placeholders filled."""
        translated = translations(self.language).gettext(text)
        return translated % values if values else translated

    def note(self, text: str) -> str:
        """A sentence of the core (a :class:`~sheetpair.core.notes.Note`) in the report's language."""
        if isinstance(text, Note):
            return translations(self.language).gettext(text.template) % text.values
        return self._(text)

    @property
    def colour_letters(self) -> tuple[str, str]:
        """White's and Black's colour letter in the report's language (``w``/``b``, ``w``/``s``, ``b``/``n``)."""
        return self._("w"), self._("b")

    @property
    def system_name(self) -> str:
        system = self.tournament.settings.system
        return self._(SYSTEM_NAMES[system]) if system in SYSTEM_NAMES else system

    def tiebreak_name(self, code: str) -> str:
        """The full name of ``code`` with its modifier spelled out (:func:`describe`), in the report's language."""
        parsed = parse_tiebreak(code)
        base = parsed.spec.name
        modifier = describe(code)[len(base) + 2:]
        return f"{self._(base)}, {self._(modifier)}" if modifier else self._(base)

    # -- header ---------------------------------------------------------------------------------------------------

    @property
    def codes(self) -> tuple[str, ...]:
        return self.table.codes

    @property
    def title(self) -> str:
        """The event's name; without one, the file's name; without that, the system and rounds."""
        settings = self.tournament.settings
        return settings.event.name or self.source or self._(
            "%(system)s, %(rounds)s rounds", system=self.system_name, rounds=settings.rounds)

    @property
    def made_text(self) -> str:
        return print_time(self.made, self.language)

    def header_lines(self) -> list[tuple[str, str]]:
        """The event header (Settings.event and the way the event is run), non-empty items only."""
        e, s = self.tournament.settings.event, self.tournament.settings
        dates = " – ".join(event_date(d, self.language) for d in (e.start_date, e.end_date) if d)
        items = [
            (self._("Place"), ", ".join(x for x in (e.city, e.federation) if x)), (self._("Dates"), dates),
            (self._("Chief arbiter"), e.chief_arbiter), (self._("Deputy arbiters"), e.deputy_arbiters),
            (self._("Time control"), e.time_control), (self._("Type"), e.event_type),
            (self._("System"), self._("%(system)s, %(rounds)s rounds", system=self.system_name, rounds=s.rounds)),
            (self._("Players"), str(len(self.tournament.players))),
            (self._("Tie-breaks"), self._("%(codes)s (FIDE C.07, %(edition)s edition)",
                                          codes=", ".join(self.codes), edition=self.rules) if self.codes else ""),
        ]
        return [(k, v) for k, v in items if v]

    # -- rounds ---------------------------------------------------------------------------------------------------

    @property
    def paired_rounds(self) -> range:
        return range(1, self.tournament.current_round + 1)

    @property
    def ranked_rounds(self) -> range:
        """Rounds after which standings exist (a round counts from its first result on)."""
        return range(1, rounds_with_results(self.tournament) + 1)

    def table_after(self, round_number: int) -> StandingsTable:
        """The standings table after ``round_number``, from the application's one pipeline (made once)."""
        if round_number not in self._tables:
            self._tables[round_number] = standings(self.tournament, tiebreaks=self.codes,
                                                   through_round=round_number, rules=self.rules)
        return self._tables[round_number]

    def starting_list(self) -> list[Player]:
        """The starting rank list: every player in start-number order."""
        return sorted(self.tournament.players, key=lambda p: p.tpn)

    def pairings(self, round_number: int | None = None) -> RoundPairing:
        """The pairings of ``round_number`` (default: the report's round) with scores before the round."""
        number = round_number or self.round_number
        rnd = self.tournament.round(number)
        history = self.table.paired
        before = {tpn: st.score_after(number - 1) for tpn, st in history.players.items()}
        style = column_style(before.values(), self.language)

        def seat(tpn: int) -> Seat:
            return Seat(self.tournament.player(tpn), style(before.get(tpn, 0.0)))

        boards = [Board(g.board, seat(g.white), seat(g.black), result_code(g))
                  for g in sorted(rnd.games, key=lambda g: g.board)]
        boards += [Board(b.board, seat(b.player), None, self._(BYE_LABELS[b.kind])) for b in rnd.byes]
        lines = []
        for b in boards:
            if b.black is None:
                lines.append(NameLine(b.white.player, b.white.score, b.board, "", None, b.result))
                continue
            lines.append(NameLine(b.white.player, b.white.score, b.board, self._("White"), b.black.player, ""))
            lines.append(NameLine(b.black.player, b.black.score, b.board, self._("Black"), b.white.player, ""))
        seated = {line.player.tpn for line in lines}
        absent = [NameLine(p, style(before.get(p.tpn, 0.0)), None, "", None,
                           self._("withdrawn") if not p.is_active_in(number) else self._("not paired"))
                  for p in self.starting_list() if p.tpn not in seated]
        by_name = sorted([*lines, *absent], key=lambda line: (name_key(line.player.name), line.player.tpn))
        return RoundPairing(number, tuple(boards), tuple(by_name), tuple(absent))

    # -- standings ------------------------------------------------------------------------------------------------

    def ratings_after(self, round_number: int) -> RatingTable:
        """Every player's rating figures after ``round_number`` (:func:`rating_figures` over that table's state)."""
        if round_number not in self._ratings:
            self._ratings[round_number] = rating_figures(self.table_after(round_number).state, k_factor=self.k_factor)
        return self._ratings[round_number]

    def value_styles(self, table: StandingsTable) -> tuple[Formatter, dict[str, Formatter]]:
        """One formatter for the points column and one per tie-break column (see :mod:`.numbers`)."""
        return (column_style((s.points for s in table), self.language),
                {code: column_style((s.tiebreaks[code].value for s in table), self.language)
                 for code in table.codes})

    def standings_view(self, round_number: int | None = None) -> StandingsView:
        """The standings after ``round_number`` (default: the report's) with rating figures and footnotes."""
        number = self.standings_round if round_number is None else round_number
        table = self.table_after(number)
        ratings = self.ratings_after(number)
        points, styles = self.value_styles(table)
        notes: dict[str, None] = {}
        rows = []
        for s in table:
            values = []
            for code in table.codes:
                value = s.tiebreaks[code]
                if value.note:
                    notes[f"{code}: {self.note(value.note)}"] = None
                values.append("–" if value.note else styles[code](value.value))
            figures = ratings.players[s.tpn]
            rows.append(StandingsRow(s, self.tournament.player(s.tpn), points(s.points), tuple(values),
                                     table.player(s.tpn).games_played, _number(figures.average_opponent),
                                     _number(figures.performance), _change(figures, self.language)))
        if isinstance(self.k_factor, int):
            notes[self._("ARO and Rp count only games played over the board against rated opponents; the rating "
                         "change is K·(W − We) for rated players, K = %(k)s unless the player's K is given.",
                         k=self.k_factor)] = None
        else:
            notes[self._("ARO and Rp count only games played over the board against rated opponents; the rating "
                         "change is K·(W − We) for rated players, K by FIDE's rules (B.02 8.3.3) unless the "
                         "player's K is given.")] = None
        if ratings.tiebreak_note and not any(parse_tiebreak(c).spec.needs_ratings for c in table.codes):
            notes[self.note(ratings.tiebreak_note)] = None
        columns = tuple(TiebreakColumn(code, self.tiebreak_name(code)) for code in table.codes)
        aro_applied = "ARO" in table.codes and not any(s.tiebreaks["ARO"].note for s in table)
        return StandingsView(number, columns, tuple(rows), tuple(notes), not aro_applied)

    # -- crosstable -----------------------------------------------------------------------------------------------

    def crosstable(self, round_number: int | None = None) -> CrossView:
        """The crosstable after ``round_number``: square for fixed schedules, per round otherwise."""
        number = self.standings_round if round_number is None else round_number
        table = self.table_after(number)
        points, styles = self.value_styles(table)
        square = table.paired.traits.fixed_schedule
        place = {s.tpn: i for i, s in enumerate(table, start=1)}
        rows = []
        for s in table:
            records = table.player(s.tpn).records
            if square:
                cells = tuple(_square_cell(records, self.tournament.player(other.tpn)) if other.tpn != s.tpn
                              else CrossCell("×", "x")
                              for other in table)
            else:
                cells = tuple(CrossCell(crosstable_entry(r, letters=self.colour_letters, bye=self._("bye")),
                                        _cell_colour(r), self._opponent(r)) for r in records)
            values = tuple(styles[c](s.tiebreaks[c].value) if not s.tiebreaks[c].note else "–" for c in table.codes)
            rows.append(CrossRow(s, self.tournament.player(s.tpn), points(s.points), cells, values))
        columns = tuple(str(place[s.tpn]) for s in table) if square else tuple(str(n) for n in range(1, number + 1))
        return CrossView(number, square, columns, table.codes, tuple(rows))

    # -- player cards ---------------------------------------------------------------------------------------------

    def cards(self, round_number: int | None = None, *, breakdowns: bool | None = None) -> list[Card]:
        """One card per player in ranking order: games, running score, rating figures, colours, and the
        tie-break breakdowns when ``breakdowns`` (default: the report's :attr:`breakdowns`)."""
        with_breakdowns = self.breakdowns if breakdowns is None else breakdowns
        number = self.standings_round if round_number is None else round_number
        key = (number, with_breakdowns)
        if key not in self._cards:  # the site and the PDF of one report ask for the same cards
            self._cards[key] = self._make_cards(number, with_breakdowns)
        return list(self._cards[key])

    def _make_cards(self, number: int, with_breakdowns: bool) -> list[Card]:
        table = self.table_after(number)
        ratings = self.ratings_after(number)
        points, _ = self.value_styles(table)
        cards = []
        for s in table:
            running = 0.0
            lines = []
            for record in table.player(s.tpn).records:
                running += record.points
                opponent = self._opponent(record)
                lines.append(CardLine(record.round, self._colour_letter(record), opponent,
                                      self._record_text(record), points(running)))
            colours = charts.colour_strip([_colour_code(r) for r in table.player(s.tpn).records], self._("Colours"))
            details = tuple(self._breakdown(s.tiebreaks[c]) for c in table.codes) if with_breakdowns else ()
            figures = ratings.players[s.tpn]
            cards.append(Card(s, self.tournament.player(s.tpn), tuple(lines), figures,
                              _change(figures, self.language), colours, details))
        return cards

    def _opponent(self, record: RoundRecord) -> Player | None:
        return self.tournament.player(record.opponent) if record.opponent is not None else None

    def _colour_letter(self, record: RoundRecord) -> str:
        colour = record.colour
        return "" if colour is None else self.colour_letters[colour is Colour.BLACK]

    def _record_text(self, record: RoundRecord) -> str:
        if record.outcome.is_bye:
            return f"{self._('bye')} {format_points(record.points)}"
        if record.outcome is Outcome.ABSENT:
            return self._("absent")
        if record.outcome is Outcome.PENDING:
            return ""
        mark = {Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "−"}.get(record.outcome)
        return mark or format_points(record.result_fraction or 0.0)

    def player_pages(self) -> list[Card]:
        """Every card with its breakdowns: the tie-break breakdown section."""
        return self.cards(breakdowns=True)

    def _breakdown(self, value: TiebreakValue) -> Breakdown:
        cut = set(map(id, value.cut))
        lines = [
            BreakdownLine(
                str(c.round) if c.round is not None else "",
                self._name(c.opponent) if c.opponent is not None else (self._("dummy") if "dummy" in c.note else ""),
                format_value(c.basis, self.language) if c.basis is not None else "",
                format_points(c.result) if c.result is not None else "",
                format_value(c.value, self.language), c.note, id(c) in cut,
            )
            for c in sorted((*value.contributions, *value.cut), key=lambda c: (c.round or 0))
        ]
        return Breakdown(value.code, self.tiebreak_name(value.code), format_value(value.value, self.language),
                         self.note(value.note) if value.note else "", tuple(lines))

    def _name(self, tpn: int) -> str:
        return f"{self.tournament.player(tpn).name} ({tpn})"

    # -- prizes and norms -----------------------------------------------------------------------------------------

    def prizes(self) -> list[PrizeRow]:
        """Every award of the prize list, player by player in ranking order; the amounts in the language's way."""
        if self.prize_list is None:
            return []
        decimal = get_decimal_symbol(self.language)
        return [PrizeRow(self.tournament.player(tpn), award.label, format_amount(award.amount).replace(".", decimal),
                         award.reason) for tpn, awards in self.prize_list.by_player() for award in awards]

    def _found_norms(self) -> list[PlayerNorms]:
        """Every player's norms after the report's standings round, judged once per report."""
        if self._norms_found is None:
            self._norms_found = all_norms(self.table.state, rounds=self.tournament.settings.rounds,
                                          exempt=self.exempt)
        return self._norms_found

    def _norms(self) -> list[tuple[Player, NormStatus]]:
        return [(self.tournament.player(p.tpn), n) for p in self._found_norms() for n in p.norms.values()]

    def norms(self) -> list[NormRow]:
        """The norms still in play after the report's standings round (achieved or possible), by start number."""
        words = {"achieved": self._("achieved"), "possible": self._("possible")}
        return [NormRow(player, n, words[n.status], "" if n.needs is None else format_points(n.needs))
                for player, n in self._norms() if n.status != "impossible"]

    def certificates(self) -> list[Certificate]:
        """The IT1 certificate's data for each norm achieved."""
        state = self.table.state
        certificates = []
        for player, n in self._norms():
            if n.status == "achieved":
                games = tuple(counted_games(state, player.tpn, n))
                points = format_points(float(sum(g.result for g in games)))
                certificates.append(Certificate(player, n.norm, games, points, n))
        return certificates

    def it3_counts(self) -> list[tuple[str, int]]:
        """The counts of FIDE's IT3 tournament report, labels in the report's language."""
        counts = it3_counts(self.table.state, self._found_norms())
        return [(self._("Players"), counts.players), (self._("Federations"), counts.federations),
                (self._("Rated players"), counts.rated), (self._("Unrated players"), counts.unrated),
                *((self._("%(title)s players", title=t), n) for t, n in counts.titles.items()),
                (self._("Rounds played"), counts.rounds),
                *((self._("%(norm)s norms achieved", norm=code), n) for code, n in counts.norms.items())]

    # -- charts ---------------------------------------------------------------------------------------------------

    def progression_chart(self, round_number: int | None = None) -> Markup:
        """The leaders' running scores after ``round_number`` (default: the report's)."""
        number = self.standings_round if round_number is None else round_number
        table = self.table_after(number)
        series = [(s.name or str(s.tpn), [table.player(s.tpn).score_after(r) for r in range(1, number + 1)])
                  for s in table.lines[:LEADERS]]
        maximum = max((scores[-1] for _, scores in series if scores), default=1.0)
        return charts.score_progression(series, number, maximum, self._("Score progression of the leaders"))

    def rating_chart(self) -> Markup:
        return charts.rating_histogram([p.rating for p in self.tournament.players], self._("Ratings of the field"),
                                       self._("unrated"))


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _change(figures: RatingFigures, language: str) -> str:
    return "" if figures.change is None else signed(figures.change, language)


def _colour_code(record: RoundRecord) -> str:
    """``w`` or ``b`` for the colour played, empty for none (the colour strip's code, never printed)."""
    return {Colour.WHITE: "w", Colour.BLACK: "b"}.get(record.colour, "") if record.colour else ""


def _cell_colour(record: RoundRecord) -> str:
    if record.outcome.is_bye or record.outcome is Outcome.ABSENT:
        return "x"
    return "b" if record.scheduled_colour is Colour.BLACK else "w"


def _square_cell(records: list[RoundRecord], opponent: Player) -> CrossCell:
    """The results against ``opponent`` (two in a double round robin), shaded by colour when there is one game."""
    games = [r for r in records if r.opponent == opponent.tpn]
    marks = [{Outcome.FORFEIT_WIN: "+", Outcome.FORFEIT_LOSS: "−", Outcome.PENDING: "·"}.get(r.outcome)
             or format_points(r.result_fraction or 0.0) for r in games]
    colour = _cell_colour(games[0]) if len(games) == 1 else "x"
    return CrossCell(" ".join(marks), colour, opponent)


def build_report(
    tournament: Tournament,
    *,
    round_number: int | None = None,
    tiebreaks: tuple[str, ...] | str | None = None,
    rules: str | None = None,
    language: str | None = None,
    source: Path | str | None = None,
    k_factor: KFactor | None = None,
    breakdowns: bool = False,
    prize_list: PrizeList | None = None,
    exempt: bool = False,
    zone: _dt.tzinfo | None = None,
    made: _dt.datetime | None = None,
) -> Report:
    """The report of ``round_number`` (default: the last paired round): its pairings, and the standings after
    the last round up to it that has results (a round just paired counts from its first result on).

    ``language`` defaults to the event's ``language`` setting, else English; ``source`` is the file the event
    came from, whose name titles a report of an event without a name. The print time is ``made`` (default:
    now) in ``zone`` (default: the machine's local zone).

    :raises InputError: for an unknown tie-break code, rules edition or language, or a round not paired.
    """
    last = tournament.current_round
    number = last if round_number is None else round_number
    if not 0 <= number <= last:
        raise InputError(f"round {number} has not been paired (the event has {last} paired round(s))")
    codes = parse_tiebreak_list(tiebreaks if tiebreaks is not None else tournament.settings.tiebreaks)
    edition = parse_rules(rules or tournament.settings.tiebreak_rules)
    scored = min(number, rounds_with_results(tournament))
    table = standings(tournament, tiebreaks=codes, through_round=scored, rules=edition)
    chosen = parse_language(language if language is not None else tournament.settings.language)
    name = Path(source).stem if source is not None else ""
    moment = (made or now()).astimezone(zone)
    return Report(tournament, number, scored, edition, table, chosen, name, k_factor, breakdowns, prize_list, exempt,
                  moment)

