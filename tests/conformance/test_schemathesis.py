"""The API against its own OpenAPI document, fuzzed by schemathesis (issue 13, "Also"): every operation,
positive and negative examples, every check schemathesis has; any 5xx, any status, header, content type or
body the document does not describe fails the suite. In process (WSGI) on an embedded store with its worker,
bounded to a few examples per operation so the whole run takes about a minute."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import fakeredis
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from api.app import create_app
from api.web.settings import EXTENSION as LIVE_EXTENSION
from api.web.settings import LiveSettings
from services.game_service import GameService
from services.settings import Settings
from workers.embedded import start_embedded_worker

EXAMPLES_PER_OPERATION = 40
# Refusals no document can foresee, as they depend on the game a request reaches: a command of another
# game's type (the document lists every game's commands), a move the rules refuse now (422), a version the
# game has not reached yet (`at`,
# the live stream's `after`). They are still checked for everything but "a schema-valid request is
# accepted".
# Names are NFKC-normalised before they are checked: the document spells out the characters refused, but
# not a length counted after normalisation (one character may become several).
NAME_FIELDS = {"name", "display_name", "player_name"}
STATE_DEPENDENT = {("command.invalid", "command.type"), ("at.invalid", "at"), ("invalid_query", "after")}


STORE = fakeredis.FakeRedis(server=fakeredis.FakeServer())
SERVICE = GameService(STORE, Settings())
APP = create_app(SERVICE, redis=STORE, mode="embedded")
APP.extensions[LIVE_EXTENSION] = LiveSettings(stream_seconds=0.3, heartbeat_seconds=0.1)  # short streams
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def worker() -> Iterator[None]:
    """The embedded worker, so started games move on while the fuzzing runs."""
    running = start_embedded_worker(SERVICE)
    yield
    running.stop()


def _depends_on_the_game(response: Any) -> bool:
    if response.status_code == 422:  # the rules refuse this move now
        return True
    if response.status_code != 400:
        return False
    error = response.json().get("error", {})
    code, field = error.get("code"), error.get("field")
    return (code, field) in STATE_DEPENDENT or (field in NAME_FIELDS and code == f"{field}.invalid")


@pytest.fixture(scope="module")
def seated(worker: None) -> tuple[str, str]:
    """A running game (seat 0 a player, the rest bots) and seat 0's token: half the generated requests
    under ``/games/<id>/`` go to it with that token, so they reach past the 401 and the 404."""
    client = APP.test_client()
    game_id = client.post("/api/games", json={"game": "giza", "seats": 2}).get_json()["id"]
    token = client.post(f"/api/games/{game_id}/seats", json={"name": "fuzz"}).get_json()["token"]
    started = client.post(
        f"/api/games/{game_id}/start",
        json={"fill_with_bots": True},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert started.status_code == 200, started.get_json()
    return game_id, token


@schema.parametrize()
@settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    database=None,
    derandomize=True,  # the same examples on every run of the same code: CI never fails by chance
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_as_its_document_says(case: Any, seated: tuple[str, str]) -> None:
    game_id, token = seated
    parameters = case.path_parameters or {}
    if "game_id" in parameters and hash(repr(parameters)) % 2 == 0:
        parameters["game_id"] = game_id
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        case.cookies = {}  # the seat token alone: a forged session cookie beside it would be ignored
    response = case.call()
    if _depends_on_the_game(response):
        case.validate_response(response, excluded_checks=[positive_data_acceptance])
    else:
        case.validate_response(response)
