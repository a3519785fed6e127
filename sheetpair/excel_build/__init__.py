"""Building the classic Excel add-in (``sheetpair.xlam``) without Excel.

An ``.xlam`` is an Office Open XML zip package; its macros live in ``xl/vbaProject.bin``, a compound file
holding the VBA project's streams. This package writes both from plain data, so the ribbon and the VBA
that its buttons call are generated text and can be tested on any machine:

* :mod:`.cfb` writes compound files (the container format of ``vbaProject.bin``);
* :mod:`.ovba` writes a VBA project into it: the ``dir`` stream, ``PROJECT``, ``PROJECTwm``, one module
  stream per module, with the run-length compression VBA projects use;
* :mod:`.xlam` assembles the add-in: the ribbon, the button macros, xlwings' own VBA and its settings sheet.

docs/development.md ("The classic add-in file") describes the formats in the project's words.
"""
