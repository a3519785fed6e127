"""Revisions of one workbook: the metadata sheet, the journal, hand edits found by their hashes, status,
and stale copies refused with exit code 75."""

from __future__ import annotations

import dataclasses
import hashlib
import importlib
import json
import random
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from click.testing import Result as Invocation
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetpair.app import operations
from sheetpair.app.event import new_tournament
from sheetpair.app.interchange import trf_text
from sheetpair.app.session import load, write
from sheetpair.app.status import status
from sheetpair.cli import cli
from sheetpair.core.errors import StaleCopyError
from sheetpair.core.model import Bye, ByeKind, Game, Player, Result, Settings, Tournament
from sheetpair.history.edits import hand_edits, pairing_problems
from sheetpair.history.parts import part_hash, results_part, tournament_parts
from sheetpair.history.records import JournalEntry, Metadata, next_metadata
from sheetpair.history.stamp import Stamp
from sheetpair.io.metadata import META_SHEET, read_metadata
from sheetpair.io.openpyxl_port import OpenpyxlPort

ROSTER = "Name,Rating\nAda,2200\nBen,2100\nCyd,2000\nDee,1900\nEve,1800\nFox,1700\n"
RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.NONE, Result.POSTPONED,
           Result.WHITE_WINS_BY_FORFEIT]


def run(*args: object, code: int = 0) -> Invocation:
    result = CliRunner().invoke(cli, [str(a) for a in args])
    assert result.exit_code == code, result.output + repr(result.exception)
    return result


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.fixture
def book(tmp_path: Path) -> Path:
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    path = tmp_path / "event.xlsx"
    run("new", path, "--system", "dutch", "--rounds", "5", "--players", roster, "--seed", "3")
    return path


def swiss(players: int = 6, seed: int = 4) -> Tournament:
    roster = [Player(0, f"P{i}", 2000 - 10 * i) for i in range(players)]
    return new_tournament(roster, Settings("dutch", 5, seed=seed))


def play(tournament: Tournament, rng: random.Random) -> None:
    rnd = operations.pair_next_round(tournament)
    for game in rnd.games:
        game.result = rng.choice([Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS])


def type_into(path: Path, sheet: str, cells: dict[str, object]) -> None:
    """What an arbiter does in Excel: type into cells, save; sheetpair's metadata is left as it was."""
    workbook = openpyxl.load_workbook(path)
    for address, value in cells.items():
        workbook[sheet][address] = value
    workbook.save(path)


# --- the metadata sheet ----------------------------------------------------------------------------

def test_new_gives_the_event_an_id_and_each_write_a_revision_and_a_journal_entry(book: Path) -> None:
    first = read_metadata(OpenpyxlPort(book))
    assert len(first.event_id) == 36 and first.revision == 1 and first.journal[0].change == "created"
    run("pair", book, "--arbiter", "Ann")
    run("result", book, "--round", 1, "--board", 1, "1-0")
    meta = read_metadata(OpenpyxlPort(book))
    assert meta.event_id == first.event_id
    assert (meta.revision, meta.parent_revision) == (3, 2)
    pair_entry, result_entry = meta.journal[1:]
    assert (pair_entry.revision, pair_entry.user, pair_entry.command, pair_entry.change) == (2, "Ann", "pair",
                                                                                            "round 1 paired")
    assert result_entry.command == "result" and result_entry.change == "round 1 board 1: 1-0 entered"
    assert result_entry.time.endswith("Z") and result_entry.time[:4].isdigit()


def test_a_journal_survives_a_round_trip(book: Path, tmp_path: Path) -> None:
    run("pair", book)
    run("result", book, "--round", 1, "--board", 2, "½-½")
    journal = read_metadata(OpenpyxlPort(book)).journal
    port = OpenpyxlPort(book)
    write(port, load(port))  # read and write again, as any command does
    copy = tmp_path / "copy.xlsx"
    port.save(copy)
    again = read_metadata(OpenpyxlPort(copy))
    assert again.journal[: len(journal)] == journal
    assert len(again.journal) == len(journal) + 1 and again.revision == 4


def test_journal_entries_are_read_back_as_written() -> None:
    entry = JournalEntry(7, "2026-12-01T13:00:00Z", "Ærø Ñandú", "result", "round 3 board 4: ½-½ entered")
    assert JournalEntry.from_text(entry.to_text()) == entry
    with pytest.raises(ValueError, match="not readable"):
        JournalEntry.from_text("{not json")


def test_hashes_are_canonical_and_short() -> None:
    tournament = swiss()
    shuffled = Tournament(tournament.settings, list(reversed(tournament.players)))
    assert tournament_parts(tournament) == tournament_parts(shuffled)
    digest_value = part_hash(tournament_parts(tournament)["roster"])
    assert len(digest_value) == 16 and int(digest_value, 16) >= 0
    tournament.players[0].rating += 1
    assert part_hash(tournament_parts(tournament)["roster"]) != digest_value


def test_the_roster_part_is_every_field_of_every_player_as_asdict_gives_it() -> None:
    player = Player(7, "Ærø, Ñandú", 2101, "FM", "NOR", "1503014", "1990/01/02", "w", "Club", "Team",
                    withdrawn_from=5, provisional_rating=1, k_factor=20, board=3, inactive=True)
    tournament = Tournament(swiss().settings, [player])
    assert tournament_parts(tournament)["roster"] == [json.loads(json.dumps(dataclasses.asdict(player)))]


def test_a_player_field_added_later_leaves_an_old_roster_hash_as_it_was() -> None:
    """A workbook written before ``board`` (or ``inactive``) existed stored its roster hash without it: a
    player at board 0 (every individual event's) and not flagged inactive is cut as then, so that workbook is
    not "edited by hand"."""
    player = Player(7, "Berg, Ada", 2101)
    entry = tournament_parts(Tournament(swiss().settings, [player]))["roster"][0]
    every = json.loads(json.dumps(dataclasses.asdict(player)))
    later = {"board", "inactive"}
    assert not later & set(entry) and entry == {k: v for k, v in every.items() if k not in later}

@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(RESULTS), min_size=3, max_size=3), st.integers(0, 2**16))
def test_what_sheetpair_writes_reads_back_with_the_same_hashes(tmp_path_factory: pytest.TempPathFactory,
                                                               results: list[Result], seed: int) -> None:
    tournament = swiss(seed=seed)
    play(tournament, random.Random(seed))
    rnd = operations.pair_next_round(tournament, allow_pending=False)
    for game, result in zip(rnd.games, results):
        game.result = result
    tournament.forbidden_pairs = {frozenset({1, 6})} if seed % 2 else set()
    tournament.requested_byes = {3: {2: ByeKind.HALF}} if seed % 3 else {}
    path = tmp_path_factory.mktemp("hashes") / "event.xlsx"
    port = OpenpyxlPort(path, create=True)
    write(port, tournament)
    port.save()
    port = OpenpyxlPort(path)
    assert hand_edits(read_metadata(port), load(port)) == []


def test_an_old_workbook_without_event_id_or_hashes_still_loads_and_gets_them_on_its_next_write(book: Path) -> None:
    workbook = openpyxl.load_workbook(book)
    sheet = workbook[META_SHEET]
    sheet.delete_rows(1, sheet.max_row)
    for row in (["Key", "Value"], ["schema", 1], ["revision", 4], ["written_by", "sheetpair 0.0.9"]):
        sheet.append(row)
    workbook.save(book)
    report = status(OpenpyxlPort(book))
    assert report.revision == 4 and report.event_id == "" and report.results_typed == report.edits == []
    run("pair", book)
    meta = read_metadata(OpenpyxlPort(book))
    assert meta.revision == 5 and len(meta.event_id) == 36 and meta.hashes


def test_a_newer_schema_is_refused(book: Path) -> None:
    type_into(book, META_SHEET, {"B2": 99})
    assert "schema 99 is newer" in run("status", book, code=65).output


# --- stale copies ----------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [("pair",), ("result", "--round", "1", "--board", "1", "1-0"), ("undo", "--yes")])
def test_expect_revision_refuses_a_stale_copy_with_75_and_changes_nothing(book: Path, command: tuple[str, ...]) -> None:
    run("pair", book)
    for board in (1, 2, 3):
        run("result", book, "--round", 1, "--board", board, "1-0", "--arbiter", "Ann")
    before = digest(book)
    refused = run(command[0], book, *command[1:], "--expect-revision", "4", code=75)
    assert "the workbook is at revision 5, not 4" in refused.output
    assert "Ann: result (round 1 board 3: 1-0 entered)" in refused.output
    assert digest(book) == before
    run(command[0], book, *command[1:], "--expect-revision", "5")
    assert read_metadata(OpenpyxlPort(book)).revision == 6


# --- hand edits and status -------------------------------------------------------------------------

def test_results_typed_by_hand_are_listed_and_journalled_on_the_next_write(book: Path) -> None:
    run("pair", book)
    type_into(book, "Round 1", {"G2": "½-½", "G3": "0-1"})
    report = json.loads(run("status", book, "--json").stdout)
    assert report["results_typed"] == ["round 1 board 1: ½-½ typed", "round 1 board 2: 0-1 typed"]
    assert report["edits"] == [] and report["problems"] == []
    assert report["missing"] == [next(line for line in report["missing"] if "board 3" in line)]
    text = run("status", book).stdout
    assert "Results typed by hand since sheetpair last wrote:\n  round 1 board 1: ½-½ typed" in text
    run("result", book, "--round", 1, "--board", 3, "1-0")
    meta = read_metadata(OpenpyxlPort(book))
    hand, command = meta.journal[-2:]
    assert hand.command == "hand edit" and hand.change == "round 1 board 1: ½-½ typed; round 1 board 2: 0-1 typed"
    assert command.change == "round 1 board 3: 1-0 entered" and hand.revision == command.revision == 3
    assert status(OpenpyxlPort(book)).results_typed == []


def test_a_changed_result_and_a_postponed_game_are_reported(book: Path) -> None:
    run("pair", book)
    for board in (1, 2, 3):
        run("result", book, "--round", 1, "--board", board, "1-0")
    type_into(book, "Round 1", {"G2": "0-1", "G4": "*"})
    report = status(OpenpyxlPort(book))
    assert report.results_typed == ["round 1 board 1: 1-0 changed to 0-1", "round 1 board 3: 1-0 changed to *"]
    assert len(report.missing) == 1 and report.missing[0].startswith("round 1 board 3 (") \
        and report.missing[0].endswith("): postponed")


def _play_two_rounds(book: Path) -> None:
    for number in (1, 2):
        paired = json.loads(run("pair", book, "--json").stdout)
        for board in paired["boards"]:
            run("result", book, "--round", number, "--board", board["board"], "1-0")


def swap_into_rematch(book: Path) -> int:
    """Edits the last round sheet by hand so that round 1's first pair meets again; returns the board."""
    tournament = load(OpenpyxlPort(book))
    p, q = tournament.round(1).games[0].white, tournament.round(1).games[0].black
    last = tournament.round(tournament.current_round)
    board_p = next(g for g in last.games if p in (g.white, g.black))
    r = board_p.black if board_p.white == p else board_p.white
    workbook = openpyxl.load_workbook(book)
    sheet = workbook[f"Round {last.number}"]
    header = [cell.value for cell in sheet[1]]
    for row in range(2, sheet.max_row + 1):
        for column in (header.index("White TPN") + 1, header.index("Black TPN") + 1):
            value = sheet.cell(row, column).value
            if value in (q, r):
                sheet.cell(row, column).value = r if value == q else q
    workbook.save(book)
    return board_p.board


def test_a_hand_edited_pairing_is_checked_kept_journalled_and_exported_as_a_trf_comment(book: Path) -> None:
    _play_two_rounds(book)
    run("pair", book)
    board = swap_into_rematch(book)
    report = status(OpenpyxlPort(book))
    assert any(line.startswith("round 3 board") and "changed to" in line for line in report.edits)
    rematch = [p for p in report.problems if p.endswith("[C1]")]
    assert rematch and rematch[0].startswith(f"round 3 board {board}: ") and "met in round 1" in rematch[0]
    assert report.system_would_pair  # round 3 is the last paired round: the system's boards for those players
    assert "Rules the edits break:" in run("status", book).stdout
    warned = run("result", book, "--round", 3, "--board", board, "½-½")
    assert "Warning: hand-edited pairing kept as the arbiter's decision, but round 3 board" in warned.output
    meta = read_metadata(OpenpyxlPort(book))
    assert meta.journal[-2].command == "hand edit" and "round 3 board" in meta.journal[-2].change
    kept = load(OpenpyxlPort(book))
    comment = [line for line in kept.preserved_records if line.startswith("### round 3 pairing edited by hand")]
    assert len(comment) == 1
    assert comment[0] in trf_text(kept)
    assert status(OpenpyxlPort(book)).edits == []  # recorded: the next status is clean


# --- the rule checks on an edited round ------------------------------------------------------------

def _edited() -> Tournament:
    tournament = swiss()
    rng = random.Random(1)
    play(tournament, rng)
    operations.pair_next_round(tournament)
    return tournament


def test_a_rematch_is_named_with_the_round_it_repeats() -> None:
    tournament = _edited()
    old = tournament.round(1).games[0]
    tournament.round(2).games[0] = Game(1, old.black, old.white)
    names = f"{tournament.player(old.black).name} and {tournament.player(old.white).name}"
    assert f"round 2 board 1: {names} met in round 1 [C1]" in pairing_problems(tournament, 2)
    assert pairing_problems(tournament, 1) == [f"round 1 board {old.board}: {names.split(' and ')[1]} and "
                                               f"{names.split(' and ')[0]} met in round 2 [C1]"]


def test_a_forfeited_game_is_no_meeting_and_a_double_round_robin_allows_two() -> None:
    tournament = _edited()
    old = tournament.round(1).games[0]
    tournament.round(2).games[0] = Game(1, old.black, old.white)
    old.result = Result.WHITE_WINS_BY_FORFEIT
    assert not [p for p in pairing_problems(tournament, 2) if "[C1]" in p]
    old.result = Result.WHITE_WINS
    tournament.settings.double_round_robin = True
    assert not [p for p in pairing_problems(tournament, 2) if "[C1]" in p]


def test_a_player_twice_a_withdrawn_player_and_a_forbidden_pair_are_named() -> None:
    tournament = _edited()
    rnd = tournament.round(2)
    first, second = rnd.games[0], rnd.games[1]
    rnd.byes.append(Bye(first.white, ByeKind.HALF))
    tournament.player(second.black).withdrawn_from = 2
    tournament.forbidden_pairs.add(frozenset({second.white, second.black}))
    problems = pairing_problems(tournament, 2)
    assert f"round 2: {tournament.player(first.white).name} appears 2 times in the round" in problems
    assert any(p.endswith("is withdrawn from round 2 but paired [withdrawn]") for p in problems)
    assert any(p.endswith("must not meet [forbidden pair]") for p in problems)


def test_a_clean_round_breaks_no_rule() -> None:
    assert pairing_problems(_edited(), 2) == []


def test_a_roster_edit_is_reported_and_every_round_rechecked(book: Path) -> None:
    run("pair", book)
    tournament = load(OpenpyxlPort(book))
    paired = tournament.round(1).games[0].white
    workbook = openpyxl.load_workbook(book)
    sheet = workbook["Players"]
    header = [c.value for c in sheet[1]]
    row = next(r for r in range(2, sheet.max_row + 1) if sheet.cell(r, 1).value == paired)
    sheet.cell(row, header.index("Withdrawn from round") + 1).value = 1
    workbook.save(book)
    report = status(OpenpyxlPort(book))
    assert report.edits == ["roster edited by hand"]
    assert report.problems == [next(p for p in report.problems if p.endswith("but paired [withdrawn]"))]


def test_the_stamp_names_the_operating_system_user_unless_an_arbiter_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Stamp(arbiter="Ann").user == "Ann"
    monkeypatch.setattr("getpass.getuser", lambda: "kari")
    assert Stamp().user == "kari"

    def no_login_name() -> str:
        raise ImportError("No module named 'pwd'")  # Pyodide, under xlwings Lite

    monkeypatch.setattr("getpass.getuser", no_login_name)
    assert Stamp().user == "unknown"


def test_results_of_the_metadata_are_per_round() -> None:
    tournament = _edited()
    parts = tournament_parts(tournament)
    assert parts[results_part(1)] == [[g.board, g.result.value] for g in sorted(tournament.round(1).games,
                                                                                 key=lambda g: g.board)]


def test_a_round_sheet_added_or_removed_by_hand_is_said_once_and_checked(book: Path) -> None:
    run("pair", book)
    for board in (1, 2, 3):
        run("result", book, "--round", 1, "--board", board, "1-0")
    workbook = openpyxl.load_workbook(book)
    workbook.copy_worksheet(workbook["Round 1"]).title = "Round 2"  # round 1 played again, by hand
    workbook.save(book)
    report = status(OpenpyxlPort(book))
    assert report.edits == ["round 2 added by hand"] and report.results_typed == []
    assert len([p for p in report.problems if p.endswith("met in round 1 [C1]")]) == 3
    assert len(report.system_would_pair) == 3
    workbook = openpyxl.load_workbook(book)
    del workbook["Round 2"], workbook["Round 1"]
    workbook.save(book)
    report = status(OpenpyxlPort(book))
    assert report.edits == ["round 1 removed by hand"]  # with its three played games, which every command refuses
    assert [p.split(" (")[0] for p in report.problems] == [f"round 1 board {board}" for board in (1, 2, 3)]


def test_a_part_too_long_for_a_cell_is_kept_by_its_hash_only(monkeypatch: pytest.MonkeyPatch) -> None:
    from sheetpair.history import records

    monkeypatch.setattr(records, "CELL_LIMIT", 40)
    tournament = _edited()
    meta = records.next_metadata(records.Metadata(), tournament, [])
    assert "round 1 pairing" not in meta.written and "round 1 results" in meta.written
    assert set(meta.hashes) == set(tournament_parts(tournament))
    tournament.round(1).games[0].white, tournament.round(1).games[0].black = (tournament.round(1).games[0].black,
                                                                              tournament.round(1).games[0].white)
    assert [e.lines for e in hand_edits(meta, tournament)] == [("round 1 pairing edited by hand",)]


@pytest.mark.parametrize("lite", [False, True], ids=["classic", "lite"])
def test_results_typed_in_excel_are_journalled_when_a_button_next_writes(lite: bool) -> None:
    from sheetpair.io.xlwings_port import XlwingsPort

    buttons = importlib.import_module("tests.test_addin")  # the add-in tests' event, run by their buttons
    meta = read_metadata(XlwingsPort(buttons.excel_event(lite=lite)))
    # import, round 1 paired, round 2 paired (after the results typed into round 1), standings
    assert [entry.command for entry in meta.journal] == ["write", "pair", "hand edit", "pair", "hand edit",
                                                         "standings"]
    typed = meta.journal[2].change.split("; ")
    assert typed[0] == f"round 1 board 1: {buttons.ROUND_1_RESULTS[0]} typed" and len(typed) == 4
    assert meta.journal[3].change.startswith("round 2 paired")
    # the standings button finds the results typed into round 2 (a hand edit) and changes nothing itself
    assert meta.journal[4].change.startswith("round 2 board 1: ") and meta.journal[4].change.count("typed") == 4
    assert meta.journal[5].change == "no change"
    assert len(meta.event_id) == 36 and meta.revision == 4


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1), st.integers(0, 2), st.sampled_from(RESULTS))
def test_any_single_result_typed_by_hand_is_found_on_its_board(number: int, board: int, result: Result) -> None:
    tournament = swiss()
    play(tournament, random.Random(number))
    play(tournament, random.Random(board))
    meta = next_metadata(Metadata(), tournament, [])
    game = sorted(tournament.round(number + 1).games, key=lambda g: g.board)[board]
    was, game.result = game.result, result
    found = [line for edit in hand_edits(meta, tournament) for line in edit.lines]
    if was is result:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith(f"round {number + 1} board {game.board}: ")
        assert found[0].endswith(f"{result.value} typed" if not was.value else
                                 f"{was.value} cleared" if not result.value else f"changed to {result.value}")


def test_a_write_without_an_edit_also_refuses_a_stale_copy(book: Path) -> None:
    port = OpenpyxlPort(book)
    tournament = load(port)
    with pytest.raises(StaleCopyError, match="at revision 1, not 3"):
        write(port, tournament, stamp=Stamp("standings", expect_revision=3))
    write(port, tournament, stamp=Stamp("standings", expect_revision=1))
    port.save()
    assert read_metadata(OpenpyxlPort(book)).journal[-1].command == "standings"


def test_a_field_added_since_the_workbook_was_written_is_no_hand_edit(book: Path) -> None:
    """A workbook written by an earlier version has no value for a setting added since: it reads with the
    default, and ``status`` does not call that an edit; a real change to it still is."""
    port = OpenpyxlPort(book)
    tournament, meta = load(port), read_metadata(port)
    parts = tournament_parts(tournament)
    older = {**parts["settings"]}
    del older["missed_rounds"]
    meta = Metadata(meta.event_id, meta.revision, meta.parent_revision, hashes={**meta.hashes, "settings":
                    part_hash(older)}, written={**meta.written, "settings": older})
    assert hand_edits(meta, tournament) == []
    tournament.settings.missed_rounds = "half"
    (edit,) = hand_edits(meta, tournament)
    assert edit.lines == ("setting missed_rounds: 'zero' changed to 'half'",)


@pytest.mark.parametrize("sample", sorted((Path(__file__).parent.parent / "sample_workbooks").glob("*.xlsx")),
                         ids=lambda p: p.stem)
def test_a_shipped_sample_has_no_hand_edits(sample: Path) -> None:
    assert "No hand edits since sheetpair last wrote" in run("status", sample).output


def test_status_without_the_metadata_sheet_says_hand_edits_cannot_be_told(book: Path) -> None:
    raw = openpyxl.load_workbook(book)
    del raw[META_SHEET]
    raw.save(book)
    output = run("status", book).output
    assert "Hand edits cannot be told" in output and "No hand edits" not in output
