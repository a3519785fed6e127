"""The command group, and how sheetpair's errors become messages and exit codes."""

from __future__ import annotations

import sys

import click

from ..core.errors import InputError, OperationError, PairingError, SheetpairError

EXIT_CODES: dict[type[SheetpairError], int] = {
    InputError: 65,       # data error in a workbook, TRF or CSV (sysexits EX_DATAERR)
    PairingError: 3,      # the round cannot be paired
    OperationError: 4,    # the request does not fit the tournament's state
}


class SheetpairCommandError(click.ClickException):
    """A :class:`SheetpairError` shown as ``Error: <message>`` with its family's exit code."""

    def __init__(self, error: SheetpairError) -> None:
        super().__init__(str(error))
        self.exit_code = next((code for kind, code in EXIT_CODES.items() if isinstance(error, kind)), 1)


@click.group()
@click.version_option(package_name="sheetpair")
def cli() -> None:
    """Pair chess tournaments and keep their standings in an Excel workbook."""


def main() -> None:
    """Console entry point: runs :data:`cli`, turning sheetpair errors into clear messages."""
    try:
        cli.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("Aborted.", err=True)
        sys.exit(1)
    except click.ClickException as error:
        error.show()
        sys.exit(error.exit_code)
    except SheetpairError as error:
        wrapped = SheetpairCommandError(error)
        wrapped.show()
        sys.exit(wrapped.exit_code)
