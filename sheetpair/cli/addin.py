"""``sheetpair addin``: the Excel add-ins, for arbiters who never open a terminal once this has run.

The folders themselves are made by :mod:`sheetpair.excel.package`; this module only reads the options.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..excel.package import PLATFORMS, configure_user, host_platform, write_classic, write_lite, write_release
from .base import cli, reports_errors


@cli.command()
@click.option("--lite", is_flag=True, help="Write main.py and requirements.txt for xlwings Lite instead.")
@click.option("-o", "--output", type=click.Path(file_okay=False, path_type=Path),
              help="Folder to write into (default: sheetpair-addin, or sheetpair-lite with --lite).")
@click.option("--platform", "platforms", type=click.Choice(sorted(PLATFORMS)), multiple=True,
              help="Whose folder to make: its install script and wheels (default: this computer's); repeat it "
                   "for one folder per platform inside OUTPUT.")
@click.option("--zip", "zipped", is_flag=True, help="Also zip each folder (the release download), inside OUTPUT.")
@click.option("--wheel-url", help="xlwings Lite: the web folder where the arbiter hosts the sheetpair wheel.")
@click.option("--python", "interpreter", help="Python that runs the buttons (default: the install script's).")
@click.option("--wheel", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="The sheetpair wheel to put beside the add-in (default: made from this installation).")
@click.option("--configure", is_flag=True,
              help="Make the installed add-in run its buttons with this Python (writes the user's settings file).")
@reports_errors
def addin(lite: bool, output: Path | None, platforms: tuple[str, ...], zipped: bool, wheel_url: str | None,
          interpreter: str | None, wheel: Path | None, configure: bool) -> None:
    """Make the Excel add-in: one ribbon tab with every sheetpair button, and what installs it.

    \b
    Example:
      sheetpair addin -o addin --platform windows
      sheetpair addin -o release --platform windows --platform macos --zip
      sheetpair addin --lite -o lite --wheel-url https://example.org/chess/
    """
    if configure:
        click.echo(f"The sheetpair add-in runs {sys.executable} (set in {configure_user(sys.executable)}).", err=True)
        return
    if lite:
        folder = output or Path("sheetpair-lite")
        written = write_lite(folder, wheel=wheel, wheel_url=wheel_url)
        host = "" if wheel_url else f" Put {written[1].name} on a web site and write its address into requirements.txt."
        click.echo(f"Wrote {', '.join(p.name for p in written)} to {folder}.{host}\n"
                   "In Excel: Home > Add-ins > xlwings Lite; in its editor replace main.py and requirements.txt with "
                   "these files; then run the buttons from the task pane's Scripts list.", err=True)
        return
    if len(platforms) > 1 or zipped:
        zips = write_release(output or Path("."), list(platforms or (host_platform(),)), wheel=wheel)
        click.echo(f"Wrote {', '.join(str(z) for z in zips)} and their folders.", err=True)
        return
    folder = output or Path("sheetpair-addin")
    platform = platforms[0] if platforms else host_platform()
    written = write_classic(folder, platform=platform, interpreter=interpreter, wheel=wheel)
    click.echo(f"Wrote {', '.join(p.name for p in written)} to {folder}. Read {folder / 'INSTALL.txt'}.", err=True)
