"""A real Redis at REDIS_TEST_URL (default redis://127.0.0.1:6379/15).

Missing Redis: these tests are skipped locally, but fail when PAPYRUS_REQUIRE_REDIS=1 (as in CI). Tests
here never flush the database: every key they write belongs to a game id of their own, deleted after.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
import redis

from tests.integration.private_cluster import PrivateCluster

REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15")


def _require() -> bool:
    return os.environ.get("PAPYRUS_REQUIRE_REDIS", "") == "1"


@pytest.fixture
def connection() -> Iterator[redis.Redis]:
    client = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.ConnectionError as error:
        client.close()
        if _require():
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    yield client
    client.close()


@pytest.fixture(scope="session")
def redis_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PrivateCluster]:
    """A real 3-master Redis Cluster on loopback ports of this run (tests/integration/private_cluster.py)."""
    cluster = PrivateCluster(tmp_path_factory.mktemp("redis-cluster"))
    yield cluster
    cluster.stop()
