"""``sheetpair addin``: the Excel add-ins, for arbiters who never open a terminal once this has run.

The folders themselves are made by :mod:`sheetpair.excel.package`; this module only reads the options.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..excel.package import configure_user, write_classic, write_lite
from .base import cli, reports_errors


@cli.command()
@click.option("--lite", is_flag=True, help="Write main.py and requirements.txt for xlwings Lite instead.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write into (default: sheetpair-addin, or sheetpair-lite with --lite).")
@click.option("--python", "interpreter", help="Python that runs the buttons (default: the install script's).")
@click.option("--wheel", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The sheetpair wheel to put beside the add-in (default: made from this installation).")
@click.option("--configure", is_flag=True,
              help="Make the installed add-in run its buttons with this Python (writes the user's settings file).")
@reports_errors
def addin(lite: bool, output: Path | None, interpreter: str | None, wheel: Path | None, configure: bool) -> None:
    """Make the Excel add-in: one ribbon tab with every sheetpair button, and what installs it.

    \b
    Example:
      sheetpair addin -o addin
      sheetpair addin --lite -o lite
    """
    if configure:
        click.echo(f"The sheetpair add-in runs {sys.executable} (set in {configure_user(sys.executable)}).", err=True)
        return
    if lite:
        folder = output or Path("sheetpair-lite")
        write_lite(folder)
        click.echo(f"Wrote {folder / 'main.py'} and {folder / 'requirements.txt'}.\n"
                   "In Excel: Home > Add-ins > xlwings Lite; in its editor replace main.py and requirements.txt with "
                   "these files; then run the buttons from the task pane's Scripts list.", err=True)
        return
    folder = output or Path("sheetpair-addin")
    written = write_classic(folder, interpreter=interpreter, wheel=wheel)
    click.echo(f"Wrote {', '.join(p.name for p in written)} to {folder}. Read {folder / 'INSTALL.txt'}.", err=True)
