"""Run as a script: a real ``papyrus worker`` that SIGKILLs itself once, at a chosen point, as a crash would.

``PAPYRUS_DIE_AT``:

* ``decide``: a job is about to decide a command (after RQ moved the job to started, before any write);
* ``project``: a job appended a decision and is about to write the projections;
* ``sweep``: the worker took the sweep lock and is about to repair a game.

``PAPYRUS_DIE_MARKER`` is a file: the first worker to die creates it, so the kill happens once across
restarts. Otherwise the environment is ``papyrus worker``'s.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rq import get_current_job

from papyrus.cli import main
from services.processing.game_processor import GameProcessor
from services.processing.sweep import Sweep
from services.read_side.projections import Projections


def _die_once() -> None:
    marker = Path(os.environ["PAPYRUS_DIE_MARKER"])
    if not marker.exists():
        marker.write_text(str(os.getpid()))
        os.kill(os.getpid(), signal.SIGKILL)


def _dying(real: Callable[..., Any], in_a_job: bool) -> Callable[..., Any]:
    def patched(*args: Any, **kwargs: Any) -> Any:
        if not in_a_job or get_current_job() is not None:
            _die_once()
        return real(*args, **kwargs)

    return patched


POINTS: dict[str, tuple[type, str, bool]] = {
    "decide": (GameProcessor, "_decide", True),
    "project": (Projections, "write", True),
    "sweep": (Sweep, "repair", False),
}


if __name__ == "__main__":
    owner, name, in_a_job = POINTS[os.environ["PAPYRUS_DIE_AT"]]
    setattr(owner, name, _dying(getattr(owner, name), in_a_job))
    raise SystemExit(main(["worker"]))
