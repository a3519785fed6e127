"""Maximum-weight matching on a general graph with arbitrarily large integer weights (no chess here).

The FIDE Dutch rules become one big integer per pair of players (see :mod:`sheetpair.pairing.dutch`);
the best pairing is the maximum-weight matching of that graph. The procedure changes the weights of a
few vertices many times and re-optimises after each change, so the engine is *incremental*:

:class:`MatchingComputer` keeps a weighted graph and the current optimum. ``set_edge_weight`` changes
one edge (weight 0 means "no edge"), ``compute_matching`` re-optimises, ``mates`` reads the result
(``mates()[v] == v`` for an unmatched vertex). Two back-ends give identical optima:

* the compiled weighted blossom of bbpPairings (Galil, Micali and Gabow 1986, as packaged by
  ``py4swiss``, Apache-2.0): O(n³) for the first solve, O(k·n²) to re-optimise after the edges of
  k vertices changed, with multi-word integer weights; used when ``py4swiss`` can be imported;
* a pure-Python path for places without compiled wheels (Pyodide, i.e. xlwings Lite): Edmonds'
  blossom algorithm with the primal-dual method of Galil (1986) as written by van Rantwijk and shipped
  in ``networkx.max_weight_matching``, which is exact on Python integers of any size. Every
  ``compute_matching`` is a new O(n³) solve, so it suits club-sized events only.

Weights must be below ``max_weight`` + 1; both back-ends reserve the head-room the dual variables need.

The compiled matcher keeps its weights in a dense table of ``size``² multi-word numbers, so its memory is
known before it is made: :func:`new_matching_computer` refuses, with a :class:`~sheetpair.core.errors.PairingError`
that says how much it would need and how much the machine has, a matcher that cannot fit, instead of running
out of memory halfway through a round (see ``docs/dutch.md``, "Memory").
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any, Protocol

from ..core.errors import PairingError

_WORD_BITS = 32


def _gib(count: int) -> str:
    return f"{count / (1 << 30):.1f} GiB"


class MatcherMemoryError(PairingError):
    """A matcher would need more memory than the machine has; raised before anything is allocated."""

    def __init__(self, size: int, need: int, free: int) -> None:
        self.size = size
        self.need = need
        self.free = free
        super().__init__(f"pairing {size} players at once needs about {_gib(need)} of memory for the matching, "
                         f"and this machine has {_gib(free)} available")
"""Width of one word of the compiled matcher's multi-word weights."""


class MatchingComputer(Protocol):
    """An incremental maximum-weight matcher over vertices ``0..size-1``."""

    def set_edge_weight(self, u: int, v: int, weight: int) -> None: ...

    def fix_pair(self, u: int, v: int, weight: int) -> None:
        """Gives ``u``–``v`` the weight ``weight`` and removes every other edge of ``u`` and ``v``."""

    def weight(self, u: int, v: int) -> int:
        """The weight of the edge ``u``–``v`` (0 when absent)."""

    def compute_matching(self) -> None: ...

    def mates(self) -> list[int]: ...


class _Adjacency:
    """The weight of every vertex pair, one dense row per vertex (0: no edge), so that a weight is read or
    compared with one index and fixing a pair reads two rows.

    Dense rows, not one dict of the neighbours present per vertex: a bracket's graph is nearly complete, so a
    dict held about 120 bytes a pair against 16 for two list slots (the weight itself is one int object shared
    by both rows), which was more than the compiled matcher's own table (see :func:`compiled_matcher_bytes`).
    """

    def _init_adjacency(self, size: int) -> None:
        self._rows: list[list[int]] = [[0] * size for _ in range(size)]

    def _store(self, u: int, v: int, weight: int) -> bool:
        """Records the weight; False when the edge already had it (nothing to tell the matcher)."""
        row = self._rows[u]
        if row[v] == weight:
            return False
        row[v] = weight
        self._rows[v][u] = weight
        return True

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        raise NotImplementedError

    def weight(self, u: int, v: int) -> int:
        return self._rows[u][v]

    def _edges(self) -> list[tuple[int, int, int]]:
        return [(u, v, w) for u, row in enumerate(self._rows) for v, w in enumerate(row) if w and u < v]

    def fix_pair(self, u: int, v: int, weight: int) -> None:
        for end in (u, v):
            for other, present in enumerate(self._rows[end]):
                if present and other != u and other != v:
                    self.set_edge_weight(end, other, 0)
        self.set_edge_weight(u, v, weight)


class CompiledMatchingComputer(_Adjacency):
    """bbpPairings' incremental blossom through ``py4swiss`` (exact, multi-word unsigned weights)."""

    _CHUNK = _WORD_BITS
    _zeros: dict[int, Any] = {}
    _caches: dict[int, dict[int, Any]] = {}
    """Converted weights by width in words, shared by the matchers of a round (a round reuses few weights)."""

    def __init__(self, size: int, max_weight: int) -> None:
        from py4swiss.dynamicuint import DynamicUint  # type: ignore[import-untyped, unused-ignore]
        from py4swiss.matching_computer import ComputerDutchOptimality  # type: ignore[import-untyped, unused-ignore]

        words = (max_weight.bit_length() + 2 + self._CHUNK - 1) // self._CHUNK  # head-room for the duals
        if words not in self._zeros:
            big = DynamicUint(1)
            for _ in range(words):
                big.shift_grow(self._CHUNK)
            self._zeros[words] = big & 0
            self._caches[words] = {}
        self._zero = self._zeros[words]
        self._cache = self._caches[words]
        self._computer = ComputerDutchOptimality(size, self._to_dynamic(max_weight))
        for _ in range(size):
            self._computer.add_vertex()
        self._mates = list(range(size))
        self._init_adjacency(size)

    def _to_dynamic(self, value: int) -> Any:
        """The same number as a fixed-width DynamicUint (cached: a round reuses few distinct weights)."""
        cached = self._cache.get(value)
        if cached is None:
            if len(self._cache) > 200_000:
                self._cache.clear()
            cached = self._zero | 0
            mask = (1 << self._CHUNK) - 1
            for shift in range((max(value.bit_length() - 1, 0) // self._CHUNK) * self._CHUNK, -1, -self._CHUNK):
                cached <<= self._CHUNK
                cached |= (value >> shift) & mask
            self._cache[value] = cached
        return cached

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        if not self._store(u, v, weight):
            return
        dynamic = self._cache.get(weight)
        self._computer.set_edge_weight(u, v, dynamic if dynamic is not None else self._to_dynamic(weight))

    def compute_matching(self) -> None:
        self._computer.compute_matching()
        self._mates = list(self._computer.get_matching())

    def mates(self) -> list[int]:
        return self._mates


class PurePythonMatchingComputer(_Adjacency):
    """Recomputes the optimum from scratch with an exact pure-Python blossom (see the module docstring)."""

    def __init__(self, size: int, max_weight: int) -> None:
        self._size = size
        self._mates = list(range(size))
        self._init_adjacency(size)

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        self._store(u, v, weight)

    def compute_matching(self) -> None:
        import networkx as nx  # type: ignore[import-untyped, unused-ignore]

        graph = nx.Graph()
        graph.add_nodes_from(range(self._size))
        graph.add_weighted_edges_from(self._edges())
        mates = list(range(self._size))
        for u, v in nx.max_weight_matching(graph):
            mates[u], mates[v] = v, u
        self._mates = mates

    def mates(self) -> list[int]:
        return self._mates


def compiled_available() -> bool:
    """True when the compiled back-end can be imported on this machine."""
    try:
        return importlib.util.find_spec("py4swiss.matching_computer") is not None
    except ImportError:
        return False


class CompiledCardinalityComputer(_Adjacency):
    """bbpPairings' blossom specialised for 0/1 edges (maximum cardinality)."""

    def __init__(self, size: int) -> None:
        from py4swiss.matching_computer import ComputerDutchValidity  # type: ignore[import-untyped, unused-ignore]

        self._computer = ComputerDutchValidity(size, 1)
        for _ in range(size):
            self._computer.add_vertex()
        self._mates = list(range(size))
        self._init_adjacency(size)

    def set_edge_weight(self, u: int, v: int, weight: int) -> None:
        if self._store(u, v, weight):
            self._computer.set_edge_weight(u, v, weight)

    def compute_matching(self) -> None:
        self._computer.compute_matching()
        self._mates = list(self._computer.get_matching())

    def mates(self) -> list[int]:
        return self._mates


def compiled_matcher_bytes(size: int, max_weight: int) -> int:
    """An upper estimate of the memory the compiled matcher takes for ``size`` vertices, its Python side included.

    Its table holds a weight for every ordered pair of vertices, each ``words`` 32-bit words wide (the weight
    and the dual head-room), plus the blossom bookkeeping. Measured on 1000–3000 vertices: 21 bytes a pair at
    one word, 31 at two, 68 at eight, 166 at 32; ``16 + 8·words`` bytes a pair stays above every measurement.
    The Python side (:class:`_Adjacency`) adds one 8-byte list slot a pair.
    """
    words = (max_weight.bit_length() + 2 + _WORD_BITS - 1) // _WORD_BITS
    return size * size * (24 + 8 * words)


def available_memory() -> int | None:
    """Bytes the machine can still give this process (``MemAvailable`` of ``/proc/meminfo``, else the free
    physical pages); ``None`` where neither can be read."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None


def check_memory(size: int, max_weight: int) -> None:
    """Refuses, before anything is allocated, a compiled matcher the machine cannot hold.

    :raises MatcherMemoryError: naming the number of players, the memory the matcher would need and what is free.
    """
    need = compiled_matcher_bytes(size, max_weight)
    free = available_memory()
    if free is not None and need > free:
        raise MatcherMemoryError(size, need, free)


def new_matching_computer(size: int, max_weight: int, *, pure_python: bool = False) -> MatchingComputer:
    """The fastest exact matcher available (the pure-Python one when asked or when nothing else loads).

    :raises PairingError: when the compiled matcher would need more memory than is available.
    """
    if not pure_python and compiled_available():
        check_memory(size, max_weight)
        return CompiledMatchingComputer(size, max_weight)
    return PurePythonMatchingComputer(size, max_weight)


def new_cardinality_computer(size: int, *, pure_python: bool = False) -> MatchingComputer:
    """A matcher for edges of weight 0 or 1 (a maximum matching: can everybody be paired?)."""
    if not pure_python and compiled_available():
        check_memory(size, 1)
        return CompiledCardinalityComputer(size)
    return PurePythonMatchingComputer(size, 1)
