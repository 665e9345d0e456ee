"""One call for a process that starts from the environment (``papyrus serve``, ``papyrus worker``,
``papyrus api``): its log format and level, and whether it records metrics."""

from __future__ import annotations

from collections.abc import Mapping

from services.observability import metrics
from services.observability.shared_figures import metrics_enabled_from_env
from services.observability.structured_logs import configure_logging


def observe_from_env(env: Mapping[str, str] | None = None) -> None:
    """Configure logging (``PAPYRUS_LOG_FORMAT``, ``PAPYRUS_LOG_LEVEL``) and metrics (``PAPYRUS_METRICS``);
    a bad value raises ValueError naming the variable."""
    enabled = metrics_enabled_from_env(env)
    configure_logging(env)
    metrics.enable(enabled)
