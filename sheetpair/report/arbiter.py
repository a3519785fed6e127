"""The arbiter's plain-text answers that both doors give: the command line prints them, the add-in's buttons
write them into a sheet (status, title norms, the differences between two copies)."""

from __future__ import annotations

from ..app.status import Status
from ..core.norms import PlayerNorms
from ..history.compare import Difference
from ..history.stamp import entry_text


def status_text(report: Status) -> str:
    """``sheetpair status``: the revision, the rounds, and what was edited by hand and what the next pairing
    waits for."""
    lines = [f"Event {report.event_id or '(no id yet)'}, revision {report.revision} "
             f"(last change: {entry_text(report.last_entry)})",
             f"Round {report.current_round} of {report.planned_rounds} paired."]
    sections = (
        ("Results typed by hand since sheetpair last wrote:", report.results_typed),
        ("Edited by hand since sheetpair last wrote:", report.edits),
        ("Rules the edits break:", report.problems),
        ("The system would have paired those players:", report.system_would_pair),
        ("Before the next pairing:", report.missing),
    )
    for title, items in sections:
        if items:
            lines.append(title)
            lines.extend(f"  {line}" for line in items)
    if not report.event_id:
        lines.append("Hand edits cannot be told: the workbook has no record of sheetpair's last write (its hidden "
                     "_sheetpair sheet is missing, e.g. the sheets were copied into another workbook); the next "
                     "change by sheetpair starts one.")
    elif not (report.results_typed or report.edits):
        lines.append("No hand edits since sheetpair last wrote the workbook.")
    return "\n".join(lines)


def differences_text(differences: list[Difference]) -> str:
    """``sheetpair diff``: one line per difference between copies A and B, conflicts marked."""
    if not differences:
        return "The copies hold the same event data."
    lines = []
    for difference in differences:
        mark = "CONFLICT" if difference.is_conflict else f"from {difference.side}"
        lines.append(f"{difference.item:<16} {mark:<9} {difference.text} (A: {difference.a}; B: {difference.b})")
    return "\n".join(lines)


def norms_text(found: list[PlayerNorms]) -> str:
    """Per player the norms still in play (achieved or possible), each with its figures and reasons."""
    lines = []
    for p in found:
        live = [n for n in p.norms.values() if n.status != "impossible"]
        if not live:
            continue
        lines.append(f"{p.tpn:>4} {p.name}")
        for n in live:
            needs = f", needs {n.needs:g} in the remaining rounds" if n.needs is not None else ""
            lines.append(f"     {n.norm}: {n.status}{needs} (games {n.games}, Ra {n.average}, Rp {n.performance})")
            lines.extend(f"       {reason}" for reason in n.reasons)
    return "\n".join(lines) or "No player can still make a norm."
