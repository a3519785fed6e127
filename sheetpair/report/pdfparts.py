"""Laying out a long PDF in parallel: each section in its own process, then one document with page numbers.

WeasyPrint lays a document out in pure Python, about half a millisecond per table cell, so a 500-player
event's pairings, standings and crosstable take seconds each. They are independent, so each is laid out in
a worker process (this module imports nothing but WeasyPrint, so a spawned worker starts quickly). The parts
are joined with pypdf, and "page / pages" is stamped on every page from a small document of empty pages of
the same sizes: the only thing a part cannot know is how many pages come before it.
"""

from __future__ import annotations

import io
import os
import urllib.parse
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def layout(html: str, base_url: str) -> bytes:
    """One part: ``html`` laid out as PDF bytes, loading nothing but the package's own files."""
    from weasyprint import HTML  # loads Pango: imported only for PDF output

    data: bytes = HTML(string=html, base_url=base_url, url_fetcher=_package_only_fetcher()).write_pdf()
    return data


PACKAGE = Path(__file__).resolve().parent.parent
"""The one folder a PDF may load from (the package's templates and assets)."""


def is_package_url(url: str) -> bool:
    """Whether ``url`` is inline (``data:``) or a file of the package: never the network, never another
    file. A user's text that became a ``url(...)`` (a crafted event name) is refused this way even if it
    escaped its string."""
    if url.startswith("data:"):
        return True
    if not url.startswith("file:"):
        return False
    path = Path(os.path.realpath(urllib.request.url2pathname(urllib.parse.urlsplit(url).path)))
    return path.is_relative_to(PACKAGE)


def _package_only_fetcher() -> Any:
    """WeasyPrint's fetcher, refusing every URL :func:`is_package_url` does not allow (WeasyPrint then
    leaves the resource out with a warning)."""
    import weasyprint

    if hasattr(weasyprint, "URLFetcher"):  # WeasyPrint 68 and later: a fetcher class
        class PackageOnly(weasyprint.URLFetcher):  # type: ignore[misc]
            def fetch(self, url: str, headers: Any = None) -> Any:
                if not is_package_url(url):
                    raise ValueError(f"a report loads nothing from outside sheetpair: {url[:80]}")
                return super().fetch(url, headers)

        return PackageOnly()

    def fetch(url: str, *args: Any, **kwargs: Any) -> Any:
        if not is_package_url(url):
            raise ValueError(f"a report loads nothing from outside sheetpair: {url[:80]}")
        return weasyprint.default_url_fetcher(url, *args, **kwargs)

    return fetch


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
