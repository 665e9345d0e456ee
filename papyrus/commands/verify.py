"""``papyrus verify <export.jsonl>``: check a finished game's audit export offline (no Redis needed)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from services.audit.verify import verify_export

HELP = (
    "Check an exported game: hash chain, seed against its commitment, every shuffle, every move and the "
    "final scores re-derived from the rules. Prints OK, or which record breaks and how (exit 1)."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "export", type=Path, help="a JSON Lines file from GET /api/games/<id>/export ('-' = stdin)"
    )


def run(args: argparse.Namespace) -> int:
    path: Path = args.export
    if str(path) == "-":
        lines = sys.stdin.read().splitlines()
    else:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as error:
            print(f"FAILED\n{path}: cannot read it: {error}", file=sys.stderr)
            return 2
    verdict = verify_export(lines)
    print(verdict.summary())
    return 0 if verdict.ok else 1
