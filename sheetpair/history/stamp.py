"""Who writes, and the revision guard: the stamp every write carries into the journal, and the refusal of a
copy that is not the revision its reader saw (``--expect-revision``)."""

from __future__ import annotations

import datetime as dt
import getpass
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..core.errors import StaleCopyError
from .records import JournalEntry, Metadata

Side = Literal["A", "B"]
SIDES: tuple[Side, Side] = ("A", "B")
HAND_EDIT_USER = "unknown (typed in the workbook)"
HAND_EDIT_COMMAND = "hand edit"


@dataclass(frozen=True)
class Stamp:
    """Who writes, with which command, and which revision they expect the workbook to be at.

    ``warn`` receives one sentence per rule an edited pairing breaks (the command line prints them).
    """

    command: str = ""
    arbiter: str | None = None
    expect_revision: int | None = None
    warn: Callable[[str], None] | None = None
    accept_deleted_games: bool = False
    """The arbiter confirms that games with a result, deleted from the round sheets by hand, are to go."""
    force: bool = False
    """The arbiter confirms a change to a result that later rounds were paired from (also one typed by hand)."""

    @property
    def user(self) -> str:
        """The arbiter named on the command line, else the operating system's user name."""
        if self.arbiter:
            return self.arbiter
        try:
            return getpass.getuser()
        except (OSError, KeyError, ImportError):  # no login name: a service account, a container, Pyodide (no pwd)
            return "unknown"


def utc_now() -> str:
    """The current UTC time as the journal writes it, to the second."""
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def entry_text(entry: JournalEntry | None) -> str:
    """A journal entry in one line, for messages."""
    if entry is None:
        return "no journal entry"
    return f"revision {entry.revision}, {entry.time}, {entry.user}: {entry.command} ({entry.change})"


# --- stale copies --------------------------------------------------------------------------------------

def check_revision(meta: Metadata, expected: int | None) -> None:
    """Refuses a workbook that is not at revision ``expected`` (no check when ``expected`` is ``None``).

    :raises StaleCopyError: naming both revisions and the workbook's last journal entry.
    """
    if expected is not None and meta.revision != expected:
        raise StaleCopyError(f"the workbook is at revision {meta.revision}, not {expected} as expected; it was "
                             f"changed since it was read (last change: {entry_text(meta.last_entry)})")
