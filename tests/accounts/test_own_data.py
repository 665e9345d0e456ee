"""A player's own data: the export of everything held about the account, and its erasure (password
confirmed) leaving one pseudonym in every game, chat, index and export, finished games whole and verified."""

from __future__ import annotations

import json
from typing import Any

from services.audit.verify import verify_export
from tests.accounts.conftest import PASSWORD, Site

SECRETS = ("scrypt$", "webhook_secret", "token")


def _play(site: Site, game_id: str, tokens: dict[int, dict[str, str]]) -> None:
    for turn in range(200):
        site.settle()
        view = site.client().get(f"/api/games/{game_id}/view").get_json()
        if view["status"] == "over":
            return
        for seat in view["to_act"]:
            mine = (
                site.client().get(f"/api/games/{game_id}/seats/{seat}/view", headers=tokens[seat]).get_json()
            )
            body = {"command_id": f"t{turn}-{seat}", "command": mine["view"]["legal"][0]}
            site.client().post(f"/api/games/{game_id}/commands", json=body, headers=tokens[seat])
    raise AssertionError("the game did not finish")


def _finished_game(site: Site, login: dict[str, str]) -> tuple[str, str]:
    """A two-seat toy game the account played (seat 0, as its display name) to the end, with table talk."""
    game_id = site.new_game()["id"]
    ann = site.join(game_id, login, name="Queen Ann").get_json()
    guest = site.join(game_id, {}, name="Guest").get_json()
    tokens = {
        0: {"Authorization": f"Bearer {ann['token']}"},
        1: {"Authorization": f"Bearer {guest['token']}"},
    }
    assert site.client().post(f"/api/games/{game_id}/start", json={}, headers=tokens[0]).status_code == 200
    said = site.client().post(
        f"/api/games/{game_id}/chat", json={"text": "good luck, from ann"}, headers=login
    )
    assert said.status_code == 201, said.get_json()
    _play(site, game_id, tokens)
    return game_id, ann["token"]


def test_the_export_holds_the_accounts_data_and_no_secret(site: Site) -> None:
    site.register("ann-of-thebes")
    login = site.login("ann-of-thebes")
    assert site.client().put("/api/accounts/me/email", json={"email": "ann@example.test"}, headers=login)
    game_id, _ = _finished_game(site, login)
    site.settle()
    exported = site.client().get("/api/accounts/me/data", headers=login)
    assert exported.status_code == 200
    assert exported.headers["Cache-Control"] == "no-store"
    data = exported.get_json()
    assert data["account"]["name"] == "ann-of-thebes"
    assert [game["id"] for game in data["games"]] == [game_id]
    assert [message["text"] for message in data["chat"]] == ["good luck, from ann"]
    assert data["notifications"]["pending_email"] == "ann@example.test"
    assert data["login_addresses"] == ["203.0.113.1"]
    text = json.dumps(data)
    assert not any(secret in text for secret in SECRETS)
    assert site.client().get("/api/accounts/me/data").status_code == 401


def test_erasing_an_account_leaves_a_pseudonym_and_every_finished_game_verified(site: Site) -> None:
    site.register("ann-of-thebes")
    login = site.login("ann-of-thebes")
    game_id, seat_token = _finished_game(site, login)
    site.settle()
    wrong = site.client().delete("/api/accounts/me", json={"password": "not it at all"}, headers=login)
    assert wrong.status_code == 403 and wrong.get_json()["error"]["field"] == "password"
    erased = site.client().delete("/api/accounts/me", json={"password": PASSWORD}, headers=login)
    assert erased.status_code == 200
    pseudonym = erased.get_json()["pseudonym"]
    assert pseudonym.startswith("Former player ")
    held = [key.decode() for key in site.service.components.redis.keys("*") if b"ann-of-thebes" in key]
    assert held == []

    assert site.client().get("/api/accounts/me", headers=login).status_code == 401
    again = site.client().post("/api/sessions", json={"name": "ann-of-thebes", "password": PASSWORD})
    assert again.status_code == 401
    players = site.client().get(f"/api/games/{game_id}").get_json()["players"]
    assert [player["name"] for player in players] == [pseudonym, "Guest"]
    chat = site.client().get(f"/api/games/{game_id}/chat").get_json()
    assert [(message["name"], message["text"]) for message in chat] == [(pseudonym, "good luck, from ann")]
    export = site.client().get(f"/api/games/{game_id}/export").get_data(as_text=True)
    assert "ann-of-thebes" not in export.lower() and "Queen Ann" not in export and pseudonym in export
    report: Any = verify_export(export.splitlines())
    assert report.ok, report
    # the name is free again, and a new account of that name inherits nothing
    site.register("ann-of-thebes")
    assert site.client().get("/api/accounts/me/games", headers=site.login("ann-of-thebes")).get_json() == []
    seat_view = site.client().get(
        f"/api/games/{game_id}/seats/0/view", headers={"Authorization": f"Bearer {seat_token}"}
    )
    assert seat_view.status_code == 401  # the seat token bound to the erased login died with it
