"""Online guessing, as OWASP advises: an IPv6 client counts as its /64 in every login limit, and a browser
(device cookie) or an address that logged in to an account before is not locked out by other clients'
failures on its name; a device cookie sent with too many wrong passwords loses that trust."""

from __future__ import annotations

from flask.testing import FlaskClient

from services.players.login_throttle import ThrottlePolicy
from services.players.login_trust import DEVICE_FAILURES
from tests.accounts.conftest import PASSWORD, Site


def _login(client: FlaskClient, name: str, password: str = PASSWORD) -> int:
    return int(client.post("/api/sessions", json={"name": name, "password": password}).status_code)


def _lock_the_name(site: Site, name: str) -> None:
    """Wrong guesses from many IPv4 addresses until the name's ceiling (lowered: fewer password checks)."""
    policy = ThrottlePolicy(name_ceiling=12)
    site.service.accounts.throttle.policy = policy
    for attempt in range(policy.name_ceiling):
        assert _login(site.client(f"10.9.{attempt}.1"), name, "guess!!!") == 401
    assert _login(site.client("192.0.2.230"), name) == 429  # a new client: locked out with the guessers


def test_addresses_of_one_ipv6_64_share_every_login_limit(site: Site) -> None:
    site.register("sobekneferu")
    ceiling = site.service.accounts.throttle.policy.address_ceiling
    statuses = [
        _login(site.client(f"2001:db8:7:1::{index:x}"), f"someone-{index}", "guess!!!") for index in range(40)
    ]
    assert statuses[:ceiling] == [401] * ceiling
    assert set(statuses[ceiling:]) == {429}
    assert _login(site.client("2001:db8:7:1:ffff::9"), "sobekneferu") == 429
    assert _login(site.client("2001:db8:7:2::1"), "sobekneferu") == 200  # another /64


def test_a_guesser_cycling_through_a_64_meets_the_pair_back_off(site: Site) -> None:
    site.register("nitocris")
    free = site.service.accounts.throttle.policy.free_attempts
    statuses = [_login(site.client(f"2001:db8:8:1::{index:x}"), "nitocris", "guess!!!") for index in range(9)]
    assert statuses[:free] == [401] * free and set(statuses[free:]) == {429}


def test_the_owners_browser_logs_in_while_others_guess_its_name(site: Site) -> None:
    site.register("hatshepsut")
    browser = site.client("198.51.100.20")
    assert _login(browser, "hatshepsut") == 200
    cookie = browser.get_cookie("papyrus_device", path="/api/")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Strict"
    _lock_the_name(site, "hatshepsut")
    browser.environ_base["REMOTE_ADDR"] = "198.51.100.99"  # the same browser, from a café
    assert _login(browser, "hatshepsut") == 200


def test_an_address_that_logged_in_before_is_not_locked_out(site: Site) -> None:
    site.register("thutmose")
    assert _login(site.client("192.0.2.41"), "thutmose") == 200  # an API client: no cookies kept
    _lock_the_name(site, "thutmose")
    assert _login(site.client("192.0.2.41"), "thutmose") == 200


def test_a_device_cookie_sending_wrong_passwords_is_trusted_no_more(site: Site) -> None:
    site.register("ahmose")
    stolen = site.client("198.51.100.30")
    assert _login(stolen, "ahmose") == 200
    _lock_the_name(site, "ahmose")
    for attempt in range(DEVICE_FAILURES):
        stolen.environ_base["REMOTE_ADDR"] = f"203.0.113.{100 + attempt}"  # past each pair's back-off
        assert _login(stolen, "ahmose", "guess!!!") == 401
    stolen.environ_base["REMOTE_ADDR"] = "203.0.113.250"
    assert _login(stolen, "ahmose") == 429


def test_a_forged_device_cookie_earns_nothing(site: Site) -> None:
    site.register("khufu-ii")
    _lock_the_name(site, "khufu-ii")
    forger = site.client("198.51.100.40")
    forger.set_cookie("papyrus_device", "x" * 32, path="/api/")
    assert _login(forger, "khufu-ii") == 429
