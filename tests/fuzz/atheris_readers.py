"""Coverage-guided fuzzing of sheetpair's readers with atheris (libFuzzer for Python).

Each input must read, or fail with the reader's own error: :class:`TrfError` for a TRF, :class:`InputError`
for a CSV roster, :class:`WorkbookError` for a workbook. Any other exception is a finding: atheris stops,
prints the traceback and writes the input to ``crash-<hash>``.

    pip install atheris
    python tests/fuzz/atheris_readers.py trf  -atheris_runs=100000 [corpus folder]
    python tests/fuzz/atheris_readers.py csv  -atheris_runs=100000
    python tests/fuzz/atheris_readers.py xlsx -atheris_runs=20000

The first argument picks the reader; the others go to libFuzzer. Without a corpus folder the run starts
from the seeds below (a hand-made TRF, a roster, a sheetpair workbook).
"""

from __future__ import annotations

import logging
import sys
import tempfile
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
    else:
        write_event(corpus / "seed.xlsx", tournament(8, 1))
    return corpus


def main() -> None:
    targets = {"trf": trf, "csv": csv, "xlsx": xlsx}
    if len(sys.argv) < 2 or sys.argv[1] not in targets:
        sys.exit(f"usage: {sys.argv[0]} trf|csv|xlsx [libFuzzer options] [corpus folder]")
    target = sys.argv.pop(1)
    arguments = sys.argv if any(not a.startswith("-") for a in sys.argv[1:]) else [*sys.argv, str(seeds(target))]
    atheris.Setup(arguments, targets[target])
    atheris.Fuzz()


if __name__ == "__main__":
    main()
