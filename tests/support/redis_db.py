"""The Redis database a test process uses: ``REDIS_TEST_URL`` (default ``redis://127.0.0.1:6379/15``) in a
run of one process; under pytest-xdist, worker ``gwN`` uses the database ``N`` below that one (CI's four
workers: 15, 14, 13 and 12). Each worker then has the cross-game keys to itself (the sweep's indexes, RQ's
registries and worker sets), so the integration tests spread over the workers like the rest of the suite."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

DEFAULT_URL = "redis://127.0.0.1:6379/15"


def worker_url(base_url: str, worker: str | None) -> str:
    """``base_url`` with the database of xdist ``worker`` (``gw0``, ``gw1``...; None: one process)."""
    if not worker or not worker.startswith("gw"):
        return base_url
    parts = urlsplit(base_url)
    base_db = int(parts.path.strip("/") or 0)
    database = base_db - int(worker.removeprefix("gw"))
    if database < 0:
        raise ValueError(
            f"REDIS_TEST_URL's database {base_db} leaves none for xdist worker {worker} (worker gwN uses the "
            f"database N below it): use a higher database or fewer workers"
        )
    return urlunsplit(parts._replace(path=f"/{database}"))
