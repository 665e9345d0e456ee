"""Register, log in and out, tokens and cookies that expire, and logins that are slowed down."""

from __future__ import annotations

from services.players.login_throttle import ThrottlePolicy
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


def _guess(site: Site, name: str, address: str, password: str = "guess!!!") -> int:
    response = site.client(address).post("/api/sessions", json={"name": name, "password": password})
    return int(response.status_code)


def test_a_guesser_locks_out_only_their_own_address_not_the_user(site: Site) -> None:
    site.register("akhenaten")
    free = site.service.accounts.throttle.policy.free_attempts
    assert [_guess(site, "akhenaten", "198.51.100.7") for _ in range(free)] == [401] * free
    throttled = site.client("198.51.100.7").post(
        "/api/sessions", json={"name": "akhenaten", "password": PASSWORD}
    )
    assert throttled.status_code == 429
    assert throttled.get_json()["error"]["code"] == "login.throttled"
    assert int(throttled.headers["Retry-After"]) > 0
    assert _guess(site, "akhenaten", "203.0.113.50", PASSWORD) == 200


def test_the_back_off_of_one_name_and_address_doubles_after_each_further_failure(site: Site) -> None:
    site.register("nefertiti")
    policy = site.service.accounts.throttle.policy
    for _ in range(policy.free_attempts):
        _guess(site, "nefertiti", "198.51.100.8")
    waits = []
    for _ in range(3):
        refused = site.client("198.51.100.8").post(
            "/api/sessions", json={"name": "nefertiti", "password": "x"}
        )
        waits.append(int(refused.headers["Retry-After"]))
        site.clock.advance(waits[-1])
        assert _guess(site, "nefertiti", "198.51.100.8") == 401
    assert waits == [int(policy.first_delay), int(policy.first_delay) * 2, int(policy.first_delay) * 4]
    site.clock.advance(waits[-1] * 2)
    assert _guess(site, "nefertiti", "198.51.100.8", PASSWORD) == 200
    assert _guess(site, "nefertiti", "198.51.100.8") == 401  # a success forgets the back-off


def test_a_name_is_locked_only_past_a_ceiling_far_above_the_free_attempts(site: Site) -> None:
    site.register("tutankhamun")
    default = site.service.accounts.throttle.policy
    assert default.name_ceiling >= 20 * default.free_attempts
    policy = ThrottlePolicy(name_ceiling=3 * default.free_attempts)  # the same rule, fewer password checks
    site.service.accounts.throttle.policy = policy
    for attempt in range(policy.name_ceiling):
        assert _guess(site, "tutankhamun", f"10.{attempt // 250}.{attempt % 250}.1") == 401
    assert _guess(site, "tutankhamun", "192.0.2.200", PASSWORD) == 429
    site.register("tiye")
    assert _guess(site, "tiye", "192.0.2.200", PASSWORD) == 200


def test_repeated_failures_from_one_address_are_slowed_down_across_names(site: Site) -> None:
    site.register("seti")
    attacker = site.client("192.0.2.66")
    for attempt in range(site.service.accounts.throttle.policy.address_ceiling):
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


def test_successful_logins_give_their_attempts_back_so_a_shared_address_is_not_throttled(site: Site) -> None:
    site.register("office-worker")
    office = "203.0.113.80"
    site.service.accounts.throttle.policy = ThrottlePolicy(address_ceiling=3, name_ceiling=3)
    for _ in range(3 + 5):
        assert _guess(site, "office-worker", office, PASSWORD) == 200
