"""An output never lands on an input: the same file, a symbolic link to it, or a hard link is refused (exit 4)."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.io.outputs import same_file

from .safety_support import write_event

Alias = Callable[[Path], Path]


def _itself(book: Path) -> Path:
    return book


def _symlink(book: Path) -> Path:
    link = book.with_name("link.xlsx")
    link.symlink_to(book)
    return link


def _hard_link(book: Path) -> Path:
    link = book.with_name("hard.xlsx")
    os.link(book, link)
    return link


ALIASES = pytest.mark.parametrize("alias", [_itself, _symlink, _hard_link])


@pytest.fixture
def book(tmp_path: Path) -> Path:
    return write_event(tmp_path / "event.xlsx")


@ALIASES
@pytest.mark.parametrize("command", [["export", "{book}", "--trf", "{out}"],
                                     ["report", "{book}", "--pdf", "{out}"],
                                     ["check", "{book}", "--report", "{out}"]])
def test_an_output_onto_the_workbook_is_refused_and_the_workbook_kept(book: Path, alias: Alias,
                                                                     command: list[str]) -> None:
    before = book.read_bytes()
    out = alias(book)
    result = CliRunner().invoke(cli, [part.format(book=book, out=out) for part in command])
    assert result.exit_code == 4, result.output
    assert "written over the file it is made from" in result.output
    assert "Traceback" not in result.output
    assert book.read_bytes() == before


def test_different_files_are_not_the_same(book: Path, tmp_path: Path) -> None:
    other = tmp_path / "other.trf"
    assert not same_file(other, book)
    other.write_text("x")
    assert not same_file(other, book)
    assert same_file(tmp_path / "." / "event.xlsx", book)
