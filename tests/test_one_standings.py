"""One standings pipeline: every output ranks with the same rules.

A Norwegian Monrad game postponed (adjourned) counts as a provisional draw until its result is entered; the
Standings sheet, ``standings --json``, the TRF export and the HTML report must all say so, with the same
points and the same order.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

from click.testing import CliRunner

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.session import write
from sheetpair.cli import cli
from sheetpair.core.model import Player, Result, Settings
from sheetpair.core.results import format_points
from sheetpair.io.openpyxl_port import OpenpyxlPort


def _postponed_event(path: Path) -> tuple[int, int]:
    roster = [Player(0, f"Player {i}", rating=2000 - 10 * i) for i in range(1, 9)]
    tournament = new_tournament(roster, Settings("norwegian-monrad", 5, seed=1))
    first = operations.pair_next_round(tournament)
    for game in first.games:
        game.result = Result.WHITE_WINS
    second = operations.pair_next_round(tournament)
    for game in second.games:
        game.result = Result.BLACK_WINS
    postponed = second.games[0]
    postponed.result = Result.POSTPONED
    port = OpenpyxlPort(path, create=True)
    write(port, tournament)
    port.save()
    return postponed.white, postponed.black


def test_a_postponed_norwegian_game_is_a_provisional_draw_in_every_output(tmp_path: Path) -> None:
    workbook = tmp_path / "event.xlsx"
    white, black = _postponed_event(workbook)
    runner = CliRunner()
    shown = json.loads(runner.invoke(cli, ["standings", str(workbook), "--json"], catch_exceptions=False).output)
    points = {line["tpn"]: line["points"] for line in shown}
    order = [line["tpn"] for line in shown]
    assert points[white] % 1 == 0.5 and points[black] % 1 == 0.5

    sheet = OpenpyxlPort(workbook).read_sheet("Standings")
    header = sheet[0]
    rows = [dict(zip(header, row)) for row in sheet[1:]]
    assert [r["TPN"] for r in rows] == order
    assert {r["TPN"]: r["Points"] for r in rows} == points

    trf = tmp_path / "event.trf"
    assert runner.invoke(cli, ["export", str(workbook), "--trf", str(trf)]).exit_code == 0
    trf_points, trf_rank = {}, {}
    for line in trf.read_text(encoding="utf-8").splitlines():
        if line.startswith("001 "):
            trf_points[int(line[4:8])] = float(line[80:84])
            trf_rank[int(line[4:8])] = int(line[85:89])
    assert trf_points == points
    assert sorted(trf_rank, key=lambda t: (trf_rank[t], order.index(t))) == order

    site = tmp_path / "site"
    assert runner.invoke(cli, ["report", str(workbook), "--html", str(site)]).exit_code == 0
    rows = [row for row in _table_rows(sorted(site.glob("standings-*.html"))[-1].read_text(encoding="utf-8"))
            if any(cell.startswith("Player ") for cell in row)]
    names = {line["tpn"]: line["name"] for line in shown}
    assert [next(c for c in row if c.startswith("Player ")) for row in rows] == [names[t] for t in order]
    for row, tpn in zip(rows, order):
        assert format_points(points[tpn]) in row


class _Rows(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: object) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.rows:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _table_rows(html: str) -> list[list[str]]:
    parser = _Rows()
    parser.feed(html)
    return parser.rows


def test_names_with_html_in_them_are_escaped_in_every_page(tmp_path: Path) -> None:
    roster = [Player(0, "<b>Bold</b> & <script>x</script>", rating=2000), Player(0, "Plain", rating=1900),
              Player(0, "=SUM(A1)", rating=1800), Player(0, "Quiet", rating=1700)]
    tournament = new_tournament(roster, Settings("dutch", 3, seed=1))
    operations.pair_next_round(tournament)
    path = tmp_path / "event.xlsx"
    port = OpenpyxlPort(path, create=True)
    write(port, tournament)
    port.save()
    site = tmp_path / "site"
    assert CliRunner().invoke(cli, ["report", str(path), "--html", str(site)]).exit_code == 0
    for page in site.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        assert "<b>Bold</b>" not in html and "<script>x</script>" not in html, page.name
    assert "&lt;b&gt;Bold&lt;/b&gt;" in (site / "start.html").read_text(encoding="utf-8")
    assert OpenpyxlPort(path).read_sheet("Players")[3][1] == "=SUM(A1)"  # text, not a formula
