"""The "ask before sending a move" setting of an account: off unless chosen, kept per account, refused
without a login or with a value that is not true or false."""

from __future__ import annotations

import secrets

from tests.api.support import Harness, bearer

PASSWORD = "papyrus-pass-4"


def _token(api: Harness, name: str) -> str:
    name = f"{name}-{secrets.token_hex(4)}"
    assert api.client.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201
    return str(api.client.post("/api/sessions", json={"name": name, "password": PASSWORD}).json["token"])


def test_an_account_chooses_to_be_asked_before_each_move_and_keeps_the_choice(api: Harness) -> None:
    token, other = _token(api, "mindful"), _token(api, "hasty")
    assert api.client.get("/api/accounts/me/moves", headers=bearer(token)).json == {"confirm": False}
    chosen = api.client.put("/api/accounts/me/moves", json={"confirm": True}, headers=bearer(token))
    assert chosen.status_code == 200 and chosen.json == {"confirm": True}
    assert api.client.get("/api/accounts/me/moves", headers=bearer(token)).json == {"confirm": True}
    assert api.client.get("/api/accounts/me/moves", headers=bearer(other)).json == {"confirm": False}
    api.client.put("/api/accounts/me/moves", json={"confirm": False}, headers=bearer(token))
    assert api.client.get("/api/accounts/me/moves", headers=bearer(token)).json == {"confirm": False}


def test_the_setting_needs_a_login_and_a_true_or_false(api: Harness) -> None:
    assert api.client.get("/api/accounts/me/moves").status_code == 401
    token = _token(api, "sloppy")
    refused = api.client.put("/api/accounts/me/moves", json={"confirm": "yes"}, headers=bearer(token))
    assert refused.status_code == 400
    assert refused.json["error"]["field"] == "confirm"
