"""API tests: Flask's test client over one fakeredis store with the embedded in-process worker, playing the
store helper's toy card game (tests/support/toygame.py), added to the registry for this package only."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import fakeredis
import pytest
from flask import Flask

from api.app import create_app
from api.context import ApiConfig
from domain import registry
from services.game_service import GameService
from services.quota_policy import QuotaPolicy
from services.settings import Settings
from tests.api.support import Harness, JsonClient, json_client
from tests.support.harness import TEST_BOT_ITERATIONS, TEST_BOT_THINK_MS
from tests.support.toygame import GAME as TOY
from workers import context
from workers.embedded import start_embedded_worker

MAX_BODY = 8 * 1024


@pytest.fixture(scope="package", autouse=True)
def toy_registered() -> Iterator[None]:
    try:
        hosted: dict[str, Any] = dict(registry.games())
    except ImportError:  # no real game importable yet: the toy alone
        hosted = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(registry, "games", lambda: {**hosted, TOY.name: TOY})
        yield


@pytest.fixture(scope="package")
def store(toy_registered: None) -> fakeredis.FakeRedis:
    return fakeredis.FakeRedis(server=fakeredis.FakeServer())


@pytest.fixture(scope="package")
def service(store: fakeredis.FakeRedis) -> Iterator[GameService]:
    # One client address makes every request of the package: tests/api/test_quotas.py tests the quotas.
    settings = Settings(
        bot_think_ms=TEST_BOT_THINK_MS, bot_iterations=TEST_BOT_ITERATIONS, quotas=QuotaPolicy.off()
    )
    service = GameService(store, settings)
    worker = start_embedded_worker(service)
    yield service
    worker.stop()


def make_app(service: GameService, store: fakeredis.FakeRedis, wait: float = 5.0) -> Flask:
    config = ApiConfig(max_body_bytes=MAX_BODY, submit_wait_seconds=wait)
    return create_app(service, redis=store, config=config, mode="test")


@pytest.fixture(scope="package")
def client(service: GameService, store: fakeredis.FakeRedis) -> JsonClient:
    return json_client(make_app(service, store))


@pytest.fixture
def api(client: JsonClient, service: GameService, store: fakeredis.FakeRedis) -> Harness:
    return Harness(client, service, store)


def own_harness(decide_in_api: bool) -> Harness:
    """A store and embedded worker of a test's own; ``decide_in_api``: commands decided in their request."""
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    settings = Settings(
        bot_think_ms=TEST_BOT_THINK_MS, bot_iterations=TEST_BOT_ITERATIONS, decide_in_api=decide_in_api
    )
    own = GameService(store, settings)
    worker = start_embedded_worker(own)
    harness = Harness(json_client(make_app(own, store)), own, store)
    harness.worker = worker  # type: ignore[attr-defined]
    return harness


def _own_harness_while(decide_in_api: bool, service: GameService) -> Iterator[Harness]:
    """:func:`own_harness` for a test; after it, its worker stopped and the package's service registered for
    jobs again."""
    harness = own_harness(decide_in_api)
    yield harness
    harness.worker.stop()  # type: ignore[attr-defined]
    context.register(service)


@pytest.fixture
def deciding(service: GameService) -> Iterator[Harness]:
    """A store and worker of the test's own; the API decides each command in its request."""
    yield from _own_harness_while(True, service)


@pytest.fixture
def waiting(service: GameService) -> Iterator[Harness]:
    """As ``deciding``, but a worker decides each command: a submit's answer waits on the loop."""
    yield from _own_harness_while(False, service)
