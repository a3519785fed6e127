"""FIDE's rating list (io/fide_list.py, app/fide_list.py, ``sheetpair players --from-fide``): both formats,
zipped or not, by FIDE id or by name, and a name found twice is a question, never a guess."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from sheetpair.app.fide_list import fill_roster
from sheetpair.cli import cli
from sheetpair.core.errors import InputError
from sheetpair.core.model import Player
from sheetpair.io.fide_list import name_key, scan_list
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament

ENTRIES = [
    # id, name, fed, sex, title, wtitle, std, std_k, rapid, rapid_k, blitz, blitz_k, born, flag
    ("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "", 2830, 10, 2820, 10, 2880, 10, "1990", ""),
    ("1700001", "Hansen, Ole", "NOR", "M", "", "", 1900, 20, 0, None, 0, None, "1960", "i"),
    ("1700002", "Hansen, Ole", "DEN", "M", "FM", "", 2250, 20, 2200, 20, 0, None, "1985", ""),
    ("1700003", "Berg, Ada", "NOR", "F", "", "WFM", 2010, 40, 1980, 40, 1950, 40, "2011", "w"),
]


def xml_list() -> str:
    rows = []
    for (fid, name, fed, sex, tit, wtit, std, sk, rapid, rk, blitz, bk, born, flag) in ENTRIES:
        rows.append(f"<player><fideid>{fid}</fideid><name>{name}</name><country>{fed}</country><sex>{sex}</sex>"
                    f"<title>{tit}</title><w_title>{wtit}</w_title><o_title></o_title><foa_title></foa_title>"
                    f"<rating>{std or ''}</rating><games>0</games><k>{sk or ''}</k>"
                    f"<rapid_rating>{rapid or ''}</rapid_rating><rapid_games>0</rapid_games>"
                    f"<rapid_k>{rk or ''}</rapid_k><blitz_rating>{blitz or ''}</blitz_rating>"
                    f"<blitz_games>0</blitz_games><blitz_k>{bk or ''}</blitz_k>"
                    f"<birthday>{born}</birthday><flag>{flag}</flag></player>")
    return "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<playerslist>\n" + "\n".join(rows) + "\n</playerslist>\n"


def txt_list() -> str:
    widths = [("ID Number", 15), ("Name", 61), ("Fed", 4), ("Sex", 4), ("Tit", 5), ("WTit", 5), ("OTit", 15),
              ("FOA", 4), ("SRtng", 6), ("SGm", 4), ("SK", 3), ("RRtng", 6), ("RGm", 4), ("Rk", 3), ("BRtng", 6),
              ("BGm", 4), ("BK", 3), ("B-day", 6), ("Flag", 4)]
    lines = ["".join(h.ljust(w) for h, w in widths).rstrip()]
    for (fid, name, fed, sex, tit, wtit, std, sk, rapid, rk, blitz, bk, born, flag) in ENTRIES:
        values = [fid, name, fed, sex, tit, wtit, "", "", std or "", "0", sk or "", rapid or "", "0", rk or "",
                  blitz or "", "0", bk or "", born, flag]
        lines.append("".join(str(v).ljust(w) for v, (_, w) in zip(values, widths, strict=True)).rstrip())
    return "\n".join(lines) + "\n"


@pytest.fixture(params=["xml", "txt", "xml.zip", "txt.zip"])
def fide_file(request, tmp_path: Path) -> Path:
    kind = request.param.split(".")[0]
    text = xml_list() if kind == "xml" else txt_list()
    plain = tmp_path / f"players_list.{kind}"
    plain.write_text(text, encoding="utf-8")
    if not request.param.endswith(".zip"):
        return plain
    zipped = tmp_path / f"players_list_{kind}.zip"
    with zipfile.ZipFile(zipped, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(plain, plain.name)
    return zipped


def test_both_formats_zipped_or_not_read_the_same(fide_file: Path):
    found = scan_list(fide_file, ids={"1503014", "1700003"}, names={name_key("ole hansen")})
    entries = {e.fide_id: e for e in found}
    assert set(entries) == {"1503014", "1700001", "1700002", "1700003"}
    carlsen = entries["1503014"]
    assert (carlsen.name, carlsen.federation, carlsen.title, carlsen.birth_year) == (
        "Carlsen, Magnus", "NOR", "GM", "1990")
    assert (carlsen.rating("standard"), carlsen.rating("blitz"), carlsen.k("rapid")) == (2830, 2880, 10)
    ada = entries["1700003"]
    assert (ada.title, ada.sex, ada.k("standard"), ada.inactive) == ("WFM", "F", 40, False)
    assert entries["1700001"].inactive and entries["1700002"].k("blitz") is None


def test_the_roster_filled_by_id_and_by_name(fide_file: Path):
    players = [Player(1, "Whoever", fide_id="1503014"), Player(2, "Ada Berg"), Player(3, "Nobody, Known")]
    done = fill_roster(players, fide_file, choose=lambda p, c: None, rating_list="rapid")
    assert (done.updated, done.not_found) == ((1, 2), (3,))
    assert (players[0].name, players[0].rating, players[0].k_factor, players[0].title) == (
        "Carlsen, Magnus", 2820, 10, "GM")
    ada = players[1]
    assert (ada.fide_id, ada.birth_date, ada.sex, ada.rating) == ("1700003", "2011", "F", 1980)


def test_a_name_found_twice_is_a_question(fide_file: Path):
    asked = []

    def choose(player, candidates):
        asked.append([c.fide_id for c in candidates])
        return candidates[1]

    players = [Player(1, "Ole Hansen")]
    fill_roster(players, fide_file, choose=choose)
    assert asked == [["1700001", "1700002"]] and players[0].federation == "DEN" and players[0].rating == 2250


def test_not_a_fide_list(tmp_path: Path):
    bad = tmp_path / "list.txt"
    bad.write_text("hello\nworld\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 1: not FIDE's TXT rating list"):
        list(scan_list(bad, ids={"1"}))


SAMPLE = Path(__file__).resolve().parent.parent / "sample_workbooks" / "club_championship.xlsx"


def test_players_command_refuses_a_double_name_with_yes_and_lists_the_candidates(tmp_path: Path):
    book = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, book)
    fide = tmp_path / "list.xml"
    name = load_tournament(OpenpyxlPort(book)).players[0].name
    fide.write_text(xml_list().replace("Hansen, Ole", name), encoding="utf-8")
    result = CliRunner().invoke(cli, ["players", str(book), "--from-fide", str(fide), "--yes"])
    assert result.exit_code == 4, result.output
    assert "1700001" in result.output and "1700002" in result.output and "Traceback" not in result.output


def test_players_command_updates_the_workbook(tmp_path: Path):
    book = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, book)
    first = load_tournament(OpenpyxlPort(book)).players[0]
    fide = tmp_path / "list.xml"
    fide.write_text(xml_list().replace("Berg, Ada", first.name), encoding="utf-8")
    result = CliRunner().invoke(cli, ["players", str(book), "--from-fide", str(fide), "--yes"])
    assert result.exit_code == 0, result.output
    assert "1 player(s) updated" in result.output
    again = load_tournament(OpenpyxlPort(book)).players[0]
    assert (again.fide_id, again.rating, again.k_factor, again.birth_date) == ("1700003", 2010, 40, "2011")


def test_new_accepts_fide_ids_alone_filled_from_the_list(fide_file: Path, tmp_path: Path):
    ids = tmp_path / "ids.txt"
    ids.write_text("1503014\n1700003\n1700002\n", encoding="utf-8")  # one id a line, no header
    book = tmp_path / "new.xlsx"
    result = CliRunner().invoke(cli, ["new", str(book), "--system", "dutch", "--rounds", "5", "--players", str(ids),
                                      "--from-fide", str(fide_file), "--keep-order"])
    assert result.exit_code == 0, result.output
    players = load_tournament(OpenpyxlPort(book)).players
    assert [(p.name, p.fide_id, p.rating, p.federation) for p in players] == [
        ("Carlsen, Magnus", "1503014", 2830, "NOR"), ("Berg, Ada", "1700003", 2010, "NOR"),
        ("Hansen, Ole", "1700002", 2250, "DEN")]
    assert players[1].k_factor == 40 and players[1].title == "WFM"


def test_new_with_ids_alone_names_what_is_missing(tmp_path: Path):
    ids = tmp_path / "ids.csv"
    ids.write_text("FIDE id,Rating\n1503014,2830\n9999999,\n", encoding="utf-8")  # a FIDE id column, no names
    book = tmp_path / "new.xlsx"
    args = ["new", str(book), "--system", "dutch", "--rounds", "5", "--players", str(ids)]
    without = CliRunner().invoke(cli, args)
    assert without.exit_code != 0 and "FIDE id 1503014, 9999999 have no name" in without.output
    assert "--from-fide" in without.output and not book.exists()
    fide = tmp_path / "list.xml"
    fide.write_text(xml_list(), encoding="utf-8")
    unknown = CliRunner().invoke(cli, [*args, "--from-fide", str(fide)])
    assert unknown.exit_code != 0 and "FIDE id 9999999 is not on the FIDE list list.xml" in unknown.output
    assert not book.exists()


def test_players_command_adds_players_by_fide_id(tmp_path: Path):
    book = tmp_path / "open.xlsx"
    shutil.copy(SAMPLE.with_name("dutch_open.xlsx"), book)
    before = load_tournament(OpenpyxlPort(book))
    fide = tmp_path / "list.xml"
    fide.write_text(xml_list(), encoding="utf-8")
    run = CliRunner().invoke
    unknown = run(cli, ["players", str(book), "--from-fide", str(fide), "--yes", "--add", "1503014", "--add", "42"])
    assert unknown.exit_code != 0 and "FIDE id 42 is not on the FIDE list list.xml: nothing was added" in unknown.output
    assert load_tournament(OpenpyxlPort(book)) == before
    result = run(cli, ["players", str(book), "--from-fide", str(fide), "--yes", "--add", "1503014"])
    assert result.exit_code == 0, result.output
    new = len(before.players) + 1
    assert f"Added: {new}." in result.output
    after = load_tournament(OpenpyxlPort(book))
    carlsen = after.player(new)
    assert (carlsen.name, carlsen.rating, carlsen.federation, carlsen.title) == ("Carlsen, Magnus", 2830, "NOR", "GM")
    assert all(any(b.player == new for b in rnd.byes) for rnd in after.rounds)  # the rounds missed, on record
    again = run(cli, ["players", str(book), "--from-fide", str(fide), "--yes", "--add", "1503014"])
    assert again.exit_code != 0 and f"1503014 (player {new}) is in the roster already" in again.output


def test_the_inactivity_flag_is_kept_read_back_and_shown_and_old_workbooks_stay_as_they_are(tmp_path: Path):
    from sheetpair.history.edits import hand_edits
    from sheetpair.io.metadata import read_metadata

    book = tmp_path / "event.xlsx"
    shutil.copy(SAMPLE, book)
    first = load_tournament(OpenpyxlPort(book)).players[0]
    fide = tmp_path / "list.xml"
    fide.write_text(xml_list().replace("Berg, Ada", first.name), encoding="utf-8")  # Ada's flag: w, active
    assert CliRunner().invoke(cli, ["players", str(book), "--from-fide", str(fide), "--yes"]).exit_code == 0
    header = [c.value for c in openpyxl.load_workbook(book)["Players"][1]]
    assert "Inactive" not in header  # no player flagged: the columns stay as they were
    fide.write_text(fide.read_text(encoding="utf-8").replace("<flag>w</flag>", "<flag>wi</flag>"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["players", str(book), "--from-fide", str(fide), "--yes"])
    assert result.exit_code == 0 and "Inactive on the list: 1." in result.output
    sheet = openpyxl.load_workbook(book)["Players"]
    column = [c.value for c in sheet[1]].index("Inactive")
    assert [row[column].value for row in sheet.iter_rows(min_row=2, max_row=3)] == ["i", None]
    port = OpenpyxlPort(book)
    tournament = load_tournament(port)
    assert [p.inactive for p in tournament.players][:2] == [True, False]
    assert hand_edits(read_metadata(port), tournament) == []  # the flag is no hand edit
    CliRunner().invoke(cli, ["report", str(book), "--html", str(tmp_path / "site")])
    assert "2010 i" in (tmp_path / "site" / "start.html").read_text(encoding="utf-8")


def test_a_workbook_written_before_the_flag_reads_without_a_hand_edit():
    from sheetpair.history.edits import hand_edits
    from sheetpair.io.metadata import read_metadata

    port = OpenpyxlPort(SAMPLE)
    tournament = load_tournament(port)
    assert not any(p.inactive for p in tournament.players)
    assert hand_edits(read_metadata(port), tournament) == []
