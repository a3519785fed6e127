"""The pure core: model, derived state, tie-breaks, standings and operations. No file formats here."""
