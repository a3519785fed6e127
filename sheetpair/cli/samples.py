"""``sheetpair samples``: copies the sample events shipped with sheetpair, to try the commands on.

A checkout has them in ``sample_workbooks/``; a built package carries a copy in ``sheetpair/samples``
(setup.py makes it), so ``pip install sheetpair`` users get the same files.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import click

from ..core.errors import OperationError
from .base import cli, reports_errors

_HERE = Path(__file__).resolve().parent


def samples_dir() -> Path:
    """Where the sample events are: the installed copy, else the checkout's ``sample_workbooks``.

    :raises OperationError: when neither exists (a broken installation).
    """
    for folder in (_HERE.parent / "samples", _HERE.parent.parent / "sample_workbooks"):
        if (folder / "club_championship.xlsx").is_file():
            return folder
    raise OperationError("the sample workbooks are missing from this installation of sheetpair")


@cli.command()
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path), default=Path("samples"),
              show_default=True, help="Folder to copy the samples into.")
@reports_errors
def samples(output: Path) -> None:
    """Copy the sample events (one part-played event per family of systems, and a CSV roster).

    \b
    Example:
      sheetpair samples -o samples
    """
    source = samples_dir()
    files = sorted(p for p in source.iterdir() if p.suffix in (".xlsx", ".csv"))
    clashes = [p.name for p in files if (output / p.name).exists()]
    if clashes:
        raise OperationError(f"{output} already has {', '.join(clashes)}; choose another folder with -o")
    output.mkdir(parents=True, exist_ok=True)
    for path in files:
        shutil.copy2(path, output / path.name)
    click.echo(f"Copied {len(files)} sample files to {output}. Try: sheetpair standings "
               f"{output / 'club_championship.xlsx'}", err=True)
