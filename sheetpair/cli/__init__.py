"""The ``sheetpair`` command. Each family of subcommands lives in its own module of this package and is
added to the one :data:`cli` group; all of them call the application layer (:mod:`sheetpair.app`).

A command's module is imported only when that command runs (or its own help is asked for), so ``sheetpair
--help`` and ``sheetpair systems`` answer without loading openpyxl, Jinja2 or the report machinery. The
table below says where each command lives and its one-line help for the command list; a test keeps each
line equal to the command's own.
"""

from __future__ import annotations

from .base import LazyCommand, cli, main

cli.lazy_commands.update({
    "addin": LazyCommand("addin", 'Make the Excel add-in: one ribbon tab with every...'),
    "bye": LazyCommand("tournament", 'Record (or cancel) a bye PLAYER asked for, before the...'),
    "check-report": LazyCommand("paperwork", 'List what a rating officer would reject in the rating...'),
    "check": LazyCommand("interchange", 'Re-pair every round from the rounds before it and report...'),
    "diff": LazyCommand("revisions", 'Compare two copies A and B of one event; exit 0 when...'),
    "enter": LazyCommand("tournament", 'Enter a late player: the next start number, and the...'),
    "explain": LazyCommand("explain", 'Explain the pairing of a round, board by board, in the...'),
    "export": LazyCommand("interchange", 'Write the tournament as a FIDE Tournament Report File.'),
    "forbid": LazyCommand("tournament", 'Rule that players FIRST and SECOND (start numbers or...'),
    "generate": LazyCommand("generate", 'Write COUNT random tournaments, each paired by sheetpair...'),
    "import": LazyCommand("interchange", 'Create a workbook from a TRF16/TRF26 file or a CSV/xlsx...'),
    "lineup": LazyCommand("teams", "Set a team's line-up for a paired round before its..."),
    "merge": LazyCommand("revisions", 'Merge copies A and B of one event into OUTPUT; nothing is...'),
    "new": LazyCommand("tournament", 'Create a tournament workbook from a roster.'),
    "norms": LazyCommand("paperwork", 'Say per player and title norm: achieved, possible (with...'),
    "pair": LazyCommand("tournament", 'Pair the next round and write its sheet.'),
    "players": LazyCommand("paperwork", 'Fill the roster from FIDE\'s rating list, by FIDE id or by...'),
    "prizes": LazyCommand("paperwork", 'Work out the prize list, write it to the Prize list sheet...'),
    "report": LazyCommand("report", "Write the web pages and printouts of WORKBOOK: starting..."),
    "result": LazyCommand("tournament", 'Record the results of boards of a round.'),
    "samples": LazyCommand("samples", 'Copy the sample events (one part-played event per family...'),
    "simulate": LazyCommand("simulate", 'Play RUNS seeded events per system and report, with 95 %...'),
    "standings": LazyCommand("tournament", 'Recompute and write the Standings and Crosstable sheets;...'),
    "status": LazyCommand("revisions", 'What was changed by hand since sheetpair last wrote...'),
    "systems": LazyCommand("systems", 'List the pairing systems.'),
    "tiebreaks": LazyCommand("tiebreaks", 'List every tie-break code and modifier: name, C.07...'),
    "undo": LazyCommand("tournament", 'Remove the last paired round (asks first when it has...'),
    "withdraw": LazyCommand("tournament", 'Withdraw PLAYER (start number or name) from a round on,...'),
})

__all__ = ["cli", "main"]
