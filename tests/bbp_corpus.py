"""Replaying a bbpPairings reference corpus (a ``.trf`` and a ``.json`` per case) with one of our systems."""

from __future__ import annotations

import json
from pathlib import Path

from sheetpair.app.check import pairing_input
from sheetpair.core.model import ByeKind
from sheetpair.io.trf import load_trf
from sheetpair.pairing import get_system


def replay(system: str, corpus: Path, reference: str, *, limit: int = 10**9) -> tuple[int, int, list[str]]:
    """Pairs every round of every case of ``corpus`` (up to ``limit`` players) from the rounds before it, and
    compares pairs, colours, board order and the pairing-allocated bye with the ``reference`` engine's.
    Returns the identical rounds, all rounds, and the names of the differing ones."""
    engine = get_system(system)
    identical = total = 0
    differing: list[str] = []
    for meta_path in sorted(corpus.glob("*.json")):
        meta = json.loads(meta_path.read_text())
        if meta["players"] > limit:
            continue
        full = load_trf(meta_path.with_suffix(".trf"))
        for number_text, expected in sorted(meta["ref"][reference].items(), key=lambda kv: int(kv[0])):
            number = int(number_text)
            pairing = engine.pair(pairing_input(full, number, system), number)
            got = [[g.white, g.black] for g in pairing.games] + [
                [b.player, 0] for b in pairing.byes if b.kind is ByeKind.PAB]
            total += 1
            if got == expected:
                identical += 1
            else:
                differing.append(f"{meta_path.stem} round {number}")
    return identical, total, differing
