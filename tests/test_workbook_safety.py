"""Saving a workbook keeps what the arbiter has: images, permissions, links, earlier copies, the old file."""

from __future__ import annotations

import errno
import io
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO

import openpyxl
import pytest
from openpyxl.drawing.image import Image

from sheetpair.core.errors import WorkbookError
from sheetpair.core.model import Result
from sheetpair.io import savefile
from sheetpair.io.lock import WorkbookBusyError, lock_path, workbook_lock
from sheetpair.io.openpyxl_port import LossySaveError, OpenpyxlPort
from sheetpair.io.workbook import load_tournament, save_tournament

from .safety_support import forked, kill_during_saves, set_result, tiny_png, tournament, write_event


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
    monkeypatch.setattr(OpenpyxlPort, "_losses", lambda self: ["an Excel 2010 data bar"])
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

    serialise = OpenpyxlPort._save_to

    def full(self: OpenpyxlPort, handle: BinaryIO) -> None:
        if not isinstance(handle, io.BytesIO):  # the loss check serialises to memory first
            raise OSError(errno.ENOSPC, "No space left on device")
        serialise(self, handle)

    monkeypatch.setattr(OpenpyxlPort, "_save_to", full)
    with pytest.raises(WorkbookError, match="the disk is full; the workbook on disk was left as it was"):
        port.save()
    assert book.read_bytes() == original
    assert [p.name for p in book.parent.iterdir()] == [book.name]


def test_a_full_disk_during_the_flush_is_caught_too(book: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = book.read_bytes()

    def no_room(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(savefile.os, "fsync", no_room)
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
    monkeypatch.setattr(savefile.os, "open", refused)
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
        save_tournament(port, event, previous_rounds=1)
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
                save_tournament(port, event, previous_rounds=1)
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
    """50 SIGKILLs at random moments of a 400-player save (``benchmarks/kill_during_save.py`` does 200+)."""
    path = write_event(tmp_path / "event.xlsx", tournament(400, 3))
    seen = kill_during_saves(path, kills=50, seed=2026)
    assert seen["old"] + seen["new"] == 50
    set_result(path, 1, Result.DRAW)
    assert not [p for p in path.parent.iterdir() if p.name.startswith(".sheetpair-")]
