"""The store contract on a real Redis and on a real 3-master Redis Cluster (the same suite runs on fakeredis
in tests/service)."""

from collections.abc import Iterator

import pytest
import redis

from services.store.event_store import Alongside, EventStore, NewEvent
from tests.integration.private_cluster import PrivateCluster
from tests.support.store_contract import StoreContract, meta_and_head

pytestmark = pytest.mark.integration


class TestStoreOnRealRedis(StoreContract):
    pass


class TestStoreOnRedisCluster(StoreContract):
    @pytest.fixture
    def connection(self, redis_cluster: PrivateCluster) -> Iterator[redis.Redis]:
        client = redis_cluster.client()
        yield client
        client.close()

    def test_a_cluster_that_lost_its_scripts_still_reads_a_games_meta_and_head(
        self, game_id: str, store: EventStore, connection: redis.Redis
    ) -> None:
        """A cluster client loads no script on connect: the read loads it on every shard when one lacks it
        (here all of them, flushed), and reads the two of one moment still."""
        head = store.head(game_id)
        records = store.build(head, [NewEvent("test.noted", {})], "w", None)
        store.append(game_id, head, records, alongside=Alongside(meta_state=b"1"))
        assert meta_and_head(connection, game_id) == (1, 1)
        connection.script_flush()
        assert meta_and_head(connection, game_id) == (1, 1)
