"""The PDF's input: a :class:`~sheetpair.report.data.Report` as plain JSON data for the Typst templates.

The Typst templates (``templates/pdf/``) read one JSON document and never see markup: every name, note and
label is a string value, so no name can inject anything into the layout. The same report data model feeds the
web pages (Jinja2) and this document; only the choice of paper and type size happens here.

Each section is a list of blocks. A table block has its column headings, the side each column aligns to, its
rows of strings, and the page it wants: :func:`fit` counts each column's longest entry (in digit widths, see
:func:`text_width`) and picks the first of portrait at 9 pt, 8 pt,
landscape at 8 pt, 7 pt and 6 pt whose line is wide enough, so a table goes landscape or smaller by rule
instead of running off the page. Names may still wrap in the narrowest layout; numbers never do. The block
also names each column's few longest entries by that count (:func:`widest`) and the line's width: the template
measures those entries once and sets every row in boxes of those widths, instead of sizing the table cell by
cell, which took Typst most of its time.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.results import format_points
from .data import Breakdown, Card, Report

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres (width, height, portrait); the keys are the ``--paper`` choices."""

MARGIN_MM = 12.0
"""The page margin on every side."""

LAYOUTS: tuple[tuple[bool, float], ...] = ((False, 9.0), (False, 8.0), (True, 8.0), (True, 7.0), (True, 6.0))
"""(landscape, type size in points), tried in order until a table fits."""

DIGIT_EM = 0.5
"""The width of a digit in the em of the type (tabular figures of the sans-serif fonts used)."""

CELL_PAD_EM = 0.9
"""Left and right cell padding, together, in em."""


@dataclass(frozen=True)
class Column:
    heading: str
    align: str = "left"
    """``left``, ``right`` or ``center``."""


_NON_ASCII = re.compile("[^\x00-\x7f]")


def text_width(text: str) -> float:
    """``text``'s width in digit widths: digits count one, ``½`` and wide (Han, Hangul) characters two,
    anything else 1.2, an average of the capitals and small letters of a sans-serif font (the fit test
    checks that no glyph falls outside the page)."""
    digits = sum(map(text.count, "0123456789"))
    wide = 0
    for c in _NON_ASCII.findall(text):
        if c.isdigit():
            digits += 1
        elif c == "½" or unicodedata.east_asian_width(c) in "WF":
            wide += 1
    return digits + 2.0 * wide + 1.2 * (len(text) - digits - wide)


POSTING_LAYOUTS: tuple[tuple[bool, float], ...] = ((False, 14.0), (True, 14.0), (True, 12.0), (True, 10.0))
"""The posting list's layouts: large type, to be read from a distance."""

CARD_LAYOUTS: tuple[tuple[bool, float], ...] = tuple(layout for layout in LAYOUTS if not layout[0])
"""A player card's layouts: cards follow one another on portrait pages (names wrap in the last one)."""

BREAKDOWN_LAYOUTS: tuple[tuple[bool, float], ...] = ((False, 8.0),)
"""A tie-break breakdown's layout: its contributions wrap."""


WIDEST_SHARE = 0.8
"""An entry counted (:func:`text_width`) at this share of its column's longest or more may print widest: the
count is an estimate, so the template measures each such entry."""

WIDEST_COUNT = 8
"""The most entries of a column the template measures."""


def _counted(columns: Sequence[Column], rows: Sequence[Sequence[str]]) -> list[dict[str, float]]:
    """Each column's distinct entries with their counted widths (a number repeats: it is counted once)."""
    return [{entry: text_width(entry) for entry in {row[i]: None for row in rows}} for i in range(len(columns))]


def widest(counted: Sequence[dict[str, float]]) -> list[list[str]]:
    """Each column's entries (:func:`_counted`) that may print widest (:data:`WIDEST_SHARE`), longest first."""
    chosen = []
    for entries in counted:
        longest = max(entries.values(), default=0.0)
        wide = sorted((-w, e) for e, w in entries.items() if w >= WIDEST_SHARE * longest and e)
        chosen.append([e for _, e in wide[:WIDEST_COUNT]])
    return chosen


def fit(columns: Sequence[Column], counted: Sequence[dict[str, float]], paper: str,
        layouts: Sequence[tuple[bool, float]] = LAYOUTS) -> tuple[bool, float]:
    """The first of ``layouts`` in which the table's natural width (its entries :func:`_counted`) fits the
    line; the last one (names wrap) when none does."""
    widths = [max([text_width(w) for w in c.heading.split()] + list(entries.values()), default=0.0)
              for c, entries in zip(columns, counted)]
    natural_em = sum(w * DIGIT_EM + CELL_PAD_EM for w in widths)
    for landscape, size in layouts:
        if natural_em * size * 25.4 / 72 <= line_mm(paper, landscape):
            return landscape, size
    return layouts[-1]


def line_mm(paper: str, landscape: bool) -> float:
    """The width of the line between the margins, in millimetres."""
    short, long = PAPERS[paper]
    return (long if landscape else short) - 2 * MARGIN_MM


def _columns(columns: Sequence[Column], rows: Sequence[Sequence[str]], paper: str,
             layouts: Sequence[tuple[bool, float]]) -> dict[str, object]:
    """What a table or a group of cards says of its columns: headings, sides, the page it needs (:func:`fit`),
    the line's width and each column's widest entries (:func:`widest`)."""
    counted = _counted(columns, rows)
    landscape, size = fit(columns, counted, paper, layouts)
    return {"columns": [c.heading for c in columns], "align": [c.align for c in columns], "landscape": landscape,
            "size": size, "line": line_mm(paper, landscape), "wide": widest(counted)}


def table(title: str, columns: Sequence[Column], rows: Sequence[Sequence[str]], paper: str,
          notes: Sequence[str] = (), *, layouts: Sequence[tuple[bool, float]] = LAYOUTS,
          follows: bool = False) -> dict[str, object]:
    """One table block (:func:`_columns`) with its rows and notes; a block that ``follows`` the one before goes
    on the same page when their orientations agree."""
    return {"kind": "table", "title": title, **_columns(columns, rows, paper, layouts),
            "rows": [list(r) for r in rows], "notes": list(notes), "follows": follows}


CardText = tuple[str, list[list[str]], list[str]]
"""A card of a :func:`card_group`: its title, rows and notes."""


def card_group(columns: Sequence[Column], cards: Sequence[CardText], paper: str,
               layouts: Sequence[tuple[bool, float]]) -> dict[str, object]:
    """Cards one after another, each a title, rows and notes kept on one page; they share the columns (one type
    size, one set of widths, so the columns line up from card to card)."""
    every = [row for _, rows, _ in cards for row in rows]
    return {"kind": "cards", **_columns(columns, every, paper, layouts),
            "cards": [{"title": title, "rows": rows, "notes": notes} for title, rows, notes in cards]}


def _rating(rating: int | None) -> str:
    return str(rating) if rating else ""


def starting(report: Report, paper: str) -> list[dict[str, object]]:
    _ = report._
    columns = [Column(_("No"), "right"), Column(_("Title")), Column(_("Name")), Column(_("Fed")),
               Column(_("Rtg"), "right"), Column(_("FIDE ID"), "right"), Column(_("Club"))]
    rows = [[str(p.tpn), p.title, p.name, p.federation, _rating(p.rating) + (" i" if p.inactive else ""),
             str(p.fide_id or ""), p.club]
            for p in report.starting_list()]
    return [table(_("Starting rank list"), columns, rows, paper)]


def pairings(report: Report, paper: str, round_number: int) -> list[dict[str, object]]:
    """The handout: boards with both players' numbers, ratings and scores before the round; then by name."""
    _ = report._
    if not round_number:
        return [{"kind": "text", "title": _("Pairings"), "text": _("No round has been paired yet.")}]
    rp = report.pairings(round_number)
    columns = [Column(_("Bd"), "right"), Column(_("No"), "right"), Column(""), Column(_("White")),
               Column(_("Rtg"), "right"), Column(_("Pts"), "right"), Column(_("Result"), "center"),
               Column(_("Pts"), "right"), Column(""), Column(_("Black")), Column(_("Rtg"), "right"),
               Column(_("No"), "right")]
    rows = []
    for b in rp.boards:
        w = b.white.player
        left = [str(b.board or ""), str(w.tpn), w.title, w.name, _rating(w.rating), b.white.score]
        if b.black is None:
            rows.append([*left, b.result, "", "", "", "", ""])
        else:
            k = b.black.player
            rows.append([*left, b.result, b.black.score, k.title, k.name, _rating(k.rating), str(k.tpn)])
    notes = [_("Pts: score before the round.")]
    if rp.absent:
        notes.append(_("Not paired") + ": " + " · ".join(f"{line.player.name} ({line.player.tpn}): {line.note}"
                                                          for line in rp.absent))
    return [table(_("Pairings, round %(n)s", n=rp.number), columns, rows, paper, notes)]


def by_name(report: Report, paper: str, round_number: int) -> list[dict[str, object]]:
    """The alphabetical list: each player's board, colour and opponent."""
    _ = report._
    if not round_number:
        return []
    rp = report.pairings(round_number)
    columns = [Column(_("Name")), Column(_("No"), "right"), Column(_("Rtg"), "right"), Column(_("Pts"), "right"),
               Column(_("Bd"), "right"), Column(_("Colour")), Column(_("Opponent")), Column(_("No"), "right")]
    rows = [[line.player.name, str(line.player.tpn), _rating(line.player.rating), line.score, str(line.board or ""),
             line.colour, line.opponent.name if line.opponent else line.note,
             str(line.opponent.tpn) if line.opponent else ""] for line in rp.by_name]
    return [table(_("Pairings by name, round %(n)s", n=rp.number), columns, rows, paper, follows=True)]


def posting(report: Report, paper: str, round_number: int) -> list[dict[str, object]]:
    """The large-type list for the wall: boards, names with numbers, scores (the ratings are left out, as on
    the web page)."""
    _ = report._
    if not round_number:
        return []
    rp = report.pairings(round_number)
    columns = [Column(_("Bd"), "right"), Column(_("White")), Column(_("Pts"), "right"), Column(_("Result"), "center"),
               Column(_("Pts"), "right"), Column(_("Black"))]
    rows = [[str(b.board or ""), f"{b.white.player.name} ({b.white.player.tpn})", b.white.score, b.result,
             b.black.score if b.black else "", f"{b.black.player.name} ({b.black.player.tpn})" if b.black else ""]
            for b in rp.boards]
    return [table(_("Pairings, round %(n)s", n=rp.number), columns, rows, paper, layouts=POSTING_LAYOUTS)]


def standings(report: Report, paper: str) -> list[dict[str, object]]:
    _ = report._
    sv = report.standings_view()
    columns = [Column(_("Rk"), "right"), Column(_("No"), "right"), Column(""), Column(_("Name")), Column(_("Fed")),
               Column(_("Rtg"), "right"), Column(_("Pts"), "right"),
               *(Column(c.code, "right") for c in sv.columns), Column(_("G"), "right"),
               *([Column(_("ARO"), "right")] if sv.shows_aro else []), Column(_("Rp"), "right"),
               Column(_("Δ"), "right")]
    rows = [[str(r.standing.rank), str(r.player.tpn), r.player.title, r.player.name, r.player.federation,
             _rating(r.player.rating), r.points, *r.values, str(r.games),
             *([r.average_opponent] if sv.shows_aro else []), r.performance, r.change] for r in sv.rows]
    notes = [f"{c.code}: {c.name}" for c in sv.columns]
    notes.append(" · ".join(f"{_(code)}: {_(text)}" for code, text in (
        ("G", "games played over the board"), ("ARO", "average rating of the rated opponents"),
        ("Rp", "rating performance"), ("Δ", "FIDE rating change"))))
    notes += list(sv.notes)
    return [table(_("Standings after round %(n)s", n=sv.round), columns, rows, paper, notes)]


def crosstable(report: Report, paper: str) -> list[dict[str, object]]:
    _ = report._
    cv = report.crosstable()
    columns = [Column(_("Rk"), "right"), Column(_("No"), "right"), Column(""), Column(_("Name")), Column(_("Fed")),
               Column(_("Rtg"), "right"), *(Column(label, "center") for label in cv.columns),
               Column(_("Pts"), "right"), *(Column(code, "right") for code in cv.codes)]
    rows = [[str(r.standing.rank), str(r.player.tpn), r.player.title, r.player.name, r.player.federation,
             _rating(r.player.rating), *(c.text for c in r.cells), r.points, *r.values] for r in cv.rows]
    note = (_("Each cell: the result against the player of that column (by rank); grey for Black; + and − are "
              "forfeits.") if cv.square else
            _("Each cell: opponent's start number, colour (w/b, grey for Black), result; + and − are forfeits."))
    return [table(_("Crosstable after round %(n)s", n=cv.round), columns, rows, paper, [note])]


def _card_title(card: Card) -> str:
    """A card's title: rank, title and name, start number, federation, rating, and points."""
    p = card.player
    head = ", ".join(x for x in (str(p.tpn), p.federation, _rating(p.rating)) if x)
    return f"{card.standing.rank}. {p.title + ' ' if p.title else ''}{p.name} ({head}) – " \
           f"{format_points(card.standing.points)}"


def _contributions(report: Report, breakdown: Breakdown) -> str:
    """A tie-break's contributions in one line: round, opponent, value, and whether it is cut."""
    cut = f" ({report._('cut')})"
    return "; ".join(f"{line.round} {line.opponent} {line.value}{cut if line.cut else ''}" for line in breakdown.lines)


def cards(report: Report, paper: str, title: str) -> list[dict[str, object]]:
    """One small table per player (:func:`card_group`); when the report asks for breakdowns each tie-break's
    contributions follow as notes."""
    _ = report._
    columns = [Column(_("Rd"), "right"), Column(_("Colour"), "center"), Column(_("Opponent")),
               Column(_("No"), "right"), Column(_("Rtg"), "right"), Column(_("Result"), "center"),
               Column(_("Pts"), "right")]
    group: list[CardText] = []
    for card in report.cards():
        rows = [[str(line.round), line.colour, line.opponent.name if line.opponent else "",
                 str(line.opponent.tpn) if line.opponent else "",
                 _rating(line.opponent.rating) if line.opponent else "", line.result, line.running]
                for line in card.lines]
        figures = f"{_('Rated games')}: {card.figures.games}"
        if card.figures.average_opponent is not None:
            figures += f" · {_('ARO')} {card.figures.average_opponent} · {_('Rp')} {card.figures.performance}"
        if card.change:
            figures += f" · K {card.figures.k} · {_('Δ')} {card.change}"
        details = [f"{tb.code} ({tb.name}) = {tb.value}: {_contributions(report, tb)}" for tb in card.breakdowns]
        group.append((_card_title(card), rows, [figures, *map(report.note, card.figures.notes), *details]))
    return [{"kind": "heading", "title": title}, card_group(columns, group, paper, CARD_LAYOUTS)]


def breakdowns(report: Report, paper: str, title: str) -> list[dict[str, object]]:
    """The tie-break breakdowns: for each player a small table of each tie-break's value and its contributions
    (the games themselves are on the player cards); the tie-breaks' names once, under the section's title."""
    _ = report._
    pages = report.player_pages()
    legend = " · ".join(f"{tb.code}: {tb.name}" for tb in pages[0].breakdowns) if pages else ""
    columns = [Column(_("Tie-breaks")), Column(_("Value"), "right"), Column(_("Contributions"))]
    group: list[CardText] = [
        (_card_title(card), [[tb.code, tb.value, "; ".join(x for x in (tb.note, _contributions(report, tb)) if x)
                              or _("no contributions")] for tb in card.breakdowns], [])
        for card in pages]
    return [{"kind": "heading", "title": title, "notes": [legend] if legend else []},
            card_group(columns, group, paper, BREAKDOWN_LAYOUTS)]


def charts(report: Report) -> list[dict[str, object]]:
    """The leaders' running scores and the field's ratings as numbers; Typst draws the bars and lines."""
    _ = report._
    after = report.standings_round
    table_ = report.table_after(after)
    leaders = [{"name": s.name or str(s.tpn), "tpn": s.tpn,
                "scores": [table_.player(s.tpn).score_after(r) for r in range(1, after + 1)]}
               for s in table_.lines[:8]] if after else []
    ratings = sorted(p.rating for p in report.tournament.players if p.rating)
    bins: dict[int, int] = {}
    for rating in ratings:
        bins[rating // 100 * 100] = bins.get(rating // 100 * 100, 0) + 1
    unrated = sum(1 for p in report.tournament.players if not p.rating)
    bars = [{"label": str(low), "count": n} for low, n in sorted(bins.items())]
    if unrated:
        bars.append({"label": _("unrated"), "count": unrated})
    return [{"kind": "charts", "title": _("Charts"),
             "progression": {"title": _("Score progression of the leaders"), "rounds": after, "leaders": leaders,
                             "x": _("Round"), "y": _("Points")},
             "histogram": {"title": _("Ratings of the field"), "bars": bars, "x": _("Rating"),
                           "y": _("Players")}}]


def prizes(report: Report, paper: str) -> list[dict[str, object]]:
    _ = report._
    columns = [Column(_("No"), "right"), Column(_("Name")), Column(_("Prize")), Column(_("Amount"), "right"),
               Column(_("Why"))]
    rows = [[str(r.player.tpn), r.player.name, r.label, r.amount, r.reason] for r in report.prizes()]
    notes = [] if rows else [_("No prizes are given: the Prizes sheet lists none.")]
    return [table(_("Prize list"), columns, rows, paper, notes)]


def norms(report: Report, paper: str) -> list[dict[str, object]]:
    """The norms still in play, the IT1 certificate's data for each norm achieved, and the IT3 counts."""
    _ = report._
    columns = [Column(_("No"), "right"), Column(_("Name")), Column(_("Norm")), Column(_("Status")),
               Column(_("Needs"), "right"), Column(_("G"), "right"), Column(_("Ra"), "right"),
               Column(_("Rp"), "right"), Column(_("Why not yet"))]
    rows = [[str(r.player.tpn), r.player.name, r.status.norm, r.status_text, r.needs, str(r.status.games),
             _rating(r.status.average), _rating(r.status.performance), " ".join(r.status.reasons)]
            for r in report.norms()]
    notes = [] if rows else [_("No player can still make a norm.")]
    blocks = [table(_("Title norms after round %(n)s", n=report.standings_round), columns, rows, paper, notes)]
    game_columns = [Column(_("Rd"), "right"), Column(_("Opponent")), Column(_("Title")), Column(_("Fed")),
                    Column(_("FIDE ID"), "right"), Column(_("Rtg"), "right"), Column(_("Result"), "right")]
    for c in report.certificates():
        figures = (f"{_('FIDE ID')} {c.player.fide_id} · {_('Fed')} {c.player.federation} · {_('Games')} "
                   f"{c.status.games} · {_('Points')} {c.points} · {_('Ra')} {c.status.average} · {_('Rp')} "
                   f"{c.status.performance} · {_('Counts as %(n)s games', n=c.status.counts_as)}")
        games = [[str(g.round), g.name, g.title, g.federation, g.fide_id, str(g.rating), format_points(float(g.result))]
                 for g in c.games]
        blocks.append(table(_("IT1 norm certificate: %(norm)s norm of %(name)s", norm=c.norm, name=c.player.name),
                            game_columns, games, paper, [figures]))
    counts = [[label, str(count)] for label, count in report.it3_counts()]
    blocks.append(table(_("IT3 tournament report: counts"), [Column(""), Column("", "right")], counts, paper))
    return blocks


def document(report: Report, sections: Sequence[str], paper: str = "a4") -> dict[str, object]:
    """The whole JSON document: paper, running header, event header, then each section's blocks in order.

    :raises ValueError: for a paper size not in :data:`PAPERS`.
    """
    if paper not in PAPERS:
        raise ValueError(f"unknown paper {paper!r} (known: {', '.join(PAPERS)})")
    n = report.round_number
    builders = {
        "starting": lambda: starting(report, paper),
        "pairings": lambda: pairings(report, paper, n) + by_name(report, paper, n),
        "posting": lambda: posting(report, paper, n),
        "standings": lambda: standings(report, paper),
        "crosstable": lambda: crosstable(report, paper),
        "cards": lambda: cards(report, paper, report._("Player cards after round %(n)s", n=report.standings_round)),
        "tiebreaks": lambda: breakdowns(report, paper, report._("Tie-break breakdown after round %(n)s",
                                                                n=report.standings_round)),
        "charts": lambda: charts(report),
        "prizes": lambda: prizes(report, paper),
        "norms": lambda: norms(report, paper),
    }
    blocks = [block for section in sections for block in builders[section]()]
    running = (report._("Round %(n)s of %(total)s", n=n, total=report.tournament.settings.rounds) if n
               else report._("Before round 1"))
    return {"paper": "us-letter" if paper == "letter" else "a4", "margin": MARGIN_MM, "title": report.title,
            "running": running, "made": report._("Printed %(time)s", time=report.made_text), "lang": report.language,
            "header": [list(line) for line in report.header_lines()], "blocks": blocks,
            "page": report._("Page")}
