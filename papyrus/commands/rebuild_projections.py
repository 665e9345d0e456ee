"""``papyrus rebuild-projections``: recreate every view, "your turn" list and the lobby from the streams."""

from __future__ import annotations

import argparse

from tqdm import tqdm

from services.read_side.rebuild_projections import rebuild_all
from workers import context

HELP = "Recreate all projections (views, to-act lists, lobby) from the event streams (needs REDIS_URL)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    service = context.service_from_env()
    parts = service.components
    game_ids = parts.meta.all_ids()
    with tqdm(total=len(game_ids), unit="game", disable=args.quiet) as progress:
        projected = rebuild_all(parts, on_game=lambda _: progress.update(1))
    archived = parts.archive_catalog.count()
    print(
        f"rebuilt projections of {projected} started games ({len(game_ids)} games in Redis; "
        f"{archived} archived games are read from their objects, with no projection to rebuild)"
    )
    return 0
