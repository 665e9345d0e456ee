"""Register, log in and out, tokens and cookies that expire, and logins that are slowed down."""

from __future__ import annotations

from services.players.accounts import MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_NAME
from tests.accounts.conftest import PASSWORD, Site

DAY = 24 * 3600


def test_a_registered_player_logs_in_with_a_token_and_a_session_cookie(site: Site) -> None:
    site.register("ramses")
    browser = site.client()
    login = browser.post("/api/sessions", json={"name": "ramses", "password": PASSWORD})
    assert login.status_code == 200
    cookie = login.headers["Set-Cookie"]
    assert "papyrus_session=" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert browser.get("/api/accounts/me").get_json()["name"] == "ramses"
    bearer = {"Authorization": f"Bearer {login.get_json()['token']}"}
    assert site.client().get("/api/accounts/me", headers=bearer).get_json()["name"] == "ramses"
    assert site.client().get("/api/accounts/me").status_code == 401


def test_a_duplicate_name_is_refused_whatever_its_letter_case(site: Site) -> None:
    site.register("Nefertiti")
    for name in ("Nefertiti", "nefertiti"):
        refused = site.client().post("/api/accounts", json={"name": name, "password": "another password"})
        assert refused.status_code == 409
        assert refused.get_json()["error"]["field"] == "name"


def test_a_bad_name_or_password_is_refused_naming_the_field(site: Site) -> None:
    for body, field in (
        ({"name": "x", "password": PASSWORD}, "name"),
        ({"name": "has space", "password": PASSWORD}, "name"),
        ({"name": "khufu", "password": "short"}, "password"),
        ({"name": "khufu"}, "password"),
    ):
        refused = site.client().post("/api/accounts", json=body)
        assert refused.status_code == 400
        assert refused.get_json()["error"]["field"] == field


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(site: Site) -> None:
    site.register("hatshepsut")
    wrong = site.client().post("/api/sessions", json={"name": "hatshepsut", "password": "not the password"})
    unknown = site.client().post("/api/sessions", json={"name": "nobody-here", "password": PASSWORD})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.get_json() == unknown.get_json()
    assert "Set-Cookie" not in wrong.headers


def test_repeated_failures_for_one_name_are_slowed_down_even_with_the_right_password(site: Site) -> None:
    site.register("akhenaten")
    for attempt in range(MAX_FAILURES_PER_NAME):
        address = f"198.51.100.{attempt}"
        guess = site.client(address).post("/api/sessions", json={"name": "akhenaten", "password": "guess!!!"})
        assert guess.status_code == 401
    throttled = site.client("198.51.100.99").post(
        "/api/sessions", json={"name": "akhenaten", "password": PASSWORD}
    )
    assert throttled.status_code == 429
    assert int(throttled.headers["Retry-After"]) > 0
    site.register("tiye")
    assert (
        site.client("198.51.100.99")
        .post("/api/sessions", json={"name": "tiye", "password": PASSWORD})
        .status_code
        == 200
    )


def test_repeated_failures_from_one_address_are_slowed_down_across_names(site: Site) -> None:
    site.register("seti")
    attacker = site.client("192.0.2.66")
    for attempt in range(MAX_FAILURES_PER_ADDRESS):
        guess = attacker.post("/api/sessions", json={"name": f"name-{attempt}", "password": "guess!!!"})
        assert guess.status_code == 401
    assert attacker.post("/api/sessions", json={"name": "seti", "password": PASSWORD}).status_code == 429
    assert (
        site.client("192.0.2.67")
        .post("/api/sessions", json={"name": "seti", "password": PASSWORD})
        .status_code
        == 200
    )


def test_an_expired_token_is_refused(site: Site) -> None:
    site.register("menes")
    browser = site.client()
    assert browser.post("/api/sessions", json={"name": "menes", "password": PASSWORD}).status_code == 200
    bearer = site.login("menes")
    site.clock.advance(site.service.settings.token_ttl + 1)
    expired = site.client().get("/api/accounts/me", headers=bearer)
    assert (expired.status_code, expired.get_json()["error"]["code"]) == (401, "bad_credentials")
    assert browser.get("/api/accounts/me").status_code == 401
    assert site.login("menes") != bearer


def test_a_forged_token_is_refused(site: Site) -> None:
    site.register("djoser")
    real = site.login("djoser")["Authorization"]
    for forged in (real[:-2] + ("AA" if not real.endswith("AA") else "BB"), "Bearer " + "A" * 43):
        refused = site.client().get("/api/accounts/me", headers={"Authorization": forged})
        assert refused.status_code == 401


def test_logging_out_ends_the_token_and_the_cookie(site: Site) -> None:
    site.register("sneferu")
    browser = site.client()
    token = browser.post("/api/sessions", json={"name": "sneferu", "password": PASSWORD}).get_json()["token"]
    out = browser.delete("/api/sessions/current")
    assert out.status_code == 200
    assert "papyrus_session=;" in out.headers["Set-Cookie"]
    assert browser.get("/api/accounts/me").status_code == 401
    gone = site.client().get("/api/accounts/me", headers={"Authorization": f"Bearer {token}"})
    assert gone.status_code == 401
