"""One progress bar for every long command: on stderr, and silent when stderr is not a terminal (a script or
a pipe gets clean output)."""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import click


def progress_bar(length: int, label: str) -> AbstractContextManager[Any]:
    """A click progress bar of ``length`` steps on stderr, hidden unless stderr is a terminal."""
    stderr = click.get_text_stream("stderr")
    return click.progressbar(length=length, label=label, file=stderr, hidden=not stderr.isatty())
