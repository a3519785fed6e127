"""Publication: what an arbiter posts, hands out and uploads, checked by its content.

One 14-player Dutch event with names in every script the reports promise (Latin with diacritics, Cyrillic,
Greek, Arabic, Hebrew, Devanagari, Chinese, Japanese, Korean), an unrated player, a requested bye, a forfeit
and a withdrawal; PDF text is read back with pypdf, HTML with the standard XML parser.
"""

from __future__ import annotations

import datetime
import json
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from pyuca import Collator

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.cli import cli
from sheetpair.cli.display import table, width
from sheetpair.core.errors import InputError
from sheetpair.core.model import ByeKind, EventInfo, Player, Result, Settings, Tournament
from sheetpair.core.rating import fide_k
from sheetpair.core.results import BYE_LABELS
from sheetpair.core.tiebreaks.codes import TIEBREAKS
from sheetpair.io.trf import read_trf
from sheetpair.report import SECTIONS, build_report, default_sections, fonts, render_html, write_html, write_pdf
from sheetpair.report.collation import name_key
from sheetpair.report.i18n import LANGUAGES, LOCALE_DIR, time_zone
from sheetpair.report.numbers import column_style
from sheetpair.report.pdfdata import WIDEST_COUNT, document, text_width

from .conftest import CONFORMANCE, REPO

ROSTER = [  # name, title, federation, rating
    ("Magnus Ødegård", "GM", "NOR", 2650), ("Łukasz Nowak", "IM", "POL", 2480), ("Ahmet Şahin", "FM", "TUR", 2390),
    ("Иван Попов", "", "RUS", 2310), ("John Smith", "", "ENG", 2250), ("李明", "WGM", "CHN", 2210),
    ("Γιώργος Παπαδόπουλος", "", "GRE", 2150), ("محمد علي", "", "EGY", 2100), ("דוד לוי", "", "ISR", 2050),
    ("राहुल शर्मा", "", "IND", 2000), ("山田 はなこ", "", "JPN", 1950), ("김민준", "", "KOR", 1900),
    ("Zoë Müller", "", "GER", 0), ("Ana García", "", "ESP", 1800),
]
SCRIPTS = {"Cyrillic": "Иван Попов", "Greek": "Γιώργος Παπαδόπουλος", "Arabic": "محمد علي", "Hebrew": "דוד לוי",
           "Devanagari": "राहुल शर्मा", "Chinese": "李明", "Japanese": "山田 はなこ", "Korean": "김민준",
           "Latin": "Łukasz Nowak"}
CODES = ("BH-C1", "BH", "SB", "ARO", "WNT")


def dutch_event(rounds_played: int = 5, *, named: bool = True) -> Tournament:
    """The event after ``rounds_played`` rounds paired by the Dutch system; the last one has no results yet
    when ``rounds_played`` is 6."""
    players = [Player(0, name, rating=rating, title=title, federation=fed, fide_id=str(100000 + i), club="SK")
               for i, (name, title, fed, rating) in enumerate(ROSTER)]
    event = EventInfo(name="Open Ødegård 2026" if named else "", city="Tromsø", federation="NOR",
                      start_date="2026-04-01", end_date="2026-04-05", chief_arbiter="IA Kari Nordmann",
                      time_control="90'+30\"")
    t = new_tournament(players, Settings("dutch", 7, tiebreaks=CODES, seed=1, event=event), keep_order=True)
    operations.request_bye(t, 5, 3, ByeKind.HALF)
    results = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.DRAW, Result.WHITE_WINS]
    for number in range(1, rounds_played + 1):
        rnd = operations.pair_next_round(t)
        if number == 6:
            break
        for i, game in enumerate(rnd.games):
            if game.result is Result.NONE:
                game.result = Result.WHITE_WINS_BY_FORFEIT if (number, i) == (2, 3) else results[(i + number) % 5]
        if number == 3:
            operations.withdraw(t, 14, 4)
    return t


@pytest.fixture(scope="module")
def event() -> Tournament:
    return dutch_event()


@pytest.fixture(scope="module")
def default_pdf(event: Tournament, tmp_path_factory) -> list[str]:
    path = write_pdf(build_report(event), tmp_path_factory.mktemp("pdf") / "event.pdf")
    return [page.extract_text() for page in PdfReader(path).pages]


def xml_text(html: str) -> str:
    root = ET.fromstring(html.split("\n", 1)[1])
    return "".join(root.itertext())


# -- pairings ---------------------------------------------------------------------------------------------------


def test_a_fresh_round_shows_each_players_score_before_it():
    t = dutch_event(6)
    report = build_report(t)
    rp = report.pairings()
    assert rp.number == 6 and all(b.result == "" for b in rp.boards if b.black is not None)
    history = report.table.paired
    for b in rp.boards:
        seats = [b.white] + ([b.black] if b.black else [])
        for seat in seats:
            assert seat.score != ""
            assert seat.score == column_style(
                h.score_after(5) for h in history.players.values())(history[seat.player.tpn].score_after(5))
    first = build_report(t, round_number=1).pairings()
    assert {b.white.score for b in first.boards} == {"0"}


def test_results_fill_in_once_known(event: Tournament):
    rp = build_report(event).pairings(5)
    assert all(b.result for b in rp.boards)


def test_byes_and_absentees_are_listed(event: Tournament):
    report = build_report(event, round_number=3)
    rp = report.pairings()
    bye = next(b for b in rp.boards if b.black is None and b.white.player.tpn == 5)
    assert bye.result == BYE_LABELS[ByeKind.HALF]
    later = build_report(event, round_number=5).pairings()
    assert [(line.player.tpn, line.note) for line in later.absent] == [(14, "withdrawn")]
    html = render_html(build_report(event, round_number=5), ["pairings"])
    assert "Ana García (14): withdrawn" in xml_text(html)


def test_pairings_by_name_follow_unicode_collation(event: Tournament):
    names = [line.player.name for line in build_report(event).pairings().by_name]
    latin = [n for n in names if n[0].isascii() or n[0] in "ŁŞØŽ"]
    assert latin == ["Ahmet Şahin", "Ana García", "John Smith", "Łukasz Nowak", "Magnus Ødegård", "Zoë Müller"]
    assert names.index("Zoë Müller") < names.index("Γιώργος Παπαδόπουλος") < names.index("Иван Попов")
    assert sorted(["Smith", "Şahin", "Sa"], key=name_key) == ["Sa", "Şahin", "Smith"]


FULL_TABLE = Collator()
"""pyuca with the whole table parsed: what the lazily parsed table must agree with."""


LETTERS = [*"aAlLsSzZ·ʼn ŁłŞşØøÅåßÄöЁйΆώ李明김민준محمد", "\u0301", "\u0327", "\u0332", "\u0e40", "\u0e01", "\u0f40",
           "\u0f71", "\u0f72", "\u0fb2", "\u0f80"]


@settings(deadline=None)  # the first names parse their characters' entries
@given(st.text(st.sampled_from(LETTERS), max_size=8) | st.text(max_size=6))
def test_collation_keys_from_the_lazily_parsed_table_are_the_full_tables(name: str):
    """Contractions (Thai, Tibetan, ``L·``), combining marks, and any text at all."""
    assert name_key(name) == FULL_TABLE.sort_key(name)


def test_posting_list_fits_a_hundred_boards_on_few_pages_in_large_type(tmp_path: Path):
    players = [Player(t, f"Player {t:03d} Ødegård", rating=2400 - t) for t in range(1, 201)]
    t = new_tournament(players, Settings("dutch", 5, seed=1), keep_order=True)
    operations.pair_next_round(t)
    path = write_pdf(build_report(t), tmp_path / "posting.pdf", ["posting"])
    reader = PdfReader(path)
    assert 2 <= len(reader.pages) <= 5  # about twenty boards a page in 14 pt
    sizes: list[float] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if "Player 1" in text:
            sizes.append(size * abs(tm[3]) * abs(cm[3]) if tm[3] and cm[3] else size)

    reader.pages[0].extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 13.9


# -- standings ---------------------------------------------------------------------------------------------------


def test_each_column_has_one_number_style(event: Tournament):
    view = build_report(event).standings_view()
    for i, column in enumerate(view.columns):
        cells = [row.values[i] for row in view.rows if row.values[i] != "–"]
        assert all("." in c for c in cells) or not any("." in c for c in cells), column.code
    sb = [row.values[[c.code for c in view.columns].index("SB")] for row in view.rows]
    assert all("." in c for c in sb)  # quarters somewhere: every SB value with two decimals


@given(st.lists(st.integers(min_value=0, max_value=400), min_size=1, max_size=30), st.booleans())
def test_a_column_never_mixes_halves_and_decimals(quarters: list[int], halves_only: bool):
    values = [q / 2 if halves_only else q / 4 for q in quarters]
    formatted = [column_style(values)(v) for v in values]
    assert all("." in f for f in formatted) or not any("." in f for f in formatted)
    assert not any("." in f and "½" in f for f in formatted)


def test_rating_tiebreak_not_applied_says_why_instead_of_zeros(event: Tournament):
    view = build_report(event).standings_view()
    aro = [c.code for c in view.columns].index("ARO")
    assert {row.values[aro] for row in view.rows} == {"–"}
    assert view.shows_aro and all(row.average_opponent for row in view.rows if row.games)
    assert any("Zoë Müller" in note and "C.07 Art. 10" in note for note in view.notes)


def test_rating_figures_for_rated_players_and_none_for_the_unrated(event: Tournament):
    view = build_report(event).standings_view()
    by_tpn = {row.player.tpn: row for row in view.rows}
    assert by_tpn[13].change == "" and by_tpn[13].performance != ""  # unrated: Rp over rated opponents
    rated = [row for row in view.rows if row.player.rating and row.games]
    assert all(row.change[0] in "+−" and row.performance.isdigit() for row in rated)
    assert any("K by FIDE's rules (B.02 8.3.3)" in note for note in view.notes)


def test_legend_spells_out_modifiers(event: Tournament):
    html = xml_text(render_html(build_report(event), ["standings"]))
    assert "BH-C1: Buchholz, cut 1 (lowest contribution removed)" in html


# -- crosstable, cards, charts ------------------------------------------------------------------------------------


def test_swiss_crosstable_has_titles_federations_and_round_cells(event: Tournament):
    cv = build_report(event).crosstable()
    assert not cv.square and cv.columns == ("1", "2", "3", "4", "5")
    html = xml_text(render_html(build_report(event), ["crosstable"]))
    assert "WGM" in html and "CHN" in html and "GM" in html


def test_round_robin_crosstable_is_square():
    players = [Player(0, f"Spieler {c}", rating=2000 + i) for i, c in enumerate("ABCDEF")]
    t = new_tournament(players, Settings("berger", 5, seed=2))
    for _ in range(2):
        for game in operations.pair_next_round(t).games:
            game.result = Result.DRAW
    cv = build_report(t).crosstable()
    assert cv.square and len(cv.columns) == 6
    for row in cv.rows:
        assert sum(cell.text == "×" for cell in row.cells) == 1
        assert sum(cell.text == "½" for cell in row.cells) == 2


def test_cards_show_games_running_score_and_breakdowns_only_on_request(event: Tournament):
    cards = build_report(event).cards()
    card = next(c for c in cards if c.player.tpn == 5)
    assert [line.round for line in card.lines] == [1, 2, 3, 4, 5]
    assert card.lines[2].result.startswith("bye") and card.lines[-1].running == card.lines[-1].running
    assert "<svg" in card.colours and card.breakdowns == ()
    assert build_report(event, breakdowns=True).cards()[0].breakdowns


def test_charts_are_inline_svg_with_nothing_fetched(event: Tournament):
    html = render_html(build_report(event), ["charts", "cards"])
    assert html.count("<svg") >= 2 + len(event.players)
    assert "<script" not in html and "<img" not in html
    assert "http://" not in html.replace('xmlns="http://www.w3.org/2000/svg"', "") and "https://" not in html


# -- the PDF ------------------------------------------------------------------------------------------------------


def test_default_pdf_is_pairings_standings_crosstable_on_few_pages(event: Tournament, default_pdf: list[str]):
    assert default_sections(build_report(event)) == ("pairings", "standings", "crosstable")
    joined = "\n".join(default_pdf)
    for heading in ("Pairings, round 5", "Standings after round 5", "Crosstable after round 5"):
        assert heading in joined
    assert "Tie-break breakdown" not in joined and len(default_pdf) <= 4
    for page in default_pdf:
        assert "Open Ødegård 2026" in page and "Round 5 of 7" in page and "Printed" in page


def test_starting_list_before_any_pairing(tmp_path: Path):
    t = dutch_event(0)
    report = build_report(t)
    assert default_sections(report) == ("starting",)
    text = "\n".join(p.extract_text() for p in PdfReader(write_pdf(report, tmp_path / "s.pdf")).pages)
    assert "Starting rank list" in text and "100013" in text and "WGM" in text


def test_every_script_prints_with_a_font_that_has_it(default_pdf: list[str], tmp_path: Path):
    if fonts.installed_coverage() is None:
        pytest.skip("fontconfig is not installed")
    lacking = fonts.missing_glyphs([Player(i, name) for i, name in enumerate(SCRIPTS.values())])
    assert lacking == [], [m.sentence() for m in lacking]
    joined = "\n".join(default_pdf)
    for script in ("Latin", "Cyrillic", "Greek", "Chinese", "Korean"):
        assert SCRIPTS[script] in joined, script


def test_pdf_embeds_fonts_for_every_script(event: Tournament, tmp_path: Path):
    path = write_pdf(build_report(event), tmp_path / "fonts.pdf", ["starting"])
    names = set()
    for page in PdfReader(path).pages:
        for font in page["/Resources"]["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    joined = " ".join(names) + " "
    for family in ("+NotoSans-Regular", "Devanagari", "CJK"):  # Arabic and Hebrew: any font that has them
        assert family in joined, (family, names)


def test_a_name_no_font_covers_names_the_player_and_the_script():
    latin_only = fonts.Coverage([(0x20, 0x24F)])
    found = fonts.missing_glyphs([Player(6, "李明"), Player(7, "Łukasz")], latin_only)
    assert [(m.player.tpn, m.scripts) for m in found] == [(6, ("Cjk",))]
    assert "player 6 (李明)" in found[0].sentence()


# -- the static site ----------------------------------------------------------------------------------------------


def test_site_pages_are_linked_and_readable_on_a_phone(event: Tournament, tmp_path: Path):
    pages = {p.name: p.read_text(encoding="utf-8") for p in write_html(build_report(event), tmp_path)}
    index = pages["index.html"]
    for n in range(1, 6):
        assert f'href="round-{n}.html"' in index and f'href="standings-{n}.html"' in index
    for name, html in pages.items():
        assert '<meta name="viewport" content="width=device-width, initial-scale=1"/>' in html, name
        assert "Open Ødegård 2026" in html
        text = xml_text(html)
        if "<table" in html and name != "index.html":
            assert '<div class="scroll"><table>' in html, name
        assert "Tournament" not in text
    for name in ("start.html", "round-5.html", "standings-5.html", "crosstable.html", "players.html"):
        assert '<a href="players.html#p6"><bdi>李明</bdi></a>' in pages[name], name  # names link to the cards
    assert '<div class="card" id="p6">' in pages["players.html"]
    linked = r'<td class="c [wb]"><a href="players.html#p(\d+)" title="([^"]+)">(\d+)'
    cells = re.findall(linked, pages["crosstable.html"])
    assert cells and all(tpn == number and event.player(int(tpn)).name == name for tpn, name, number in cells)
    header = xml_text(index)
    for item in ("Tromsø", "IA Kari Nordmann", "90'+30\"", "Swiss, Dutch system, 7 rounds", "April 1, 2026"):
        assert item in header, item


def test_rerunning_after_a_new_round_adds_it_and_updates_old_pages(tmp_path: Path):
    t = dutch_event(4)
    write_html(build_report(t), tmp_path)
    assert not (tmp_path / "round-5.html").exists()
    operations.pair_next_round(t)
    write_html(build_report(t), tmp_path)
    assert (tmp_path / "round-5.html").exists()
    assert 'href="round-5.html"' in (tmp_path / "standings-1.html").read_text(encoding="utf-8")
    operations.undo_last_round(t)
    write_html(build_report(t), tmp_path)
    assert not (tmp_path / "round-5.html").exists()


def test_an_event_without_a_name_is_titled_from_its_file(tmp_path: Path):
    t = dutch_event(1, named=False)
    assert build_report(t, source=tmp_path / "Vereinsturnier 2026.xlsx").title == "Vereinsturnier 2026"
    assert build_report(t).title == "Swiss, Dutch system, 7 rounds"
    assert build_report(t, language="de").title == "Schweizer System, holländisch, 7 Runden"


# -- languages ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("language, heading, date, name", [
    ("de", "Rangliste nach Runde 5", "1. April 2026", "Buchholz, Streichwert 1"),
    ("es", "Clasificación tras la ronda 5", "1 de abril de 2026", "Buchholz, corte 1"),
    ("fr", "Classement après la ronde 5", "1 avril 2026", "Buchholz, coupé 1"),
    ("en", "Standings after round 5", "April 1, 2026", "Buchholz, cut 1"),
])
def test_reports_in_four_languages(event: Tournament, language: str, heading: str, date: str, name: str):
    text = xml_text(render_html(build_report(event, language=language), ["standings"]))
    assert heading in text and date in text and name in text


def test_catalogs_are_compiled_and_complete():
    needed = {spec.name for spec in TIEBREAKS.values()} | set(BYE_LABELS.values())
    for language in LANGUAGES[1:]:
        folder = LOCALE_DIR / language / "LC_MESSAGES"
        with open(folder / "sheetpair.po", "rb") as po, open(folder / "sheetpair.mo", "rb") as mo:
            source, compiled = read_po(po), read_mo(mo)
        assert {m.id: m.string for m in source if m.id} == {m.id: m.string for m in compiled if m.id}, language
        assert needed <= {m.id for m in source if m.string}, needed - {m.id for m in source if m.string}


# -- command line -------------------------------------------------------------------------------------------------


def test_cli_sections_lang_and_breakdowns(tmp_path: Path):
    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", book)
    out = tmp_path / "r.pdf"
    result = CliRunner().invoke(cli, ["report", str(book), "--pdf", str(out), "--sections", "starting,cards",
                                      "--breakdowns", "--lang", "fr"])
    assert result.exit_code == 0, result.output
    text = "".join(p.extract_text() for p in PdfReader(out).pages)
    assert "Liste de départ" in text and "Fiches des joueurs" in text and "Sonneborn-Berger" in text
    assert "\r" not in result.stderr  # no progress bar when stderr is not a terminal
    bad = CliRunner().invoke(cli, ["report", str(book), "--pdf", str(out), "--sections", "pairings,wallchart"])
    assert bad.exit_code == 2 and "--sections" in bad.output and "wallchart" in bad.output


def test_cli_warns_about_names_no_font_covers(tmp_path: Path, monkeypatch):
    t_book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", t_book)
    monkeypatch.setattr(fonts, "installed_coverage", lambda: fonts.Coverage([(0x20, 0x40)]))  # no letters at all
    result = CliRunner().invoke(cli, ["report", str(t_book), "--pdf", str(tmp_path / "r.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.pdf").is_file()
    assert "will not print fully" in result.stderr and "Latin" in result.stderr


@given(st.lists(st.tuples(st.sampled_from(["李明", "Zoë", "김민준", "Ødegård", "a\u0301b", "山田 はなこ", "x"]),
                          st.sampled_from(["CHN", "NOR", "x"])), min_size=1, max_size=8))
def test_terminal_columns_line_up_by_display_width(rows: list[tuple[str, str]]):
    lines = table([(name, fed, "end") for name, fed in rows])
    starts = {width(line[: line.rindex("end")]) for line in lines}
    assert len(starts) == 1


def test_every_section_of_the_event_in_every_script(event: Tournament, tmp_path: Path):
    report = build_report(event)  # the breakdowns come with the tiebreaks section
    reader = PdfReader(write_pdf(report, tmp_path / "all.pdf", SECTIONS))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for heading in ("Starting rank list", "Pairings, round 5", "Pairings by name, round 5", "Standings after round 5",
                    "Crosstable after round 5", "Player cards after round 5", "Charts",
                    "Tie-break breakdown after round 5", "Score progression of the leaders", "Ratings of the field"):
        assert heading in text, heading
    for script in ("Latin", "Cyrillic", "Greek", "Chinese", "Japanese", "Korean"):
        assert text.count(SCRIPTS[script]) >= 5, script  # starting list, pairings, standings, crosstable, card
    html = xml_text(render_html(report, list(SECTIONS)))
    for script in ("Arabic", "Hebrew", "Devanagari"):  # shaped scripts: read back from the HTML
        assert html.count(SCRIPTS[script]) >= 5, script
    assert "bye ½" in text and "+" in text and "withdrawn" in text and "unrated" in text


def test_the_running_header_survives_quotes_in_the_event_name(tmp_path: Path):
    t = dutch_event(1)
    t.settings.event.name = 'The "Big" Open \\ </style> 2026'
    path = write_pdf(build_report(t), tmp_path / "q.pdf", ["standings"])
    assert all('The "Big" Open \\ </style> 2026' in page.extract_text() for page in PdfReader(path).pages)


def test_language_from_the_event_setting_and_unknown_languages_named():
    t = dutch_event(1)
    t.settings.language = "Deutsch"  # type: ignore[attr-defined]  # the Settings key, where the workbook has it
    assert build_report(t).language == "de"
    with pytest.raises(InputError, match="'klingon'.*en, de, es, fr"):
        build_report(t, language="klingon")


def test_every_text_of_the_templates_and_the_report_code_is_translated():
    """The report's texts, the system names (``N_``) and the core's notes (``Note``) are in every catalog."""
    found = {message for _, _, message, *_ in extract_from_dir(
        str(REPO), method_map=[("sheetpair/report/**.py", "python"), ("sheetpair/core/**.py", "python"),
                               ("templates/**.html", "jinja2")],
        options_map={"templates/**.html": {"extensions": "jinja2.ext.i18n"}},
        keywords={"_": None, "N_": None, "Note": None})}
    assert {"Swiss, Dutch system", "Ru %(ru)s is below the %(floor)s floor, so no first rating is published "
            "(B.02 7.1.4)."} <= found  # the extraction sees the marked names and the core's notes
    assert {"Team standings after round %(n)s", "Line-up", "absent, won match"} <= found  # the team printouts too
    for language in LANGUAGES[1:]:
        with open(LOCALE_DIR / language / "LC_MESSAGES" / "sheetpair.po", "rb") as po:
            translated = {m.id for m in read_po(po) if m.id and m.string}
        assert found - translated == set(), language


def test_standings_with_many_tiebreaks_turn_or_shrink(event: Tournament, tmp_path: Path):
    many = "BH-C1,BH,SB,ARO,WNT,WIN,PS,KS"
    (wide,) = document(build_report(event, tiebreaks=many), ["standings"])["blocks"]
    (narrow,) = document(build_report(event), ["standings"])["blocks"]
    assert (wide["landscape"], -wide["size"]) > (narrow["landscape"], -narrow["size"])  # turned, or smaller type
    reader = PdfReader(write_pdf(build_report(event), tmp_path / "narrow.pdf", ["standings"]))
    assert all(float(p.mediabox.width) < float(p.mediabox.height) for p in reader.pages)


def test_each_column_names_its_widest_entries_for_the_template_to_measure(event: Tournament):
    """The template sizes a column by measuring a few entries, so the longest by count must be among them; the
    player cards share one set (their columns line up from card to card), and they stay portrait."""
    report = build_report(event)
    (standings,) = document(report, ["standings"])["blocks"]
    for i, wide in enumerate(standings["wide"]):
        entries = {row[i] for row in standings["rows"]} - {""}
        assert wide[0] in entries and text_width(wide[0]) == max(map(text_width, entries), default=0.0)
        assert len(wide) <= WIDEST_COUNT
    assert standings["line"] == (297.0 if standings["landscape"] else 210.0) - 24.0
    heading, cards = document(report, ["cards"], "letter")["blocks"]
    assert (heading["kind"], cards["kind"], len(cards["cards"])) == ("heading", "cards", len(event.players))
    assert not cards["landscape"] and cards["line"] == 215.9 - 24.0
    opponents = {row[2] for card in cards["cards"] for row in card["rows"]} - {""}
    assert max(map(text_width, opponents)) == text_width(cards["wide"][2][0])


def test_the_tiebreak_section_prints_each_tiebreaks_value_and_contributions(event: Tournament):
    report = build_report(event)
    heading, players = document(report, ["tiebreaks"])["blocks"]
    codes = report.table.codes
    assert [c.split(":")[0] for c in heading["notes"][0].split(" · ")] == list(codes)  # the names, once
    assert len(players["cards"]) == len(event.players) and (players["landscape"], players["size"]) == (False, 8.0)
    card = report.player_pages()[0]
    first = players["cards"][0]
    assert first["title"].startswith(f"1. {card.player.name} ({card.player.tpn}")
    contributions = ["; ".join(f"{line.round} {line.opponent} {line.value}" + (" (cut)" if line.cut else "")
                               for line in tb.lines) for tb in card.breakdowns]
    assert [row[:2] for row in first["rows"]] == [[tb.code, tb.value] for tb in card.breakdowns]
    for row, tb, lines in zip(first["rows"], card.breakdowns, contributions):
        assert row[2] == "; ".join(x for x in (tb.note, lines) if x) or "no contributions"
    assert next(row for row in first["rows"] if row[0] == "ARO")[2].startswith("Not applied")  # says why


def test_rating_change_uses_the_rosters_k_where_given(event: Tournament):
    default = {row.player.tpn: row.change for row in build_report(event).standings_view().rows}
    assert event.player(1).rating >= 2400  # FIDE's K is 10 (B.02 8.3.3)
    try:
        event.player(1).k_factor = 5  # a K column of the Players sheet
        halved = {row.player.tpn: row.change for row in build_report(event).standings_view().rows}
    finally:
        event.player(1).k_factor = None
    assert float(halved[1].replace("−", "-")) == pytest.approx(float(default[1].replace("−", "-")) / 2, abs=0.06)
    assert all(halved[t] == default[t] for t in default if t != 1)
    fixed = {row.player.tpn: row.change for row in build_report(event, k_factor=40).standings_view().rows}
    k2 = fide_k(event.player(2), year=2026)
    assert float(fixed[2].replace("−", "-")) == pytest.approx(40 / k2 * float(default[2].replace("−", "-")), abs=0.3)


MADE = datetime.datetime(2026, 4, 1, 12, 5, 33, tzinfo=datetime.timezone.utc)


@pytest.mark.parametrize("language, zone, printed", [
    ("de", "Europe/Vienna", "01.04.2026 14:05 CEST"), ("en", "America/New_York", "Apr 1, 2026 8:05\u202fAM EDT"),
    ("fr", "UTC", "1 avr. 2026 12:05 UTC"),
])
def test_the_print_time_is_in_the_language_and_zone_to_the_minute(language: str, zone: str, printed: str):
    report = build_report(dutch_event(1), language=language, zone=time_zone(zone), made=MADE)
    assert report.made_text == printed
    assert document(report, ["standings"])["made"].endswith(printed)


def test_the_print_time_defaults_to_the_machines_zone_and_tz_names_another(tmp_path: Path):
    local = MADE.astimezone()
    assert build_report(dutch_event(1), made=MADE).made_text.endswith(local.tzname() or "")
    book = tmp_path / "club.xlsx"
    shutil.copy(REPO / "sample_workbooks" / "club_championship.xlsx", book)
    result = CliRunner().invoke(cli, ["report", str(book), "--html", str(tmp_path / "site"), "--tz", "Asia/Tokyo"])
    assert result.exit_code == 0, result.output
    assert " JST" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    bad = CliRunner().invoke(cli, ["report", str(book), "--html", str(tmp_path / "site"), "--tz", "Mars/Olympus"])
    assert bad.exit_code == 2 and "--tz" in bad.output and "'Mars/Olympus'" in bad.output


@pytest.mark.parametrize("language, white, black, system", [("de", "w", "s", "Schweizer System, holländisch"),
                                                             ("fr", "b", "n", "Système suisse hollandais"),
                                                             ("es", "b", "n", "Suizo, sistema holandés")])
def test_notes_colour_letters_decimals_and_the_system_in_the_reports_language(
        event: Tournament, language: str, white: str, black: str, system: str):
    report = build_report(event, language=language, tiebreaks="BH-C1,ARO,WNT")
    html = xml_text(render_html(report, list(SECTIONS)))
    printed = json.dumps(document(report, list(SECTIONS)), ensure_ascii=False)
    for text in (html, printed):
        assert system in text
        for english in ("Not applied", "left out", "Unrated, so", "dutch"):
            assert english not in text, english
        assert not re.search(r"\bbye [½01]", text)
    cells = [cell.text for row in report.crosstable().rows for cell in row.cells]
    played = (re.fullmatch(r"\d+(\D)[01½+−-]", c) for c in cells)
    assert {m[1] for m in played if m} == {white, black}
    assert {line.colour for card in report.cards() for line in card.lines} == {white, black, ""}
    assert re.search(r"We \d+,\d\d ", html) and "K 20 · Δ" in html
    assert "Nicht angewandt" in html if language == "de" else "ARO" in html


PROBE = """<!DOCTYPE html><html><head><title>waiting</title></head><body style="margin:0">
<iframe id="page" src="%s" style="width:390px;height:800px;border:0"></iframe><script>
document.getElementById("page").onload = function () {
  const page = this.contentDocument, table = page.querySelector(".pairings table");
  const names = [...table.querySelectorAll("tbody td.name")];
  const right = Math.max(...names.map(cell => cell.getBoundingClientRect().right));
  document.title = ["measured", right, page.documentElement.clientWidth, names.length].join(" ");
};
</script></body></html>"""


def visible_columns(row: str) -> int:
    """The columns a row takes on a phone: its cells without the ``optional`` class, colspans counted."""
    return sum(int(span or 1) for cls, span in re.findall(r'<t[dh](?: class="([^"]*)")?(?: colspan="(\d)")?', row)
               if "optional" not in (cls or "").split())


def test_a_board_takes_the_same_columns_on_a_phone_in_every_row(event: Tournament, tmp_path: Path):
    html = render_html(build_report(event, round_number=3), ["pairings"], header=False)  # round 3 has a bye
    boards = html.split("<tbody>")[1].split("</tbody>")[0]
    head = html.split("<thead>")[1].split("</thead>")[0]
    assert {visible_columns(row) for row in boards.split("<tr>")[1:]} == {visible_columns(head)} == {6}


@pytest.mark.skipif(shutil.which("chromium") is None, reason="needs a headless chromium")
def test_a_phone_shows_both_players_of_every_board(tmp_path: Path):
    """The real Graz open (275 players, long names) on a 390-pixel screen: every name of the pairing list ends
    inside the screen, measured by a headless browser."""
    trf = (CONFORMANCE / "trf-real" / "cr_international_chessopen_graz_2026_a_r09.trf").read_text(encoding="utf-8")
    report = build_report(read_trf(trf), language="de")
    write_html(report, tmp_path)
    (tmp_path / "probe.html").write_text(PROBE % f"round-{report.round_number}.html", encoding="utf-8")
    run = subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                          "--allow-file-access-from-files", "--virtual-time-budget=10000", "--dump-dom",
                          (tmp_path / "probe.html").as_uri()], capture_output=True, text=True, timeout=120)
    measured = re.search(r"<title>measured ([\d.]+) (\d+) (\d+)</title>", run.stdout)
    assert measured, run.stdout[-500:] + run.stderr[-500:]
    right, width, names = float(measured[1]), int(measured[2]), int(measured[3])
    boards = report.pairings().boards
    assert width == 390 and names == sum(2 if b.black else 1 for b in boards) and right <= width
