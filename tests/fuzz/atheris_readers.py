"""Coverage-guided fuzzing of sheetpair's readers with atheris (libFuzzer for Python).

Each input must read, or fail with the reader's own error: :class:`TrfError` for a TRF, :class:`InputError`
for a CSV roster, :class:`WorkbookError` for a workbook. Any other exception is a finding: atheris stops,
prints the traceback and writes the input to ``crash-<hash>``.

    pip install atheris
    python tests/fuzz/atheris_readers.py trf  -atheris_runs=100000 [corpus folder]
    python tests/fuzz/atheris_readers.py csv  -atheris_runs=100000
    python tests/fuzz/atheris_readers.py xlsx -atheris_runs=20000
    python tests/fuzz/atheris_readers.py part -atheris_runs=20000

The first argument picks the reader; the others go to libFuzzer. ``xlsx`` mutates the file's bytes, which
mostly exercises the package checks (a changed byte fails its part's checksum); ``part`` mutates the XML
of one part of a good workbook (the first byte picks the part) and repacks it, so openpyxl and the sheet
readers see the damage. Without a corpus folder the run starts from the seeds below (a hand-made TRF, a
roster, a sheetpair workbook and its parts).
"""

from __future__ import annotations

import logging
import sys
import tempfile
import zipfile
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))

with atheris.instrument_imports():
    from sheetpair.core.errors import InputError, TrfError, WorkbookError
    from sheetpair.io.openpyxl_port import OpenpyxlPort
    from sheetpair.io.roster import read_roster_text
    from sheetpair.io.trf import decode_trf, read_trf
    from sheetpair.io.workbook import load_tournament

logging.getLogger("sheetpair").setLevel(logging.ERROR)  # replaced control characters are expected here
FOLDER = Path(tempfile.mkdtemp(prefix="sheetpair-fuzz-"))


def trf(data: bytes) -> None:
    try:
        read_trf(decode_trf(data))
    except TrfError:
        pass


def csv(data: bytes) -> None:
    try:
        read_roster_text(data.decode("utf-8", errors="replace"), source="roster.csv")
    except InputError:
        pass


def xlsx(data: bytes) -> None:
    path = FOLDER / "input.xlsx"
    path.write_bytes(data)
    try:
        load_tournament(OpenpyxlPort(path))
    except WorkbookError:
        pass


_PARTS: dict[str, bytes] = {}


def part(data: bytes) -> None:
    if not data:
        return
    names = sorted(_PARTS)
    chosen = names[data[0] % len(names)]
    path = FOLDER / "input.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name in names:
            package.writestr(name, data[1:] if name == chosen else _PARTS[name])
    try:
        load_tournament(OpenpyxlPort(path))
    except WorkbookError:
        pass


def seeds(target: str) -> Path:
    """A corpus folder holding one good input for ``target``."""
    from tests.safety_support import tournament, write_event
    from tests.test_fuzz_readers import ROSTER
    from tests.test_trf_read import HAND_MADE_16

    corpus = FOLDER / f"corpus-{target}"
    corpus.mkdir()
    if target == "trf":
        (corpus / "seed.trf").write_text(HAND_MADE_16, encoding="utf-8")
    elif target == "csv":
        (corpus / "seed.csv").write_text(ROSTER, encoding="utf-8")
    elif target == "xlsx":
        write_event(corpus / "seed.xlsx", tournament(8, 1))
    else:
        for number, name in enumerate(sorted(_PARTS)):
            (corpus / f"seed-{number}").write_bytes(bytes([number]) + _PARTS[name])
    return corpus


def _load_parts() -> None:
    """The parts of a good workbook, which ``part`` repacks around the one it mutates."""
    from tests.safety_support import tournament, write_event

    good = write_event(FOLDER / "good.xlsx", tournament(8, 1))
    with zipfile.ZipFile(good) as package:
        _PARTS.update({name: package.read(name) for name in package.namelist()})


def main() -> None:
    targets = {"trf": trf, "csv": csv, "xlsx": xlsx, "part": part}
    if len(sys.argv) < 2 or sys.argv[1] not in targets:
        sys.exit(f"usage: {sys.argv[0]} trf|csv|xlsx|part [libFuzzer options] [corpus folder]")
    target = sys.argv.pop(1)
    if target == "part":
        _load_parts()
    arguments = sys.argv if any(not a.startswith("-") for a in sys.argv[1:]) else [*sys.argv, str(seeds(target))]
    atheris.Setup(arguments, targets[target])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
