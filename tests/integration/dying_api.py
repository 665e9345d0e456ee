"""Run as a script: an API process that SIGKILLs itself once, deciding a submitted command in its request.

``PAPYRUS_DIE_AT``: ``decide``: after the command's append to the inbox, before it is decided; ``project``:
after the decision's append, before the projections. ``PAPYRUS_DIE_MARKER``: a file the process creates as it
dies, so it dies once. Serves the app (production mode, from the environment) on ``PAPYRUS_TEST_PORT``.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Callable
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from api.app import create_app
from services.processing.game_processor import GameProcessor
from services.read_side.projections import Projections

POINTS: dict[str, tuple[type, str]] = {
    "decide": (GameProcessor, "_decide"),
    "project": (Projections, "write"),
}


def _dying(real: Callable[..., Any]) -> Callable[..., Any]:
    def patched(*args: Any, **kwargs: Any) -> Any:
        marker = Path(os.environ["PAPYRUS_DIE_MARKER"])
        if not marker.exists():
            marker.write_text(str(os.getpid()))
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)

    return patched


if __name__ == "__main__":
    owner, name = POINTS[os.environ["PAPYRUS_DIE_AT"]]
    setattr(owner, name, _dying(getattr(owner, name)))
    server = make_server("127.0.0.1", int(os.environ["PAPYRUS_TEST_PORT"]), create_app(), threaded=True)
    server.serve_forever()
