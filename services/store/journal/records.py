"""Journal records and their frames on disk: encoding, and reading a journal file back with its torn tail
detected (the layout is described in services/store/journal/__init__.py)."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from services.store.data_file import DataFileError, SavedKey

MAGIC = b"papyrus-journal/1\n"
FRAME_HEADER = struct.Struct(">II")
LARGEST_RECORD = 1 << 30


class Command(msgspec.Struct, tag="c", array_like=True):
    """A Redis write command, replayed as it is (its arguments made deterministic when recorded)."""

    args: list[bytes]


class KeyImage(msgspec.Struct, tag="k", array_like=True):
    """A key's whole contents and expiry after a command that cannot be replayed as it is (a type of
    ``none``: the key no longer exists)."""

    key: SavedKey


Effect = Command | KeyImage


class Record(msgspec.Struct, array_like=True):
    """Every change one store command made (a single write, a MULTI/EXEC, a Lua script), applied whole."""

    seq: int
    at_ms: int
    effects: list[Effect]


_encoder = msgspec.msgpack.Encoder()
_decoder = msgspec.msgpack.Decoder(Record)


def frame(record: Record) -> bytes:
    """``length, CRC-32 of the payload`` (two big-endian uint32) then the MessagePack payload."""
    payload = _encoder.encode(record)
    return FRAME_HEADER.pack(len(payload), zlib.crc32(payload)) + payload


@dataclass
class JournalScan:
    """What a journal file holds: its whole records, where each starts, and the torn tail left out."""

    records: list[Record] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    end: int = len(MAGIC)
    torn_bytes: int = 0


def scan(path: Path, body: bytes) -> JournalScan:
    """Every whole record of ``body``. A damaged frame at the end (cut short, or whose checksum fails with
    nothing after it) is the write a crash interrupted and is left out; damage followed by more frames is
    corruption, and raises DataFileError rather than drop acknowledged records."""
    if not body.startswith(MAGIC):
        raise DataFileError(f"{path}: not a Papyrus journal (it should start with {MAGIC!r}).")
    result = JournalScan()
    offset = len(MAGIC)
    while offset < len(body):
        damage = _damage(body, offset)
        if damage is not None:
            return _torn_or_corrupt(path, body, offset, damage, result)
        length = FRAME_HEADER.unpack_from(body, offset)[0]
        payload_start = offset + FRAME_HEADER.size
        try:
            record = _decoder.decode(body[payload_start : payload_start + length])
        except msgspec.DecodeError as error:
            raise DataFileError(
                f"{path}: journal record at byte {offset} does not decode ({error})."
            ) from None
        result.records.append(record)
        result.starts.append(offset)
        offset = payload_start + length
        result.end = offset
    return result


def _damage(body: bytes, offset: int) -> str | None:
    if offset + FRAME_HEADER.size > len(body):
        return "cut short in its header"
    length, checksum = FRAME_HEADER.unpack_from(body, offset)
    payload_start = offset + FRAME_HEADER.size
    if length > LARGEST_RECORD or payload_start + length > len(body):
        return "cut short"
    if zlib.crc32(body[payload_start : payload_start + length]) != checksum:
        return "its checksum fails"
    return None


def _torn_or_corrupt(path: Path, body: bytes, offset: int, damage: str, result: JournalScan) -> JournalScan:
    length = FRAME_HEADER.unpack_from(body, offset)[0] if offset + FRAME_HEADER.size <= len(body) else 0
    frame_end = offset + FRAME_HEADER.size + length
    if damage.startswith("cut short") or frame_end >= len(body):
        result.torn_bytes = len(body) - offset
        return result
    raise DataFileError(
        f"{path}: the journal record at byte {offset} is damaged ({damage}) and "
        f"{len(body) - frame_end} bytes of records follow it; refusing to start rather than drop them. "
        f"To start anyway, losing every record from there on: truncate -s {offset} {path}"
    )
