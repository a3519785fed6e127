"""Roster import: forgiving headers, separators and encodings; every unusable row reported."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from sheetpair.core.errors import InputError
from sheetpair.io.roster import read_roster


def write(tmp_path: Path, text: str, *, encoding: str = "utf-8", name: str = "roster.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode(encoding))
    return path


def test_common_header_names_separators_and_normalised_values(tmp_path: Path) -> None:
    path = write(tmp_path, "Player ; RTG ; Fed ; FIDE-ID ; Tit ; Club ; Team ; Birth date ; Gender\n"
                           "Müller, Jörg;2301;ger;4600001;gm;SK Köln;A;17.05.1990;male\n"
                           "Smith, Ann;;ENG;;;;;1985;F\n")
    first, second = read_roster(path)
    assert (first.tpn, first.name, first.rating, first.federation, first.fide_id, first.title, first.club,
            first.team, first.birth_date, first.sex) == (
        1, "Müller, Jörg", 2301, "GER", "4600001", "GM", "SK Köln", "A", "1990/05/17", "m")
    assert (second.tpn, second.rating, second.birth_date, second.sex, second.fide_id) == (2, 0, "1985", "w", "")


@pytest.mark.parametrize("separator", [",", ";", "\t"])
def test_separators(tmp_path: Path, separator: str) -> None:
    path = write(tmp_path, separator.join(["Name", "Elo", "Federation"]) + "\n"
                 + separator.join(["Magnus Carlsen", "2830", "NOR"]) + "\n")
    assert [(p.name, p.rating, p.federation) for p in read_roster(path)] == [("Magnus Carlsen", 2830, "NOR")]


def test_the_fide_column_wins_over_a_national_one(tmp_path: Path) -> None:
    path = write(tmp_path, "ID;Name;NRtg;FIDE-ID;Elo;Rtg FIDE\n77;Anna;1500;4600001;1400;2100\n")
    (player,) = read_roster(path)
    assert (player.fide_id, player.rating) == ("4600001", 2100)


def test_windows_1252(tmp_path: Path) -> None:
    path = write(tmp_path, "Name;Rating\nNiño, José;1900\n", encoding="cp1252")
    assert read_roster(path)[0].name == "Niño, José"


def test_separate_first_and_last_names(tmp_path: Path) -> None:
    path = write(tmp_path, "First name,Last name\nMagnus,Carlsen\n")
    assert read_roster(path)[0].name == "Carlsen, Magnus"


def test_every_bad_row_is_reported_with_its_line(tmp_path: Path) -> None:
    path = write(tmp_path, "Name,Rating,Fed,FIDE ID,Sex,Born\n"
                           "Good,2000,NOR,1,m,1990\n"
                           "\n"
                           "Bad rating,twelve,NOR,,,\n"
                           ",2000,NOR,,,\n"
                           "Bad fed,2000,NORW,,,\n"
                           "Same id,2000,NOR,1,,\n"
                           "Bad sex,2000,NOR,,x,\n"
                           "Bad date,2000,NOR,,,31.02.1990\n")
    with pytest.raises(InputError) as error:
        read_roster(path)
    message = str(error.value)
    assert "6 row(s) cannot be used" in message
    for line, reason in [(4, "rating 'twelve'"), (5, "name is empty"), (6, "'NORW'"), (7, "also on line 2"),
                         (8, "sex 'x'"), (9, "birth date '31.02.1990'")]:
        assert f"line {line}: " in message and reason in message


def test_missing_name_column_is_named(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="line 1: no name column"):
        read_roster(write(tmp_path, "Rating,Fed\n2000,NOR\n"))


def test_xlsx_roster(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Nr", "NAME", "Elo", "FIDE ID", "Birthdate"])
    sheet.append([1, "Ding, Liren", 2780.0, 8603677.0, dt.datetime(1992, 10, 24)])
    sheet.append([2, "Bad", "x", None, None])
    path = tmp_path / "roster.xlsx"
    book.save(path)
    with pytest.raises(InputError, match="line 3: rating 'x'"):
        read_roster(path)
    sheet.delete_rows(3)
    book.save(path)
    (player,) = read_roster(path)
    assert (player.name, player.rating, player.fide_id, player.birth_date) == (
        "Ding, Liren", 2780, "8603677", "1992/10/24",
    )


def test_xlsx_roster_after_a_title_sheet(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["Spring Open 2026"])
    players = book.create_sheet("Players")
    players.append(["Name", "Rating"])
    players.append(["Anna", 2000])
    path = tmp_path / "entries.xlsx"
    book.save(path)
    assert [(p.name, p.rating) for p in read_roster(path)] == [("Anna", 2000)]


def test_unknown_file_kind(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=".csv or .xlsx"):
        read_roster(write(tmp_path, "x", name="roster.pdf"))


def test_a_utf8_roster_with_one_windows_1252_line_keeps_both_kinds_of_names(tmp_path: Path) -> None:
    path = tmp_path / "mixed.csv"
    path.write_bytes("Name;Rating\nMüller, Jörg;1900\n".encode() + "Niño, José;1800\n".encode("cp1252"))
    assert [p.name for p in read_roster(path)] == ["Müller, Jörg", "Niño, José"]


def test_a_roster_in_neither_utf8_nor_windows_1252_is_refused_not_garbled(tmp_path: Path) -> None:
    path = tmp_path / "tokyo.csv"
    path.write_bytes("Name;Rating\n山田 太郎;1900\n佐藤 花子;1800\n".encode("shift_jis"))
    with pytest.raises(InputError, match=r"tokyo.csv, line 2: the text is neither UTF-8 nor a code page"):
        read_roster(path)


@pytest.mark.parametrize(("codec", "names"), [
    ("cp1250", ["Łukasz, Żółć", "Dvořák, Antonín", "Nováková, Šárka"]),
    ("mac_roman", ["Müller, Jörg", "Niño, José"]),
    ("cp1252", ["Müller, Jörg", "Niño, José", "Øster, Åse", "MÜLLER, JÜRGEN", "O’Brien, Zoë"]),
])
def test_a_roster_in_a_single_byte_code_page_is_read_as_the_data_says(tmp_path: Path, codec: str,
                                                                       names: list[str]) -> None:
    path = tmp_path / f"{codec}.csv"
    path.write_bytes(("Name;Rating\n" + "".join(f"{name};1800\n" for name in names)).encode(codec))
    assert [p.name for p in read_roster(path)] == names


def test_a_csv_field_over_128_kb_is_a_sentence_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "huge.csv"
    path.write_text('Name;Rating\nAnna;1500\n"' + "x" * 200_000 + '";1400\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"huge.csv, line 3: cannot be read as CSV"):
        read_roster(path)


def test_a_rosters_k_column_is_the_players_own_k(tmp_path):
    from sheetpair.io.roster import read_roster
    path = tmp_path / "k.csv"
    path.write_text("Name,Rating,K\nNew,1500,40\nOld,2350,10\nPlain,1800,\n", encoding="utf-8")
    assert [p.k_factor for p in read_roster(path)] == [40, 10, None]
    path.write_text("Name,Rating,K\nBad,1500,60\n", encoding="utf-8")
    with pytest.raises(InputError, match="line 2: K-factor '60' is not a whole number from 1 to 40"):
        read_roster(path)


@pytest.mark.parametrize("header, name, rating, federation, title", [
    ("Name;Classement;Fédération;Titre", "Dupont, Jean", 2150, "FRA", "FM"),  # fr
    ("Spieler;Elo;Land;Titel", "Dupont, Jean", 2150, "FRA", "FM"),  # de
    ("Nombre;Elo;Federación;Título", "Dupont, Jean", 2150, "FRA", "FM"),  # es
    ("Naam;Rating;Federatie;Titel", "Dupont, Jean", 2150, "FRA", "FM"),  # nl
    ("Navn;Rating;Forbund;Tittel", "Dupont, Jean", 2150, "FRA", "FM"),  # no
    ("Zawodnik;Ranking FIDE;Federacja;Tytuł", "Dupont, Jean", 2150, "FRA", "FM"),  # pl
    ("Игрок;Рейтинг;Федерация;Звание", "Dupont, Jean", 2150, "FRA", "FM"),  # ru
])
def test_foreign_headers_are_read(tmp_path: Path, header: str, name: str, rating: int, federation: str,
                                  title: str) -> None:
    (player,) = read_roster(write(tmp_path, f"{header}\nDupont, Jean;2150;fra;fm\n"))
    assert (player.name, player.rating, player.federation, player.title) == (name, rating, federation, title)


def test_foreign_first_last_name_birth_and_sex_headers(tmp_path: Path) -> None:
    path = write(tmp_path, "Фамилия;Имя;Дата рождения;Пол\nИванов;Иван;1990-05-17;M\n")
    (player,) = read_roster(path)
    assert (player.name, player.birth_date, player.sex) == ("Иванов, Иван", "1990/05/17", "m")
    (player,) = read_roster(write(tmp_path, "Nazwisko;Imię;Data urodzenia;Płeć\nNowak;Anna;1.2.2000;K\n"
                                  .replace(";K", ";w")))
    assert (player.name, player.birth_date) == ("Nowak, Anna", "2000/02/01")


def test_a_row_twice_is_named_with_both_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "Name;Elo;Fed\nAnna;1500;NOR\nBert;1600;NOR\nanna;1500;NOR\n")
    with pytest.raises(InputError, match=r"line 4: the same player as line 2 \(anna\)"):
        read_roster(path)
    assert len(read_roster(write(tmp_path, "Name;Elo\nAnna;1500\nAnna;1700\n"))) == 2  # two players, one name


def test_an_unbalanced_quote_names_its_line_instead_of_swallowing_the_rest(tmp_path: Path) -> None:
    path = write(tmp_path, 'Name,Elo\nAnna,1500\n"Smith, Bert,1600\nCarl,1700\nDora,1800\n')
    with pytest.raises(InputError, match=r"roster.csv, line 3: a quote .* no quote on the same line closes"):
        read_roster(path)
    path = write(tmp_path, 'Name,Elo\n"Smith, Bert,1600\nCarl",1700\nDora,1800\n')
    with pytest.raises(InputError, match=r"line 2: a quote"):
        read_roster(path)


@pytest.mark.parametrize("title", ["GMX", "X", "Dr"])
def test_a_title_fide_does_not_award_is_refused(tmp_path: Path, title: str) -> None:
    with pytest.raises(InputError, match=rf"line 2: title '{title}' is none of GM, IM"):
        read_roster(write(tmp_path, f"Name;Title\nAnna;{title}\n"))


def test_a_header_no_field_answers_to_is_named(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (player,) = read_roster(write(tmp_path, "Name;Wertzahl;Fed;Notiz\nAnna;1500;NOR;x\n"))
    assert player.rating == 0
    assert "roster.csv, line 1: column(s) B ('Wertzahl'), D ('Notiz') not read" in caplog.text


def test_the_inactivity_flag_of_the_fide_list_is_read_from_a_roster(tmp_path: Path) -> None:
    path = write(tmp_path, "Name,Rating,Inactive\nAnna,2000,i\nBert,1900,\nCarl,1800,yes\nDora,1700,maybe\n")
    with pytest.raises(InputError, match=r"line 5.*'maybe'"):
        read_roster(path)
    path = write(tmp_path, "Name,Rating,Inactive\nAnna,2000,i\nBert,1900,\nCarl,1800,yes\n")
    assert [p.inactive for p in read_roster(path)] == [True, False, True]
