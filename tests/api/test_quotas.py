"""Quotas: one client address or account may register, create games, join and submit
commands only so often; past the limit a 429 with Retry-After, while other clients go on; counting is
atomic, so concurrent requests cannot slip past it."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import fakeredis
import pytest

from api.app import create_app
from api.context import ApiConfig
from services.errors import ServiceError
from services.game_service import GameService
from services.limits.quotas import Limit, QuotaExceeded, QuotaPolicy, Quotas
from services.settings import Settings
from tests.api.support import TOY, JsonClient, bearer, json_client

POLICY = QuotaPolicy(
    limits={
        "register": Limit(2, 3600),
        "create_game": Limit(3, 3600),
        "join": Limit(4, 3600),
        "command": Limit(2, 60),
        "write": Limit(50, 3600),
    }
)
ATTACKER = {"REMOTE_ADDR": "203.0.113.7"}
NEIGHBOUR = {"REMOTE_ADDR": "198.51.100.4"}


@pytest.fixture
def limited(toy_registered: None) -> Iterator[tuple[JsonClient, GameService]]:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = GameService(store, Settings(quotas=POLICY, anonymous_seats_per_game=0))
    # no worker: commands stay pending (202), which is all the command quota needs
    yield (
        json_client(
            create_app(service, redis=store, config=ApiConfig(submit_wait_seconds=0.05), mode="test")
        ),
        service,
    )


def _create(client: JsonClient, environ: dict[str, str], **headers: str) -> Any:
    return client.post("/api/games", json={"game": TOY, "seats": 2}, environ_base=environ, headers=headers)


def test_game_creation_is_limited_per_address(limited: tuple[JsonClient, GameService]) -> None:
    client, service = limited
    assert [_create(client, ATTACKER).status_code for _ in range(3)] == [201, 201, 201]
    refused = _create(client, ATTACKER)
    assert refused.status_code == 429
    assert refused.json["error"]["code"] == "quota.exceeded"
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3600
    assert len(service.lobby()) == 3  # nothing was created past the limit
    assert _create(client, NEIGHBOUR).status_code == 201  # another client is not affected


def test_the_addresses_of_one_ipv6_network_count_as_one_client(
    limited: tuple[JsonClient, GameService],
) -> None:
    client, _ = limited
    neighbours = [{"REMOTE_ADDR": f"2001:db8:1:2::{n:x}"} for n in range(1, 5)]
    assert [_create(client, address).status_code for address in neighbours] == [201, 201, 201, 429]
    assert _create(client, {"REMOTE_ADDR": "2001:db8:1:3::1"}).status_code == 201  # another /64


def test_registration_is_limited_per_address(limited: tuple[JsonClient, GameService]) -> None:
    client, _ = limited
    answers = [
        client.post(
            "/api/accounts", json={"name": f"bulk{n}", "password": "long enough"}, environ_base=ATTACKER
        )
        for n in range(3)
    ]
    assert [answer.status_code for answer in answers] == [201, 201, 429]
    assert client.post("/api/sessions", json={"name": "bulk2", "password": "long enough"}).status_code == 401


def test_an_account_is_limited_from_every_address(limited: tuple[JsonClient, GameService]) -> None:
    client, _ = limited
    client.post("/api/accounts", json={"name": "roamer", "password": "long enough"})
    token = client.post("/api/sessions", json={"name": "roamer", "password": "long enough"}).json["token"]
    addresses = [{"REMOTE_ADDR": f"192.0.2.{n}"} for n in range(4)]
    answers = [_create(client, address, **bearer(token)).status_code for address in addresses]
    assert answers == [201, 201, 201, 429]


def test_commands_and_joins_are_limited(limited: tuple[JsonClient, GameService]) -> None:
    client, _ = limited
    game_id = _create(client, ATTACKER).json["id"]
    tokens = [
        client.post(f"/api/games/{game_id}/seats", json={"name": f"p{n}"}, environ_base=ATTACKER).json[
            "token"
        ]
        for n in range(2)
    ]
    client.post(f"/api/games/{game_id}/start", headers=bearer(tokens[0]), environ_base=ATTACKER)
    other = _create(client, NEIGHBOUR).json["id"]
    joins = [
        client.post(
            f"/api/games/{other}/seats", json={"name": f"again {n}"}, environ_base=ATTACKER
        ).status_code
        for n in range(3)
    ]
    assert joins == [201, 201, 429]  # 4 joins an hour: two above, two here
    body = {"command_id": "c1", "command": {"type": "toy.play_card", "card": 0}}
    answers = [
        client.post(
            f"/api/games/{game_id}/commands",
            json={**body, "command_id": f"c{n}"},
            headers=bearer(tokens[0]),
            environ_base=ATTACKER,
        ).status_code
        for n in range(3)
    ]
    assert answers[2] == 429
    assert all(status != 429 for status in answers[:2])


def test_concurrent_requests_cannot_slip_past_the_limit() -> None:
    quotas = Quotas(
        fakeredis.FakeRedis(server=fakeredis.FakeServer()), QuotaPolicy(limits={"chat": Limit(5, 60)})
    )
    allowed: list[int] = []
    start = threading.Barrier(40)

    def post() -> None:
        start.wait()
        try:
            quotas.charge("chat", account="ann", address="192.0.2.1")
        except QuotaExceeded:
            return
        allowed.append(1)

    threads = [threading.Thread(target=post) for _ in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(allowed) == 5


def test_the_quota_service_serves_other_writes_by_account_alone() -> None:
    quotas = Quotas(
        fakeredis.FakeRedis(server=fakeredis.FakeServer()), QuotaPolicy(limits={"chat": Limit(1, 60)})
    )
    quotas.charge("chat", account="Ann")
    with pytest.raises(ServiceError) as refused:
        quotas.charge("chat", account="ann")  # names are compared without letter case
    assert refused.value.http_status == 429
    assert refused.value.retry_after is not None and 1 <= refused.value.retry_after <= 60
    quotas.charge("chat", account="bob")
    quotas.charge("unlisted", account="ann")  # an action without a limit is not counted


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, QuotaPolicy().limits["create_game"]),
        ({"PAPYRUS_QUOTA_CREATE_GAME": "5/60"}, Limit(5, 60)),
        ({"PAPYRUS_QUOTA_CREATE_GAME": "0"}, None),
        ({"PAPYRUS_QUOTAS": "off"}, None),
    ],
)
def test_quotas_are_read_from_the_environment(env: dict[str, str], expected: Limit | None) -> None:
    assert QuotaPolicy.from_env(env).limits.get("create_game") == expected


@pytest.mark.parametrize("raw", ["many", "5/", "-1/60", "5/0"])
def test_a_bad_quota_setting_is_refused_at_start(raw: str) -> None:
    with pytest.raises(ValueError, match="PAPYRUS_QUOTA_JOIN"):
        QuotaPolicy.from_env({"PAPYRUS_QUOTA_JOIN": raw})


def _seated_game(client: JsonClient) -> tuple[str, str]:
    game_id = _create(client, NEIGHBOUR).json["id"]
    token = client.post(f"/api/games/{game_id}/seats", json={"name": "p0"}, environ_base=NEIGHBOUR).json[
        "token"
    ]
    client.post(f"/api/games/{game_id}/seats", json={"name": "p1"}, environ_base=NEIGHBOUR)
    client.post(f"/api/games/{game_id}/start", headers=bearer(token), environ_base=NEIGHBOUR)
    return game_id, token


def _submits(client: JsonClient, game_id: str, token: str, count: int) -> list[int]:
    body = {"command": {"type": "toy.play_card", "card": 0}}
    return [
        client.post(
            f"/api/games/{game_id}/commands",
            json={**body, "command_id": f"q{n}"},
            headers=bearer(token),
            environ_base=ATTACKER,
        ).status_code
        for n in range(count)
    ]


def test_a_client_guessing_seat_tokens_is_limited_too(limited: tuple[JsonClient, GameService]) -> None:
    """The address is charged in the round trip that checks the token: bad tokens count as well."""
    client, _ = limited
    game_id, _ = _seated_game(client)
    assert _submits(client, game_id, "not-a-seat-token", 3) == [401, 401, 429]


def test_the_command_quota_counts_after_redis_forgot_its_scripts(
    limited: tuple[JsonClient, GameService],
) -> None:
    client, service = limited
    game_id, token = _seated_game(client)
    service.components.redis.script_flush()
    statuses = _submits(client, game_id, token, 3)
    assert statuses[2] == 429 and 429 not in statuses[:2]


def test_a_quota_refusal_is_in_the_readers_language(limited: tuple[JsonClient, GameService]) -> None:
    client, _ = limited
    for _ in range(3):
        _create(client, ATTACKER)
    said = {
        language: _create(client, ATTACKER, **{"Accept-Language": language}).json["error"]["message"]
        for language in ("en", "de", "ja")
    }
    assert said["en"].startswith(
        "Too many requests of this kind from your network address (at most 3 in 3600 s)"
    )
    assert said["de"].startswith(
        "Zu viele Anfragen dieser Art von deiner Netzwerkadresse (höchstens 3 in 3600 s)"
    )
    assert said["ja"].startswith(
        "このネットワークアドレスからの同じ種類のリクエストが多すぎます\uff083600秒に最大3回\uff09"
    )
