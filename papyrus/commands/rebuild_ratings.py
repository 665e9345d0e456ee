"""``papyrus rebuild-ratings``: recreate the index of finished games (archive, profiles) and every game's
ratings from the finished games' logs."""

from __future__ import annotations

import argparse

from tqdm import tqdm

from workers import context

HELP = "Recreate every game's ratings and the archive of finished games from the logs (needs REDIS_URL)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    service = context.service_from_env()
    game_ids = service.parts.meta.all_ids()
    with tqdm(total=len(game_ids), unit="game", disable=args.quiet) as progress:
        finished = service.social.rebuild(on_game=lambda _: progress.update(1))
    print(f"rebuilt the archive and ratings from {finished} finished games ({len(game_ids)} games in all)")
    return 0
