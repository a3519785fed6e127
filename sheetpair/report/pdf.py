"""The PDF report through Typst: the data of :mod:`.pdfdata` as JSON, laid out by ``templates/pdf/report.typ``.

Typst (the ``typst`` package, an extra) is one self-contained wheel on Windows, macOS and Linux, with no
system libraries, and lays a 2000-player pairing list out in well under a second, so one process does the
whole document: Typst lays independent runs of pages out on all cores, and the web pages of the same command
are written meanwhile. The compile root is a fresh temporary folder holding only the template and ``report.json``:
the template can read nothing else, and no path of the user's ever reaches it. The fonts are the ones bundled
with Typst, the package's own (``templates/pdf/fonts``) and the system's.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from ..optional import require
from . import pdfdata
from .data import Report
from .render import default_sections, template_dirs

Progress = Callable[[str], None]

TEMPLATE = "report.typ"


def pdf_template_dir() -> Path:
    """The folder of the Typst templates (the installed copy first, then the checkout's).

    :raises FileNotFoundError: when neither exists (a broken installation).
    """
    for folder in template_dirs():
        if (folder / "pdf" / TEMPLATE).is_file():
            return folder / "pdf"
    raise FileNotFoundError("the PDF templates are missing (expected templates/pdf/report.typ)")


def pdf_bytes(report: Report, sections: Sequence[str], paper: str = "a4",
              alongside: Callable[[], object] | None = None) -> bytes:
    """The report's ``sections`` as PDF bytes on ``paper`` (``a4`` or ``letter``). ``alongside`` (other work of
    the same command) runs while Typst lays the document out: Typst releases the interpreter meanwhile, so the
    two share the cores.

    :raises MissingExtraError: when the ``typst`` extra is not installed.
    """
    typst = require("typst", "typst")
    document = pdfdata.document(report, sections, paper)
    source = pdf_template_dir()
    fonts = source / "fonts"
    with tempfile.TemporaryDirectory(prefix="sheetpair-pdf-") as root:
        shutil.copy(source / TEMPLATE, Path(root) / TEMPLATE)
        Path(root, "report.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        with ThreadPoolExecutor(max_workers=1) as typesetter:
            # No tags: an accessible PDF's structure tree made the file eleven times as large.
            laid_out = typesetter.submit(typst.compile, str(Path(root) / TEMPLATE), root=root, pdf_tags=False,
                                         font_paths=[str(fonts)] if fonts.is_dir() else [])
            if alongside is not None:
                alongside()
            data: bytes = laid_out.result()
    return data


def write_pdf(report: Report, path: Path, sections: Sequence[str] | None = None, *, paper: str = "a4",
              progress: Progress | None = None, alongside: Callable[[], object] | None = None) -> Path:
    """Writes the report as one PDF with a running header (event, round, print time) and page numbers.

    ``sections`` defaults to :func:`~sheetpair.report.render.default_sections`; ``alongside`` is other work
    of the same command (the web pages), run while Typst lays the PDF out (:func:`pdf_bytes`); each section
    done is reported to ``progress``. The file is replaced only once the new one is complete.

    :raises MissingExtraError: when the ``typst`` extra is not installed (before anything is written).
    """
    require("typst", "typst")
    chosen = tuple(default_sections(report) if sections is None else sections)
    data = pdf_bytes(report, chosen, paper, alongside)
    if progress is not None:
        for section in chosen:
            progress(section)
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")  # a failed write leaves the previous PDF in place
    partial.write_bytes(data)
    os.replace(partial, path)
    return path
