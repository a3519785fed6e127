"""Writes the sample workbooks of this folder: one event per family of pairing systems, part played.

Run ``python sample_workbooks/make_samples.py`` (with sheetpair installed) after changing the workbook layout.
Results come from a seeded rating-expectancy model, so every run writes the same events.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.styles import Font

from sheetpair.app import operations
from sheetpair.app.event import event_settings, new_tournament
from sheetpair.app.session import write
from sheetpair.core.model import EventInfo, Player, Result, Tournament
from sheetpair.io.openpyxl_port import OpenpyxlPort

HERE = Path(__file__).resolve().parent

FIRST = ["Anna", "Erik", "Tomas", "Karin", "Daniel", "Yuki", "Claire", "Pavel", "Ingrid", "Mateo", "Sofia",
         "Lars", "Aisha", "Jonas", "Elena", "Kofi", "Mia", "Oskar", "Leila", "Hugo", "Nora", "Ravi", "Greta",
         "Felix"]
LAST = ["Lindqvist", "Berg", "Havel", "Nyström", "Okafor", "Sato", "Moreau", "Ivanov", "Dahl", "García",
        "Rossi", "Holm", "Rahman", "Weber", "Popescu", "Mensah", "Larsen", "Eklund", "Haddad", "Laurent",
        "Solberg", "Iyer", "Novak", "Brandt"]
FEDERATIONS = ["SWE", "NOR", "CZE", "DEN", "ENG", "JPN", "FRA", "BUL", "FIN", "ESP", "ITA", "GER"]


@dataclass(frozen=True)
class Sample:
    file: str
    title: str
    system: str
    players: int
    rounds: int
    played: int
    about: str
    options: tuple[tuple[str, str], ...] = ()
    teams: bool = False


SAMPLES: tuple[Sample, ...] = (
    Sample("club_championship.xlsx", "Club Championship 2026", "berger", 8, 7, 3,
           "An 8-player Berger round robin (FIDE tables), start numbers drawn by lot."),
    Sample("dutch_open.xlsx", "Spring Open 2026", "dutch", 24, 7, 4,
           "A 24-player FIDE Dutch Swiss (2026 rules)."),
    Sample("monrad_weekend.xlsx", "Weekend Monrad 2026", "monrad", 16, 6, 3,
           "A 16-player Danish-Swedish Monrad: lot-drawn order, strict pairing by score."),
    Sample("winther_swiss_open.xlsx", "Accelerated Swiss 2026", "winther-swiss", 20, 7, 3,
           "A 20-player Swiss with Winther acceleration: quadrants in round 1, winners meet in round 2."),
    Sample("club_swiss_evenings.xlsx", "Club Swiss Evenings 2026", "club-swiss", 18, 7, 3,
           "An 18-player Club Swiss: three rating groups, then the whole field, WNT tie-break."),
    Sample("scheveningen_match.xlsx", "Town Match 2026", "scheveningen", 12, 6, 2,
           "A 6-board Scheveningen match: team A (Team column) against team B.", teams=True),
    Sample("berger_swiss_festival.xlsx", "Berger-Swiss Festival 2026", "berger-swiss", 20, 9, 3,
           "A 20-player Berger-Swiss: rating groups play round robins, then one Swiss field."),
    Sample("dubov_open.xlsx", "Rating Open 2026", "dubov", 21, 7, 3,
           "A 21-player FIDE Dubov Swiss (2026 rules): White seekers with the lowest average rating of "
           "opponents meet the Black seekers first; an unrated player needs a provisional rating."),
    Sample("lim_open.xlsx", "Lim Open 2026", "lim", 21, 7, 4,
           "A 21-player FIDE Lim Swiss (C.04.4.3, 2026): groups above the median paired downward, those below "
           "upward, the median group last."),
    Sample("burstein_classic_open.xlsx", "Burstein Memorial 2026", "burstein-classic", 16, 7, 4,
           "A 16-player classic Burstein Swiss: an imaginary point for the top half in rounds 1-2, then "
           "score groups ordered by Sonneborn-Berger, Buchholz and Median, highest against lowest."),
    Sample("burstein_open.xlsx", "Autumn Burstein Open 2026", "burstein", 20, 9, 5,
           "A 20-player FIDE Burstein Swiss (2026 rules): four seeding rounds paired by the Dutch system, "
           "then brackets ordered by Buchholz and Sonneborn-Berger."),
)


def roster(sample: Sample, rng: random.Random) -> list[Player]:
    names = rng.sample([f"{last}, {first}" for first, last in zip(FIRST, LAST)], sample.players)
    ratings = sorted(rng.sample(range(1500, 2300), sample.players), reverse=True)
    return [
        Player(0, name, rating, federation=rng.choice(FEDERATIONS),
               team=("Northside" if i % 2 == 0 else "Southside") if sample.teams else "")
        for i, (name, rating) in enumerate(zip(names, ratings))
    ]


def expected_result(white: Player, black: Player, rng: random.Random) -> Result:
    expectancy = 1 / (1 + 10 ** (-(white.rating - black.rating + 30) / 400))
    draw = 0.4 * (1 - abs(2 * expectancy - 1))
    roll = rng.random()
    if roll < expectancy - draw / 2:
        return Result.WHITE_WINS
    return Result.DRAW if roll < expectancy + draw / 2 else Result.BLACK_WINS


def play(sample: Sample) -> Tournament:
    rng = random.Random(sample.file)
    players = roster(sample, rng)
    settings = event_settings(sample.system, len(players), rounds=sample.rounds, seed=2026,
                                         options=dict(sample.options))
    settings.event = EventInfo(name=sample.title, city="Lund", federation="SWE", start_date="2026-03-07",
                               chief_arbiter="IA Example Arbiter")
    tournament = new_tournament(players, settings)
    for _ in range(sample.played):
        paired = operations.pair_next_round(tournament)
        for game in paired.games:
            if not game.result.is_known:
                game.result = expected_result(tournament.player(game.white), tournament.player(game.black), rng)
    return tournament


def add_about_sheet(path: Path, sample: Sample) -> None:
    """A first sheet in plain words; it belongs to the arbiter, so sheetpair keeps it on every save."""
    book = load_workbook(path)
    sheet = book.create_sheet("About", 0)
    lines = [
        f"{sample.title} — a sheetpair sample workbook",
        "",
        f"{sample.about} {sample.played} round(s) played; round {sample.played + 1} is next.",
        "",
        "Settings: how the event is paired and scored (system, rounds, tie-breaks, the seed of the draw).",
        "Players: the roster as an Excel table. Add your own columns and formatting: sheetpair keeps them.",
        "Round 1, Round 2, ...: one sheet per round. Type results in the Result column "
        "(dropdown: 1-0, ½-½, 0-1, +/-, -/+, -/-, *).",
        "Standings and Crosstable: written by sheetpair after every change; do not edit them by hand.",
        "",
        f"Try:  sheetpair pair {path.name} -o my_copy.xlsx   (pairs round {sample.played + 1} into a copy)",
        "      sheetpair standings my_copy.xlsx",
        "This sheet belongs to you, not to sheetpair: it survives every save.",
    ]
    for row, line in enumerate(lines, start=1):
        sheet.cell(row, 1, line)
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.column_dimensions["A"].width = 110
    book.active = 0
    book.save(path)


def main() -> None:
    for sample in SAMPLES:
        path = HERE / sample.file
        path.unlink(missing_ok=True)
        port = OpenpyxlPort(path, create=True)
        write(port, play(sample))
        port.save()
        add_about_sheet(path, sample)
        print(f"wrote {path.name}")


if __name__ == "__main__":
    main()
