"""Health (can the service move games on?) and liveness (does this process serve requests?)."""

from __future__ import annotations

import dataclasses
import time

from flask import Response, jsonify

from api.context import api_context
from api.endpoints import api_blueprint, endpoint
from api.schemas import Health, Liveness
from services.operations.health import HealthReport, check_health

blueprint = api_blueprint("health", __name__)


@endpoint(
    blueprint,
    "GET",
    "/health",
    summary="Readiness: Redis answers, a worker is alive and the sweep runs (503 lists what is missing); "
    "degraded while the oldest undecided command is more than a few seconds old.",
    responses={
        200: ("Everything a game needs is there (ok, or degraded while the workers lag)", Health),
        503: ("Something is missing", Health),
    },
)
def health() -> Response:
    context = api_context()
    now = time.time()
    report = check_health(context.service.components, context.redis.ping, now)
    response = jsonify(_health_body(report, context.mode, now))
    response.status_code = 200 if report.ok else 503
    return response


def _health_body(report: HealthReport, mode: str, now: float) -> dict[str, object]:
    sweep = report.sweep
    last_sweep = None
    if sweep is not None:
        last_sweep = {
            "at": sweep.last.at,
            "age_seconds": round(now - sweep.last.at, 3),
            "due": sweep.last.due,
            "repaired": sweep.last.repaired,
            "runs": sweep.runs,
            "repaired_total": sweep.repaired,
        }
    return {
        "status": report.status,
        "redis": "down" if "redis" in report.missing else "ok",
        "mode": mode,
        "missing": list(report.missing),
        "workers": report.workers,
        "last_sweep": last_sweep,
        "oldest_undecided_seconds": None if report.lagging is None else round(report.lagging, 3),
        "rq": [dataclasses.asdict(figures) for figures in report.rq],
    }


@endpoint(
    blueprint,
    "GET",
    "/live",
    summary="Liveness: 200 while this process serves requests (touches no Redis; for orchestrators).",
    responses={200: ("The process serves requests", Liveness)},
    reads_store=False,
)
def live() -> Response:
    return jsonify({"status": "alive"})
