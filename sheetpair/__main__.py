"""``python -m sheetpair`` runs the command line."""

from .cli import main

main()
