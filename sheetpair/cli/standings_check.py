"""How ``sheetpair check`` reports the standings of a file: in words, and as JSON (docs/interchange.md)."""

from __future__ import annotations

from ..app.standings_check import StandingsIssue

STANDINGS_DIFFER = 5
"""Exit code of ``check`` when every round agrees but a declared points or rank value does not."""


def standings_json(issues: list[StandingsIssue]) -> dict[str, object]:
    """``{"agree": bool, "issues": [{"kind", "player", "holder", "declared", "expected", "line", "column",
    "message"}]}``; ``holder`` is ``player``, or ``team`` for a team file (``player`` is then the team's number)."""
    return {"agree": not issues, "issues": [
        {"kind": i.kind, "player": i.player, "holder": i.holder, "declared": i.declared, "expected": i.expected,
         "line": i.line, "column": i.column, "message": i.message} for i in issues]}


def standings_text(issues: list[StandingsIssue], declared: bool) -> list[str]:
    """One line per issue, then the verdict; nothing for a source that declares no standings (a workbook)."""
    if not declared:
        return []
    if not issues:
        return ["Standings: every declared points and rank value agrees with the results and the tie-breaks."]
    return [*(f"Standings: {i.message}" for i in issues), f"Standings: {len(issues)} declared value(s) differ."]
