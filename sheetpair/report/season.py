"""A season's check as a file: JSON for scripts, or one self-contained HTML page for the rating officer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..app.season import FileCheck, SeasonSummary
from .render import environment

REPORT_SUFFIXES = (".html", ".json")


def season_json(results: list[FileCheck]) -> dict[str, Any]:
    """The totals and every file's verdict (``reason`` only for files that could not be checked)."""
    summary = SeasonSummary.of(results)
    return {
        "files": summary.files, "checked": summary.checked, "rounds": summary.rounds,
        "differing_rounds": summary.differing_rounds, "files_differing": summary.files_differing,
        "results": [
            {"file": r.path, "system": r.system, "rounds": r.rounds, "differing": list(r.differing)}
            | ({"reason": r.reason} if r.reason is not None else {})
            for r in results
        ],
    }


def write_season_report(results: list[FileCheck], path: Path) -> Path:
    """Writes the report as JSON or HTML, chosen by ``path``'s suffix.

    :raises ValueError: for another suffix.
    """
    suffix = path.suffix.lower()
    if suffix not in REPORT_SUFFIXES:
        raise ValueError(f"--report must end in {' or '.join(REPORT_SUFFIXES)}, not {path.name!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if suffix == ".json":
        path.write_text(json.dumps(season_json(results), indent=1), encoding="utf-8")
    else:
        page = environment().get_template("season.html").render(summary=SeasonSummary.of(results), results=results)
        path.write_text(page, encoding="utf-8")
    return path
