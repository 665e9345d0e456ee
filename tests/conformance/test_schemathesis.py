"""The API against its own OpenAPI document, fuzzed by schemathesis: every operation,
positive and negative examples, every check schemathesis has; any 5xx, any status, header, content type or
body the document does not describe fails the suite. In process (WSGI) on an embedded store with its worker,
bounded to a few examples per operation so the whole run takes about a minute."""

from __future__ import annotations

import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import fakeredis
import pytest
import schemathesis
import schemathesis.pytest
from flask import Flask
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
# A webhook URL must resolve to a public address, which depends on DNS at the moment of the request. A seat
# number in a body must be one of the game's seats, which the document cannot bound for every game.
STATE_DEPENDENT = {
    ("seat.invalid", "seat"),
    ("command.invalid", "command.type"),
    ("at.invalid", "at"),
    ("invalid_query", "after"),
    ("webhook.url_refused", "url"),
}


@dataclass
class Served:
    service: GameService
    app: Flask


@pytest.fixture(scope="module")
def served() -> Served:
    """The app on an embedded store, built by the worker that runs these tests (not at collection)."""
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = GameService(store, Settings())
    app = create_app(service, redis=store, mode="embedded")
    app.extensions[LIVE_EXTENSION] = LiveSettings(stream_seconds=0.3, heartbeat_seconds=0.1)  # short streams
    return Served(service, app)


@pytest.fixture(scope="module")
def api_schema(served: Served) -> Any:
    return schemathesis.openapi.from_wsgi("/api/openapi.json", served.app)


schema = schemathesis.pytest.from_fixture("api_schema")


@pytest.fixture(scope="module", autouse=True)
def worker(served: Served) -> Iterator[None]:
    """The embedded worker, so started games move on while the fuzzing runs."""
    running = start_embedded_worker(served.service)
    yield
    running.stop()


def _depends_on_the_game(response: Any) -> bool:
    if response.status_code in (422, 426):  # the rules refuse this move now; a WebSocket, opened as one
        return True
    if response.status_code != 400:
        return False
    error = response.json().get("error", {})
    code, field = error.get("code"), error.get("field")
    return (code, field) in STATE_DEPENDENT or (field in NAME_FIELDS and code == f"{field}.invalid")


@pytest.fixture(scope="module")
def seated(worker: None, served: Served) -> tuple[str, str]:
    """A running game (seat 0 a player, the rest bots) and seat 0's token: half the generated requests
    under ``/games/<id>/`` go to it with that token, so they reach past the 401 and the 404."""
    client = served.app.test_client()
    game_id = client.post("/api/games", json={"game": "giza", "seats": 2}).get_json()["id"]
    token = client.post(f"/api/games/{game_id}/seats", json={"name": "fuzz"}).get_json()["token"]
    started = client.post(
        f"/api/games/{game_id}/start",
        json={"fill_with_bots": True},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert started.status_code == 200, started.get_json()
    return game_id, token


# The fuzzing, the fast tier's longest run, is two xdist units of about the same work (the account,
# session and notification operations; the rest), each building the app and the game once on its worker,
# so the two workers end together. tests/conftest.py starts both first (LONG_UNITS).
ACCOUNTS_UNIT = "tests/conformance/test_schemathesis.py::accounts"
FUZZ_SETTINGS = settings(
    max_examples=EXAMPLES_PER_OPERATION,
    deadline=None,
    database=None,
    derandomize=True,  # the same examples on every run of the same code: CI never fails by chance
    suppress_health_check=list(HealthCheck),
)


def _account_operations(context: Any) -> bool:
    """The operations under /api/accounts, /api/sessions and /api/notifications: about half of the
    fuzzing's work."""
    return str(context.operation.path).startswith(("/api/accounts", "/api/sessions", "/api/notifications"))


@pytest.mark.xdist_group(ACCOUNTS_UNIT)
@schema.include(_account_operations).parametrize()
@FUZZ_SETTINGS
def test_the_account_operations_answer_as_the_document_says(case: Any, seated: tuple[str, str]) -> None:
    _call_and_validate(case, seated)


@schema.exclude(_account_operations).parametrize()
@FUZZ_SETTINGS
def test_the_other_operations_answer_as_the_document_says(case: Any, seated: tuple[str, str]) -> None:
    _call_and_validate(case, seated)


def _call_and_validate(case: Any, seated: tuple[str, str]) -> None:
    """One generated request, half of those under ``/games/<id>/`` sent to the running game with its seat's
    token; the answer checked against the document (state-dependent refusals exempt from "a valid request
    is accepted")."""
    game_id, token = seated
    parameters = case.path_parameters or {}
    if "game_id" in parameters and zlib.crc32(repr(parameters).encode()) % 2 == 0:  # the same every run
        parameters["game_id"] = game_id
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {token}"}
        case.cookies = {}  # the seat token alone: a forged session cookie beside it would be ignored
    response = case.call()
    if _depends_on_the_game(response):
        case.validate_response(response, excluded_checks=[positive_data_acceptance])
    else:
        case.validate_response(response)


def _nested(depth: int) -> Any:
    value: Any = 1
    for level in range(depth):
        value = [value] if level % 2 else {"a": value}
    return value


HUGE_NUMBERS = (10**18, 2**63, 92233720368547759)


def test_deeply_nested_bodies_and_huge_numbers_answer_4xx_as_documented(
    api_schema: Any, seated: tuple[str, str], subtests: pytest.Subtests
) -> None:
    """Beside the generated examples, for every operation: a body nested 600 deep (as the whole body and as
    each of its fields), and every integer query parameter at 10^18 and beyond 64 bits: each answered as the
    document says, never a 5xx."""
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert operations
    for operation in operations:
        with subtests.test(msg=operation.label):
            _check_deep_bodies_and_huge_numbers(operation, seated)


def _check_deep_bodies_and_huge_numbers(operation: Any, seated: tuple[str, str]) -> None:
    game_id, token = seated
    path = {name: game_id if name == "game_id" else "0" for name in _path_names(operation)}
    headers = {"Authorization": f"Bearer {token}"}
    cases = []
    if operation.body:
        deep = _nested(600)
        fields = _body_fields(operation)
        cases.append(operation.Case(path_parameters=path, headers=headers, body=deep, media_type=JSON))
        cases += [
            operation.Case(path_parameters=path, headers=headers, body={name: deep}, media_type=JSON)
            for name in fields
        ]
    for name in _integer_queries(operation):
        cases += [
            operation.Case(path_parameters=path, headers=headers, query={name: number})
            for number in HUGE_NUMBERS
        ]
    for case in cases:
        response = case.call()
        assert response.status_code < 500, (case.body if operation.body else case.query, response.text)
        case.validate_response(response, excluded_checks=[positive_data_acceptance])


JSON = "application/json"


def _path_names(operation: Any) -> list[str]:
    return [parameter.name for parameter in operation.path_parameters]


def _integer_queries(operation: Any) -> list[str]:
    return [
        parameter.name
        for parameter in operation.query
        if parameter.definition.get("schema", {}).get("type") == "integer"
    ]


def _body_fields(operation: Any) -> list[str]:
    schema_of_body = next(iter(operation.body)).definition.get("schema", {})
    return sorted(schema_of_body.get("properties", {}))
