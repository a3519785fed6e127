"""Shared test fixtures: where the reference material lives.

The full reference corpus is read in place from ``../shared/conformance`` beside the repository, never
copied. A clone with nothing beside it runs the small representative slice committed under
``tests/data/conformance`` (same folder layout), so the suite is green from a fresh clone. CI has the
corpus; when ``CI`` is set and the corpus is missing, the run fails instead of quietly using the slice.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
FULL_CORPUS = SHARED / "conformance"
SLICE = REPO / "tests" / "data" / "conformance"
HAVE_FULL_CORPUS = FULL_CORPUS.is_dir() and os.environ.get("SHEETPAIR_CORPUS") != "slice"
"""``SHEETPAIR_CORPUS=slice`` runs the committed slice even where the full corpus is beside the repository."""

if not HAVE_FULL_CORPUS and os.environ.get("CI"):
    raise RuntimeError(f"CI must run the full reference corpus, but {FULL_CORPUS} is missing")

CONFORMANCE = FULL_CORPUS if HAVE_FULL_CORPUS else SLICE
"""Where the reference cases are read from: the full corpus when it is beside the repository, else the slice."""


def pytest_report_header(config: pytest.Config) -> str:
    which = "full corpus" if HAVE_FULL_CORPUS else "committed slice (../shared/conformance not found)"
    return f"reference cases: {CONFORMANCE} ({which})"


@pytest.fixture
def conformance_dir() -> Path:
    return CONFORMANCE
