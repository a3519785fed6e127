"""Use cases: where the core, the pairing systems and the file formats meet, one function per task."""
