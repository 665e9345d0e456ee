"""A real worker SIGKILLed while it hands a mail to the SMTP server: another worker delivers every
notification, and the one in flight is the only one that may arrive twice, under the same de-duplication
key (the Message-ID and X-Papyrus-Delivery header)."""

from __future__ import annotations

import time
import uuid
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from domain.registry import games
from services import keys
from services.game_service import GameService
from services.inputs import Requester
from services.notifications.settings import NotifySettings
from tests.integration.conftest import REDIS_TEST_URL
from tests.integration.processes import STARTUP_SECONDS, Workers, wait_until, worker_env
from tests.notifications.smtp_server import Inbox, smtp_server
from tests.notifications.support import with_email
from tests.support.harness import make_service

pytestmark = pytest.mark.integration
CLAIM_SECONDS = 2.0
GAME = sorted(games())[0]  # any registered game: nothing here depends on its rules


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as running:
        yield running


@pytest.fixture
def service(
    connection: redis.Redis, monkeypatch: pytest.MonkeyPatch, smtp: tuple[Inbox, int]
) -> Iterator[GameService]:
    monkeypatch.setattr(keys, "PREFIX", f"papyrus-it-{uuid.uuid4().hex[:8]}")
    settings = NotifySettings(smtp_url=f"smtp://127.0.0.1:{smtp[1]}", digest_interval=0.0)
    service = make_service(connection, time.time, queue_name=keys.PREFIX, notify_settings=settings)  # type: ignore[arg-type]
    yield service
    service.components.scheduler.queue.delete(delete_jobs=True)
    leftovers = list(connection.scan_iter(match=keys.everything_pattern(), count=500))
    if leftovers:
        connection.delete(*leftovers)


def test_a_worker_killed_mid_delivery_loses_nothing_and_doubles_only_the_mail_in_flight(
    service: GameService, smtp: tuple[Inbox, int], tmp_path: Path
) -> None:
    inbox, port = smtp
    env = worker_env(
        REDIS_TEST_URL,
        keys.PREFIX,
        PAPYRUS_SMTP_URL=f"smtp://127.0.0.1:{port}",
        PAPYRUS_PUBLIC_URL="https://papyrus.test",
        PAPYRUS_MAIL_DIGEST_INTERVAL="0",
        PAPYRUS_NOTIFY_CLAIM_SECONDS=str(CLAIM_SECONDS),
    )
    workers = Workers(env, tmp_path)
    for name in ("Ann", "Bob"):
        with_email(service, name)
    inbox.hold.clear()  # the server takes the first mail and does not answer it
    try:
        (first,) = workers.start(1)
        game_id = service.create_game(GAME, 2, {}).id
        for name in ("Ann", "Bob"):
            service.join(game_id, name, by=Requester(account=name))
        service.start(game_id)
        assert inbox.arrived.wait(STARTUP_SECONDS), "no mail reached the SMTP server"
        in_flight = inbox.messages[0]["X-Papyrus-Delivery"]
        workers.kill(first)
        inbox.hold.set()
        workers.start(1)
        wait_until(
            lambda: (
                service.components.redis.xlen(keys.notify_outbox(game_id)) == 0 and len(inbox.messages) >= 3
            ),
            STARTUP_SECONDS * 2,
            "every notification delivered after the kill",
        )
        time.sleep(CLAIM_SECONDS + 1.5)  # nothing more arrives later
    finally:
        workers.stop_all()
    received = Counter(message["X-Papyrus-Delivery"] for message in inbox.messages)
    to_act = service.view(game_id, None).to_act
    expected = {("game_started", 0), ("game_started", 1), *(("your_turn", seat) for seat in to_act)}
    assert {(key.split(":")[2], int(key.split(":")[3])) for key in received} == expected, received
    assert len(received) == len(expected)
    doubled = {key: count for key, count in received.items() if count > 1}
    # the server kept the mail in flight but the killed worker never heard it accepted: it is sent again
    # (at least once), under the same key; every other mail arrives exactly once
    assert doubled == {in_flight: 2}, received
    for message in inbox.messages:
        assert message["Message-ID"] == f"<{message['X-Papyrus-Delivery'].replace(':', '.')}@papyrus>"
