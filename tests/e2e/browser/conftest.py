"""Browser tests: the whole Papyrus app in this process (embedded fakeredis store and worker) behind a
threaded HTTP server, driven by Playwright through Debian's Chromium, headless.

They skip when Chromium or the playwright module is missing, unless PAPYRUS_REQUIRE_BROWSER=1 (CI), where
that is a failure. Screenshots go to test-artifacts/browser/. Never run `playwright install`: the browser is
/usr/bin/chromium.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import fakeredis
import pytest
from werkzeug.serving import BaseWSGIServer, make_server

from api.app import create_app
from api.context import ApiConfig
from api.web.settings import LiveSettings, install_settings
from services.game_service import GameService
from services.limits.quotas import QuotaPolicy
from services.settings import Settings
from tests.e2e.browser.pages import bot_game_to_the_end
from tests.support.harness import TEST_BOT_ITERATIONS, TEST_BOT_THINK_MS
from workers.embedded import start_embedded_worker

CHROMIUM = Path(os.environ.get("PAPYRUS_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "browser"
STATIC_MAX_AGE_SECONDS = 3600
LIVE_SECONDS = 1.0  # short live connections, so every test also exercises reconnection
ENDED_GAMES = {"egizia": 2, "giza": 3, "sobek": 3}  # seats of each game bots play to its end
# The modules reading ``ended_games`` name this xdist group, so one worker plays those games once.
ENDED_GAMES_GROUP = pytest.mark.xdist_group("browser-ended-games")
BOT_GAMES = 8  # random bots leave a building empty now and then: play again until each holds a stone
BOT_GAME_SECONDS = 120.0


def missing_browser(reason: str) -> None:
    if os.environ.get("PAPYRUS_REQUIRE_BROWSER") == "1":
        pytest.fail(f"PAPYRUS_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@dataclass(frozen=True)
class Site:
    base_url: str
    service: GameService


@pytest.fixture(scope="package")
def site() -> Iterator[Site]:
    store = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    # Every browser test signs its players up from 127.0.0.1; the quotas have tests of their own.
    service = GameService(
        store,
        Settings(
            quotas=QuotaPolicy.off(), bot_think_ms=TEST_BOT_THINK_MS, bot_iterations=TEST_BOT_ITERATIONS
        ),
    )
    worker = start_embedded_worker(service)
    app = create_app(service, redis=store, config=ApiConfig(submit_wait_seconds=5.0), mode="test")
    # The pages' own files do not change during a run: a browser context keeps them instead of asking again
    # on every page it opens (a page load then costs about a third less CPU).
    app.config["SEND_FILE_MAX_AGE_DEFAULT"] = STATIC_MAX_AGE_SECONDS
    install_settings(app, LiveSettings(stream_seconds=LIVE_SECONDS, heartbeat_seconds=1.0, retry_ms=200))
    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Site(f"http://127.0.0.1:{server.server_port}", service)
    finally:
        server.shutdown()
        worker.stop()


@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing_browser("the playwright module is not installed (pip install playwright)")
    if not CHROMIUM.exists():
        missing_browser(f"no Chromium at {CHROMIUM} (apt-get install -y chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="package")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


def _owners(view: dict[str, Any]) -> dict[str, set[int]]:
    pyramid = [space for row in view["pyramid"] for space in row]
    parts = {
        "obelisk": view["obelisk"],
        "graves": view["graves"],
        "pyramid": pyramid,
        "temple": view["temple"],
    }
    return {name: {space["owner"] for space in spaces} - {-1} for name, spaces in parts.items()}


def _play_bot_game(service: GameService) -> str:
    game_id = service.create_game("egizia", 4, {}).id
    service.start(game_id, fill_with_bots=True)
    deadline = time.monotonic() + BOT_GAME_SECONDS
    while service.meta(game_id).status != "over":
        assert time.monotonic() < deadline, "a game of four bots did not end"
        time.sleep(0.2)
    return game_id


@pytest.fixture(scope="package")
def finished_game(site: Site) -> str:
    """A game four bots played to its end, with a stone built on every building (Obelisk, Graves, Pyramid
    and Temple)."""
    for _ in range(BOT_GAMES):
        game_id = _play_bot_game(site.service)
        if all(_owners(site.service.view(game_id, None).view).values()):
            return game_id
    raise AssertionError(f"in {BOT_GAMES} games the bots never built on every building")


@pytest.fixture(scope="package")
def ended_games(site: Site) -> dict[str, str]:
    """A game of each type (``ENDED_GAMES``) that bots played to its end, by name: shared by the modules
    that look at finished games in every language (they name one xdist group, so one worker plays them)."""
    return {name: bot_game_to_the_end(site.service, name, seats) for name, seats in ENDED_GAMES.items()}
