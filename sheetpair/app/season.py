"""A federation's season checked: every TRF file of a folder or pattern re-paired round by round, in parallel.

A rating officer receives hundreds of tournament files a season and wants to know which events were paired
the way their system says. Each file is checked exactly as ``sheetpair check FILE`` checks one (every round
re-paired from the rounds before it, docs/interchange.md), independently of the others, so the files are
spread over worker processes: all cores of this machine by default (:class:`ProcessPoolExecutor`), or the
workers of an existing Dask distributed cluster (``executor="dask"``, the optional extra
``sheetpair[cluster]``). Where a file is checked changes nothing in its verdict.

One bad file never stops the season: whatever goes wrong with a file (unreadable, not a TRF, a system the
registry does not know, an engine failure) is recorded as that file's reason, and the next file is checked.
docs/season-check.md shows the command and measured speeds.
"""

from __future__ import annotations

import glob
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import InputError, SheetpairError
from ..io.trf import load_trf
from ..pairing import get_system
from .check import check_tournament
from .teams import check_team_trf, is_team_trf

AUTO = "auto"
"""The system name that means: the one the file names (its ``092`` or ETT26 code, else Dutch)."""

EXECUTORS = ("local", "dask")


@dataclass(frozen=True)
class FileCheck:
    """One file's verdict: the system it was checked with, its rounds, those that differ, or why it could not
    be checked (``reason``)."""

    path: str
    system: str = ""
    rounds: int = 0
    differing: tuple[int, ...] = ()
    reason: str | None = None

    @property
    def checked(self) -> bool:
        return self.reason is None


@dataclass(frozen=True)
class SeasonSummary:
    """The totals of a season's check."""

    files: int
    checked: int
    rounds: int
    differing_rounds: int
    files_differing: int

    @classmethod
    def of(cls, results: Iterable[FileCheck]) -> SeasonSummary:
        results = list(results)
        return cls(
            files=len(results),
            checked=sum(r.checked for r in results),
            rounds=sum(r.rounds for r in results),
            differing_rounds=sum(len(r.differing) for r in results),
            files_differing=sum(bool(r.differing) for r in results),
        )


def trf_files(target: str) -> list[Path]:
    """The TRF files (``*.trf``, any case) in the folder ``target`` and its sub-folders, or the files the
    glob pattern ``target`` matches (``**`` descends into folders), sorted.

    :raises InputError: when nothing matches.
    """
    root = Path(target)
    if root.is_dir():
        found = [p for p in root.rglob("*") if p.is_file() and p.suffix.lower() == ".trf"]
        if not found:
            raise InputError(f"the folder {target} holds no .trf file")
    else:
        found = [Path(p) for p in glob.glob(target, recursive=True) if Path(p).is_file()]
        if not found:
            raise InputError(f"no file matches {target!r}")
    return sorted(found)


def check_file(path: str, system: str = AUTO) -> FileCheck:
    """Checks one TRF file with ``system`` (``auto``: the file's own); never raises.

    Everything that can go wrong with one file becomes its ``reason``: the season goes on.
    """
    try:
        if is_team_trf(Path(path)):
            team = check_team_trf(Path(path), "team-swiss" if system == AUTO else system)
            return FileCheck(path, team.system, len(team.rounds),
                             tuple(c.round_number for c in team.rounds if not c.same_colours))
        tournament = load_trf(path, system=None if system == AUTO else system)
        name = get_system(tournament.settings.system).name
        if not tournament.rounds:
            return FileCheck(path, name, reason="no paired round to check")
        checks = check_tournament(tournament, name)
    except (SheetpairError, OSError, UnicodeError) as error:
        return FileCheck(path, system if system != AUTO else "", reason=str(error))
    except Exception as error:  # an engine failure on one event must not stop the other files
        return FileCheck(path, system if system != AUTO else "", reason=f"{type(error).__name__}: {error}")
    return FileCheck(path, name, len(checks), tuple(c.round for c in checks if not c.agrees))


def check_season(
    paths: Iterable[Path],
    *,
    system: str = AUTO,
    jobs: int | None = None,
    executor: str = "local",
    scheduler: str | None = None,
    progress: Callable[[], None] | None = None,
) -> list[FileCheck]:
    """Checks every file of ``paths`` and returns the verdicts in the order of ``paths``.

    ``executor="local"`` uses ``jobs`` worker processes (default: one per core; ``1`` checks in this
    process); ``executor="dask"`` sends the files to the Dask scheduler at ``scheduler``. ``progress`` is
    called once per finished file.

    :raises InputError: for an unknown executor, or ``dask`` without a scheduler address.
    :raises ModuleNotFoundError: for ``dask`` when the extra ``sheetpair[cluster]`` is not installed.
    """
    files = [str(p) for p in paths]
    done = progress or (lambda: None)
    if executor == "dask":
        if not scheduler:
            raise InputError("--executor dask needs --scheduler ADDRESS (the Dask scheduler to send the files to)")
        return _on_dask(files, system, scheduler, done)
    if executor != "local":
        raise InputError(f"--executor must be one of {', '.join(EXECUTORS)}, not {executor!r}")
    if jobs == 1:
        results = []
        for path in files:
            results.append(check_file(path, system))
            done()
        return results
    verdicts: dict[int, FileCheck] = {}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(check_file, path, system): index for index, path in enumerate(files)}
        for future in as_completed(futures):
            verdicts[futures[future]] = future.result()
            done()
    return [verdicts[index] for index in range(len(files))]


def _on_dask(files: list[str], system: str, scheduler: str, done: Callable[[], None]) -> list[FileCheck]:
    """The same work on a Dask distributed cluster; ``check_file`` never raises, so neither does a task."""
    from distributed import Client
    from distributed import as_completed as finished

    with Client(scheduler) as client:  # type: ignore[no-untyped-call]
        futures = client.map(check_file, files, system=system, pure=False)
        index = {future.key: position for position, future in enumerate(futures)}
        verdicts: dict[int, FileCheck] = {}
        for future in finished(futures):  # type: ignore[no-untyped-call]
            verdicts[index[future.key]] = future.result()
            done()
    return [verdicts[position] for position in range(len(files))]
