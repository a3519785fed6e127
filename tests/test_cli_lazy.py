"""The command list is right although command modules load only when used."""

from __future__ import annotations

import importlib

from sheetpair.cli import cli

from .test_imports import _loaded_after


def test_every_command_is_listed_with_its_own_one_line_help() -> None:
    for name, lazy in cli.lazy_commands.items():
        importlib.import_module(f"sheetpair.cli.{lazy.module}")
        assert lazy.short_help == cli.commands[name].get_short_help_str(limit=60), name
    assert set(cli.commands) == set(cli.lazy_commands), "a command registered but missing from the lazy table"


def test_the_command_list_loads_no_command_module() -> None:
    loaded = _loaded_after("from click.testing import CliRunner\nfrom sheetpair.cli import cli\n"
                           "CliRunner().invoke(cli, ['--help'])")
    assert not {m for m in loaded if m.startswith(("sheetpair.cli.", "openpyxl", "jinja2", "sheetpair.pairing"))
                and m not in ("sheetpair.cli.base",)}


def test_the_commands_that_change_a_round_load_no_report() -> None:
    loaded = _loaded_after("import sheetpair.cli.tournament")
    assert not {m for m in loaded if m.startswith(("sheetpair.report", "sheetpair.cli.revisions"))}


def test_the_commands_that_change_a_round_load_no_pairing_system() -> None:
    loaded = _loaded_after("import sheetpair.cli.tournament")
    assert not {m for m in loaded if m.startswith(("sheetpair.pairing.dutch", "sheetpair.pairing.burstein"))}


def test_a_system_is_loaded_by_its_look_up_alone_and_under_its_own_name() -> None:
    code = ("from sheetpair.pairing import SYSTEMS\nassert 'lim' in SYSTEMS and len(SYSTEMS) == 14\n"
            "SYSTEMS['dutch']")
    loaded = _loaded_after(code)
    assert "sheetpair.pairing.dutch" in loaded
    assert not {m for m in loaded if m.startswith(("sheetpair.pairing.lim", "sheetpair.pairing.dubov"))}
    from sheetpair.pairing import SYSTEMS

    assert all(SYSTEMS[name].name == name for name in SYSTEMS)
