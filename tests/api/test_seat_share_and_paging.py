"""One anonymous client may not take every seat of someone else's game, and list endpoints answer a page
at a time."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import fakeredis
import pytest

from api.app import create_app
from api.context import ApiConfig
from services import keys
from services.game_service import GameService
from services.limits.quotas import QuotaPolicy
from services.settings import Settings
from tests.api.support import TOY, JsonClient, bearer, json_client

HOST = {"REMOTE_ADDR": "198.51.100.1"}
GRABBER = {"REMOTE_ADDR": "203.0.113.9"}


@pytest.fixture
def fresh(toy_registered: None) -> Iterator[tuple[JsonClient, GameService]]:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = GameService(store, Settings(quotas=QuotaPolicy.off()))
    yield json_client(create_app(service, redis=store, config=ApiConfig(), mode="test")), service


def _game(client: JsonClient, seats: int = 3) -> str:
    created = client.post("/api/games", json={"game": TOY, "seats": seats}, environ_base=HOST)
    game_id: str = created.json["id"]
    return game_id


NAMES = itertools.count()  # players of one game may not share a name


def _join(client: JsonClient, game_id: str, environ: dict[str, str], **headers: str) -> int:
    name = f"player {next(NAMES)}"
    joined = client.post(
        f"/api/games/{game_id}/seats", json={"name": name}, environ_base=environ, headers=headers
    )
    return joined.status_code


def test_an_anonymous_client_takes_one_seat_of_another_clients_game(
    fresh: tuple[JsonClient, GameService],
) -> None:
    client, service = fresh
    game_id = _game(client)
    assert _join(client, game_id, GRABBER) == 201
    refused = client.post(f"/api/games/{game_id}/seats", json={"name": "y"}, environ_base=GRABBER)
    assert refused.status_code == 403
    assert refused.json["error"]["code"] == "seats.client_limit"
    assert len(service.meta(game_id).players) == 1  # the rest stay free for other players
    assert _join(client, game_id, {"REMOTE_ADDR": "192.0.2.5"}) == 201


def test_the_creator_fills_its_own_game_and_leaving_gives_the_share_back(
    fresh: tuple[JsonClient, GameService],
) -> None:
    client, _ = fresh
    own = _game(client)
    assert [_join(client, own, HOST) for _ in range(3)] == [201, 201, 201]
    other = _game(client)
    token = client.post(f"/api/games/{other}/seats", json={"name": "g"}, environ_base=GRABBER).json["token"]
    left = client.delete(f"/api/games/{other}/seats/0", headers=bearer(token), environ_base=GRABBER)
    assert left.status_code == 200
    assert _join(client, other, GRABBER) == 201


def test_a_logged_in_player_is_not_counted_as_an_anonymous_client(
    fresh: tuple[JsonClient, GameService],
) -> None:
    client, _ = fresh
    game_id = _game(client)
    assert _join(client, game_id, GRABBER) == 201
    client.post("/api/accounts", json={"name": "member", "password": "long enough"})
    token = client.post("/api/sessions", json={"name": "member", "password": "long enough"}).json["token"]
    assert _join(client, game_id, GRABBER, **bearer(token)) == 201


def test_the_lobby_answers_pages_that_together_list_every_game_once(
    fresh: tuple[JsonClient, GameService],
) -> None:
    client, _ = fresh
    created = [_game(client) for _ in range(7)]
    seen: list[str] = []
    url = "/api/games?limit=3"
    pages = 0
    while url:
        page = client.get(url)
        assert page.status_code == 200
        assert len(page.json) <= 3
        seen += [game["id"] for game in page.json]
        pages += 1
        url = page.headers.get("Link", "").partition(">")[0].lstrip("<")
        assert bool(url) == ("X-Next-Cursor" in page.headers)
    assert seen == created
    assert pages == 3


def test_the_lobby_is_paged_by_default(fresh: tuple[JsonClient, GameService]) -> None:
    client, _ = fresh
    for _ in range(55):
        _game(client, seats=2)
    first = client.get("/api/games")
    assert len(first.json) == 50
    assert "X-Next-Cursor" in first.headers


@pytest.mark.parametrize("query", ["limit=0", "limit=201", "limit=²", "cursor=nope", "cursor=1.5_x%20y"])
def test_a_bad_page_request_names_the_field(fresh: tuple[JsonClient, GameService], query: str) -> None:
    client, _ = fresh
    refused = client.get(f"/api/games?{query}")
    assert refused.status_code == 400
    assert refused.json["error"]["field"] == query.partition("=")[0]


def test_my_games_are_paged(fresh: tuple[JsonClient, GameService]) -> None:
    client, _ = fresh
    client.post("/api/accounts", json={"name": "pager", "password": "long enough"})
    token = client.post("/api/sessions", json={"name": "pager", "password": "long enough"}).json["token"]
    for _ in range(5):
        _join(client, _game(client), HOST, **bearer(token))
    first = client.get("/api/accounts/me/games?limit=2", headers=bearer(token))
    assert len(first.json) == 2
    rest = client.get(
        f"/api/accounts/me/games?limit=10&cursor={first.headers['X-Next-Cursor']}", headers=bearer(token)
    )
    assert len(rest.json) == 3
    assert "X-Next-Cursor" not in rest.headers
    assert {game["id"] for game in first.json}.isdisjoint(game["id"] for game in rest.json)


def test_a_lobby_page_reads_a_page_of_games_not_the_whole_lobby(
    fresh: tuple[JsonClient, GameService],
) -> None:
    client, service = fresh
    for _ in range(120):
        _game(client)
    read: list[int] = []
    real_hmget = service.components.redis.hmget

    def counting_hmget(name: Any, keys_: Any, *args: Any) -> Any:
        read.append(len(keys_))
        return real_hmget(name, keys_, *args)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(service.components.redis, "hmget", counting_hmget)
        patch.setattr(service.components.redis, "hvals", lambda name: pytest.fail("the whole lobby was read"))
        page = client.get("/api/games?limit=10")
    assert len(page.json) == 10
    assert sum(read) <= 11


def test_the_lobby_order_is_rebuilt_when_it_does_not_match(fresh: tuple[JsonClient, GameService]) -> None:
    client, service = fresh
    created = [_game(client) for _ in range(4)]
    service.components.redis.delete(keys.lobby_order())  # a store from before the index, say
    assert [game["id"] for game in client.get("/api/games").json] == created
