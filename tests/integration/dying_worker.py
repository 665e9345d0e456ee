"""Run as a script: a real ``papyrus worker`` that SIGKILLs itself once, at a chosen point, as a crash would.

``PAPYRUS_DIE_AT``:

``decide``: before a job decides a command; ``project``: after its append, before its projections;
``sweep``: before the sweep repairs a game; ``archive-put``, ``-catalog``, ``-delete``, ``-index``: before
an archiving job writes a game's object, its catalog entry, deletes its keys, drops its index entries.
``PAPYRUS_DIE_MARKER``: a file the first worker to die creates, so the kill happens once across restarts.
Otherwise as ``papyrus worker`` (the toy game hosted).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rq import get_current_job

from domain import registry
from papyrus.cli import main
from services.processing.game_processor import GameProcessor
from services.processing.sweep import Sweep
from services.read_side.projections import Projections
from services.store.archive_catalog import ArchiveCatalog
from services.store.object_store import S3Objects
from tests.support.toygame import GAME


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


def _dying_behind(real: Callable[..., Any]) -> Callable[..., Any]:
    """Dies in a job's projection write only when it would carry the projections forward: a write at a
    version already projected (by another process) is no crash between an append and its projection."""

    def patched(projections: Projections, at: Any, *args: Any, **kwargs: Any) -> Any:
        if get_current_job() is not None and projections.version(at.game_id) < at.version:
            _die_once()
        return real(projections, at, *args, **kwargs)

    return patched


POINTS: dict[str, tuple[type, str, bool]] = {
    "decide": (GameProcessor, "_decide", True),
    "project": (Projections, "write", True),
    "sweep": (Sweep, "repair", False),
    "archive-put": (S3Objects, "put", True),
    "archive-catalog": (ArchiveCatalog, "put", True),
    "archive-delete": (ArchiveCatalog, "delete_game", True),
    "archive-index": (ArchiveCatalog, "forget_index_entry", True),
}


if __name__ == "__main__":
    registry.games()[GAME.name] = GAME
    owner, name, in_a_job = POINTS[os.environ["PAPYRUS_DIE_AT"]]
    real = getattr(owner, name)
    setattr(owner, name, _dying_behind(real) if owner is Projections else _dying(real, in_a_job))
    raise SystemExit(main(["worker"]))
