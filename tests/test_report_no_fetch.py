"""No user string reaches the network: a crafted event name stays text in the CSS of every page, and the
PDF build loads nothing from outside the package, even a URL written into the page."""

from __future__ import annotations

import dataclasses
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from sheetpair.core.model import EventInfo, Tournament
from sheetpair.report import build_report, write_html
from sheetpair.report.render import css_string

from .safety_support import tournament


class _Counting(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        self.hits.append(self.path)
        self.send_response(200)
        self.send_header("Content-Type", "text/css")
        self.end_headers()
        self.wfile.write(b"body { color: red }")

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    _Counting.hits = []
    httpd = http.server.HTTPServer(("127.0.0.1", 0), _Counting)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


def _crafted(url: str) -> str:
    return f'Open\r}} @import url({url}/a.css); @page {{ background: url({url}/b.png) }} "\\ </style><style>x{{'


@pytest.mark.parametrize("text", ['say "hi"', "back\\slash", "line\rbreak", "line\nbreak", "</style>", "a;b {c}"])
def test_css_string_leaves_no_character_that_ends_a_string_or_the_element(text: str) -> None:
    escaped = str(css_string(text))
    assert not re.search(r'["\r\n\f<>{};]', escaped.replace("\\", "")) and "\\\\" not in escaped


def test_css_string_reads_back_as_the_text() -> None:
    escaped = str(css_string("Å b\"c"))
    decoded = re.sub(r"\\([0-9A-F]{6}) ", lambda m: chr(int(m[1], 16)), escaped)
    assert decoded == "Å b\"c"


def _event_named(name: str) -> Tournament:
    event = tournament(8)
    event.settings = dataclasses.replace(event.settings, event=EventInfo(name=name))
    return event


def test_a_crafted_name_injects_no_css_into_the_site(tmp_path: Path) -> None:
    report = build_report(_event_named(_crafted("http://attacker.example")))
    for page in write_html(report, tmp_path / "site"):
        style = "".join(re.findall(r"<style[^>]*>(.*?)</style>", page.read_text(encoding="utf-8"), re.S))
        assert "url(" not in style and "@import" not in style


def test_the_pdf_fetches_nothing_for_a_crafted_name(tmp_path: Path, server: str) -> None:
    """The PDF is laid out by Typst from the report as JSON in a folder of its own: a name is text, never markup
    or a path, so nothing it names is read or fetched."""
    pytest.importorskip("typst")
    from sheetpair.report import write_pdf

    report = build_report(_event_named(_crafted(server) + f' #image("{server}/x.png") #read("/etc/passwd")'))
    write_pdf(report, tmp_path / "event.pdf", ["starting"])
    assert (tmp_path / "event.pdf").read_bytes().startswith(b"%PDF")
    assert _Counting.hits == []
