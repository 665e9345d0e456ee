"""The store contract on a real Redis and on a real 3-master Redis Cluster (the same suite runs on fakeredis
in tests/service)."""

from collections.abc import Iterator

import pytest
import redis

from tests.integration.private_cluster import PrivateCluster
from tests.support.store_contract import StoreContract

pytestmark = pytest.mark.integration


class TestStoreOnRealRedis(StoreContract):
    pass


class TestStoreOnRedisCluster(StoreContract):
    @pytest.fixture
    def connection(self, redis_cluster: PrivateCluster) -> Iterator[redis.Redis]:
        client = redis_cluster.client()
        yield client
        client.close()
