"""The OpenAPI 3.1 document of this API."""

from __future__ import annotations

from typing import Any

from api.endpoints import Freeform, api_blueprint, endpoint
from api.openapi import openapi_document

blueprint = api_blueprint("openapi", __name__)


@endpoint(
    blueprint,
    "GET",
    "/openapi.json",
    summary="This document.",
    responses={200: ("OpenAPI 3.1", Freeform("OpenAPI", "An OpenAPI 3.1 document"))},
)
def openapi_json() -> dict[str, Any]:
    return openapi_document()
