"""Workbooks for the file-safety tests, built from the model alone (no pairing, no command line)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

from sheetpair.core.model import Game, Player, Result, Round, Settings, Tournament
from sheetpair.io.openpyxl_port import OpenpyxlPort
from sheetpair.io.workbook import load_tournament, save_tournament


def tournament(players: int = 8, rounds: int = 1, *, names: list[str] | None = None) -> Tournament:
    """An event with ``rounds`` rounds paired 1-2, 3-4, ... (results pending), enough to exercise every sheet."""
    labels = names or [f"Player {n:03d}" for n in range(1, players + 1)]
    event = Tournament(Settings(system="dutch", rounds=max(rounds, 5), seed=7),
                       [Player(n, label, 2000 - n) for n, label in enumerate(labels, start=1)])
    for number in range(1, rounds + 1):
        games = [Game(board, 2 * board - 1, 2 * board) for board in range(1, len(labels) // 2 + 1)]
        event.rounds.append(Round(number, games))
    return event


def write_event(path: Path, event: Tournament | None = None) -> Path:
    """Saves ``event`` (default: :func:`tournament`) as a new workbook at ``path``."""
    port = OpenpyxlPort(path, create=True)
    save_tournament(port, event or tournament())
    port.save()
    return path


def set_result(path: Path, board: int, result: Result, *, round_number: int = 1) -> None:
    """Load, change one result, save: the edit every writing command makes."""
    port = OpenpyxlPort(path)
    event = load_tournament(port)
    game = next(g for g in event.rounds[round_number - 1].games if g.board == board)
    game.result = result
    save_tournament(port, event, previous_rounds=event.current_round)
    port.save()


def rezip(source: Path, target: Path, replace: dict[str, bytes]) -> Path:
    """A copy of the package ``source`` with some parts replaced (or added)."""
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as new:
        for info in old.infolist():
            new.writestr(info.filename, replace.get(info.filename, old.read(info.filename)))
        for name, data in replace.items():
            if name not in old.namelist():
                new.writestr(name, data)
    return target


def tiny_png() -> io.BytesIO:
    """A 4x4 red PNG, as a club logo."""
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (4, 4), "red").save(buffer, "PNG")
    buffer.seek(0)
    return buffer
