"""Client addresses behind the reverse proxy: forwarded addresses count only when a trusted
proxy (``PAPYRUS_TRUSTED_PROXIES``) sent them, so users behind the proxy no longer share one address, and a
client talking to the API directly cannot escape its throttle by forging ``X-Forwarded-For``."""

from __future__ import annotations

import pytest
from flask import Flask

from api.app import create_app
from api.context import ApiConfig
from api.proxies import TrustedProxies, parse_networks
from tests.accounts.conftest import PASSWORD, Site

PROXY = "10.0.0.2"


def _behind_proxy(site: Site) -> Flask:
    config = ApiConfig(submit_wait_seconds=0.0, trusted_proxies=f"{PROXY},fd00::/8")
    return create_app(site.service, redis=site.service.components.redis, config=config, mode="test")


def _login(app: Flask, peer: str, forwarded_for: str | None, name: str, password: str) -> int:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = peer
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    return client.post(
        "/api/sessions", json={"name": name, "password": password}, headers=headers
    ).status_code


def test_failures_of_one_client_behind_the_proxy_do_not_lock_out_the_others(site: Site) -> None:
    site.register("hatshepsut")
    app = _behind_proxy(site)
    ceiling = site.service.accounts.throttle.policy.address_ceiling
    for attempt in range(ceiling):
        assert _login(app, PROXY, "203.0.113.66", f"guess-{attempt}", "wrong guess") == 401
    assert _login(app, PROXY, "203.0.113.66", "hatshepsut", PASSWORD) == 429
    assert _login(app, PROXY, "198.51.100.20", "hatshepsut", PASSWORD) == 200


def test_a_client_that_is_not_a_trusted_proxy_cannot_forge_its_address(site: Site) -> None:
    site.register("ramesses")
    app = _behind_proxy(site)
    free = site.service.accounts.throttle.policy.free_attempts
    forged = [_login(app, "192.0.2.9", f"203.0.113.{n}", "ramesses", "wrong guess") for n in range(free + 1)]
    assert forged == [401] * free + [429]


def test_the_client_is_the_rightmost_address_no_trusted_proxy_added() -> None:
    middleware = TrustedProxies(lambda environ, start: [], parse_networks("10.0.0.0/8, fd00::1"))
    assert middleware.client_address("10.0.0.2", "1.2.3.4, 203.0.113.7, 10.0.0.9") == "203.0.113.7"
    assert middleware.client_address("10.0.0.2", "") == "10.0.0.2"


def test_a_bad_trusted_proxies_setting_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match="PAPYRUS_TRUSTED_PROXIES: 'not-an-ip'"):
        parse_networks("127.0.0.1, not-an-ip")
