"""The edges that touch files: the workbook (through a small port), TRF, CSV and xlsx rosters."""
