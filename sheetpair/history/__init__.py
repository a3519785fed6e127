"""The history of an event's workbook, as pure functions over the core: what each write records, what was typed
by hand since, and how two copies of one event compare and merge.

A workbook is the event's single source of truth, but it travels: it is emailed to a deputy, typed into in
Excel, opened twice. Each write records a journal and a hash of each part of the tournament (the hidden
``_sheetpair`` sheet holds them; reading and writing that sheet is :mod:`sheetpair.io.metadata`'s job alone):

* :mod:`.parts` — the tournament cut into parts, canonical JSON and hashes; :mod:`.records` — the metadata and
  journal entries, and the metadata of the next write;
* :mod:`.stamp` — who writes, and the refusal of a copy that is not the revision its reader saw;
* :mod:`.describe` — a change of one part in the arbiter's words; :mod:`.edits` — what was typed by hand, games
  deleted with their result, and the rules an edited pairing breaks; :mod:`.journal` — the entries of one write;
* :mod:`.parting` — what each of two copies changed since they parted, late entries numbered apart;
  :mod:`.compare` and :mod:`.merge` — two copies of one event compared item by item and merged.

The use cases that read the workbooks and write the result are in :mod:`sheetpair.app` (:mod:`~sheetpair.app.session`,
:mod:`~sheetpair.app.status`, :mod:`~sheetpair.app.copies`). The rules in the arbiter's words are in
``docs/arbiters-workflow.md``.
"""
