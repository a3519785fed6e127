"""A team Swiss of 40 teams x 4 boards run end to end through the add-in's buttons (in-memory Excel, classic
and xlwings Lite semantics): Import TRF/CSV with a team roster, Pair next round, a line-up typed into the
round sheet, results typed and read by Enter results, Update standings, Make reports, Export TRF, Explain,
the check of the workbook's rounds, and Undo round."""

from __future__ import annotations

import random

import pytest

from sheetpair.app import team_event
from sheetpair.app.workbooks.live import in_excel
from sheetpair.excel import buttons as addin
from sheetpair.io.trf_team import read_team_trf

from .memxw import new_book
from .test_addin import press

RESULTS = ["1-0", "½-½", "0-1", "1-0", "0-1", "+/-"]


def roster_lines(teams: int = 40, members: int = 5) -> list[list[str]]:
    rng = random.Random(teams)
    lines = [["Name,Rating,Team"]]
    for t in range(1, teams + 1):
        base = rng.randint(1500, 2300)
        lines += [[f"Player {t}-{b + 1},{base - 40 * b},Club {t:02d}"] for b in range(members)]
    return lines


def round_rows(book, number: int) -> list[list[object]]:
    return book.sheets[f"Round {number}"].used_range.value[1:]


def type_board_results(book, number: int, rng: random.Random, value: str | None = None) -> None:
    sheet = book.sheets[f"Round {number}"]
    for row, cells in enumerate(round_rows(book, number), start=2):
        if cells[0] is not None and cells[1] is not None:
            sheet.range((row, 5)).value = value if value is not None else rng.choice(RESULTS)


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_a_team_swiss_of_40_teams_runs_end_to_end_through_the_buttons(lite: bool) -> None:
    book = new_book("League.xlsx")
    press(book, addin.import_trf_csv, lite=lite)
    sheet = book.sheets["Import"]
    sheet["B2"].value, sheet["B3"].value, sheet["B10"].value = "team-swiss", 3, 4  # system, rounds, boards
    sheet.range((12, 1)).value = roster_lines()
    assert press(book, addin.import_trf_csv, lite=lite).startswith("Imported the roster: 40 teams of 4 boards")
    rng = random.Random(3)
    for number in range(1, 4):
        message = press(book, addin.pair_next_round, lite=lite)
        assert message.startswith(f"Round {number} is paired: 20 match(es)")
        rows = round_rows(book, number)
        assert rows[0][1] is None and [r[1] for r in rows[1:5]] == [1, 2, 3, 4]  # a match, then its boards
        if number == 2:  # a typed line-up: the White team's reserve on board 4 (White's player sits Black there)
            white_team = int(rows[0][2])
            book.sheets["Round 2"].range((6, 6)).value = 5 * white_team
        assert "of 20 match(es) in; still without" in press(book, addin.enter_results, lite=lite)
        type_board_results(book, number, rng)
        assert "the round is complete" in press(book, addin.enter_results, lite=lite)
    assert "Standings of 40 teams after round 3" in press(book, addin.update_standings, lite=lite)
    standings = book.sheets["Team standings"].used_range.value
    assert standings[0][:5] == ["Rank", "TPN", "Team", "MP", "GP"] and len(standings) == 41
    assert book.sheets["Board ranking"].used_range.value[1][0] == 1
    lineup = [r for r in round_rows(book, 2) if r[1] == 4][0]
    assert lineup[5] == 5 * white_team

    assert "Report sheet" in press(book, addin.make_reports, lite=lite)
    html = "\n".join(book.sheets["Report"].used_range.value[1:])
    assert "Pairings, round 3" in html and "Board ranking" in html and "Team crosstable" in html
    assert "TRF sheet" in press(book, addin.export_trf, lite=lite)
    exported = read_team_trf("\n".join(book.sheets["TRF"].used_range.value[1:])).event
    assert len(exported.teams) == 40 and len(exported.rounds) == 3
    assert "explanation of round 3" in press(book, addin.explain_round, lite=lite)
    with in_excel(book) as port:
        assert all(c.same_pairs for c in team_event.check(port))

    assert "has 80 result(s): clear them" in press(book, addin.undo_round, lite=lite)
    type_board_results(book, 3, rng, value="")
    assert press(book, addin.undo_round, lite=lite) == "Round 3 is removed."
    assert "Round 3" not in [s.name for s in book.sheets]
