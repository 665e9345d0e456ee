"""``GET /metrics``: the Prometheus text exposition of this API's figures and the store's (see
services/observability/). Not part of the JSON API (no ``/api`` prefix, not in the OpenAPI document);
404 when metrics are off (``PAPYRUS_METRICS=0``)."""

from __future__ import annotations

from flask import Blueprint, Response

from api.context import game_service
from api.errors import ApiError
from services.observability import metrics
from services.observability.exposition import render
from services.observability.service_probe import StoreProbe

blueprint = Blueprint("metrics", __name__)


@blueprint.get("/metrics")
def scrape() -> Response:
    if not metrics.is_enabled():
        raise ApiError(404, "metrics_off", "Metrics are turned off (PAPYRUS_METRICS=0).", None)
    body, content_type = render(StoreProbe(game_service().components))
    return Response(body, content_type=content_type)
