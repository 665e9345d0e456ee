"""``papyrus api --requests-only`` with real processes: the app on Granian's WSGI threads, no asynchronous
front, for a tier of plain requests. Submits are answered once decided (their wait holds a thread), live
pages still follow every move, and the pages one process holds are bounded by its threads."""

from __future__ import annotations

import sys
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from papyrus.commands.api import RESERVED_THREADS
from tests.e2e.conftest import REDIS_TEST_URL
from tests.e2e.test_live_notices import Page, _redis_or_skip, move, new_game, reach
from tests.e2e.test_observed_deployment import (
    call,
    delete_what_the_run_made,
    free_port,
    rq_keys,
    spawn,
    stop,
    wait_http,
)

PAGES_HELD = 2  # live pages the process holds: its threads less the reserved ones
THREADS = RESERVED_THREADS + PAGES_HELD


@pytest.fixture
def api(tmp_path: Path) -> Iterator[str]:
    store = _redis_or_skip()
    prefix = queue = f"papyrus-requests-only-{uuid.uuid4().hex[:8]}"
    env = {"REDIS_URL": REDIS_TEST_URL, "PAPYRUS_QUEUE": queue, "PAPYRUS_KEY_PREFIX": prefix}
    rq_before, port = rq_keys(store), free_port()
    command = [sys.executable, "-m", "papyrus", "api", "--workers", "1", "--threads", str(THREADS)]
    server = spawn([*command, "--port", str(port), "--requests-only"], env, tmp_path / "api.log")
    worker = spawn([sys.executable, "-m", "papyrus", "worker"], env, tmp_path / "worker.log")
    try:
        wait_http(f"http://127.0.0.1:{port}/api/health", server, tmp_path / "api.log")
        yield f"http://127.0.0.1:{port}"
    finally:
        stop([server, worker])
        delete_what_the_run_made(store, prefix, queue, rq_before)
        store.close()


def test_moves_are_answered_and_followed_and_pages_are_bounded_by_the_threads(api: str) -> None:
    game_id, tokens = new_game(api)
    url = f"{api}/api/games/{game_id}/live"
    pages = [Page(url, token) for token in tokens[:PAGES_HELD]]
    for page in pages:
        threading.Thread(target=page.follow, daemon=True).start()
    reach(pages, 0, "the opening")
    refused = call("GET", url, tokens[0])
    assert refused.status_code == 503, "a page past the threads' share is refused, not queued"
    for number in range(3):
        version = move(api, game_id, tokens, number)  # answered 200 once decided
        reach(pages, version, f"move {number}")
    for page in pages:
        page.stop.set()
