"""The seeded, version-stable random number generator behind every shuffle (version 1, never to change).

A stream named by a label (``"egizia/nile/1-2"``) is the concatenation of ``SHA-256(seed || 0x00 ||
utf8(label) || 0x00 || i as 8-byte big-endian)`` for i = 0, 1, 2...; ``below(n)`` reads 8-byte big-endian
integers ``x`` and returns ``x % n`` for the first ``x < 2**64 - (2**64 % n)`` (no bias); ``shuffle`` is
Fisher-Yates from the end with ``j = below(i + 1)``. Each shuffle has its own stream, so anyone with the
revealed seed re-derives every shuffle with SHA-256 alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")
ALGORITHM = "papyrus-sha256-fy-v1"
_WORD = 2**64


class SeededStream:
    """A deterministic byte stream for one (seed, label) pair."""

    def __init__(self, seed: bytes, label: str) -> None:
        self._prefix = seed + b"\x00" + label.encode("utf-8") + b"\x00"
        self._counter = 0
        self._buffer = b""

    def _read(self, size: int) -> bytes:
        while len(self._buffer) < size:
            block = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._buffer += block
            self._counter += 1
        out, self._buffer = self._buffer[:size], self._buffer[size:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = _WORD - (_WORD % n)
        while True:
            x = int.from_bytes(self._read(8), "big")
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """A new list with ``items`` in Fisher-Yates order."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def shuffled(seed: bytes, label: str, items: Sequence[T]) -> list[T]:
    """Shuffle ``items`` with the stream named ``label``."""
    return SeededStream(seed, label).shuffle(items)
