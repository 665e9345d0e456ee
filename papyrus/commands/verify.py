"""``papyrus verify <export.jsonl>``: check a finished game's audit export offline (no Redis needed); with
``--archived <game id>``, the game's object straight from the object store (PAPYRUS_ARCHIVE_URL)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from services.archive.layout import UnreadableObject, object_key, sha256, unpack
from services.audit.verify import verify_export
from services.settings import Settings
from services.store.object_store import ObjectStoreError, object_store

HELP = (
    "Check an exported game: hash chain, seed against its commitment, every shuffle, every move and the "
    "final scores re-derived from the rules. Prints OK, or which record breaks and how (exit 1)."
)
GZIP_MAGIC = b"\x1f\x8b"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "export",
        type=Path,
        nargs="?",
        help="a JSON Lines file from GET /api/games/<id>/export, or an archived object (.jsonl.gz); "
        "'-' = stdin",
    )
    parser.add_argument(
        "--archived",
        metavar="GAME_ID",
        help="check the game's object in the archive (PAPYRUS_ARCHIVE_URL and its settings), without Redis",
    )
    parser.add_argument(
        "--sha256",
        metavar="HEX",
        help="the sha256 the object must have (the catalog's, or one noted earlier): any other fails",
    )


def _fail(text: str, code: int) -> int:
    print(f"FAILED\n{text}", file=sys.stderr)
    return code


def _archived_body(game_id: str) -> tuple[bytes | None, str]:
    settings = Settings.from_env()
    if not settings.archive_url:
        return None, "PAPYRUS_ARCHIVE_URL is not set: which object store holds the archive?"
    objects = object_store(settings.archive_url, settings.archive_endpoint, settings.archive_region)
    try:
        body = objects.get(object_key(game_id))
    except ObjectStoreError as error:
        return None, str(error)
    if body is None:
        return None, f"{object_key(game_id)} is not in {objects.describe()}"
    return body, f"{object_key(game_id)} in {objects.describe()}"


def _read(path: Path) -> bytes:
    return sys.stdin.buffer.read() if str(path) == "-" else path.read_bytes()


def run(args: argparse.Namespace) -> int:
    if args.archived:
        body, where = _archived_body(args.archived)
        if body is None:
            return _fail(where, 2)
    elif args.export is not None:
        try:
            body, where = _read(args.export), str(args.export)
        except OSError as error:
            return _fail(f"{args.export}: cannot read it: {error}", 2)
    else:
        return _fail("name an export file, or --archived <game id>", 2)
    digest = sha256(body).hex()
    if args.archived or args.sha256:
        print(f"{where}: sha256 {digest}")
    if args.sha256 and args.sha256.strip().lower() != digest:
        return _fail(f"{where} has sha256 {digest}, not {args.sha256}: it is not the archived object", 1)
    try:
        lines = unpack(body) if body.startswith(GZIP_MAGIC) else body.decode("utf-8").splitlines()
    except (UnreadableObject, UnicodeDecodeError) as error:
        return _fail(f"{where}: cannot read it: {error}", 2)
    verdict = verify_export(lines)
    print(verdict.summary())
    return 0 if verdict.ok else 1
