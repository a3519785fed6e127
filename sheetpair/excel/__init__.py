"""Excel: the ribbon buttons and what makes the add-ins.

* :mod:`.buttons` — one function per ribbon button, over the open ``xw.Book`` (imports xlwings);
* :mod:`.catalogue` — the buttons as data (names, labels, icons, tooltips), for the builders;
* :mod:`.package` — the classic add-in folder (``sheetpair.xlam``, wheel, install scripts) and xlwings Lite's
  ``main.py``;
* :mod:`.xlam`, :mod:`.ovba`, :mod:`.cfb` — the ``.xlam`` written without Excel: the Office Open XML package, the
  VBA project in it, and the compound file that holds the project.

Nothing here imports xlwings at import time except :mod:`.buttons`, so the command line can build an add-in
on a machine that only has xlwings installed for its VBA files. docs/development.md ("The classic add-in
file") describes the formats in the project's words.
"""
