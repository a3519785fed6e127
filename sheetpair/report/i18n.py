"""The languages a report is printed in: English, German, Spanish and French.

Every text of the templates and of :mod:`.data` goes through gettext; the catalogs are the ``.po`` files of
``sheetpair/report/locale/<lang>/LC_MESSAGES/`` and their compiled ``.mo`` twins, which are committed so that
the wheel carries them (a test checks that each ``.mo`` matches its ``.po``). Dates follow the language's
conventions through Babel (CLDR data). English is the source language and needs no catalog.

The print time is the machine's local time, or that of a zone named by its IANA name (``Europe/Vienna``; on
Windows the ``tzdata`` package, a dependency there, carries the zones), to the minute: an arbiter posting a
list wants to know which of two printouts is the later one, not the second it was made.
"""

from __future__ import annotations

import datetime as _dt
import gettext
import zoneinfo
from functools import lru_cache
from pathlib import Path

from babel.dates import format_date, format_time

from ..core.errors import InputError


def N_(text: str) -> str:  # noqa: N802  (the name the message extraction knows)
    """Marks ``text`` for the catalogs where it is defined; it is translated where it is printed."""
    return text

LANGUAGES: tuple[str, ...] = ("en", "de", "es", "fr")
"""The report languages, English first (the default)."""

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

SYSTEM_NAMES: dict[str, str] = {
    "berger": N_("Round robin (Berger tables)"), "berger-swiss": N_("Berger-Swiss (Winther)"),
    "scheveningen": N_("Scheveningen"), "club-swiss": N_("Club Swiss (Winther)"),
    "winther-swiss": N_("Swiss with Winther acceleration"), "simple-swiss": N_("Simple Swiss"),
    "monrad": N_("Monrad"), "norwegian-monrad": N_("Norwegian Monrad"), "dutch": N_("Swiss, Dutch system"),
    "dutch-2017": N_("Swiss, Dutch system (rules until January 2026)"), "dubov": N_("Swiss, Dubov system"),
    "lim": N_("Swiss, Lim system"), "burstein": N_("Swiss, Burstein system"),
    "burstein-classic": N_("Swiss, Burstein system (classic)"), "team-swiss": N_("Team Swiss"),
    "team-berger": N_("Team round robin"),
}
"""Each pairing system's name as a report prints it (the catalogs translate it); a code not listed prints as
it is."""
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


def time_zone(name: str | None) -> _dt.tzinfo | None:
    """The zone named ``name`` (an IANA name such as ``Europe/Vienna``, or ``UTC``); ``None`` (the machine's
    local zone) when no name is given.

    :raises InputError: for a name that is no known zone.
    """
    if name is None or not name.strip():
        return None
    try:
        return zoneinfo.ZoneInfo(name.strip())
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        raise InputError(f"no time zone {name!r} (an IANA name such as Europe/Vienna, America/New_York or UTC)"
                         ) from None


def now(zone: _dt.tzinfo | None = None) -> _dt.datetime:
    """This moment to the second, in ``zone`` (default: the machine's local zone)."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).astimezone(zone)


def print_time(moment: _dt.datetime, language: str) -> str:
    """The time a report was made: the language's medium date, the time to the minute, and the zone."""
    time = format_time(moment, format="short", tzinfo=moment.tzinfo, locale=language)
    return f"{format_date(moment, format='medium', locale=language)} {time} {moment.tzname() or ''}".strip()
