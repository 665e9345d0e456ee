from __future__ import annotations

from collections.abc import Iterator

import fakeredis
import pytest

from services.game_service import GameService
from tests.support.harness import FakeClock, make_service, register_toy


@pytest.fixture
def connection() -> Iterator[fakeredis.FakeRedis]:
    server = fakeredis.FakeServer()
    client = fakeredis.FakeRedis(server=server)
    yield client
    client.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


@pytest.fixture
def service(connection: fakeredis.FakeRedis, clock: FakeClock) -> GameService:
    return make_service(connection, clock)
