"""The application layer: one function per thing an arbiter does, the only place where the core, the
pairing systems and the file formats meet.

The command line and the Excel add-in only parse what the arbiter gave, call one of these functions, and
format the answer; both doors therefore run the same rules. Each use case that changes a workbook takes a
:class:`~sheetpair.io.port.WorkbookPort`, reads the whole tournament, changes it, builds the standings once
(:func:`sheetpair.app.ranking.standings`) and writes every owned sheet from that one table; committing
the port (saving the file, or handing the writes to Excel) is the door's last step.

* :mod:`.event` — create an event from a roster and the arbiter's choices.
* :mod:`.rounds` — pair, enter a result, grant a bye, withdraw a player, undo a round.
* :mod:`.ranking` — the one standings pipeline; :mod:`.standings` — the use case that rewrites the standings.
* :mod:`.check` and :mod:`.explain` — re-pair recorded rounds, and say why a round is paired as it is.
* :mod:`.interchange` — import TRF files and rosters, export TRF files; :mod:`.files` — events read from disk.
* :mod:`.simulate` and :mod:`.season` — the fairness simulator, and a season of TRF files checked at once.
* :mod:`.operations` — the same changes on an in-memory tournament, for callers without a workbook.
* :mod:`.session` — the read-change-write path every workbook use case takes.
* :mod:`.revisions`, :mod:`.status` and :mod:`.merge` — the journal, hand edits, stale copies, and two
  copies of one event compared and merged.
"""
