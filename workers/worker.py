"""Entry point of ``papyrus worker``: an RQ worker (with the RQ scheduler) on the configured queue."""

from __future__ import annotations

from rq import Worker

from services.settings import Settings
from workers import context


def run_worker(settings: Settings | None = None, burst: bool = False, name: str | None = None) -> bool:
    """Work the Papyrus queue until stopped (or until it is empty with ``burst``)."""
    settings = settings or Settings.from_env()
    service = context.service_from_env(settings)
    context.register(service)
    scheduler = service.parts.scheduler
    scheduler.sweep(0.0)
    worker = Worker([scheduler.queue], connection=scheduler.queue.connection, name=name)
    return bool(worker.work(burst=burst, with_scheduler=True, logging_level="INFO"))
