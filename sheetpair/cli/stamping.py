"""The options that stamp a write: ``--expect-revision``, ``--arbiter`` and the acceptance of deleted games.

They are shared by every command that changes a workbook through :func:`stamped`, so each such command takes
them with one decorator line. Kept apart from the revision commands (:mod:`.revisions`), whose reports a
command that only writes does not load.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..history.edits import DELETED_GAMES_OPTION
from ..history.stamp import Stamp

F = TypeVar("F", bound=Callable[..., Any])


def stamped(command: str) -> Callable[[F], F]:
    """Adds ``--expect-revision N`` and ``--arbiter NAME`` to a command and hands it a :class:`Stamp` as
    ``stamp``; the warnings of the write (rules a hand-edited pairing breaks) go to stderr."""

    def decorate(function: F) -> F:
        @click.option("--expect-revision", type=click.IntRange(min=0), metavar="N",
                      help="Refuse (exit 75) unless the workbook is at revision N (see 'sheetpair status').")
        @click.option("--arbiter", metavar="NAME", help="Name for the journal (default: the login name).")
        @click.option(DELETED_GAMES_OPTION, "accept_deleted_games", is_flag=True,
                      help="Go on although games with a result were deleted from the round sheets by hand.")
        @functools.wraps(function)
        def run(*args: Any, expect_revision: int | None, arbiter: str | None, accept_deleted_games: bool,
                **kwargs: Any) -> Any:
            stamp = Stamp(command, arbiter, expect_revision, _warn, accept_deleted_games)
            return function(*args, stamp=stamp, **kwargs)

        return run  # type: ignore[return-value]

    return decorate


def _warn(message: str) -> None:
    click.echo(f"Warning: {message}", err=True)
