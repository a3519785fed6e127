"""Reports: every section rendered as HTML and PDF for a 9-round Swiss and a round robin, and the CLI."""

from __future__ import annotations

import json
import random
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.cli import cli
from sheetpair.core.model import Bye, ByeKind, EventInfo, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.io.metadata import read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament
from sheetpair.report import SECTIONS, build_report, format_value, render_html, write_html, write_pdf
from sheetpair.report.collation import name_key
from sheetpair.report.render import template_dirs

from .conftest import REPO

NAMES = ["Алексей Иванов", "Γιώργος Παπαδόπουλος", "Zoë Ødegaard", "Łukasz Żółć", "Anna Müller", "Nguyễn Văn An",
         "Ana García", "Søren Kierkegaard", "Ivan Horvat", "Eva Nováková", "Olle Öberg", "Mehmet Yılmaz",
         "Jānis Bērziņš", "Ruta Šimkienė", "Pál Kovács", "Ilse Krüger"]
SWISS_CODES = ("BH-C1", "BH", "SB", "DE", "WIN", "ARO")


def swiss_sample() -> Tournament:
    """A 9-round Swiss of 16 players built round by round in score order, with byes, a forfeit and a withdrawal."""
    rng = random.Random(7)
    players = [Player(t, name, rating=2300 - 25 * t, federation="EUR") for t, name in enumerate(NAMES, start=1)]
    players[15].withdrawn_from = 7
    settings = Settings("dutch", 9, tiebreaks=SWISS_CODES,
                        event=EventInfo(name="Spring Open 2026", city="Oslo", federation="NOR", start_date="2026-04-01",
                                        end_date="2026-04-05", chief_arbiter="IA Kari Nordmann"))
    t = Tournament(settings, players, [])
    for number in range(1, 10):
        state = derive(t)
        active = [p.tpn for p in players if p.is_active_in(number)]
        byes = [Bye(3, ByeKind.HALF)] if number == 4 else []
        active = [a for a in active if a not in {b.player for b in byes}]
        order = sorted(active, key=lambda tpn: (-state.score(tpn), tpn))
        if len(order) % 2:
            byes.append(Bye(order.pop(), ByeKind.PAB))
        games = []
        for i in range(len(order) // 2):
            white, black = order[2 * i], order[2 * i + 1]
            result = Result.WHITE_WINS_BY_FORFEIT if (number, i) == (5, 2) else rng.choice(
                [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
            games.append(Game(i + 1, *((white, black) if (number + i) % 2 else (black, white)), result))
        t.rounds.append(Round(number, games, byes))
    return t


def round_robin_sample() -> Tournament:
    """An 8-player Berger event played through the core, one player withdrawn after round 4."""
    players = [Player(0, name, rating=2100 + i) for i, name in enumerate(NAMES[:8])]
    t = new_tournament(players, Settings("berger", 7, bye_value=0.0, tiebreaks=("DE", "SB", "WIN", "KS"),
                                                    seed=3, event=EventInfo(name="Club Championship")))
    rng = random.Random(5)
    for number in range(1, 8):
        rnd = operations.pair_next_round(t)
        for game in rnd.games:
            if game.result is Result.NONE:
                game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])
        if number == 4:
            operations.withdraw(t, 8, 5)
    return t


@pytest.fixture(scope="module", params=["swiss", "round_robin"])
def sample(request) -> Tournament:
    return swiss_sample() if request.param == "swiss" else round_robin_sample()


@pytest.fixture(scope="module")
def pdf_text(sample: Tournament, tmp_path_factory) -> tuple[Tournament, PdfReader, list[str]]:
    path = write_pdf(build_report(sample), tmp_path_factory.mktemp("pdf") / "report.pdf", SECTIONS)
    reader = PdfReader(path)
    return sample, reader, [page.extract_text() for page in reader.pages]


def test_html_pages_are_well_formed_and_name_every_player(sample: Tournament, tmp_path: Path):
    pages = write_html(build_report(sample), tmp_path)
    rounds = sample.current_round
    assert sorted(p.name for p in pages) == sorted(
        ["crosstable.html", "index.html", "players.html", "start.html"]
        + [f"round-{n}.html" for n in range(1, rounds + 1)] + [f"standings-{n}.html" for n in range(1, rounds + 1)]
        + (["norms.html"] if sample.settings.rounds >= 9 else []))  # an event of fewer rounds gives no norm
    for page in pages:
        text = page.read_text(encoding="utf-8")
        root = ET.fromstring(text.split("\n", 1)[1])  # XHTML-compatible markup after the doctype
        assert root.tag == "html"
        content = "".join(root.itertext())
        if page.name in ("start.html", f"standings-{rounds}.html", "crosstable.html", "players.html",
                         f"round-{rounds}.html"):
            for player in sample.players:
                assert player.name in content, (page.name, player.name)


def test_pdf_has_every_section_page_numbers_and_every_player(pdf_text):
    tournament, reader, texts = pdf_text
    last = tournament.current_round
    joined = "\n".join(texts)
    for heading in (f"Pairings, round {last}", f"Pairings by name, round {last}", f"Standings after round {last}",
                    f"Crosstable after round {last}", f"Tie-break breakdown after round {last}"):
        assert heading in joined
    for number, text in enumerate(texts, start=1):
        assert f"{number} / {len(texts)}" in text
    standings_pages = [t for t in texts if "Standings after round" in t]
    for player in tournament.players:
        assert any(player.name in t for t in standings_pages), player.name
    assert "½" in joined
    assert tournament.settings.event.name in texts[0]


def test_only_wide_tables_turn_landscape_and_breakdowns_stay_portrait(pdf_text):
    _, reader, texts = pdf_text
    for page, text in zip(reader.pages, texts):
        wide = float(page.mediabox.width) > float(page.mediabox.height)
        assert not wide or "Crosstable after round" in text or "Pairings, round" in text, text[:200]
        assert not (wide and "Tie-break breakdown" in text)


def test_breakdown_shows_the_dummy_and_cut_rounds_of_the_swiss():
    report = build_report(swiss_sample())
    page = next(p for p in report.player_pages() if p.player.tpn == 3)  # half-point bye in round 4
    bh = next(b for b in page.breakdowns if b.code == "BH")
    line = next(line for line in bh.lines if line.round == "4")
    assert line.opponent == "dummy" and "dummy opponent" in line.note
    cut = next(b for b in page.breakdowns if b.code == "BH-C1")
    assert [line.round for line in cut.lines if line.cut] == ["4"]  # the VUR is cut first (C.07 16.5)


def test_pairings_by_board_and_by_name():
    report = build_report(swiss_sample(), round_number=4)
    boards = report.pairings().boards
    assert [b.board for b in boards if b.black is not None] == list(range(1, 8))
    assert any(b.black is None and "half point" in b.result for b in boards)
    names = [line.player.name for line in report.pairings().by_name]
    assert names == sorted(names, key=name_key) and len(names) == 16


def test_repeated_table_header_on_a_long_standings(tmp_path: Path):
    t = swiss_sample()
    extra = [Player(t_, f"Reserve {t_}", rating=1500) for t_ in range(17, 90)]
    t.players.extend(extra)
    path = write_pdf(build_report(t), tmp_path / "long.pdf", sections=("standings",))
    texts = [page.extract_text() for page in PdfReader(path).pages]
    standings_pages = [text for text in texts if "Reserve" in text]
    assert len(standings_pages) >= 2
    assert all("Rk" in text and "BH-C1" in text for text in standings_pages)


def test_values_print_halves_with_the_half_sign():
    assert format_value(14.5) == "14½" and format_value(0.5) == "½" and format_value(7.25) == "7.25"
    assert format_value(2100.0) == "2100"


def test_decimals_and_rating_changes_in_the_reports_language():
    from sheetpair.report.numbers import column_style, signed

    assert format_value(7.25, "de") == "7,25" and format_value(7.25, "fr") == "7,25" and format_value(7.25) == "7.25"
    assert column_style([1.25, 3.0], "es")(3.0) == "3,00" and column_style([1.5, 3.0], "de")(1.5) == "1½"
    assert signed(16.84, "de") == "+16,8" and signed(-3.0, "fr") == "−3,0" and signed(12.44) == "+12.4"
    german = build_report(swiss_sample(), language="de").standings_view()
    changes = [row.change for row in german.rows if row.change]
    assert changes and all("," in c and "." not in c for c in changes)


def test_templates_live_at_the_top_level_and_are_found():
    assert (REPO / "templates" / "layout.html").is_file()
    assert template_dirs()
    html = render_html(build_report(round_robin_sample()), ["standings"])
    assert "Club Championship" in html


def test_report_command_writes_html_and_pdf(tmp_path: Path):
    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", book)
    result = CliRunner().invoke(cli, ["report", str(book), "--html", str(tmp_path / "html"),
                                      "--pdf", str(tmp_path / "r.pdf"), "--section", "standings"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "html" / "index.html").is_file()
    text = "".join(p.extract_text() for p in PdfReader(tmp_path / "r.pdf").pages)
    for player in load_tournament(OpenpyxlPort(book)).players:
        assert player.name in text
    missing = CliRunner().invoke(cli, ["report", str(book)])
    assert missing.exit_code == 2


def test_standings_computes_any_list_on_demand_and_saves_only_when_asked(tmp_path: Path):
    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", book)
    saved = load_tournament(OpenpyxlPort(book)).settings.tiebreaks
    codes = "BH-C1,BH,SB,KS,PS,REP,STD,TPN,WON,BPG,BWG,AOB,FB,ARO,TPR,PTP,APRO,APPO,RTNG,DE,WIN,WNT"
    result = CliRunner().invoke(cli, ["standings", str(book), "--tiebreaks", codes, "--rules", "2024", "--json"])
    assert result.exit_code == 0, result.output
    table = json.loads(result.stdout)
    assert all(list(line["tiebreaks"]) == codes.split(",") for line in table)
    assert load_tournament(OpenpyxlPort(book)).settings.tiebreaks == saved
    result = CliRunner().invoke(cli, ["standings", str(book), "--tiebreaks", "SB,WIN", "--rules", "2024", "--save"])
    assert result.exit_code == 0, result.output
    settings = load_tournament(OpenpyxlPort(book)).settings
    assert settings.tiebreaks == ("SB", "WIN") and settings.tiebreak_rules == "2024"
    bad = CliRunner().invoke(cli, ["standings", str(book), "--tiebreaks", "XX"])
    assert bad.exit_code == 65


def test_standings_and_crosstable_sheets_are_ready_to_print(tmp_path: Path):
    import openpyxl

    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", book)
    result = CliRunner().invoke(cli, ["standings", str(book), "--tiebreaks", "SB,WNT,WIN", "--save"])
    assert result.exit_code == 0, result.output
    workbook = openpyxl.load_workbook(book)
    standings_sheet, cross = workbook["Standings"], workbook["Crosstable"]
    for sheet in (standings_sheet, cross):
        assert sheet.freeze_panes == "D2"  # header row plus rank, start number and name stay in view
        assert sheet.print_title_rows == "$1:$1" and sheet.page_setup.fitToWidth == 1
        assert all(4 <= d.width <= 52 for d in sheet.column_dimensions.values())
    assert cross.page_setup.orientation == "landscape"
    header = [c.value for c in cross[1]]
    assert header[:4] == ["Rank", "TPN", "Name", "Rating"] and header[-3:] == ["SB", "WNT", "WIN"]
    ranks = [row[0].value for row in cross.iter_rows(min_row=2, max_row=9)]  # the legend stands below
    assert ranks == sorted(ranks)
    wnt = header.index("WNT") + 1
    assert cross.cell(2, wnt).number_format == "0.00"
    win = header.index("WIN") + 1
    assert cross.cell(2, win).number_format == "# ?/2"  # whole and half points: 3 1/2, still a number


def test_a_round_just_paired_shows_its_pairings_with_the_standings_before_it():
    t = swiss_sample()
    for game in t.rounds[-1].games:
        game.result = Result.NONE
    report = build_report(t)
    assert (report.round_number, report.standings_round) == (9, 8)
    html = render_html(report, ["pairings", "standings", "crosstable"])
    assert "Pairings, round 9" in html and "Standings after round 8" in html and "<th>9</th>" not in html


def test_standings_without_a_change_writes_nothing(tmp_path: Path):
    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", book)

    def run(*args: str) -> tuple[bytes, int]:
        result = CliRunner().invoke(cli, ["standings", str(book), *args])
        assert result.exit_code == 0, result.output
        return book.read_bytes(), read_metadata(OpenpyxlPort(book)).revision

    written, revision = run()  # the first run may write (the sample's sheets came from an earlier version)
    assert run() == (written, revision) == run("--tiebreaks", "SB,BH")  # shown, not kept: nothing to write
    saved = run("--tiebreaks", "SB,BH", "--save")
    assert saved[0] != written and saved[1] == revision + 1
    assert run("--save", "--tiebreaks", "SB,BH") == saved == run()
