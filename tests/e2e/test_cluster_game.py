"""Four HTTP bots play a whole game of Egizia with the game store on a real 3-master Redis Cluster (started by
the test on loopback ports) and RQ on its own Redis, through real worker processes: the game ends scored as
the domain scores it, its keys sit on one shard, and no job of RQ's is on the cluster."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import msgspec
import pytest
import requests
from redis.cluster import RedisCluster

from domain.registry import games
from services import keys
from tests.api.replay import parse_export, replay_export
from tests.e2e.bot_client import HttpBot
from tests.e2e.conftest import Deployment
from tests.e2e.test_full_game import GAME, PLAY_SECONDS, SEATS, open_table


@pytest.mark.integration
def test_a_whole_game_runs_on_a_redis_cluster(cluster_deployment: Deployment) -> None:
    base_url = cluster_deployment.base_url
    game_id, tokens = open_table(base_url, GAME)
    bots = [HttpBot(base_url, game_id, seat, tokens[seat], seed=seat) for seat in range(SEATS)]
    deadline = time.monotonic() + PLAY_SECONDS
    with ThreadPoolExecutor(SEATS) as pool:
        finals = list(pool.map(lambda bot: bot.play(deadline), bots))

    result = finals[0]["result"]
    assert result is not None and all(final["result"] == result for final in finals)
    exported = requests.get(f"{base_url}/api/games/{game_id}/export", timeout=30)
    assert exported.status_code == 200
    replayed = replay_export(games()[GAME], parse_export(exported.text))
    assert replayed is not None
    assert result == msgspec.to_builtins(replayed)

    store = cluster_deployment.store
    assert isinstance(store, RedisCluster)
    shards = {store.get_node_from_key(key).name for key in (keys.events(game_id), keys.meta(game_id))}
    every_shard = {node.name for node in store.get_primaries()}
    assert len(shards) == 1 and len(every_shard) == 3, "a game's keys live on one of the three shards"
    assert not list(store.scan_iter(match="rq:*")), "RQ keeps its jobs on its own Redis, not on the cluster"
