"""Edges that read and write files: workbooks, Tournament Report Files, rosters."""
