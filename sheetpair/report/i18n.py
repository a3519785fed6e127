"""The languages a report is printed in: English, German, Spanish and French.

Every text of the templates and of :mod:`.data` goes through gettext; the catalogs are the ``.po`` files of
``sheetpair/report/locale/<lang>/LC_MESSAGES/`` and their compiled ``.mo`` twins, which are committed so that
the wheel carries them (a test checks that each ``.mo`` matches its ``.po``). Dates follow the language's
conventions through Babel (CLDR data). English is the source language and needs no catalog.
"""

from __future__ import annotations

import datetime as _dt
import gettext
from functools import lru_cache
from pathlib import Path

from babel.dates import format_date, format_datetime

from ..core.errors import InputError

LANGUAGES: tuple[str, ...] = ("en", "de", "es", "fr")
"""The report languages, English first (the default)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "sheetpair"


def parse_language(text: str | None) -> str:
    """The report language named by ``text`` (``de``, ``de_AT``, ``French``…); English when empty.

    :raises InputError: for a language with no catalog, naming it and the known ones.
    """
    if text is None or not text.strip():
        return "en"
    code = text.strip().lower().replace("-", "_")
    names = {"english": "en", "german": "de", "deutsch": "de", "spanish": "es", "español": "es",
             "french": "fr", "français": "fr"}
    code = names.get(code, code.split("_")[0])
    if code not in LANGUAGES:
        raise InputError(f"no report language {text!r} (known: {', '.join(LANGUAGES)})")
    return code


@lru_cache(maxsize=None)
def translations(language: str) -> gettext.NullTranslations:
    """The gettext catalog of ``language`` (English: the texts as written)."""
    return gettext.translation(DOMAIN, str(LOCALE_DIR), languages=[language], fallback=True)


def event_date(text: str, language: str) -> str:
    """An event date as the language writes it (``1. April 2026``); a date that is not ISO stays as typed."""
    try:
        day = _dt.date.fromisoformat(text.strip())
    except ValueError:
        return text
    return format_date(day, format="long", locale=language)


def print_time(moment: _dt.datetime, language: str) -> str:
    """The time a report was made, in the language's medium format, with its zone."""
    return f"{format_datetime(moment, format='medium', locale=language)} {moment.tzname() or ''}".strip()
