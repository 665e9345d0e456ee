"""The health check and the OpenAPI document."""

from __future__ import annotations

import re
from typing import Any

from openapi_spec_validator import validate
from redis.exceptions import ConnectionError as RedisConnectionError

from api.app import create_app
from tests.api.support import TOY, Harness, json_client


class DeadRedis:
    def ping(self) -> bool:
        raise RedisConnectionError("connection refused")


def test_health_reports_redis(api: Harness) -> None:
    healthy = api.client.get("/api/health")
    assert (healthy.status_code, healthy.json["redis"]) == (200, "ok")


def test_health_is_503_when_redis_is_down(service: Any) -> None:
    client = json_client(create_app(service, redis=DeadRedis(), mode="test"))
    down = client.get("/api/health")
    assert (down.status_code, down.json["redis"]) == (503, "down")


def test_every_route_is_documented_in_openapi(api: Harness) -> None:
    document = api.client.get("/api/openapi.json").json
    assert document["openapi"] == "3.1.0"
    routes = {
        (re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule), method.lower())  # converters dropped
        for rule in api.client.application.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods or ()
        if method not in {"HEAD", "OPTIONS"}
    }
    documented = {(path, method) for path, operations in document["paths"].items() for method in operations}
    assert routes == documented


def test_openapi_resolves_every_schema_and_lists_the_games_commands(api: Harness) -> None:
    document = api.client.get("/api/openapi.json").json
    schemas = document["components"]["schemas"]
    text = str(document)
    for name in {ref.split("/")[-1] for ref in _refs(document)}:
        assert name in schemas, name
    command = schemas["SubmitCommand"]["properties"]["command"]
    assert command["anyOf"]
    assert "toy.play_card" in text
    assert f"{TOY}.Options" in schemas
    assert set(schemas["ErrorDetail"]["required"]) >= {"code", "message", "field"}


def _refs(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["$ref"]] if isinstance(node.get("$ref"), str) else []
        return own + [ref for value in node.values() for ref in _refs(value)]
    if isinstance(node, list):
        return [ref for value in node for ref in _refs(value)]
    return []


def test_the_openapi_document_is_valid_openapi_3_1(api: Harness) -> None:
    validate(api.client.get("/api/openapi.json").json)
