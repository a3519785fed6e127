"""Shared test fixtures: where the reference material lives.

The reference cases are read in place from ``../shared/conformance`` beside the repository, never copied.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
CONFORMANCE = SHARED / "conformance"


def pytest_report_header(config):
    return f"reference cases: {CONFORMANCE} ({'found' if CONFORMANCE.is_dir() else 'MISSING'})"


@pytest.fixture
def conformance_dir() -> Path:
    if not CONFORMANCE.is_dir():
        pytest.fail(f"the reference cases are missing: {CONFORMANCE}")
    return CONFORMANCE
