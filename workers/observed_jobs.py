"""Every job logs one line when it ends (job id, function, game id, seat, duration, outcome) and is counted
in ``papyrus_job_duration_seconds`` / ``papyrus_jobs_failed_total``; whatever it logs meanwhile carries
the same ids (a context bound for the job's run)."""

from __future__ import annotations

import functools
import inspect
import logging
import time
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from rq import get_current_job

from services.observability import metrics
from services.observability.structured_logs import bound, fields

log = logging.getLogger("papyrus.jobs")
LOGGED_ARGUMENTS = ("game_id", "seat", "version")
P = ParamSpec("P")
R = TypeVar("R")


def _job_id() -> str | None:
    job = get_current_job()
    return job.id if job is not None else None


def _shown_result(result: object) -> object:
    """Counts and flags only: a job's result is logged when it is a number or a bool."""
    return result if isinstance(result, int | float | bool) else None


def observed(function: Callable[P, R]) -> Callable[P, R]:
    """``function`` as a job that logs its one line and is counted."""
    names = list(inspect.signature(function).parameters)
    name = function.__name__

    @functools.wraps(function)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        given: dict[str, Any] = {**dict(zip(names, args, strict=False)), **kwargs}
        ids = {key: given[key] for key in LOGGED_ARGUMENTS if key in given}
        started = time.perf_counter()
        with bound(job_id=_job_id(), function=name, **ids):
            try:
                result = function(*args, **kwargs)
            except Exception as error:
                _ended(name, started, "failed", logging.ERROR, error=type(error).__name__)
                raise
            _ended(name, started, "ok", logging.INFO, result=_shown_result(result))
        return result

    return run


def _ended(name: str, started: float, outcome: str, level: int, **line: Any) -> None:
    seconds = time.perf_counter() - started
    metrics.job_finished(name, seconds, failed=outcome == "failed")
    log.log(level, "job", extra=fields(duration_ms=round(seconds * 1000, 2), outcome=outcome, **line))
