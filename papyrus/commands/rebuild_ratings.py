"""``papyrus rebuild-ratings``: recreate the index of finished games (archive, profiles) and every game's
ratings from the finished games' logs, archived games' read from the object store."""

from __future__ import annotations

import argparse

from tqdm import tqdm

from workers import context

HELP = "Recreate every game's ratings and the archive of finished games from the logs (needs REDIS_URL)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    service = context.service_from_env()
    in_redis = set(service.components.meta.all_ids())
    archived = set(service.components.archive_catalog.ids()) - in_redis
    total = len(in_redis) + len(archived)
    with tqdm(total=total, unit="game", disable=args.quiet) as progress:
        finished = service.social.rebuild(on_game=lambda _: progress.update(1))
    print(
        f"rebuilt the archive and ratings from {finished} finished games ({total} games in all, "
        f"{len(archived)} of them read from the object store)"
    )
    return 0
