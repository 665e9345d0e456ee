"""Display names, not login names: account names are what a lockout attacker needs, so no
one but the account's owner ever sees one: players lists, the lobby, views, history and another player's
"my games" show the name each player chose (an account's display name by default)."""

from __future__ import annotations

from tests.accounts.conftest import PASSWORD, Site

LOGINS = ("secret-login-ann", "secret-login-bek")


def _register(site: Site, name: str, display_name: str) -> dict[str, str]:
    body = {"name": name, "password": PASSWORD, "display_name": display_name}
    registered = site.client().post("/api/accounts", json=body)
    assert registered.status_code == 201, registered.get_json()
    assert registered.get_json()["display_name"] == display_name
    return site.login(name)


def _everything_others_see(site: Site, game_id: str, watcher: dict[str, str]) -> str:
    paths = [
        "/api/games",
        f"/api/games/{game_id}",
        f"/api/games/{game_id}/view",
        f"/api/games/{game_id}/history",
        f"/api/games/{game_id}/seats/1/view",
        f"/api/games/{game_id}/seats/1/history",
        "/api/accounts/me/games",
    ]
    answers = [site.client().get(path, headers=watcher) for path in paths]
    assert all(answer.status_code == 200 for answer in answers), [a.get_json() for a in answers]
    return " ".join(answer.get_data(as_text=True) for answer in answers)


def test_other_players_see_display_names_and_never_a_login_name(site: Site) -> None:
    ann = _register(site, LOGINS[0], "Ann of Thebes")
    bek = _register(site, LOGINS[1], "Bek")
    lobby_game = site.new_game(seats=3)
    assert site.join(lobby_game["id"], ann, name="Ann").status_code == 201
    game = site.new_game(public=False)
    for login in (ann, bek):
        joined = site.client().post(f"/api/invites/{game['invite']}/seats", json={}, headers=login)
        assert joined.status_code == 201
    started = site.client().post(f"/api/games/{game['id']}/start", json={}, headers=ann)
    assert started.status_code == 200
    site.settle()
    seen = _everything_others_see(site, game["id"], bek)
    assert "Ann of Thebes" in seen and "Bek" in seen
    for login in LOGINS:
        assert login not in seen


def test_display_names_are_unique_whatever_their_letter_case_or_width(site: Site) -> None:
    _register(site, "first-one", "Nefertiti")
    for clash in ("nefertiti", "\uff2e\uff25\uff26\uff25\uff32\uff34\uff29\uff34\uff29"):
        body = {"name": "second-one", "password": PASSWORD, "display_name": clash}
        refused = site.client().post("/api/accounts", json=body)
        assert refused.status_code == 409
        assert (refused.get_json()["error"]["code"], refused.get_json()["error"]["field"]) == (
            "display_name.taken",
            "display_name",
        )
    assert (
        site.client().post("/api/sessions", json={"name": "second-one", "password": PASSWORD}).status_code
        == 401
    )
