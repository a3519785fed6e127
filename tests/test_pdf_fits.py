"""Every printout fits the paper: each start number, rating and score of a section's tables is printed inside the
page box, in each language, on A4 and Letter, from a small club event to a big open.

The PDF's text is read back with pypdf's visitor, which gives every text run with its position; a run counts
only when it starts and (at a generous width per character, :func:`em`) ends inside the page. The numbers of
the section (its JSON data, :mod:`sheetpair.report.pdfdata`) must all be found among the counted runs, as many
times as the data has them: a column that runs off the right edge, as Black's rating once did, fails the test.
"""

from __future__ import annotations

import io
import random
import re
import unicodedata
from collections import Counter

import pytest
from pypdf import PdfReader

from sheetpair.core.model import EventInfo, Game, Player, Result, Round, Settings, Tournament
from sheetpair.core.state import derive
from sheetpair.io.trf import read_trf
from sheetpair.report import build_report
from sheetpair.report.pdf import pdf_bytes
from sheetpair.report.pdfdata import document

from .conftest import CONFORMANCE

FIRST = ["Anna", "Bartholomew-Alexander", "Zoë", "Łukasz", "Ødegård", "Marie-Christine", "Tomás", "Yuki",
         "Konstantinos", "Aleksandra"]
LAST = ["Nordmann", "Vasquez de la Fuente y Montalbán", "Müller-Lüdenscheidt", "Kowalczyk", "Papadopoulos",
        "Abdurakhmanov", "Lindqvist", "Schwarzenberg-Hohenlohe", "Dubois", "Smith"]
NUMBER = re.compile(r"\d+(?:[.,]\d+)?½?|½")
SECTIONS = ("pairings", "posting", "standings", "crosstable", "cards", "charts")
"""Every printout: ``pairings`` is the list by board followed by the list by name."""
GRAZ = "cr_international_chessopen_graz_2026_a_r09.trf"


def event(players: int, rounds: int, *, played: int | None = None) -> Tournament:
    """A Swiss of ``players`` with long names, paired in score order, ``played`` rounds with results."""
    rng = random.Random(players)
    roster = [Player(t, f"{LAST[rng.randrange(10)]}, {FIRST[rng.randrange(10)]}", rating=2700 - t * 1500 // players,
                     federation="NOR", title="GM" if t < 4 else "") for t in range(1, players + 1)]
    settings = Settings("dutch", rounds, tiebreaks=("BH-C1", "BH", "SB", "ARO"),
                        event=EventInfo(name="International Open 2026", city="Graz", start_date="2026-04-01"))
    t = Tournament(settings, roster, [])
    for number in range(1, (played or rounds) + 1):
        state = derive(t)
        order = sorted((p.tpn for p in roster), key=lambda tpn: (-state.score(tpn), tpn))
        games = [Game(i + 1, order[2 * i], order[2 * i + 1], rng.choice([Result.WHITE_WINS, Result.DRAW,
                                                                           Result.BLACK_WINS]))
                 for i in range(len(order) // 2)]
        t.rounds.append(Round(number, games, []))
    return t


def numbers_expected(doc: dict[str, object]) -> Counter[str]:
    """Every number of the document's table and card rows (start numbers, ratings, scores, tie-breaks) and of its
    charts (each bar's rating band and count, each leader's start number, each round on the axis)."""
    found: Counter[str] = Counter()
    for block in doc["blocks"]:  # type: ignore[attr-defined]
        for row in [*block.get("rows", []), *(row for card in block.get("cards", []) for row in card["rows"])]:
            for cell in row:
                found.update(NUMBER.findall(cell))
        if block["kind"] == "charts":
            for bar in block["histogram"]["bars"]:
                found.update(NUMBER.findall(f"{bar['label']} {bar['count']}"))
            progression = block["progression"]
            if progression["leaders"]:
                found.update(str(leader["tpn"]) for leader in progression["leaders"])
                found.update(str(n) for n in range(1, progression["rounds"] + 1))
    return found


def em(character: str) -> float:
    """A generous width of ``character`` in em in the sans-serif fonts of the PDF (Noto Sans: digits 0.57,
    capitals up to 0.7, small letters 0.25 to 0.86, about 0.53 on average, a space 0.26, commas, hyphens and
    brackets about 0.3; Han and Hangul 1)."""
    if unicodedata.east_asian_width(character) in "WF":
        return 1.0
    if character.isspace():
        return 0.3
    if character in ",.;:-()[]'":
        return 0.4
    return 0.6 if character.isdigit() else 0.72 if character.isupper() else 0.56


def numbers_inside(data: bytes) -> Counter[str]:
    """The numbers of every text run that lies wholly inside its page."""
    found: Counter[str] = Counter()
    for page in PdfReader(io.BytesIO(data)).pages:
        width, height = float(page.mediabox.width), float(page.mediabox.height)

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float,
                  width: float = width, height: float = height) -> None:
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            scale = abs(tm[0] * cm[0]) or 1.0
            end = x + size * scale * sum(map(em, text.strip()))
            if text.strip() and 0 <= x and end <= width and 0 <= y <= height:
                found.update(NUMBER.findall(text))

        page.extract_text(visitor_text=visit)
    return found


def assert_fits(t: Tournament, section: str, language: str, paper: str) -> None:
    report = build_report(t, language=language)
    doc = document(report, [section], paper)
    missing = numbers_expected(doc) - numbers_inside(pdf_bytes(report, [section], paper))
    assert not missing, (section, language, paper, dict(list(missing.items())[:10]))


@pytest.fixture(scope="module")
def club() -> Tournament:
    return event(14, 5)


@pytest.fixture(scope="module")
def open_61() -> Tournament:
    return event(61, 9, played=6)


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_club_event_fits_in_every_language(club: Tournament, language: str, paper: str) -> None:
    for section in SECTIONS:
        assert_fits(club, section, language, paper)


@pytest.mark.parametrize("language, paper", [("en", "a4"), ("de", "letter"), ("fr", "a4"), ("es", "letter")])
def test_an_open_of_61_fits(open_61: Tournament, language: str, paper: str) -> None:
    for section in SECTIONS:
        assert_fits(open_61, section, language, paper)


def graz() -> Tournament:
    """The real 275-player Graz open of 2026 after eight rounds (chess-results names, H byes, forfeits)."""
    return read_trf((CONFORMANCE / "trf-real" / GRAZ).read_text(encoding="utf-8"))


@pytest.mark.parametrize("language, paper", [("de", "letter"), ("fr", "a4")])
def test_a_real_open_of_275_fits(language: str, paper: str) -> None:
    """Every section of the Graz file; the full matrix of sizes (14, 61, 275, 500, 2000 players), languages
    and papers is ``benchmarks/bench_pdf_fits.py``."""
    t = graz()
    for section in (*SECTIONS, "starting"):
        assert_fits(t, section, language, paper)


def test_the_pairing_list_of_2000_fits() -> None:
    """One round's pairings (by board and by name) and the posting list of a 2000-player open, in Spanish on
    Letter, the narrowest paper."""
    t = event(2000, 9, played=2)
    for section in ("pairings", "posting"):
        assert_fits(t, section, "es", "letter")


def test_the_check_fails_on_a_number_off_the_page() -> None:
    """The check can fail: a number placed beyond the right edge of A4 is not counted, one inside is."""
    typst = pytest.importorskip("typst")
    data = typst.compile(b'#set page("a4")\n#place(dx: 150mm)[1234]\n#place(dx: 205mm, dy: 10mm)[5678]')
    assert numbers_inside(data) == Counter({"1234": 1})
