"""The directory where ``papyrus api``'s processes share their figures (prometheus_client's multiprocess
mode).

Each process writes its counts to files named after its pid. A process that is gone keeps its counters in the
sums, but its live gauges (its open streams) must stop counting: since the server does not say which process
died, each API process, as it starts, marks dead every process whose files are there and which no longer runs.
prometheus_client picks where it keeps values when first imported, so nothing here imports it before the
directory is set.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Mapping, MutableMapping
from pathlib import Path

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
LIVE_GAUGE_FILE = re.compile(r"gauge_live[a-z]*_(\d+)\.db")


def metrics_enabled_from_env(env: Mapping[str, str] | None = None) -> bool:
    """``PAPYRUS_METRICS``: ``1`` (or unset) records metrics, ``0`` records none and hides ``/metrics``."""
    raw = (os.environ if env is None else env).get("PAPYRUS_METRICS", "").strip()
    if raw not in {"", "0", "1"}:
        raise ValueError(f"PAPYRUS_METRICS must be 0 or 1, got {raw!r}")
    return raw != "0"


def prepare_shared_dir(env: MutableMapping[str, str]) -> Path | None:
    """Set ``env``'s shared directory (a fresh private one when unset, returned so it can be removed on
    exit; None when ``env`` named one) and empty it of a previous run's figures."""
    created = None
    if not env.get(MULTIPROC_DIR):
        created = Path(tempfile.mkdtemp(prefix="papyrus-metrics-"))
        env[MULTIPROC_DIR] = str(created)
    for stale in Path(env[MULTIPROC_DIR]).glob("*.db"):
        stale.unlink()
    return created


def forget_gone_processes(directory: str) -> list[int]:
    """Mark dead every process with live gauges in ``directory`` that no longer runs; their pids."""
    from prometheus_client import multiprocess

    gone = sorted(
        {
            int(match.group(1))
            for match in map(LIVE_GAUGE_FILE.fullmatch, os.listdir(directory))
            if match is not None and not _runs(int(match.group(1)))
        }
    )
    for pid in gone:
        multiprocess.mark_process_dead(pid, directory)  # type: ignore[no-untyped-call]
    return gone


def _runs(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # it runs, as another user
        pass
    return True
