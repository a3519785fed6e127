"""The paperwork through every door: the Prize list, Title norms and Check rating report buttons (classic add-in
and xlwings Lite), the Norms and IT1 sheets, and the prizes and norms sections of the reports in four languages."""

from __future__ import annotations

import pytest

from sheetpair.app.session import write
from sheetpair.app.workbooks.live import in_excel
from sheetpair.core.model import EventInfo, Game, Player, Result, Round, Settings, Tournament
from sheetpair.excel import buttons as addin
from sheetpair.report import build_report
from sheetpair.report.pdfdata import document
from sheetpair.report.render import render_html, site_pages

from .memxw import new_book
from .test_addin import press, type_results
from .test_addin_buttons import lite, paired_book  # noqa: F401 — the fixture

W, D, L = Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS
FEDS = ["GER", "FRA", "ESP", "USA", "IND", "NED", "SWE", "DEN", "POL"]


def norm_event() -> Tournament:
    """A nine-round event: player 1 (an IM of NOR) meets nine GMs rated 2600, each of another federation, and
    scores 6 of 9 (Ra 2600, 67 %: dp 125, Rp 2725), a GM norm; the GMs' other games are all drawn."""
    hero = Player(1, "Hero, Hans", 2450, title="IM", federation="NOR", sex="M", fide_id="1000001")
    field = [Player(t, f"GM {t}", 2600, title="GM", federation=FEDS[t - 2], fide_id=str(1000000 + t))
             for t in range(2, 11)]
    rounds = []
    for r in range(1, 10):
        opponent = r + 1
        others = [t for t in range(2, 11) if t != opponent]
        games = [Game(1, 1, opponent, W if r <= 6 else L)]
        games += [Game(b, others[2 * b - 4], others[2 * b - 3], D) for b in range(2, 6)]
        rounds.append(Round(r, games))
    event = EventInfo(name="Norm Open", start_date="2026-04-01", chief_arbiter="IA A. Arbiter 12345678")
    return Tournament(Settings("dutch", 9, event=event), [hero, *field], rounds)


def test_the_report_prints_the_norms_the_it1_data_and_the_it3_counts() -> None:
    report = build_report(norm_event(), language="de")
    html = render_html(report, ["norms"])
    assert "IT1" in html and "Hero, Hans" in html and "GM 10" in html
    assert "Titelnormen nach Runde 9" in html and "erreicht" in html  # the heading and the status, in German
    pdf = document(report, ["norms"])
    titles = [block["title"] for block in pdf["blocks"]]  # type: ignore[index]
    assert any("IT1" in str(t) for t in titles) and any("IT3" in str(t) for t in titles)
    assert "norms.html" in {page.name for page in site_pages(report)}


@pytest.mark.parametrize(("language", "heading"), [("en", "Prize list"), ("de", "Preisliste"),
                                                  ("fr", "Palmarès des prix"), ("es", "Lista de premios")])
def test_the_prizes_section_in_four_languages(language: str, heading: str) -> None:
    from sheetpair.core.prizes import Prize, award_prizes
    tournament = norm_event()
    report = build_report(tournament, language=language)
    ranking = [(s.tpn, s.points) for s in report.table]
    prizes = award_prizes(ranking, tournament.players, [Prize("1st", 1, None), Prize("2nd", 2, None)],
                          sharing="none")
    report = build_report(tournament, language=language, prize_list=prizes)
    html = render_html(report, ["prizes"])
    assert heading in html and "Hero, Hans" in html
    assert document(report, ["prizes"])["blocks"][0]["title"] == heading  # type: ignore[index]


def norm_book():
    book = new_book("Norms.xlsx")
    with in_excel(book) as port:
        write(port, norm_event())
    return book


def test_norms_button_writes_the_norms_and_it1_sheets(lite: bool) -> None:  # noqa: F811
    book = norm_book()
    message = press(book, addin.check_norms, lite=lite)
    assert message.startswith("1 norm(s) achieved") and "IT1 sheet" in message
    rows = book.sheets["Norms"].used_range.value
    assert rows[0][:4] == ["TPN", "Name", "Norm", "Status"]
    assert [1.0, "Hero, Hans", "GM", "achieved"] == rows[1][:4]
    assert any(isinstance(r[0], str) and r[0].startswith("IT3: 10 players") for r in rows)
    it1 = book.sheets["IT1"].used_range.value
    assert it1[1][0] == "GM" and it1[1][6] == "GM 2" and it1[9][6] == "GM 10" and it1[10][0] is None
    assert it1[11][0].startswith("Event: Norm Open") and "chief arbiter IA A. Arbiter 12345678" in it1[11][0]
    assert it1[12][0] == ("GM norm of Hero, Hans (1000001, NOR): 9 games, 6 points, Ra 2600, Rp 2725; counts as 10 "
                          "games in a title application (B.01 1.4.1d).")  # 4½ of 9 would do


def test_prize_button_says_where_to_list_prizes_then_hands_them_out(lite: bool) -> None:  # noqa: F811
    book = paired_book(lite)
    type_results(book, 1, ["1-0", "½-½", "0-1", "1-0"])
    press(book, addin.enter_results, lite=lite)
    assert "list them in the Prizes sheet" in press(book, addin.make_prize_list, lite=lite)
    sheet = book.sheets.add("Prizes")
    sheet.range("A1").value = [["Prize", "Place", "Amount", "Category", "Group"], ["", 1, 100, "", ""],
                               ["", 2, 80, "", ""], ["Sharing", "hort", "", "", ""]]
    message = press(book, addin.make_prize_list, lite=lite)
    assert "get prizes" in message and "Prize list sheet" in message
    listed = book.sheets["Prize list"].used_range.value
    assert listed[0] == ["TPN", "Name", "Prize", "Amount", "Why"] and len(listed) >= 3


def test_check_report_button_names_what_a_rating_officer_rejects(lite: bool) -> None:  # noqa: F811
    book = paired_book(lite)
    type_results(book, 1, ["1-0", "½-½", "0-1", "1-0"])
    message = press(book, addin.check_report, lite=lite)
    assert message.startswith("A rating officer would reject") and "no FIDE id" in message
    norms = norm_book()
    assert press(norms, addin.check_report, lite=lite).startswith("Nothing a rating officer would reject")


def test_the_report_button_prints_the_prize_list(lite: bool) -> None:  # noqa: F811
    book = paired_book(lite)
    type_results(book, 1, ["1-0", "½-½", "0-1", "1-0"])
    press(book, addin.enter_results, lite=lite)
    assert "Report sheet" in press(book, addin.make_reports, lite=lite)
    assert "Prize list" not in "".join(book.sheets["Report"].used_range.value[1:])
    book.sheets.add("Prizes").range("A1").value = [["Prize", "Place", "Amount", "Category", "Group"],
                                                   ["Winner", 1, 100, "", ""]]
    press(book, addin.make_reports, lite=lite)
    html = "".join(book.sheets["Report"].used_range.value[1:])
    assert "<h2>Prize list</h2>" in html and "Winner" in html


def test_fide_list_button_reads_the_list_saved_beside_the_workbook(tmp_path) -> None:
    from sheetpair.io.workbook import load_tournament
    from sheetpair.io.xlwings_port import XlwingsPort

    from .test_addin import _import_roster
    from .test_fide_list import xml_list

    book = new_book(str(tmp_path / "Club.xlsx"))
    _import_roster(book)
    message = addin.update_from_fide_list(book)
    assert message.startswith("Save FIDE's rating list") and "workbook's folder" in message
    listed = xml_list().replace("Berg, Ada", "Berg, Erik").replace("Carlsen, Magnus", "Lindqvist, Anna")
    (tmp_path / "players_list_xml_foa.xml").write_text(listed, encoding="utf-8")
    message = addin.update_from_fide_list(book)
    assert message.startswith("2 player(s) updated from players_list_xml_foa.xml. Not on the list:")
    players = {p.name: p for p in load_tournament(XlwingsPort(book)).players}
    assert (players["Berg, Erik"].fide_id, players["Berg, Erik"].rating, players["Berg, Erik"].k_factor) == (
        "1700003", 2010, 40)
    twice = xml_list().replace("Hansen, Ole", "Berg, Erik")  # two Berg, Erik and a third with the id
    (tmp_path / "players_list_xml_foa.xml").write_text(twice.replace("Berg, Ada", "Somebody, Else"), encoding="utf-8")
    book2 = new_book(str(tmp_path / "Other.xlsx"))
    _import_roster(book2)
    message = addin.update_from_fide_list(book2)
    assert "is on the FIDE list 2 times: 1700001" in message and "The workbook was not changed" in message


def test_the_it3_counts() -> None:
    from sheetpair.app.ranking import standings
    from sheetpair.core.norms import all_norms, it3_counts

    state = standings(norm_event()).state
    counts = it3_counts(state, all_norms(state, rounds=9))
    assert (counts.players, counts.federations, counts.rated, counts.unrated, counts.rounds) == (10, 10, 10, 0, 9)
    assert counts.titles == {"GM": 9, "IM": 1, "WGM": 0, "WIM": 0, "FM": 0, "WFM": 0}
    assert counts.norms == {"GM": 1, "IM": 0, "WGM": 0, "WIM": 0}
