"""Laying out a long PDF in parallel: each section in its own process, then one document with page numbers.

WeasyPrint lays a document out in pure Python, about half a millisecond per table cell, so a 500-player
event's pairings, standings and crosstable take seconds each. They are independent, so each is laid out in
a worker process (this module imports nothing but WeasyPrint, so a spawned worker starts quickly). The parts
are joined with pypdf, and "page / pages" is stamped on every page from a small document of empty pages of
the same sizes: the only thing a part cannot know is how many pages come before it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence


def layout(html: str, base_url: str) -> bytes:
    """One part: ``html`` laid out as PDF bytes."""
    from weasyprint import HTML  # loads Pango: imported only for PDF output

    data: bytes = HTML(string=html, base_url=base_url).write_pdf()
    return data


def join(parts: Sequence[bytes], numbers_html: str) -> bytes:
    """The parts as one PDF, each page stamped with its number from ``numbers_html`` (see :func:`page_sizes`)."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for part in parts:
        writer.append(PdfReader(io.BytesIO(part)))
    stamps = PdfReader(io.BytesIO(layout(numbers_html, ".")))
    for page, stamp in zip(writer.pages, stamps.pages):
        page.merge_page(stamp)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def landscape_pages(parts: Sequence[bytes]) -> list[bool]:
    """For every page of ``parts`` in order, whether it is landscape (the stamps must match the page sizes)."""
    from pypdf import PdfReader

    return [float(p.mediabox.width) > float(p.mediabox.height)
            for part in parts for p in PdfReader(io.BytesIO(part)).pages]
