"""sheetpair: the pairing and standings engine for chess arbiters who run their events in Excel."""

__version__ = "0.1.0"
