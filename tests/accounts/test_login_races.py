"""Login throttling under concurrency: 40 wrong passwords fired at once for one name are
counted and checked in one atomic step, so no more than the limit reach the password check, on fakeredis and
on a real Redis (REDIS_TEST_URL; skipped without one unless PAPYRUS_REQUIRE_REDIS=1)."""

from __future__ import annotations

import os
import threading
import uuid
from collections import Counter
from collections.abc import Iterator

import fakeredis
import pytest
import redis
from flask import Flask

from api.app import create_app
from api.context import ApiConfig
from services import keys
from services.players.login_throttle import ThrottlePolicy
from tests.accounts.conftest import PASSWORD
from tests.support.harness import FakeClock, make_service

CONCURRENT = 40
REDIS_TEST_URL = os.environ.get("REDIS_TEST_URL", "redis://127.0.0.1:6379/15")


def _real_redis() -> redis.Redis:
    client = redis.Redis.from_url(REDIS_TEST_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.ConnectionError as error:
        client.close()
        if os.environ.get("PAPYRUS_REQUIRE_REDIS", "") == "1":
            pytest.fail(f"PAPYRUS_REQUIRE_REDIS=1 but no Redis answers at {REDIS_TEST_URL}: {error}")
        pytest.skip(f"no Redis at {REDIS_TEST_URL}")
    return client


@pytest.fixture(params=["fakeredis", "redis"])
def store(request: pytest.FixtureRequest) -> Iterator[redis.Redis]:
    if request.param == "fakeredis":
        yield fakeredis.FakeRedis(server=fakeredis.FakeServer())
        return
    client = _real_redis()
    yield client
    # Only this test's keys: its account's (the name is fresh) and its addresses' login counters.
    patterns = [f"{keys.PREFIX}:*race-*", f"{keys.PREFIX}:*198.51.100.40*", f"{keys.PREFIX}:*10.40.0.*"]
    mine = [name for pattern in patterns for name in client.scan_iter(match=pattern)]
    if mine:
        client.delete(*mine)
    client.close()


def _app(store: redis.Redis, policy: ThrottlePolicy | None = None) -> Flask:
    service = make_service(store, FakeClock(), queue_name="papyrus-login-races")
    if policy is not None:
        service.accounts.throttle.policy = policy
    return create_app(service, redis=store, config=ApiConfig(submit_wait_seconds=0.0), mode="test")


def _fire_at_once(app: Flask, name: str, addresses: list[str]) -> Counter[int]:
    """One wrong password for ``name`` from each address, all released at the same moment."""
    start = threading.Barrier(len(addresses))
    statuses: Counter[int] = Counter()
    lock = threading.Lock()

    def guess(address: str) -> None:
        client = app.test_client()
        client.environ_base["REMOTE_ADDR"] = address
        start.wait()
        status = client.post("/api/sessions", json={"name": name, "password": "wrong guess"}).status_code
        with lock:
            statuses[status] += 1

    threads = [threading.Thread(target=guess, args=(address,)) for address in addresses]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses


def _register(app: Flask) -> str:
    name = f"race-{uuid.uuid4().hex[:12]}"
    body = {"name": name, "password": PASSWORD, "display_name": name}
    response = app.test_client().post("/api/accounts", json=body)
    assert response.status_code == 201, response.get_json()
    return name


def test_concurrent_wrong_passwords_from_one_address_check_no_more_than_the_free_attempts(
    store: redis.Redis,
) -> None:
    app = _app(store)
    name = _register(app)
    limit = ThrottlePolicy().free_attempts
    statuses = _fire_at_once(app, name, ["198.51.100.40"] * CONCURRENT)
    assert statuses[401] == limit  # checked: wrong password
    assert statuses[429] == CONCURRENT - limit  # refused before any check
    assert sum(statuses.values()) == CONCURRENT


def test_concurrent_wrong_passwords_from_many_addresses_check_no_more_than_the_name_ceiling(
    store: redis.Redis,
) -> None:
    ceiling = 7
    app = _app(store, ThrottlePolicy(name_ceiling=ceiling))
    name = _register(app)
    statuses = _fire_at_once(app, name, [f"10.40.0.{number}" for number in range(CONCURRENT)])
    assert statuses[401] == ceiling
    assert statuses[429] == CONCURRENT - ceiling
