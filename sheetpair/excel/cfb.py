"""A minimal writer of compound files (the OLE structured storage that holds a VBA project).

A compound file is a small file system in one file: a header, a file allocation table (FAT) chaining
512-byte sectors, a directory of 128-byte entries (storages are folders, streams are files), and a
*mini stream* of 64-byte sectors chained by the mini FAT for every stream below 4096 bytes. This writer
produces version 3 files (512-byte sectors), with at most 109 FAT sectors (files up to about 6.8 MB,
far above any VBA project), whole in memory. Siblings in a storage form a balanced binary search tree,
all black, which is a valid red-black tree. docs/development.md ("The classic add-in file") lists the
fields written.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field

SECTOR = 512
MINI_SECTOR = 64
MINI_CUTOFF = 4096
"""Streams shorter than this live in the mini stream."""
ENTRY = 128
FREE, END_OF_CHAIN, FAT_SECTOR, NO_STREAM = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 0xFFFFFFFF
HEADER_DIFAT = 109
"""FAT sector numbers the header holds; this writer needs no DIFAT sectors beyond them."""
STORAGE, STREAM, ROOT = 1, 2, 5
BLACK = 1
SIGNATURE = bytes.fromhex("D0CF11E0A1B11AE1")


@dataclass
class _Node:
    name: str
    kind: int
    data: bytes = b""
    children: list[_Node] = field(default_factory=list)
    index: int = 0
    left: int = NO_STREAM
    right: int = NO_STREAM
    child: int = NO_STREAM
    start: int = END_OF_CHAIN
    size: int = 0


def _sort_key(name: str) -> tuple[int, str]:
    """Compound-file name order: shorter names first, then by upper-case code points."""
    return len(name), name.upper()


def write_compound_file(streams: dict[str, bytes]) -> bytes:
    """A compound file holding ``streams``, keyed by ``/``-separated paths (``"VBA/dir"``).

    Storages are made for every folder of a path.

    :raises ValueError: for a name longer than 31 characters or a file too large for 109 FAT sectors.
    """
    root = _Node("Root Entry", ROOT)
    for path, data in streams.items():
        *folders, name = path.split("/")
        parent = root
        for folder in folders:
            found = next((c for c in parent.children if c.name == folder and c.kind == STORAGE), None)
            if found is None:
                found = _Node(folder, STORAGE)
                parent.children.append(found)
            parent = found
        parent.children.append(_Node(name, STREAM, data, size=len(data)))
    nodes = _number(root)
    for node in nodes:
        if len(node.name) > 31:
            raise ValueError(f"compound file names have at most 31 characters: {node.name!r}")
    return _Layout(nodes).build()


def _number(root: _Node) -> list[_Node]:
    """Directory order (root first, depth first) and each storage's sibling tree."""
    nodes: list[_Node] = []

    def visit(node: _Node) -> None:
        node.index = len(nodes)
        nodes.append(node)
        for child in node.children:
            visit(child)
        node.child = _balance(sorted(node.children, key=lambda n: _sort_key(n.name)))

    visit(root)
    return nodes


def _balance(siblings: list[_Node]) -> int:
    """Links ``siblings`` (sorted) as a balanced binary tree; returns the index of its root."""
    if not siblings:
        return NO_STREAM
    middle = len(siblings) // 2
    node = siblings[middle]
    node.left = _balance(siblings[:middle])
    node.right = _balance(siblings[middle + 1:])
    return node.index


class _Layout:
    """Places FAT, directory, mini FAT, mini stream and large streams in sectors, in that order."""

    def __init__(self, nodes: list[_Node]) -> None:
        self.nodes = nodes
        self.small = [n for n in nodes if n.kind == STREAM and 0 < n.size < MINI_CUTOFF]
        self.large = [n for n in nodes if n.kind == STREAM and n.size >= MINI_CUTOFF]

    def build(self) -> bytes:
        mini_fat: list[int] = []
        mini_stream = bytearray()
        for node in self.small:
            node.start = len(mini_fat)
            count = -(-node.size // MINI_SECTOR)
            mini_fat.extend(range(node.start + 1, node.start + count))
            mini_fat.append(END_OF_CHAIN)
            mini_stream += node.data.ljust(count * MINI_SECTOR, b"\0")
        root = self.nodes[0]
        root.size = len(mini_stream)
        directory_sectors = -(-len(self.nodes) * ENTRY // SECTOR)
        mini_fat_sectors = -(-len(mini_fat) * 4 // SECTOR)
        mini_stream_sectors = -(-len(mini_stream) // SECTOR)
        large_sectors = [-(-n.size // SECTOR) for n in self.large]
        payload = directory_sectors + mini_fat_sectors + mini_stream_sectors + sum(large_sectors)
        fat_sectors = 1
        while fat_sectors * SECTOR // 4 < payload + fat_sectors:
            fat_sectors += 1
        if fat_sectors > HEADER_DIFAT:
            raise ValueError("the compound file is too large for this writer")
        fat = [FAT_SECTOR] * fat_sectors
        directory_start = self._chain(fat, directory_sectors)
        mini_fat_start = self._chain(fat, mini_fat_sectors) if mini_fat_sectors else END_OF_CHAIN
        root.start = self._chain(fat, mini_stream_sectors) if mini_stream_sectors else END_OF_CHAIN
        for node, count in zip(self.large, large_sectors):
            node.start = self._chain(fat, count)
        fat.extend([FREE] * (fat_sectors * SECTOR // 4 - len(fat)))
        body = bytearray()
        body += struct.pack(f"<{len(fat)}I", *fat)
        body += b"".join(_entry(n) for n in self.nodes)
        body += _entry(None) * (directory_sectors * SECTOR // ENTRY - len(self.nodes))
        mini_fat.extend([FREE] * (mini_fat_sectors * SECTOR // 4 - len(mini_fat)))
        body += struct.pack(f"<{len(mini_fat)}I", *mini_fat)
        body += bytes(mini_stream).ljust(mini_stream_sectors * SECTOR, b"\0")
        for node, count in zip(self.large, large_sectors):
            body += node.data.ljust(count * SECTOR, b"\0")
        return _header(fat_sectors, directory_start, mini_fat_start, mini_fat_sectors) + bytes(body)

    @staticmethod
    def _chain(fat: list[int], count: int) -> int:
        """Appends a chain of ``count`` sectors to the FAT; returns its first sector."""
        start = len(fat)
        fat.extend(range(start + 1, start + count))
        fat.append(END_OF_CHAIN)
        return start


def _header(fat_sectors: int, directory_start: int, mini_fat_start: int, mini_fat_sectors: int) -> bytes:
    difat = list(range(fat_sectors)) + [FREE] * (HEADER_DIFAT - fat_sectors)
    return (SIGNATURE + bytes(16)
            + struct.pack("<HHHHH6sIIIIIIIII", 0x003E, 3, 0xFFFE, 9, 6, bytes(6), 0, fat_sectors, directory_start,
                          0, MINI_CUTOFF, mini_fat_start, mini_fat_sectors, END_OF_CHAIN, 0)
            + struct.pack(f"<{HEADER_DIFAT}I", *difat))


def _entry(node: _Node | None) -> bytes:
    """One 128-byte directory entry; ``None`` gives an unused one."""
    if node is None:
        return bytes(64) + struct.pack("<HBBIII16sIQQIQ", 0, 0, 0, NO_STREAM, NO_STREAM, NO_STREAM, bytes(16),
                                       0, 0, 0, 0, 0)
    name = node.name.encode("utf-16-le") + b"\0\0"
    start = node.start if node.kind != STORAGE else 0
    return name.ljust(64, b"\0") + struct.pack(
        "<HBBIII16sIQQIQ", len(name), node.kind, BLACK, node.left, node.right, node.child, bytes(16), 0, 0, 0,
        start, node.size)
