"""Health: does the API answer, and does its Redis?"""

from __future__ import annotations

from flask import Response, jsonify

from api.context import api_context
from api.endpoints import api_blueprint, endpoint
from api.schemas import Health

blueprint = api_blueprint("health", __name__)


@endpoint(
    blueprint,
    "GET",
    "/health",
    summary="Liveness and Redis reachability.",
    responses={200: ("Healthy", Health), 503: ("Redis does not answer", Health)},
)
def health() -> Response:
    context = api_context()
    try:
        redis_ok = bool(context.redis.ping())
    except Exception:  # any failure to reach Redis is "unhealthy", whatever redis-py raised
        redis_ok = False
    response = jsonify(
        {
            "status": "ok" if redis_ok else "degraded",
            "redis": "ok" if redis_ok else "down",
            "mode": context.mode,
        }
    )
    response.status_code = 200 if redis_ok else 503
    return response
