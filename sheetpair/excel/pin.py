"""The one xlwings version of the classic add-in: the version whose VBA the ``.xlam`` carries and the one the
install scripts install.

xlwings' VBA loads a DLL (Windows) and an AppleScript (macOS) whose names carry its own version
(``xlwings64-0.37.8.dll``, ``xlwings-0.37.8.applescript``). An add-in built from one xlwings and run by a
Python with another fails at the first button ("Could not load xlwings64-…dll"), so the builder refuses an
installed xlwings of another version and the install scripts install exactly this one.
"""

from __future__ import annotations

import re

XLWINGS_VERSION = "0.37.8"
"""The xlwings the add-in is made from and installs (raise it together with the ``excel`` extra's minimum)."""

_VBA_CONSTANT = re.compile(r'^Public Const XLWINGS_VERSION As String = "([^"]+)"\s*$', re.MULTILINE)


def vba_xlwings_version(source: str) -> str:
    """The xlwings version that xlwings' add-in VBA names (its ``XLWINGS_VERSION`` constant).

    :raises ValueError: when the source has no such constant, or several.
    """
    found = _VBA_CONSTANT.findall(source)
    if len(found) != 1:
        raise ValueError("its add-in VBA has no single XLWINGS_VERSION constant")
    return str(found[0])


def check_vba_version(source: str) -> None:
    """Refuses xlwings VBA of another version than :data:`XLWINGS_VERSION`.

    :raises ValueError: naming both versions and the command that installs the right one.
    """
    named = vba_xlwings_version(source)
    if named != XLWINGS_VERSION:
        raise ValueError(f"its VBA is for xlwings {named}, and the add-in installs xlwings {XLWINGS_VERSION}; "
                         f'run pip install "xlwings=={XLWINGS_VERSION}" and make the add-in again')


def pinned_requirement() -> str:
    """The requirement the install scripts give pip for xlwings."""
    return f"xlwings=={XLWINGS_VERSION}"
