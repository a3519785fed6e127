"""The one door to workbooks: every command and every button gets its port here, and nowhere else.

Files on disk are in :mod:`.files`, a live workbook in :mod:`.live`: apart, so a button (xlwings Lite included)
loads no file library.

Each way in says what the caller means to do with the workbook, and brings the safety that goes with it:

* :func:`.files.reading` — look only: nothing is locked or written.
* :func:`.files.editing` — change it: refused while Excel or LibreOffice has the file (or the copy written) open, locked
  against other sheetpair runs from the read to the save, and saved atomically (to ``output`` when given) only
  when the change succeeded. ``sheetpair merge`` writes through it too.
* :func:`.files.creating` — make a new one: the same refusal and lock, a new file saved only when it is complete.
* :func:`.live.in_excel` — a live workbook (the buttons): the port collects writes and hands them to Excel only when
  the press succeeded; just before that, the revision is read again, so a book another program wrote meanwhile
  is refused rather than overwritten.

A writing command's revision guard (``--expect-revision``) is the use case's (:mod:`sheetpair.app.session`), since
it is checked against what the use case read.
"""

