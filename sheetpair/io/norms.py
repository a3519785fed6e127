"""The Norms and IT1 sheets sheetpair writes for the arbiter (the "Norms" button).

``Norms``: one row per player and norm still in play (achieved or possible), with the points needed in the
remaining rounds, the games counted, Ra, Rp and the reasons with their articles; under it the counts of FIDE's
IT3 tournament report. ``IT1``: for each norm achieved, the games the certificate lists (round, opponent,
title, federation, FIDE id, rating for norms, result). Both are rewritten on every press, never read back.
"""

from __future__ import annotations

from ..core.norms import It3Counts, PlayerNorms, counted_games
from ..core.results import format_points
from ..core.state import TournamentState
from .port import CellValue, SheetSpec

NORMS_SHEET = "Norms"
IT1_SHEET = "IT1"


def norms_sheet(found: list[PlayerNorms], counts: It3Counts) -> SheetSpec:
    """The Norms sheet: the norms still in play, and the IT3 counts under the table."""
    rows: list[list[CellValue]] = [
        [p.tpn, p.name, n.norm, n.status, n.needs, n.games, n.average, n.performance, " ".join(n.reasons)]
        for p in found for n in p.norms.values() if n.status != "impossible"]
    legend = [f"IT3: {counts.players} players, {counts.federations} federations, {counts.rated} rated, "
              f"{counts.unrated} unrated, {counts.rounds} round(s) played.",
              "IT3 title-holders: " + ", ".join(f"{title} {n}" for title, n in counts.titles.items()) + ".",
              "IT3 norms achieved: " + ", ".join(f"{norm} {n}" for norm, n in counts.norms.items()) + "."]
    header = ["TPN", "Name", "Norm", "Status", "Needs", "Games", "Ra", "Rp", "Why not yet"]
    return SheetSpec(NORMS_SHEET, header, rows, text_columns=frozenset({"Name", "Norm", "Status", "Why not yet"}),
                     column_widths={"Name": 28, "Why not yet": 90}, legend=legend, print_header="Title norms")


def it1_sheet(found: list[PlayerNorms], state: TournamentState) -> SheetSpec:
    """The IT1 sheet: for each norm achieved, one row per game the certificate lists."""
    rows: list[list[CellValue]] = []
    event = state.settings.event
    legend = [f"Event: {event.name}, {event.city} {event.federation}, {event.start_date} to {event.end_date}, "
              f"{state.settings.rounds} rounds; chief arbiter {event.chief_arbiter}."]
    for p in found:
        for n in p.norms.values():
            if n.status != "achieved":
                continue
            player = state[p.tpn].player
            games = counted_games(state, p.tpn, n)
            for g in games:
                rows.append([n.norm, p.tpn, p.name, player.fide_id, player.federation, g.round, g.name, g.title,
                             g.federation, g.fide_id, g.rating, format_points(float(g.result))])
            points = format_points(float(sum(g.result for g in games)))
            legend.append(f"{n.norm} norm of {p.name} ({player.fide_id or 'no FIDE id'}, {player.federation}): "
                          f"{n.games} games, {points} points, Ra {n.average}, Rp {n.performance}; counts as "
                          f"{n.counts_as} games in a title application (B.01 1.4.1d)."
                          + (f" {' '.join(n.reasons)}" if n.reasons else ""))
    header = ["Norm", "TPN", "Name", "FIDE id", "Fed", "Round", "Opponent", "Title", "Opp. fed", "Opp. FIDE id",
              "Rating", "Result"]
    return SheetSpec(IT1_SHEET, header, rows, text_columns=frozenset({"Norm", "Name", "FIDE id", "Fed", "Opponent",
                                                                      "Title", "Opp. fed", "Opp. FIDE id", "Result"}),
                     column_widths={"Name": 28, "Opponent": 28}, print_header="IT1 norm certificates: the games",
                     landscape=True, legend=legend)


__all__ = ["IT1_SHEET", "NORMS_SHEET", "it1_sheet", "norms_sheet"]
