"""``sheetpair tiebreaks``: the catalogue as a table and as JSON."""

from __future__ import annotations

import json

from click.testing import CliRunner

from sheetpair.cli import cli
from sheetpair.core.tiebreaks import TIEBREAKS, catalogue


def test_table_lists_every_code_and_modifier() -> None:
    result = CliRunner().invoke(cli, ["tiebreaks"])
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["Code", "Name", "Article"]
    firsts = {line.split()[0] for line in lines if line.strip()}
    assert set(TIEBREAKS) <= firsts
    assert {"-C1", "-C2", "-M1", "-M2", "-L+n/L-n", "-F"} <= firsts
    ks = next(line for line in lines if line.startswith("KS "))
    assert "Koya system" in ks and "C.07 9.2" in ks and "[L+n/L-n]" in ks
    assert any(line.startswith("-L+n/L-n") and "C.07 14.5" in line and "[KS]" in line for line in lines)


def test_json_is_the_catalogue() -> None:
    result = CliRunner().invoke(cli, ["tiebreaks", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["schema"] == 1
    entries = catalogue()
    assert [t["code"] for t in data["tiebreaks"]] == [e.code for e in entries if e.kind == "tie-break"]
    assert [m["code"] for m in data["modifiers"]] == [e.code for e in entries if e.kind == "modifier"]
    bh = next(t for t in data["tiebreaks"] if t["code"] == "BH")
    assert bh == {"code": "BH", "name": "Buchholz", "article": "C.07 8.1, 16",
                  "modifiers": ["C1", "C2", "M1", "M2", "P"],
                  "meaning": "the opponents' scores summed, a capped dummy opponent for each unplayed round"}
    fore = next(m for m in data["modifiers"] if m["code"] == "-F")
    assert fore["applies_to"] == ["AOB"] and "modifiers" not in fore
    played = next(m for m in data["modifiers"] if m["code"] == "-P")
    assert played["applies_to"] == ["DE", "BH", "AOB", "FB", "SB"]


def test_help_text() -> None:
    result = CliRunner().invoke(cli, ["tiebreaks", "--help"])
    assert result.exit_code == 0 and "--json" in result.stdout
