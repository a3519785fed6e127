"""The printouts of a team event: the pairings of every round with their boards (and a posting version of
the latest round in large type), the team standings, the team crosstable, the board ranking and the team
cards, in English, German, Spanish or French. One list of table sections feeds the single HTML document,
the linked web pages and the PDF, so the three always say the same.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from babel.numbers import format_decimal

from ..core.results import format_points
from ..core.team_book import TeamBook, match_score
from ..core.team_standings import TeamTable, bye_points
from ..core.teams import TeamByeKind, TeamRound
from ..optional import require
from .i18n import print_time, translations
from .numbers import column_style
from .pdf import pdf_template_dir
from .render import environment

TEAM_SECTIONS = ("pairings", "posting", "standings", "crosstable", "boards", "cards")
"""The team printouts, in print order."""


@dataclass(frozen=True)
class Section:
    """One printout: a title and a table; ``strong`` lists the rows of matches (printed bold)."""

    kind: str
    title: str
    columns: list[str]
    rows: list[list[str]]
    strong: list[int] = field(default_factory=list)
    page: str = ""
    """The web page it is written to."""


def team_sections(book: TeamBook, table: TeamTable, kinds: tuple[str, ...] = TEAM_SECTIONS,
                  language: str = "en") -> list[Section]:
    """The printouts of ``kinds`` in ``language``: pairings of every round (the posting version of the latest
    only)."""
    printout = _Printout(book, table, language)
    out: list[Section] = []
    rounds = book.event.rounds
    for kind in kinds:
        if kind == "pairings":
            out += [printout.pairings(rnd, "pairings") for rnd in rounds]
        elif kind == "posting" and rounds:
            out.append(printout.pairings(rounds[-1], "posting"))
        elif kind == "standings":
            out.append(printout.standings())
        elif kind == "crosstable":
            out.append(printout.crosstable())
        elif kind == "boards":
            out.append(printout.boards())
        elif kind == "cards":
            out += [printout.card(team.tpn) for team in book.event.teams]
    return out


@dataclass(frozen=True)
class _Printout:
    """The team printouts in one language: every text through the report catalogs, numbers in the
    language's format."""

    book: TeamBook
    table: TeamTable
    language: str

    def _(self, text: str, **values: object) -> str:
        """``text`` in the printout's language, with ``%(name)s`` placeholders filled."""
        translated = translations(self.language).gettext(text)
        return translated % values if values else translated

    def bye(self, kind: TeamByeKind) -> str:
        return {TeamByeKind.PAB: self._("PAB"), TeamByeKind.ABSENT: self._("absent"),
                TeamByeKind.REST: self._("rest round"), TeamByeKind.HALF: self._("absent, drawn match"),
                TeamByeKind.FULL: self._("absent, won match")}[kind]

    def pairings(self, rnd: TeamRound, kind: str) -> Section:
        event = self.book.event
        rows: list[list[str]] = []
        strong: list[int] = []
        for match in rnd.matches:
            strong.append(len(rows))
            rows.append([str(match.table), "", f"{match.white} {event.team(match.white).name}", match_score(match),
                         f"{match.black} {event.team(match.black).name}"])
            for g in match.boards:
                rows.append(["", str(g.board), self.player(g.white), g.result.value, self.player(g.black)])
        for bye in rnd.byes:
            rows.append(["", "", f"{bye.team} {event.team(bye.team).name}",
                         f"{self.bye(bye.kind)} ({format_points(bye_points(event, bye.kind))})", ""])
        title = (self._("Pairings, round %(n)s", n=rnd.number) if kind == "pairings"
                 else self._("Round %(n)s (posting)", n=rnd.number))
        page = f"round-{rnd.number}.html" if kind == "pairings" else "posting.html"
        return Section(kind, title, [self._("Table"), self._("Bd"), self._("White"), self._("Res"), self._("Black")],
                       rows, strong, page)

    def player(self, tpn: int) -> str:
        if not tpn:
            return "-"
        player = self.book.player(tpn)
        return f"{tpn} {player.name} {player.rating or ''}".rstrip()

    def standings(self) -> Section:
        table = self.table
        styles = {c: column_style([s.tiebreaks[c] for s in table.teams], self.language) for c in table.codes}
        rows = [[str(s.rank), str(s.tpn), s.name, format_points(s.match_points), format_points(s.game_points),
                 *(styles[c](s.tiebreaks[c]) for c in table.codes)] for s in table.teams]
        return Section("standings", self._("Team standings after round %(n)s", n=table.through_round),
                       [self._("Rk"), self._("No"), self._("Team"), self._("MP"), self._("GP"), *table.codes], rows,
                       page="standings.html")

    def crosstable(self) -> Section:
        table = self.table
        order = [s.tpn for s in table.teams]

        def met(tpn: int, other: int) -> str:
            return "x" if other == tpn else " ".join(map(format_points, table.crosstable[tpn].get(other, [])))

        rows = [[str(s.rank), s.name, *(met(s.tpn, o) for o in order), format_points(s.match_points)]
                for s in table.teams]
        return Section("crosstable", self._("Team crosstable (game points)"),
                       [self._("Rk"), self._("Team"), *map(str, range(1, len(order) + 1)), self._("MP")], rows,
                       page="crosstable.html")

    def boards(self) -> Section:
        event = self.book.event
        rows = [[str(b.board), str(b.rank), self.player(b.tpn), event.team(b.team).name if b.team else "",
                 format_points(b.points), str(b.games),
                 format_decimal(b.percentage, format="0.#", locale=self.language), str(b.performance or "")]
                for b in self.table.boards]
        return Section("boards", self._("Board ranking"),
                       [self._("Bd"), self._("Rk"), self._("Player"), self._("Team"), self._("Pts"), self._("Games"),
                        "%", self._("Rp")], rows, page="boards.html")

    def card(self, tpn: int) -> Section:
        event = self.book.event
        team = event.team(tpn)
        rows: list[list[str]] = []
        for rnd in event.rounds:
            match = next((m for m in rnd.matches if tpn in (m.white, m.black)), None)
            if match is None:
                bye = next((b for b in rnd.byes if b.team == tpn), None)
                rows.append([str(rnd.number), "", self.bye(bye.kind) if bye else "", ""])
                continue
            other = match.black if match.white == tpn else match.white
            score = match_score(match)
            if match.black == tpn and "-" in score:
                first, _, second = score.partition("-")
                score = f"{second}-{first}"
            players = ", ".join(self.player(g.white if (g.board % 2) == (match.white == tpn) else g.black)
                                for g in match.boards)
            colour = self._("W") if match.white == tpn else self._("B")
            rows.append([str(rnd.number), f"{colour} {other} {event.team(other).name}", score, players])
        members = ", ".join(self.player(m) for m in team.members)
        return Section("cards", f"{team.tpn} {team.name}: {members}",
                       [self._("Rd"), self._("Opponent"), self._("Score"), self._("Line-up")], rows, page="teams.html")

    def running(self) -> str:
        played = len(self.book.event.rounds)
        return self._("Round %(n)s of %(total)s", n=played, total=self.book.rounds) if played else self._(
            "Before round 1")

    def title(self) -> str:
        return self.book.name or self._("Team event")


def team_report_html(book: TeamBook, table: TeamTable, kinds: tuple[str, ...] = TEAM_SECTIONS, *,
                     language: str = "en") -> str:
    """One HTML document of the printouts ``kinds`` in ``language``."""
    printout = _Printout(book, table, language)
    return environment(language).get_template("team.html").render(
        title=printout.title(), running=printout.running(), sections=team_sections(book, table, kinds, language),
        links=[], page_title="", language=language)


def write_team_site(book: TeamBook, table: TeamTable, directory: Path, language: str = "en") -> list[Path]:
    """The linked web pages in ``language``: an index (standings), each round's pairings, the posting version,
    the crosstable, the board ranking and the team cards."""
    directory.mkdir(parents=True, exist_ok=True)
    printout = _Printout(book, table, language)
    by_page: dict[str, list[Section]] = {}
    for section in team_sections(book, table, language=language):
        by_page.setdefault(section.page, []).append(section)
    titles = {page: sections[0].title.split(":")[0] if page != "teams.html" else printout._("Teams")
              for page, sections in by_page.items()}
    standings = printout._("Standings")
    links = [("index.html", standings), *((p, t) for p, t in titles.items() if p != "standings.html")]
    written = []
    environ = environment(language)
    for page, sections in [("index.html", by_page.get("standings.html", [])), *by_page.items()]:
        html = environ.get_template("team.html").render(
            title=printout.title(), running=printout.running(), sections=sections, links=links,
            page_title=titles.get(page, standings), language=language)
        path = directory / page
        path.write_text(html, encoding="utf-8")
        written.append(path)
    return written


def team_pdf(book: TeamBook, table: TeamTable, path: Path, kinds: tuple[str, ...] = TEAM_SECTIONS, *,
             paper: str = "a4", language: str = "en") -> Path:
    """The printouts ``kinds`` as one PDF in ``language`` (Typst, the ``typst`` extra).

    :raises MissingExtraError: when the ``typst`` extra is not installed.
    """
    typst = require("typst", "typst")
    printout = _Printout(book, table, language)
    document = {"title": printout.title(), "running": printout.running(), "paper": paper,
                "made": print_time(dt.datetime.now().astimezone(), language),
                "sections": [asdict(s) for s in team_sections(book, table, kinds, language)]}
    with tempfile.TemporaryDirectory(prefix="sheetpair-pdf-") as root:
        shutil.copy(pdf_template_dir() / "team.typ", Path(root) / "team.typ")
        Path(root, "team.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        fonts = pdf_template_dir() / "fonts"
        data: bytes = typst.compile(str(Path(root) / "team.typ"), root=root,
                                    font_paths=[str(fonts)] if fonts.is_dir() else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
