"""Every endpoint of table talk and standing is in the OpenAPI document with every status it can answer
(415 and the cross-site 403 are added to every endpoint that reads a body by api/request_guard.py, 408 and
429 for a body sent too slowly or too many at once by the asynchronous front, api/front/)."""

from __future__ import annotations

import pytest

from tests.social.conftest import Site

EXPECTED = {
    ("get", "/api/games/{game_id}/chat"): {200, 401, 404, 503},
    ("post", "/api/games/{game_id}/chat"): {201, 400, 401, 403, 404, 408, 409, 415, 429, 503},
    ("get", "/api/games/{game_id}/chat/mutes"): {200, 401, 404, 503},
    ("post", "/api/games/{game_id}/chat/mutes"): {200, 400, 401, 403, 404, 408, 409, 415, 429, 503},
    ("get", "/api/players/{name}"): {200, 404, 503},
    ("get", "/api/profiles/{public_id}"): {200, 404, 503},
    ("get", "/api/accounts/me/profile"): {200, 401, 503},
    ("put", "/api/accounts/me/profile"): {200, 400, 401, 403, 408, 409, 415, 429, 503},
    ("get", "/api/ratings/{game}"): {200, 400, 404, 503},
    ("get", "/api/archive"): {200, 400, 404, 503},
}


@pytest.mark.parametrize(("method", "path"), sorted(EXPECTED))
def test_each_new_endpoint_documents_every_status(site: Site, method: str, path: str) -> None:
    document = site.client().get("/api/openapi.json").get_json()
    operation = document["paths"][path][method]
    assert {int(status) for status in operation["responses"]} == EXPECTED[(method, path)]
    for status, answer in operation["responses"].items():
        assert answer["description"], (path, status)


def test_the_archive_filters_are_documented_with_their_types(site: Site) -> None:
    document = site.client().get("/api/openapi.json").get_json()
    params = {p["name"]: p["schema"] for p in document["paths"]["/api/archive"]["get"]["parameters"]}
    assert params["since"]["type"] == "string" and params["since"]["pattern"].startswith("^[1-9][0-9]{3}-")
    assert params["player"]["type"] == "string"
    assert params["players"]["type"] == "integer" and params["players"]["minimum"] == 1
    assert params["page"]["type"] == "integer" and params["page"]["minimum"] == 1
    chat = document["components"]["schemas"]["ChatMessage"]
    assert set(chat["required"]) == {"id", "channel", "seat", "speaker", "name", "text", "version", "at"}
