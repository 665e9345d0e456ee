"""Run as a script: a real ``papyrus worker`` (forking RQ worker, burst mode) whose work-horse SIGKILLs
itself right after its first atomic append and before writing projections, as a crash would.

Environment: REDIS_URL, PAPYRUS_QUEUE, and PAPYRUS_KILL_MARKER (a file path: the kill happens once).
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

from domain import registry
from services.projections import Projections
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
    run_worker(burst=True)


if __name__ == "__main__":
    main()
