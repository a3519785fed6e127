"""The team printouts speak the report's language: every text through the catalogs, numbers in the
language's format, the language from ``--lang`` or the Settings sheet."""

from __future__ import annotations

import gettext
import random
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from sheetpair.app import team_event
from sheetpair.app.workbooks.files import reading
from sheetpair.report import team as team_report

from .test_team_event import run, type_results, write_roster


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("league")
    workbook = folder / "league.xlsx"
    run("new", workbook, "--system", "team-swiss", "--rounds", 4, "--boards", 4,
        "--players", write_roster(folder / "roster.csv", 7), "--name", "Liga")
    rng = random.Random(3)
    for number in (1, 2, 3):
        run("pair", workbook)
        type_results(workbook, number, rng)
    _set(workbook, workbook, "tiebreaks", "GPTS,AOB:MP,BH:MP")
    return workbook


def _set(workbook: Path, target: Path, key: str, value: str) -> None:
    """Types ``value`` as the Settings sheet's ``key``."""
    book = openpyxl.load_workbook(workbook)
    row = next(r for r in book["Settings"].iter_rows() if r[0].value == key)
    row[1].value = value
    book.save(target)


class _Marked(gettext.NullTranslations):
    """A catalog that marks every text it is asked for."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"


def test_every_text_of_the_team_printouts_goes_through_the_catalog(league: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(team_report, "translations", lambda language: _Marked())
    with reading(league) as port:
        book, table = team_event.read_standings(port)
    sections = team_report.team_sections(book, table)
    data = {*table.codes, "%", *map(str, range(1, len(book.event.teams) + 1))}
    for section in sections:
        if section.kind != "cards":  # a card's title is the team and its members
            assert section.title.startswith("«"), section.title
        assert all(c.startswith("«") or c in data for c in section.columns), section.columns
    byes = [row[3] for s in sections if s.kind == "pairings" for row in s.rows if not row[0] and not row[1]]
    assert byes and all(b.startswith("«") for b in byes)  # 7 teams: a PAB each round
    html = team_report.team_report_html(book, table)
    assert "«Round 3 of 4»" in html and "«Team standings after round 3»" in html


def test_the_team_printouts_in_german_with_german_numbers(league: Path, tmp_path: Path) -> None:
    site, pdf = tmp_path / "site", tmp_path / "league.pdf"
    run("report", league, "--html", site, "--pdf", pdf, "--lang", "de")
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="de">' in index and "Mannschaftsrangliste nach Runde 3" in index and "Runde 3 von 4" in index
    with reading(league) as port:
        book, table = team_event.read_standings(port)
    for language in ("de", "fr", "es"):  # percentages of three games have a decimal: a comma in these
        (boards,) = team_report.team_sections(book, table, ("boards",), language)
        percentages = [row[6] for row in boards.rows]
        assert any("," in p for p in percentages) and not any("." in p for p in percentages)
    (boards,) = team_report.team_sections(book, table, ("boards",), "en")
    assert boards.title == "Board ranking" and any("." in row[6] for row in boards.rows)
    text = "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert "Brettwertung" in text and "Aufstellung" in text and "Freilos" in text


def test_the_settings_language_chooses_the_team_printouts_language(league: Path, tmp_path: Path) -> None:
    workbook = tmp_path / "liga.xlsx"
    _set(league, workbook, "language", "es")
    run("report", workbook, "--html", tmp_path / "site")
    assert "Clasificación por equipos tras la ronda 3" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
