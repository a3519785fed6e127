"""The command group, and how sheetpair's errors become messages and exit codes."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

import click

from ..core.errors import InputError, OperationError, PairingError, SheetpairError, StaleCopyError
from ..optional import MissingExtraError

EXIT_CODES: dict[type[SheetpairError], int] = {
    StaleCopyError: 75,   # the workbook is not the revision expected: read it again (sysexits EX_TEMPFAIL)
    MissingExtraError: 2,  # an optional dependency is not installed (the message names the extra)
    InputError: 65,       # data error in a workbook, TRF or CSV (sysexits EX_DATAERR)
    PairingError: 3,      # the round cannot be paired
    OperationError: 4,    # the request does not fit the tournament's state
}

F = TypeVar("F", bound=Callable[..., Any])


class SheetpairCommandError(click.ClickException):
    """A :class:`SheetpairError` shown as ``Error: <message>`` with its family's exit code."""

    def __init__(self, error: SheetpairError) -> None:
        super().__init__(str(error))
        self.exit_code = next((code for kind, code in EXIT_CODES.items() if isinstance(error, kind)), 1)


def reports_errors(command: F) -> F:
    """Decorates a command so that a :class:`SheetpairError` ends it with a clear message and exit code."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except SheetpairError as error:
            raise SheetpairCommandError(error) from error

    return run  # type: ignore[return-value]


@click.group()
@click.version_option(package_name="sheetpair")
def cli() -> None:
    """Pair chess tournaments and keep their standings in an Excel workbook."""


def main() -> None:
    """Console entry point."""
    cli()
