"""Each pytest-xdist worker's Redis database (tests/support/redis_db.py): the URL's own in a run of one
process, counting down from it under xdist, and a clear refusal when the URL's database is too low."""

from __future__ import annotations

import pytest

from tests.support.redis_db import worker_url

URL = "redis://:secret@127.0.0.1:6379/15"


def test_one_process_uses_the_urls_database() -> None:
    assert worker_url(URL, None) == URL


def test_worker_n_uses_the_database_n_below() -> None:
    assert [worker_url(URL, f"gw{index}") for index in range(3)] == [
        "redis://:secret@127.0.0.1:6379/15",
        "redis://:secret@127.0.0.1:6379/14",
        "redis://:secret@127.0.0.1:6379/13",
    ]
    assert worker_url("redis://127.0.0.1:6379", "gw0") == "redis://127.0.0.1:6379/0"


def test_a_database_too_low_for_the_workers_is_refused() -> None:
    with pytest.raises(ValueError, match="leaves none for xdist worker gw2"):
        worker_url("redis://127.0.0.1:6379/1", "gw2")
