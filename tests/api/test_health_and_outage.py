"""What an orchestrator and an operator see: health names what is missing (worker, sweep, Redis), liveness
never touches Redis, and while the store is down every endpoint answers 503 store_unavailable."""

from __future__ import annotations

import re
from collections.abc import Iterator

import fakeredis
import pytest
from flask import Flask

from api.app import create_app
from api.endpoints import ENDPOINTS
from api.refusals import STORE_UNAVAILABLE
from services.game_service import GameService
from services.operations.health import LAGGING_SECONDS
from services.processing.upkeep import Upkeep
from services.settings import Settings
from tests.api.support import TOY, JsonClient, json_client
from tests.support.harness import FakeClock

SAMPLE_VALUES = {"seat": "0", "command_id": "c1", "code": "abc", "game": TOY, "public_id": "abcdefghjk"}


@pytest.fixture
def quiet() -> Iterator[tuple[GameService, fakeredis.FakeServer, FakeClock]]:
    """A store with no worker at all (each test decides whether one runs its upkeep)."""
    server = fakeredis.FakeServer()
    store = fakeredis.FakeRedis(server=server)
    clock = FakeClock()
    yield GameService(store, Settings(clock=clock, sweep_interval=10.0)), server, clock
    store.close()


def app_for(service: GameService) -> Flask:
    return create_app(service, redis=service.components.redis, mode="test")


def test_health_names_the_missing_worker_and_sweep_then_is_ok_once_a_worker_runs_its_upkeep(
    quiet: tuple[GameService, fakeredis.FakeServer, FakeClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, _, clock = quiet
    monkeypatch.setattr("api.blueprints.health.time.time", clock)
    client = json_client(app_for(service))
    missing = client.get("/api/health")
    assert missing.status_code == 503
    assert (missing.json["status"], missing.json["missing"]) == ("unavailable", ["worker", "sweep"])
    assert missing.json["redis"] == "ok"

    Upkeep(service.components, service.sweep, "w1").run()
    healthy = client.get("/api/health")
    assert (healthy.status_code, healthy.json["status"], healthy.json["missing"]) == (200, "ok", [])
    assert healthy.json["workers"] == 1 and healthy.json["last_sweep"]["runs"] == 1


def test_health_names_the_sweep_once_none_ran_for_two_intervals_though_a_worker_beats(
    quiet: tuple[GameService, fakeredis.FakeServer, FakeClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, _, clock = quiet
    monkeypatch.setattr("api.blueprints.health.time.time", clock)
    client = json_client(app_for(service))
    Upkeep(service.components, service.sweep, "w1").run()
    clock.advance(2 * service.settings.sweep_interval + 1)
    service.components.heartbeats.beat("w1", clock.now)  # the worker lives on, its sweeps do not run
    stale = client.get("/api/health")
    assert (stale.status_code, stale.json["missing"]) == (503, ["sweep"])
    assert stale.json["last_sweep"]["age_seconds"] == pytest.approx(2 * service.settings.sweep_interval + 1)


def test_health_says_degraded_while_a_command_waits_undecided_for_more_than_a_few_seconds(
    quiet: tuple[GameService, fakeredis.FakeServer, FakeClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, _, clock = quiet
    monkeypatch.setattr("api.blueprints.health.time.time", clock)
    client = json_client(app_for(service))
    meta = service.create_game(TOY, 2, {})
    for seat in range(2):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    service.submit(meta.id, 0, {"type": "toy.play_card", "card": 1}, "waiting", None)
    Upkeep(service.components, service.sweep, "w1").run()  # a worker beats and sweeps, but decides nothing
    assert client.get("/api/health").json["status"] == "ok", "a command just submitted is no lag"
    clock.advance(LAGGING_SECONDS + 1)
    service.components.heartbeats.beat("w1", clock.now)
    lagging = client.get("/api/health")
    assert (lagging.status_code, lagging.json["status"], lagging.json["missing"]) == (200, "degraded", [])
    assert lagging.json["oldest_undecided_seconds"] == pytest.approx(LAGGING_SECONDS + 1)


def test_liveness_answers_while_redis_is_down_and_health_says_redis(
    quiet: tuple[GameService, fakeredis.FakeServer, FakeClock],
) -> None:
    service, server, _ = quiet
    client = json_client(app_for(service))
    server.connected = False
    assert (client.get("/api/live").status_code, client.get("/api/live").json) == (200, {"status": "alive"})
    down = client.get("/api/health")
    assert (down.status_code, down.json["redis"], down.json["missing"]) == (503, "down", ["redis"])


def concrete_routes(client: JsonClient, values: dict[str, str]) -> list[tuple[str, str, str]]:
    """Every route but static files: (method, path with ``values`` in its placeholders, rule)."""
    routes = []
    for rule in client.application.url_map.iter_rules():
        if rule.endpoint.endswith("static"):
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda found: values.get(found[1], "x"), rule.rule)
        methods = sorted(set(rule.methods or ()) & {"GET", "POST", "PUT", "DELETE"})
        routes += [(method, path, rule.rule) for method in methods]
    return routes


def well_formed_body(rule: str, command: dict[str, object]) -> dict[str, object]:
    """A body each route would accept, so that only the store can stop it."""
    if rule.endswith("/commands"):
        return {"command_id": "during-the-outage", "command": command}
    if rule.endswith("/seats") or rule.endswith("/start"):
        return {"name": "late comer"}
    if rule.endswith("/invitations"):
        return {"account": "imhotep"}
    if rule in ("/api/accounts", "/api/sessions"):
        return {"name": "imhotep", "password": "a long password"}
    if rule.endswith("/me/email"):
        return {"email": "imhotep@example.com"}
    if rule.endswith("/me/notifications"):
        return {"mail_events": ["your_turn"], "webhook_events": []}
    if rule.endswith("/me/webhook"):
        return {"url": "https://hooks.example.com/papyrus"}
    return {"game": TOY, "seats": 2}


def test_every_endpoint_that_needs_the_store_answers_503_store_unavailable_while_it_is_down(
    quiet: tuple[GameService, fakeredis.FakeServer, FakeClock],
) -> None:
    service, server, _ = quiet
    client = json_client(app_for(service))
    game_id = client.post("/api/games", json={"game": TOY, "seats": 2}).json["id"]
    seat_token = client.post(f"/api/games/{game_id}/seats", json={"name": "ann"}).json["token"]
    client.post(f"/api/games/{game_id}/seats", json={"name": "bob"})
    client.post("/api/accounts", json={"name": "imhotep", "password": "a long password"})
    account_token = client.post("/api/sessions", json={"name": "imhotep", "password": "a long password"})
    command = {"type": "toy.play_card", "card": 1}
    server.connected = False
    answered = {}
    for method, path, rule in concrete_routes(client, {**SAMPLE_VALUES, "game_id": game_id}):
        token = account_token.json["token"] if "/accounts/" in rule or "/sessions/" in rule else seat_token
        body = well_formed_body(rule, command) if method in ("POST", "PUT") else None
        response = client.open(path, method=method, json=body, headers={"Authorization": f"Bearer {token}"})
        answered[(method, rule)] = response.status_code
        text = response.get_data(as_text=True)
        assert response.status_code != 500 and "Traceback" not in text, (method, path, text)
        if rule == "/api/health":
            assert (response.status_code, response.json["missing"]) == (503, ["redis"])
        elif response.status_code == 503:
            assert response.json["error"]["code"] == "store_unavailable", (method, path)
            assert response.headers["Retry-After"].isdigit()
    api_routes = {route for route in answered if route[1].startswith("/api/")}
    # what each endpoint declares: those that never read the store, and the OpenAPI document beside them
    served_without_the_store = {
        (endpoint.method.upper(), endpoint.path)
        for endpoint in ENDPOINTS
        if STORE_UNAVAILABLE not in endpoint.refusals and 503 not in endpoint.responses
    } | {("GET", "/api/openapi.json")}
    assert {route for route in api_routes if answered[route] != 503} == served_without_the_store
