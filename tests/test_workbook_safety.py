"""Saving a workbook keeps what the arbiter has: images, permissions, links, earlier copies, the old file."""

from __future__ import annotations

import datetime as dt
import errno
import io
import os
import re
import stat
import zipfile
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from openpyxl.chart import BarChart
from openpyxl.drawing.image import Image
from openpyxl.utils.exceptions import IllegalCharacterError

from sheetpair.cli import cli
from sheetpair.core.errors import WorkbookError
from sheetpair.core.model import Result, Settings, Tournament
from sheetpair.io.lock import WorkbookBusyError, WorkbookLockError, lock_path, workbook_lock
from sheetpair.io.openpyxl_port import LossySaveError, OpenpyxlPort
from sheetpair.io.roster import read_roster
from sheetpair.io.trf import decode_trf, read_trf
from sheetpair.io.workbook import load_tournament

from .safety_support import (
    forked,
    kill_during_saves,
    rezip,
    save_event,
    set_result,
    tiny_png,
    tournament,
    trf_of,
    write_event,
)
from .test_trf_read import HAND_MADE_16


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return write_event(tmp_path / "event.xlsx")


def _add_logo(path: Path, sheet: str = "Players") -> None:
    raw = openpyxl.load_workbook(path)
    raw[sheet].add_image(Image(tiny_png()), "N2")
    raw.save(path)


@pytest.mark.parametrize("sheet", ["Players", "Settings", "Round 1"])
def test_an_image_survives_every_save(book: Path, sheet: str) -> None:
    _add_logo(book, sheet)
    set_result(book, 1, Result.WHITE_WINS)
    set_result(book, 2, Result.DRAW)
    after = openpyxl.load_workbook(book)
    assert len(after[sheet]._images) == 1
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[1].result is Result.DRAW


def test_an_image_on_an_arbiter_sheet_is_kept_exactly(book: Path) -> None:
    _add_logo(book)
    set_result(book, 1, Result.WHITE_WINS)
    images = openpyxl.load_workbook(book)["Players"]._images
    assert len(images) == 1 and images[0]._data() == tiny_png().getvalue()


def test_saving_keeps_the_permission_bits(book: Path) -> None:
    os.chmod(book, 0o664)
    set_result(book, 1, Result.WHITE_WINS)
    assert stat.S_IMODE(book.stat().st_mode) == 0o664


def test_a_new_workbook_follows_the_umask_not_0600(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        path = write_event(tmp_path / "fresh.xlsx")
    finally:
        os.umask(previous)
    assert stat.S_IMODE(path.stat().st_mode) == 0o644


def test_a_symlinked_workbook_stays_a_link_and_its_target_changes(book: Path, tmp_path: Path) -> None:
    link = tmp_path / "shortcut.xlsx"
    link.symlink_to(book)
    set_result(link, 1, Result.BLACK_WINS)
    assert link.is_symlink()
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[0].result is Result.BLACK_WINS


def test_side_copies_are_numbered_never_overwritten(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(OpenpyxlPort, "_losses", lambda self, package: ["an Excel 2010 data bar"])
    earlier = book.with_name("event-sheetpair.xlsx")
    earlier.write_bytes(b"the arbiter's earlier copy")
    original = book.read_bytes()
    for expected in ("event-sheetpair-2.xlsx", "event-sheetpair-3.xlsx"):
        port = OpenpyxlPort(book)
        with pytest.raises(LossySaveError, match=expected):
            port.save()
        assert (book.parent / expected).stat().st_size > 1000
    assert earlier.read_bytes() == b"the arbiter's earlier copy"
    assert book.read_bytes() == original


def test_a_full_disk_gives_a_sentence_and_keeps_the_original(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = book.read_bytes()
    port = OpenpyxlPort(book)


    class FullDisk(io.FileIO):
        """The temporary file on a disk with no room left."""

        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fdopen", lambda descriptor, *rest: FullDisk(descriptor, "w"))
    with pytest.raises(WorkbookError, match="the disk is full; the workbook on disk was left as it was"):
        port.save()
    assert book.read_bytes() == original
    assert [p.name for p in book.parent.iterdir()] == [book.name]


def test_a_full_disk_during_a_side_copy_leaves_no_empty_copy(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    port = OpenpyxlPort(book)
    monkeypatch.setattr(OpenpyxlPort, "_losses", lambda self, package: ["an Excel 2010 data bar"])

    def no_room(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_room)
    with pytest.raises(WorkbookError, match="disk is full"):
        port.save()
    assert [p.name for p in book.parent.iterdir()] == [book.name]


def test_a_full_disk_during_the_flush_is_caught_too(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = book.read_bytes()

    def no_room(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_room)
    with pytest.raises(WorkbookError, match="disk is full"):
        OpenpyxlPort(book).save()
    assert book.read_bytes() == original
    assert [p.name for p in book.parent.iterdir()] == [book.name]


def test_temporaries_of_dead_runs_are_swept_and_live_ones_kept(book: Path) -> None:
    dead = book.parent / ".sheetpair-999999999-0123abcd.xlsx"
    alive = book.parent / f".sheetpair-{os.getppid()}-0123abcd.xlsx"
    old_style = book.parent / ".sheetpair-ab_cd123.xlsx"
    for path in (dead, alive, old_style):
        path.write_bytes(b"partial")
    os.utime(old_style, (0, 0))
    unrelated = book.parent / ".sheetpair-notes.txt"
    unrelated.write_text("mine")
    set_result(book, 1, Result.WHITE_WINS)
    assert not dead.exists() and not old_style.exists()
    assert alive.exists() and unrelated.exists()


@pytest.mark.parametrize("where", ["event folder", "everywhere"])
def test_a_read_only_folder_gives_a_sentence(book: Path, where: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused in the workbook's folder, or also in the temporary folder openpyxl serialises through."""
    opener = os.open

    def refused(path: str, *args: int) -> int:
        if where == "everywhere" or Path(path).parent == book.parent:
            raise PermissionError(errno.EACCES, "Permission denied")
        return opener(path, *args)

    port = OpenpyxlPort(book)
    monkeypatch.setattr(os, "open", refused)
    with pytest.raises(WorkbookError, match="permission denied"):
        port.save()


# --- one run at a time, and a run killed mid-save -------------------------------------------------

needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="the concurrency tests fork processes (POSIX)")


def test_two_runs_without_the_lock_lose_a_result(tmp_path: Path) -> None:
    """The failure the lock prevents: both read before either saves, the second save drops the first's change."""
    path = write_event(tmp_path / "event.xlsx", tournament(40))
    first, second = OpenpyxlPort(path), OpenpyxlPort(path)
    for port, board in ((first, 1), (second, 2)):
        event = load_tournament(port)
        event.rounds[0].games[board - 1].result = Result.WHITE_WINS
        save_event(port, event, previous_rounds=1)
    first.save()
    second.save()
    results = [g.result for g in load_tournament(OpenpyxlPort(path)).rounds[0].games[:2]]
    assert results == [Result.NONE, Result.WHITE_WINS]


def test_a_held_lock_makes_the_next_run_wait_then_give_up_with_a_sentence(book: Path) -> None:
    with workbook_lock(book):
        with pytest.raises(WorkbookBusyError, match="in use by another sheetpair run"):
            with workbook_lock(book, timeout=0.2):
                pass
    with workbook_lock(book, timeout=0.2) as held:
        assert held == lock_path(book)


def test_links_to_one_workbook_share_its_lock(book: Path, tmp_path: Path) -> None:
    link = tmp_path / "link.xlsx"
    link.symlink_to(book)
    assert lock_path(link) == lock_path(book)


@needs_fork
def test_twenty_concurrent_runs_keep_all_twenty_results(tmp_path: Path) -> None:
    path = write_event(tmp_path / "event.xlsx", tournament(40))
    start_reading, start_writing = os.pipe()

    def enter_result(board: int) -> Callable[[], None]:
        def run() -> None:
            os.close(start_writing)
            os.read(start_reading, 1)  # all wait here until the parent closes the pipe: a real race
            with workbook_lock(path, timeout=300):
                port = OpenpyxlPort(path)
                event = load_tournament(port)
                event.rounds[0].games[board - 1].result = Result.BLACK_WINS
                save_event(port, event, previous_rounds=1)
                port.save()
        return run

    children = [forked(enter_result(board)) for board in range(1, 21)]
    os.close(start_writing)
    os.close(start_reading)
    codes = [os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) for pid in children]
    assert codes == [0] * 20
    games = load_tournament(OpenpyxlPort(path)).rounds[0].games
    assert [g.result for g in games] == [Result.BLACK_WINS] * 20


@needs_fork
def test_a_run_killed_while_saving_leaves_the_old_or_the_new_workbook(tmp_path: Path) -> None:
    """160 SIGKILLs at random moments of a 400-player save; with the 40 of tests/test_killed_commands.py that
    kill the commands themselves, 200 in the suite (``benchmarks/kill_during_save.py`` runs as many as asked)."""
    path = write_event(tmp_path / "event.xlsx", tournament(400, 3))
    seen = kill_during_saves(path, kills=160, seed=2026)
    assert seen["old"] + seen["new"] == 160
    set_result(path, 1, Result.DRAW)
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".sheetpair-")]


# --- what arbiters and other programs put into cells ----------------------------------------------

NASTY = ["Vertical\x0bTab", "Escape\x1b[31m", "Nul\x00Byte"]


def test_openpyxl_refuses_control_characters_which_is_what_stopped_new_and_import() -> None:
    sheet = openpyxl.Workbook().active
    with pytest.raises(IllegalCharacterError):
        sheet["A1"] = NASTY[0]


def test_control_characters_from_a_csv_roster_become_a_visible_mark(tmp_path: Path,
                                                                    caplog: pytest.LogCaptureFixture) -> None:
    roster = tmp_path / "roster.csv"
    roster.write_text("Name;Elo\n" + "".join(f"{name};2000\n" for name in NASTY), encoding="utf-8")
    players = read_roster(roster)
    assert [p.name for p in players] == ["Vertical\ufffdTab", "Escape\ufffd[31m", "Nul\ufffdByte"]
    assert "line(s) 2, 3, 4" in caplog.text
    path = write_event(tmp_path / "event.xlsx", Tournament(Settings("dutch", 5), players))
    assert [p.name for p in load_tournament(OpenpyxlPort(path)).players] == [p.name for p in players]


def test_control_characters_in_a_trf_name_keep_the_columns(caplog: pytest.LogCaptureFixture) -> None:
    text = HAND_MADE_16.replace("Charlie", "Cha\x1blie", 1)
    event = read_trf(text)
    assert event.player(3).name == "Cha\ufffdlie" and event.player(3).rating == 2100
    assert "TRF: control characters" in caplog.text


def test_the_write_path_replaces_what_a_model_still_holds(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = write_event(tmp_path / "event.xlsx", tournament(names=[*NASTY, "Plain"]))
    names = [p.name for p in load_tournament(OpenpyxlPort(path)).players]
    assert names == ["Vertical\ufffdTab", "Escape\ufffd[31m", "Nul\ufffdByte", "Plain"]
    assert "Players!B2: control characters replaced" in caplog.text


def _far_value(path: Path, sheet: str, cell: str) -> None:
    raw = openpyxl.load_workbook(path)
    raw[sheet][cell] = "x"
    raw.save(path)


@pytest.mark.parametrize(("sheet", "cell"), [("Players", "A1048576"), ("Round 1", "D1048576"), ("Players", "ZZ2")])
def test_a_stray_value_in_a_far_cell_is_named_not_read_for_minutes(book: Path, sheet: str, cell: str) -> None:
    _far_value(book, sheet, cell)
    with pytest.raises(WorkbookError, match=f"{sheet}!{cell}: a value far outside the data"):
        load_tournament(OpenpyxlPort(book))


def test_a_stray_value_within_the_limits_is_named_by_the_reader(book: Path) -> None:
    _far_value(book, "Round 1", "G90000")
    with pytest.raises(WorkbookError, match="Round 1!G90000"):
        load_tournament(OpenpyxlPort(book))


def test_reading_keeps_the_width_of_the_widest_row(book: Path) -> None:
    _far_value(book, "Players", "P5")
    rows = OpenpyxlPort(book).read_sheet("Players")
    assert {len(row) for row in rows} == {16} and rows[4][15] == "x"


def _type_into(path: Path, cells: dict[str, object], sheet: str = "Round 1") -> None:
    raw = openpyxl.load_workbook(path)
    for address, value in cells.items():
        raw[sheet][address] = value
        raw[sheet][address].number_format = "General"
    raw.save(path)


def test_the_result_column_is_text_so_typing_1_2_stays_1_2(book: Path) -> None:
    sheet = openpyxl.load_workbook(book)["Round 1"]
    assert all(sheet[f"G{row}"].number_format == "@" for row in range(2, 6))
    _type_into(book, {"G2": "1/2"})
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[0].result is Result.DRAW


@pytest.mark.parametrize("mangled", [dt.datetime(2026, 1, 2), dt.date(2025, 2, 1), 46024, 46054.0, 1829])
def test_a_1_2_that_became_a_date_reads_as_the_draw(book: Path, mangled: object) -> None:
    _type_into(book, {"G3": mangled})
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[1].result is Result.DRAW


@pytest.mark.parametrize("other", [dt.datetime(2026, 3, 4), 46025, 46024.5])
def test_other_dates_and_numbers_stay_unknown_results(book: Path, other: object) -> None:
    _type_into(book, {"G3": other})
    with pytest.raises(WorkbookError, match="Round 1!G3: unknown result"):
        load_tournament(OpenpyxlPort(book))


def test_a_small_number_is_not_taken_for_a_date(book: Path) -> None:
    _type_into(book, {"G3": 10})
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[1].result is Result.WHITE_WINS


def _sheet_part(path: Path, title: str) -> str:
    return f"xl/worksheets/sheet{openpyxl.load_workbook(path).sheetnames.index(title) + 1}.xml"


def _with_formula(path: Path, cell: str, formula: str, cached: str | None) -> Path:
    """The workbook as Excel saves a formula: ``<f>`` with (or, never calculated, without) its ``<v>``."""
    part = _sheet_part(path, "Round 1")
    with zipfile.ZipFile(path) as package:
        xml = package.read(part).decode()
    value = f"<v>{cached}</v>" if cached is not None else ""

    def replaced(match: re.Match[str]) -> str:
        style = re.sub(r' t="[^"]*"', "", match[1])
        return f'<c r="{cell}"{style} t="str"><f>{formula}</f>{value}</c>'

    xml, count = re.subn(rf'<c r="{cell}"([^>]*?)(/>|>.*?</c>)', replaced, xml, count=1)
    assert count == 1
    return rezip(path, path.with_name("formula.xlsx"), {part: xml.encode()})


def test_a_formula_gives_its_calculated_value(book: Path) -> None:
    path = _with_formula(book, "G2", 'IF(TRUE,"1-0","")', "1-0")
    assert load_tournament(OpenpyxlPort(path)).rounds[0].games[0].result is Result.WHITE_WINS


def test_a_formula_never_calculated_is_a_sentence(book: Path) -> None:
    path = _with_formula(book, "G2", 'IF(TRUE,"1-0","")', None)
    with pytest.raises(WorkbookError, match="Round 1!G2: this cell holds a formula whose value was never calculated"):
        load_tournament(OpenpyxlPort(path))


def test_merged_cells_sheetpair_must_write_are_a_sentence(book: Path) -> None:
    raw = openpyxl.load_workbook(book)
    raw["Players"].merge_cells("B3:C3")
    with pytest.raises(AttributeError):
        raw["Players"]["C3"].value = 2100  # what a write into a merged cell did before
    raw.save(book)
    port = OpenpyxlPort(book)
    event = load_tournament(port)
    event.player(2).rating = 2100
    with pytest.raises(WorkbookError, match="Players!C3: .* inside the merged cells B3:C3; unmerge them"):
        save_event(port, event, previous_rounds=1)


def test_merged_cells_elsewhere_do_not_matter(book: Path) -> None:
    raw = openpyxl.load_workbook(book)
    raw["Players"].merge_cells("N1:O3")
    raw.save(book)
    set_result(book, 1, Result.WHITE_WINS)
    assert "N1:O3" in {str(r) for r in openpyxl.load_workbook(book)["Players"].merged_cells.ranges}


def test_protected_sheets_are_written_and_stay_protected(book: Path) -> None:
    raw = openpyxl.load_workbook(book)
    for title in ("Players", "Round 1", "Standings"):
        raw[title].protection.sheet = True
        raw[title].protection.password = "arbiter"
    raw.save(book)
    set_result(book, 1, Result.WHITE_WINS)
    after = openpyxl.load_workbook(book)
    assert all(after[title].protection.sheet for title in ("Players", "Round 1", "Standings"))
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[0].result is Result.WHITE_WINS


FORMULA_LIKE = ["=HYPERLINK(\"http://x\")", "+Carl", "-Dan", "@Fay", "\tTabby", "=1+1"]


def test_names_that_look_like_formulas_stay_text_in_every_cell(tmp_path: Path) -> None:
    path = write_event(tmp_path / "event.xlsx", tournament(names=[*FORMULA_LIKE, "Gus", "Hal"]))
    raw = openpyxl.load_workbook(path)
    for title in ("Players", "Round 1", "Standings", "Crosstable"):
        cells = [c for row in raw[title].iter_rows() for c in row
                 if isinstance(c.value, str) and c.value in FORMULA_LIKE]
        assert len(cells) == len(FORMULA_LIKE), title
        assert all(c.data_type == "s" and c.quotePrefix for c in cells), title
    names = [p.name for p in load_tournament(OpenpyxlPort(path)).players]
    assert names[:6] == [n.strip() for n in FORMULA_LIKE]


def test_names_that_look_like_formulas_survive_the_trf(tmp_path: Path) -> None:
    event = tournament(names=[n.strip() for n in FORMULA_LIKE] + ["Gus", "Hal"])
    assert [p.name for p in read_trf(trf_of(event)).players] == [p.name for p in event.players]


def test_a_lock_file_that_cannot_be_had_refuses_the_change(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No lock, no write: a read-only folder (or another user's lock file nobody may read) refuses, exit 75."""
    def refused(*args: object) -> object:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr("sheetpair.io.lock.open", refused, raising=False)
    with pytest.raises(WorkbookLockError, match="cannot be locked against other sheetpair runs.*may not create"):
        with workbook_lock(book, timeout=0.1):
            pytest.fail("the block ran without the lock")


def test_another_users_lock_file_is_locked_through_a_read_only_handle(book: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    lock_path(book).touch()
    opener = open

    def read_only(path: str, mode: str = "r") -> object:
        if "+" in mode or "w" in mode or "a" in mode:
            raise PermissionError(errno.EACCES, "Permission denied")
        return opener(path, mode)

    monkeypatch.setattr("sheetpair.io.lock.open", read_only, raising=False)
    with workbook_lock(book, timeout=0.1):
        with pytest.raises(WorkbookBusyError):
            with workbook_lock(book, timeout=0.1):
                pass


def test_a_name_too_long_for_its_lock_file_refuses_with_exit_75(tmp_path: Path) -> None:
    book = write_event(tmp_path / ("x" * 245 + ".xlsx"))
    before = book.read_bytes()
    result = CliRunner().invoke(cli, ["result", str(book), "--round", "1", "--board", "1", "1-0"])
    assert result.exit_code == 75, result.output
    assert "too long" in result.output and "Traceback" not in result.output
    assert book.read_bytes() == before


def test_a_folder_that_cannot_be_flushed_still_saves(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Some network file systems refuse fsync on a folder; the workbook is replaced already, so that is no error."""
    port = OpenpyxlPort(book)
    event = load_tournament(port)
    event.rounds[0].games[0].result = Result.DRAW
    save_event(port, event, previous_rounds=1)
    flush = os.fsync

    def files_only(descriptor: int) -> None:
        if stat.S_ISDIR(os.fstat(descriptor).st_mode):
            raise OSError(errno.EINVAL, "Invalid argument")
        flush(descriptor)

    monkeypatch.setattr(os, "fsync", files_only)
    port.save()
    monkeypatch.undo()
    assert load_tournament(OpenpyxlPort(book)).rounds[0].games[0].result is Result.DRAW


def test_a_chart_sheet_where_sheetpair_expects_cells_is_a_sentence(book: Path) -> None:
    raw = openpyxl.load_workbook(book)
    raw.create_chartsheet("Byes").add_chart(BarChart())
    raw.save(book)
    with pytest.raises(WorkbookError, match="Byes: this is a chart sheet"):
        load_tournament(OpenpyxlPort(book))


def test_a_chart_sheet_under_an_owned_name_is_replaced_in_a_side_copy(book: Path) -> None:
    """The chart sheet's part disappears when it becomes the Standings again: the loss check says so."""
    raw = openpyxl.load_workbook(book)
    raw.remove(raw["Standings"])
    raw.create_chartsheet("Standings").add_chart(BarChart())
    raw.save(book)
    original = book.read_bytes()
    with pytest.raises(LossySaveError, match="chartsheets"):
        set_result(book, 1, Result.WHITE_WINS)
    assert book.read_bytes() == original
    standings = openpyxl.load_workbook(book.with_name("event-sheetpair.xlsx"))["Standings"]
    assert standings["C1"].value == "Name" and len(standings._charts) == 1


def test_unicode_text_exports_read_as_written(tmp_path: Path) -> None:
    """Excel's "Unicode text" export (UTF-16 with its byte-order mark, tab-separated) and a TRF saved as
    "Unicode" by Notepad read like their UTF-8 originals: no stray marks, no wrong ratings."""
    roster = "Name\tRating\tFED\nØdegård, Åse\t1800\tNOR\nПопов, Иван\t1750\tUKR\n"
    for encoding in ("utf-16", "utf-16-be"):
        path = tmp_path / f"{encoding}.csv"
        path.write_bytes(roster.encode(encoding) if encoding == "utf-16" else b"\xfe\xff" + roster.encode(encoding))
        players = read_roster(path)
        assert [(p.name, p.rating, p.federation) for p in players] == [("Ødegård, Åse", 1800, "NOR"),
                                                                       ("Попов, Иван", 1750, "UKR")]
    assert read_trf(decode_trf(HAND_MADE_16.encode("utf-16"))) == read_trf(HAND_MADE_16)
