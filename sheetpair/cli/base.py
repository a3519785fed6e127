"""The command group, and how sheetpair's errors become messages and exit codes."""

from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from .. import __version__
from ..core.errors import InputError, OperationError, PairingError, SheetpairError, StaleCopyError, WorkbookInUseError
from ..optional import MissingExtraError

EXIT_CODES: dict[type[SheetpairError], int] = {
    StaleCopyError: 75,   # the workbook is not the revision expected: read it again (sysexits EX_TEMPFAIL)
    WorkbookInUseError: 75,  # open in Excel or LibreOffice, or another run holds it: try again later
    MissingExtraError: 2,  # an optional dependency is not installed (the message names the extra)
    InputError: 65,       # data error in a workbook, TRF or CSV (sysexits EX_DATAERR)
    PairingError: 3,      # the round cannot be paired
    OperationError: 4,    # the request does not fit the tournament's state
}

F = TypeVar("F", bound=Callable[..., Any])


class SheetpairCommandError(click.ClickException):
    """A :class:`SheetpairError` shown as ``Error: <message>``; each exit code has its own subclass, since
    Click reads ``exit_code`` from the class (:func:`command_error` makes them)."""


_ERRORS_BY_CODE: dict[int, type[SheetpairCommandError]] = {}


def command_error(error: SheetpairError) -> SheetpairCommandError:
    """The Click exception for ``error``, carrying its family's exit code (:data:`EXIT_CODES`, else 1)."""
    code = next((code for kind, code in EXIT_CODES.items() if isinstance(error, kind)), 1)
    if code not in _ERRORS_BY_CODE:
        _ERRORS_BY_CODE[code] = type(f"SheetpairExit{code}", (SheetpairCommandError,), {"exit_code": code})
    return _ERRORS_BY_CODE[code](str(error))


def reports_errors(command: F) -> F:
    """Decorates a command so that a :class:`SheetpairError` ends it with a clear message and exit code."""

    @functools.wraps(command)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except SheetpairError as error:
            raise command_error(error) from error

    return run  # type: ignore[return-value]


@dataclass(frozen=True)
class LazyCommand:
    """Where a command lives (a module of this package) and its one-line help for the command list."""

    module: str
    short_help: str


@contextlib.contextmanager
def _numpy_hidden() -> Iterator[None]:
    """Has ``import numpy`` fail while a command's module is imported, unless numpy is loaded already.

    openpyxl imports numpy when it is installed (scipy and dask, of the ``simulate`` and ``cluster`` extras,
    bring it) only so that numpy's number types can be cell values. sheetpair writes none, and importing numpy
    was a tenth of a second of every command that opens a workbook. numpy stays importable afterwards: a
    command that uses it imports it when it runs.
    """
    if "numpy" in sys.modules:
        yield
        return
    sys.modules["numpy"] = None  # type: ignore[assignment]  # None: the import system's "not importable"
    try:
        yield
    finally:
        if sys.modules.get("numpy") is None:
            del sys.modules["numpy"]


class LazyGroup(click.Group):
    """A command group that imports a command's module only when the command is used.

    Each module registers its commands on :data:`cli` with ``@cli.command()`` when imported, as usual; the
    group only decides when that import happens (Click's documented pattern for large command sets).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_commands: dict[str, LazyCommand] = {}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(self.lazy_commands) | set(self.commands))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.lazy_commands:
            with _numpy_hidden():
                importlib.import_module(f"{__package__}.{self.lazy_commands[cmd_name].module}")
        return self.commands.get(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, self.lazy_commands[name].short_help if name in self.lazy_commands
                 else self.commands[name].get_short_help_str(limit=70))
                for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup)
@click.version_option(version=__version__, prog_name="sheetpair")
def cli() -> None:
    """Pair chess tournaments and keep their standings in an Excel workbook.

    \b
    Start with:
      sheetpair samples -o samples
      sheetpair pair samples/club_championship.xlsx -o my_event.xlsx
      sheetpair standings my_event.xlsx

    Shell completion (bash): eval "$(_SHEETPAIR_COMPLETE=bash_source sheetpair)"
    """


GC_FIRST_GENERATION = 100_000
"""Objects allocated between two collections of the youngest generation (Python's default: 700).

A command is one short process that builds a workbook's hundreds of thousands of cells and records and keeps
nearly all of them to the end; at the default, the cycle collector ran through them again and again, a tenth
of the CPU time of a command on a 2000-player event (``benchmarks/README.md``). Cycles are still collected,
only less often."""


def main() -> None:
    """Console entry point."""
    gc.set_threshold(GC_FIRST_GENERATION, *gc.get_threshold()[1:])
    cli()
