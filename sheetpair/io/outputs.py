"""An output is never written over an input: the one check every command that writes a file makes.

``export EVENT.xlsx --trf EVENT.xlsx`` or ``report EVENT.xlsx --pdf EVENT.xlsx`` would otherwise leave a
text file or a PDF where the tournament was. Two paths name one file when they are spelled alike, when one
is a symbolic link to the other (or both link to one file), or when they are hard links to one inode; the
check compares the resolved paths and, for files that exist, their device and inode.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.errors import OperationError


def same_file(first: Path, second: Path) -> bool:
    """Whether two paths name one file: the same resolved path, or (for existing files) the same inode."""
    if Path(os.path.realpath(first)) == Path(os.path.realpath(second)):
        return True
    try:
        return os.path.samefile(first, second)
    except OSError:
        return False  # one of them does not exist yet, so they cannot share an inode


def refuse_output_over_input(output: Path, *inputs: Path, what: str = "the output") -> None:
    """Refuses to write ``output`` when it names one of the ``inputs`` (also through a link).

    :raises OperationError: naming both files and saying what to do, before anything is read or written.
    """
    for source in inputs:
        if same_file(output, source):
            alias = "" if str(output) == str(source) else " under another name"
            raise OperationError(f"{output} is {source}{alias}: {what} would be written over the file it is made "
                                 "from; give it another file name")
