"""The front's threads (api/front/app_threads.py): work handed over runs on them, without a future or with
one (``submit``, as the loop's ``run_in_executor`` uses it); a failure is logged and the thread goes on."""

from __future__ import annotations

import asyncio
import logging
import threading

import pytest

from api.front.app_threads import AppThreads


def test_work_runs_on_the_named_threads_and_a_failure_leaves_them_serving(
    caplog: pytest.LogCaptureFixture,
) -> None:
    threads = AppThreads(1, "papyrus-test")  # one thread: the failure is logged before the next work runs
    ran: list[str] = []
    done = threading.Event()

    def fail() -> None:
        raise RuntimeError("boom")

    def note(text: str) -> None:
        ran.append(threading.current_thread().name)
        done.set()

    with caplog.at_level(logging.ERROR):
        threads.run(fail)
        threads.run(note, "after")
        assert done.wait(5)
    assert ran[0].startswith("papyrus-test_")
    assert any("failed" in record.getMessage() for record in caplog.records)
    threads.shutdown()


def test_submit_answers_a_future_for_the_loop() -> None:
    threads = AppThreads(1, "papyrus-test")

    def divide(a: int, b: int) -> float:
        return a / b

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        assert await loop.run_in_executor(threads, divide, 6, 3) == 2
        with pytest.raises(ZeroDivisionError):
            await loop.run_in_executor(threads, divide, 1, 0)

    asyncio.run(scenario())
    threads.shutdown()
