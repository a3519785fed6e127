"""One progress bar for every long command: on stderr, and silent when stderr is not a terminal (a script or
a pipe gets clean output)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click


@contextmanager
def progress(length: int, label: str) -> Iterator[Callable[..., None]]:
    """A bar of ``length`` steps; yields the function to call after each step (its arguments, such as the
    name of the page just written, are ignored). Nothing is shown unless stderr is a terminal."""
    if not sys.stderr.isatty():
        yield lambda *_done: None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield lambda *_done: bar.update(1)
