"""The printouts of a team event: the pairings of every round with their boards (and a posting version of
the latest round in large type), the team standings, the team crosstable, the board ranking and the team
cards. One list of table sections feeds the single HTML document, the linked web pages and the PDF, so the
three always say the same.
"""

from __future__ import annotations

import datetime as dt
import json
import shutil
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..core.results import format_points
from ..core.team_book import TeamBook, match_score
from ..core.team_standings import TeamTable, bye_points
from ..core.teams import TeamRound
from ..optional import require
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


def team_sections(book: TeamBook, table: TeamTable, kinds: tuple[str, ...] = TEAM_SECTIONS) -> list[Section]:
    """The printouts of ``kinds``: pairings of every round (the posting version of the latest only)."""
    out: list[Section] = []
    rounds = book.event.rounds
    for kind in kinds:
        if kind == "pairings":
            out += [_pairings(book, rnd, "pairings") for rnd in rounds]
        elif kind == "posting" and rounds:
            out.append(_pairings(book, rounds[-1], "posting"))
        elif kind == "standings":
            out.append(_standings(table))
        elif kind == "crosstable":
            out.append(_crosstable(table))
        elif kind == "boards":
            out.append(_boards(book, table))
        elif kind == "cards":
            out += [_card(book, team.tpn) for team in book.event.teams]
    return out


def _pairings(book: TeamBook, rnd: TeamRound, kind: str) -> Section:
    event = book.event
    rows: list[list[str]] = []
    strong: list[int] = []
    for match in rnd.matches:
        strong.append(len(rows))
        rows.append([str(match.table), "", f"{match.white} {event.team(match.white).name}", match_score(match),
                     f"{match.black} {event.team(match.black).name}"])
        for g in match.boards:
            rows.append(["", str(g.board), _player(book, g.white), g.result.value, _player(book, g.black)])
    for bye in rnd.byes:
        rows.append(["", "", f"{bye.team} {event.team(bye.team).name}",
                     f"{bye.kind.value} ({format_points(bye_points(event, bye.kind))})", ""])
    title = f"Pairings, round {rnd.number}" if kind == "pairings" else f"Round {rnd.number} (posting)"
    page = f"round-{rnd.number}.html" if kind == "pairings" else "posting.html"
    return Section(kind, title, ["Table", "Board", "White", "Result", "Black"], rows, strong, page)


def _player(book: TeamBook, tpn: int) -> str:
    if not tpn:
        return "-"
    player = book.player(tpn)
    return f"{tpn} {player.name} {player.rating or ''}".rstrip()


def _standings(table: TeamTable) -> Section:
    rows = [[str(s.rank), str(s.tpn), s.name, format_points(s.match_points), format_points(s.game_points),
             *(f"{s.tiebreaks[c]:g}" for c in table.codes)] for s in table.teams]
    return Section("standings", f"Team standings after round {table.through_round}",
                   ["Rank", "TPN", "Team", "MP", "GP", *table.codes], rows, page="standings.html")


def _crosstable(table: TeamTable) -> Section:
    order = [s.tpn for s in table.teams]
    def met(tpn: int, other: int) -> str:
        return "x" if other == tpn else " ".join(map(format_points, table.crosstable[tpn].get(other, [])))

    rows = [[str(s.rank), s.name, *(met(s.tpn, o) for o in order), format_points(s.match_points)] for s in table.teams]
    return Section("crosstable", "Team crosstable (game points)",
                   ["Rank", "Team", *map(str, range(1, len(order) + 1)), "MP"], rows, page="crosstable.html")


def _boards(book: TeamBook, table: TeamTable) -> Section:
    rows = [[str(b.board), str(b.rank), _player(book, b.tpn), book.event.team(b.team).name if b.team else "",
             format_points(b.points), str(b.games), f"{b.percentage:g}", str(b.performance or "")]
            for b in table.boards]
    return Section("boards", "Board ranking", ["Board", "Rank", "Player", "Team", "Points", "Games", "%", "Perf"],
                   rows, page="boards.html")


def _card(book: TeamBook, tpn: int) -> Section:
    event = book.event
    team = event.team(tpn)
    rows: list[list[str]] = []
    for rnd in event.rounds:
        match = next((m for m in rnd.matches if tpn in (m.white, m.black)), None)
        if match is None:
            bye = next((b for b in rnd.byes if b.team == tpn), None)
            rows.append([str(rnd.number), "", bye.kind.value if bye else "", ""])
            continue
        other = match.black if match.white == tpn else match.white
        score = match_score(match)
        if match.black == tpn and "-" in score:
            first, _, second = score.partition("-")
            score = f"{second}-{first}"
        players = ", ".join(_player(book, g.white if (g.board % 2) == (match.white == tpn) else g.black)
                            for g in match.boards)
        colour = "W" if match.white == tpn else "B"
        rows.append([str(rnd.number), f"{colour} {other} {event.team(other).name}", score, players])
    members = ", ".join(_player(book, m) for m in team.members)
    return Section("cards", f"{team.tpn} {team.name}: {members}", ["Round", "Opponent", "Score", "Line-up"], rows,
                   page="teams.html")


def _running(book: TeamBook, table: TeamTable) -> str:
    played = len(book.event.rounds)
    return f"Round {played} of {book.rounds}" if played else "Before round 1"


def team_report_html(book: TeamBook, table: TeamTable, kinds: tuple[str, ...] = TEAM_SECTIONS, *,
                     links: list[tuple[str, str]] | None = None, page_title: str = "") -> str:
    """One HTML document of the printouts ``kinds``."""
    return environment().get_template("team.html").render(
        title=book.name or "Team event", running=_running(book, table), sections=team_sections(book, table, kinds),
        links=links or [], page_title=page_title)


def write_team_site(book: TeamBook, table: TeamTable, directory: Path) -> list[Path]:
    """The linked web pages: an index (standings), each round's pairings, the posting version, the crosstable,
    the board ranking and the team cards."""
    directory.mkdir(parents=True, exist_ok=True)
    by_page: dict[str, list[Section]] = {}
    for section in team_sections(book, table):
        by_page.setdefault(section.page, []).append(section)
    titles = {page: sections[0].title.split(":")[0] if page != "teams.html" else "Teams"
              for page, sections in by_page.items()}
    links = [("index.html", "Standings"), *((p, t) for p, t in titles.items() if p != "standings.html")]
    written = []
    environ = environment()
    for page, sections in [("index.html", by_page.get("standings.html", [])), *by_page.items()]:
        html = environ.get_template("team.html").render(
            title=book.name or "Team event", running=_running(book, table), sections=sections, links=links,
            page_title=titles.get(page, "Standings"))
        path = directory / page
        path.write_text(html, encoding="utf-8")
        written.append(path)
    return written


def team_pdf(book: TeamBook, table: TeamTable, path: Path, kinds: tuple[str, ...] = TEAM_SECTIONS, *,
             paper: str = "a4") -> Path:
    """The printouts ``kinds`` as one PDF (Typst, the ``typst`` extra).

    :raises MissingExtraError: when the ``typst`` extra is not installed.
    """
    typst = require("typst", "typst")
    document = {"title": book.name or "Team event", "running": _running(book, table), "paper": paper,
                "made": dt.datetime.now().strftime("%Y-%m-%d %H:%M"),
                "sections": [asdict(s) for s in team_sections(book, table, kinds)]}
    with tempfile.TemporaryDirectory(prefix="sheetpair-pdf-") as root:
        shutil.copy(pdf_template_dir() / "team.typ", Path(root) / "team.typ")
        Path(root, "team.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        fonts = pdf_template_dir() / "fonts"
        data: bytes = typst.compile(str(Path(root) / "team.typ"), root=root,
                                    font_paths=[str(fonts)] if fonts.is_dir() else [])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path
