"""sheetpair: the pairing and standings engine for chess arbiters who run their events in Excel."""

__all__ = ["__version__"]

try:  # written by setuptools-scm from the git tag when the package is built or installed
    from ._version import version as __version__
except ImportError:  # a checkout never built: the installed distribution's version, else the fallback
    from importlib.metadata import PackageNotFoundError, version  # only here: its import is a thirtieth of a second

    try:
        __version__ = version("sheetpair")
    except PackageNotFoundError:
        __version__ = "0.1.0"
