"""Run as a script: a real ``papyrus worker`` (burst mode) that SIGKILLs the process running its first job
right after the job's first atomic append and before it writes projections, as a crash would.

With PAPYRUS_KILL_FORK=1 the worker forks a work-horse per job (``papyrus worker --fork``) and the horse
dies; otherwise the job runs in the worker process (the default) and the whole worker dies.

Environment: REDIS_URL, PAPYRUS_QUEUE, PAPYRUS_KEY_PREFIX, PAPYRUS_KILL_MARKER (a file path: the kill
happens once), PAPYRUS_KILL_FORK.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from domain import registry
from services.read_side.projections import Projections
from tests.support.toygame import GAME
from workers.worker import run_worker


def die_once(*args: object, **kwargs: object) -> bool:
    marker = Path(os.environ["PAPYRUS_KILL_MARKER"])
    if not marker.exists():
        marker.write_text("killed")
        os.kill(os.getpid(), signal.SIGKILL)
    raise RuntimeError("projections are disabled in this crashed-worker script")


def main() -> None:
    registry.games()[GAME.name] = GAME
    Projections.write = die_once  # type: ignore[method-assign]
    run_worker(burst=True, fork=os.environ.get("PAPYRUS_KILL_FORK") == "1")


if __name__ == "__main__":
    main()
