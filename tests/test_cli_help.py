"""Every command's --help shows an example (the command line that fits the hand)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from sheetpair.cli import cli


@pytest.mark.parametrize("name", sorted(cli.lazy_commands))
def test_every_help_has_an_example(name: str) -> None:
    out = CliRunner().invoke(cli, [name, "--help"])
    assert out.exit_code == 0 and "Example:" in out.output and f"sheetpair {name}" in out.output
