"""Every error answer an endpoint documents comes from the one refusal table (api/refusals.py)."""

from __future__ import annotations

from api import refusals
from api.endpoints import ENDPOINTS
from api.refusals import Refusal
from api.schemas import ErrorBody
from tests.api.support import Harness

TABLE = {value for value in vars(refusals).values() if isinstance(value, Refusal)}


def test_endpoints_document_errors_only_through_the_refusal_table(api: Harness) -> None:
    assert ENDPOINTS
    for spec in ENDPOINTS:
        assert not [status for status, (_, body) in spec.responses.items() if body is ErrorBody], spec.path
        assert set(spec.refusals) <= TABLE, spec.path


def test_the_openapi_document_lists_each_refusal_with_the_error_body(api: Harness) -> None:
    document = api.client.get("/api/openapi.json").json
    submit = document["paths"]["/api/games/{game_id}/commands"]["post"]["responses"]
    for refusal in (refusals.STALE_VERSION, refusals.RULES_REFUSE, refusals.NOT_YOUR_SEAT):
        answer = submit[str(refusal.status)]
        assert refusal.description in answer["description"]
        assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/ErrorBody"}
    poll = document["paths"]["/api/games/{game_id}/commands/{command_id}"]["get"]["responses"]
    both = [refusals.UNKNOWN_GAME.description, refusals.UNKNOWN_COMMAND.description]
    assert poll["404"]["description"] == "; ".join(both)
