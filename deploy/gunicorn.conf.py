"""gunicorn settings for the Papyrus API:

    gunicorn -c deploy/gunicorn.conf.py "api.app:create_app()"

* Metrics: the API's processes share their figures through prometheus_client's multiprocess mode, so
  ``GET /metrics`` on any of them answers the sum over all of them. ``PROMETHEUS_MULTIPROC_DIR`` names the
  directory they share (a fresh private temporary directory when unset, removed on exit); it is emptied
  when gunicorn starts, and a process that exits is marked dead (its live-stream gauge dropped). It must be
  set before prometheus_client is imported, hence here, before gunicorn forks its workers. Workers
  (``papyrus worker``) never share it: each answers its own figures at ``--metrics-port``.
* Logs: gunicorn's own lines go through the same formatter as the API's (``PAPYRUS_LOG_FORMAT``); its
  access log stays off, the API logs one line per request itself.
* Workers: gthread, because each open game page holds one request on its live stream (see
  deploy/README.md); ``PAPYRUS_LIVE_MAX_STREAMS`` defaults to the threads less ``RESERVED_THREADS``.
"""

from __future__ import annotations

import glob
import os
import shutil
import tempfile
from typing import Any

from gunicorn.glogging import Logger

from services.observability.structured_logs import (
    log_format_from_env,
    log_level_from_env,
    skip_unused_record_fields,
)

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
METRICS_ON = os.environ.get("PAPYRUS_METRICS", "").strip() != "0"
CREATED_DIR = METRICS_ON and not os.environ.get(MULTIPROC_DIR)
if CREATED_DIR:
    os.environ[MULTIPROC_DIR] = tempfile.mkdtemp(prefix="papyrus-metrics-")

worker_class = "gthread"
threads = 32
workers = 4
# Live views may hold at most this many of a worker's threads (api/web/live_slots.py): the rest stay free
# for ordinary requests and the health check, however many game pages are open.
RESERVED_THREADS = 8
os.environ.setdefault("PAPYRUS_LIVE_MAX_STREAMS", str(threads - RESERVED_THREADS))
bind = "0.0.0.0:8000"


class ApiLogger(Logger):
    """gunicorn's logger, its access log on only when asked for (``--access-logfile``): the API logs one line
    per request itself (api/request_log.py), and gunicorn would otherwise build the access log's fields for
    every request and drop them, since a logging configuration is given below."""

    @property
    def access_log_enabled(self) -> bool:
        return bool(self.cfg.accesslog)


logger_class = ApiLogger
skip_unused_record_fields()
_FORMATTER = {
    "json": "services.observability.structured_logs.JsonFormatter",
    "text": "services.observability.structured_logs.TextFormatter",
}[log_format_from_env()]
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "root": {"level": log_level_from_env(), "handlers": ["papyrus"]},
    "loggers": {"gunicorn.error": {"handlers": [], "propagate": True}},  # its level: --log-level
    "handlers": {
        "papyrus": {"class": "logging.StreamHandler", "formatter": "papyrus", "stream": "ext://sys.stderr"}
    },
    "formatters": {"papyrus": {"()": _FORMATTER}},
}


def on_starting(server: Any) -> None:
    """Forget the figures of a previous run."""
    directory = os.environ.get(MULTIPROC_DIR)
    if METRICS_ON and directory:
        for stale in glob.glob(os.path.join(directory, "*.db")):
            os.remove(stale)


def post_worker_init(worker: Any) -> None:
    """The app is built: what it holds for good is frozen out of the garbage collector's walks
    (services/observability/gc_pauses.py; imported here, once the multiprocess directory is set)."""
    from services.observability.gc_pauses import settle_after_start

    settle_after_start()


def child_exit(server: Any, worker: Any) -> None:
    """A process that exits stops counting in the live gauges (its counters stay in the sums)."""
    if METRICS_ON and os.environ.get(MULTIPROC_DIR):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    if CREATED_DIR:
        shutil.rmtree(os.environ[MULTIPROC_DIR], ignore_errors=True)
