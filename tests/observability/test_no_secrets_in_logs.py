"""No log line names a secret: while a game with hidden cards is played (its commands, a refused one, a
malformed body that carries a hidden card's id, a live stream, an account's login), every line the
process logs at DEBUG level is searched for every seat's hidden cards, the seat tokens, the login token and
the password."""

from __future__ import annotations

import io
import re

from tests.api.support import bearer
from tests.observability.conftest import App, Table, lines

PASSWORD = "correct horse battery staple"


def test_the_logs_hold_ids_and_codes_but_no_secret(app: App, captured_logs: io.StringIO) -> None:
    table = app.open_table()
    statuses = app.play(table, commands=12)
    assert statuses.count(200) >= 6
    app.gather_secrets(table)
    assert table.secrets, "the game must have hidden cards for this test to mean anything"
    refused = submit_out_of_turn(app, table)
    assert refused in {409, 422}
    assert carry_a_secret_in_a_bad_body(app, table) == 400
    assert name_a_secret_in_a_command(app, table) == 422
    login_token = log_in(app)
    live = app.client.get(f"/api/games/{table.game_id}/live", headers=bearer(table.tokens[1]), buffered=False)
    next(live.response)
    live.close()

    text = captured_logs.getvalue()
    assert len(lines(captured_logs)) > 20  # the game was logged, request by request and job by job
    assert table.game_id in text
    named = {
        secret for secret in table.secrets if re.search(rf"(?<![\w-]){re.escape(secret)}(?![\w-])", text)
    }
    assert named == set()
    for token in [*table.tokens, login_token]:
        assert token not in text
    assert PASSWORD not in text


def submit_out_of_turn(app: App, table: Table) -> int:
    acting, legal = app.next_to_act(table)
    waiting = (acting + 1) % len(table.tokens)
    body = {"command_id": "out-of-turn", "command": legal[0]}
    auth = bearer(table.tokens[waiting])
    return app.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=auth).status_code


def carry_a_secret_in_a_bad_body(app: App, table: Table) -> int:
    secret = sorted(table.secrets)[0]
    seat, legal = app.next_to_act(table)
    body = {"command_id": "bad", "command": {"type": legal[0]["type"], "not_a_field": secret}}
    auth = bearer(table.tokens[seat])
    return app.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=auth).status_code


def name_a_secret_in_a_command(app: App, table: Table) -> int:
    """A well-formed command naming another seat's hidden card where the rules expect something else: it
    is queued, decided and refused, so its body travels through the API, the inbox and the worker."""
    seat, legal = app.next_to_act(table)
    command = legal[0]
    field = next(key for key, value in command.items() if key != "type" and isinstance(value, str))
    body = {"command_id": "smuggled", "command": {**command, field: sorted(table.secrets)[-1]}}
    auth = bearer(table.tokens[seat])
    return app.client.post(f"/api/games/{table.game_id}/commands", json=body, headers=auth).status_code


def log_in(app: App) -> str:
    account = {"name": "auditor", "password": PASSWORD}
    assert app.client.post("/api/accounts", json=account).status_code == 201
    session = app.client.post("/api/sessions", json=account)
    assert session.status_code == 200
    token: str = session.json["token"]
    assert app.client.get("/api/accounts/me/games", headers=bearer(token)).status_code == 200
    return token
