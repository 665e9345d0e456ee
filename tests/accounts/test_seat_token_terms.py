"""Seat token lifetimes: a seat token taken while logged in dies with that login (logout,
password change); an anonymous one expires after ``seat_token_ttl`` unless rotated, and rotating it ends
the old token at once."""

from __future__ import annotations

from typing import Any

from tests.accounts.conftest import PASSWORD, Site

NEW_PASSWORD = "a brand new password"


def _view(site: Site, game_id: str, seat: int, token: str) -> int:
    """The status of the seat's view. Its legal commands answer the same, and a command sent with the
    token is refused 401 exactly when the view is: those two prove the token in the round trip that reads
    the game (services/proven_reads.py)."""
    headers = {"Authorization": f"Bearer {token}"}
    client = site.client()
    view = client.get(f"/api/games/{game_id}/seats/{seat}/view", headers=headers).status_code
    legal = client.get(f"/api/games/{game_id}/seats/{seat}/legal-commands", headers=headers).status_code
    probe = {"command_id": "probe", "command": {"type": "no.such_command"}}
    submitted = client.post(f"/api/games/{game_id}/commands", json=probe, headers=headers).status_code
    assert legal == view
    assert (submitted == 401) == (view == 401), (submitted, view)
    return int(view)


def _joined(site: Site, headers: dict[str, str]) -> tuple[str, dict[str, Any]]:
    game = site.new_game()
    joined = site.join(game["id"], headers)
    assert joined.status_code == 201, joined.get_json()
    return game["id"], joined.get_json()


def test_an_accounts_seat_token_stops_working_at_logout(site: Site) -> None:
    site.register("khufu")
    login = site.login("khufu")
    game_id, granted = _joined(site, login)
    assert granted["expires_at"] is None  # it lasts as long as the login
    assert _view(site, game_id, 0, granted["token"]) == 200
    assert site.client().delete("/api/sessions/current", headers=login).status_code == 200
    assert _view(site, game_id, 0, granted["token"]) == 401
    again = site.login("khufu")
    view = site.client().get(f"/api/games/{game_id}/seats/0/view", headers=again)
    assert view.status_code == 200  # the account still holds its seat


def test_a_password_change_ends_every_login_and_the_seat_tokens_bound_to_them(site: Site) -> None:
    site.register("khafra")
    login, other_login = site.login("khafra"), site.login("khafra")
    game_id, granted = _joined(site, login)
    wrong = site.client().post(
        "/api/accounts/me/password",
        json={"password": "not my password", "new_password": NEW_PASSWORD},
        headers=login,
    )
    assert (wrong.status_code, wrong.get_json()["error"]["code"]) == (403, "password.wrong")
    assert _view(site, game_id, 0, granted["token"]) == 200
    changed = site.client().post(
        "/api/accounts/me/password", json={"password": PASSWORD, "new_password": NEW_PASSWORD}, headers=login
    )
    assert changed.status_code == 200
    for old in (login, other_login):
        assert site.client().get("/api/accounts/me", headers=old).status_code == 401
    assert _view(site, game_id, 0, granted["token"]) == 401
    fresh = {"Authorization": f"Bearer {changed.get_json()['token']}"}
    assert site.client().get("/api/accounts/me", headers=fresh).status_code == 200
    assert (
        site.client().post("/api/sessions", json={"name": "khafra", "password": PASSWORD}).status_code == 401
    )
    assert site.login("khafra", NEW_PASSWORD)


def test_an_anonymous_seat_token_expires_after_its_lifetime(site: Site) -> None:
    game_id, granted = _joined(site, {})
    ttl = site.service.settings.seat_token_ttl
    assert granted["expires_at"] == site.clock() + ttl
    site.clock.advance(ttl - 1)
    assert _view(site, game_id, 0, granted["token"]) == 200
    site.clock.advance(2)
    assert _view(site, game_id, 0, granted["token"]) == 401


def test_rotating_a_seat_token_ends_the_old_one_and_starts_a_new_lifetime(site: Site) -> None:
    game_id, granted = _joined(site, {})
    old = {"Authorization": f"Bearer {granted['token']}"}
    site.clock.advance(1000)
    elsewhere = site.client().post(f"/api/games/{game_id}/seats/1/token", headers=old)
    assert (elsewhere.status_code, elsewhere.get_json()["error"]["code"]) == (403, "not_your_seat")
    rotated = site.client().post(f"/api/games/{game_id}/seats/0/token", headers=old)
    assert rotated.status_code == 200
    fresh = rotated.get_json()
    assert fresh["seat"] == 0 and fresh["token"] != granted["token"]
    assert fresh["expires_at"] == granted["expires_at"] + 1000
    assert _view(site, game_id, 0, granted["token"]) == 401
    assert _view(site, game_id, 0, fresh["token"]) == 200
    again = site.client().post(f"/api/games/{game_id}/seats/0/token", headers=old)
    assert again.status_code == 401
    anonymous = site.client().post(f"/api/games/{game_id}/seats/0/token")
    assert (anonymous.status_code, anonymous.get_json()["error"]["field"]) == (401, "Authorization")


def test_the_rotation_endpoint_is_documented_with_every_status(site: Site) -> None:
    document = site.client().get("/api/openapi.json").get_json()
    operation = document["paths"]["/api/games/{game_id}/seats/{seat}/token"]["post"]
    assert {"200", "400", "401", "403", "415"} <= set(operation["responses"])
