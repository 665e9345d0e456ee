"""Headers and documents: nosniff and a restrictive CSP on /api/*, a Server header that
names no software, the session cookie's Secure flag from a setting, and ``Allow`` on a 405."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from werkzeug.serving import make_server

from api.app import create_app
from api.context import ApiConfig
from api.response_headers import QuietRequestHandler
from tests.api.support import JsonClient, json_client


@pytest.fixture
def served(service: Any, store: Any) -> Iterator[str]:
    """The app behind werkzeug's own threaded server, as ``papyrus serve`` runs it."""
    app = create_app(service, redis=store, mode="embedded")
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.mark.parametrize("path", ["/api/games", "/api/openapi.json", "/api/nothing-here", "/api/health"])
def test_api_answers_forbid_sniffing_and_loading_anything(client: JsonClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    policy = response.headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy
    assert "frame-ancestors 'none'" in policy


def test_the_server_header_names_no_software(served: str) -> None:
    for path in ("/api/games", "/api/nothing-here", "/"):
        server = requests.get(served + path, timeout=10).headers.get("Server", "")
        assert "werkzeug" not in server.lower()
        assert "python" not in server.lower()
        assert server == "papyrus"


def test_a_refused_method_names_the_allowed_ones(client: JsonClient) -> None:
    response = client.delete("/api/games")
    assert response.status_code == 405
    assert set(response.headers["Allow"].split(", ")) >= {"GET", "POST"}
    assert "DELETE" not in response.headers["Allow"]


def _login_cookie(client: JsonClient, name: str) -> str:
    client.post("/api/accounts", json={"name": name, "password": "correct horse"})
    response = client.post("/api/sessions", json={"name": name, "password": "correct horse"})
    assert response.status_code == 200, response.json
    cookie: str = response.headers["Set-Cookie"]
    return cookie


@pytest.mark.parametrize(
    ("mode", "setting", "secure"),
    [
        ("production", None, True),
        ("embedded", None, False),
        ("embedded", True, True),
        ("production", False, False),
    ],
)
def test_the_session_cookie_is_secure_as_configured(
    service: Any, store: Any, mode: str, setting: bool | None, secure: bool
) -> None:
    app = create_app(service, redis=store, config=ApiConfig(secure_cookies=setting), mode=mode)
    cookie = _login_cookie(json_client(app), f"cookie_{mode}_{setting}")
    assert ("; Secure" in cookie) is secure
    assert "HttpOnly" in cookie


@pytest.mark.parametrize(("raw", "chosen"), [("", None), ("1", True), ("off", False), ("YES", True)])
def test_secure_cookies_setting_is_read_from_the_environment(raw: str, chosen: bool | None) -> None:
    assert ApiConfig.from_env({"PAPYRUS_SECURE_COOKIES": raw}).secure_cookies is chosen


def test_a_bad_secure_cookies_setting_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match="PAPYRUS_SECURE_COOKIES"):
        ApiConfig.from_env({"PAPYRUS_SECURE_COOKIES": "maybe"})
