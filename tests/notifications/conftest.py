from __future__ import annotations

from collections.abc import Iterator
from email.message import EmailMessage

import fakeredis
import pytest

from services.game_service import GameService
from services.notifications.settings import NotifySettings
from tests.support.harness import FakeClock, make_service, register_toy


class CapturedMail:
    """Stands in for the SMTP mailer in service tests (tests/notifications/test_smtp.py uses a real one)."""

    def __init__(self) -> None:
        self.sent: list[EmailMessage] = []

    def send(self, message: EmailMessage) -> None:
        self.sent.append(message)

    def to(self, address: str) -> list[EmailMessage]:
        return [m for m in self.sent if m["To"] == address]


@pytest.fixture(autouse=True)
def toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    register_toy(monkeypatch)


@pytest.fixture
def connection() -> Iterator[fakeredis.FakeRedis]:
    client = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    yield client
    client.close()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def notify_settings() -> NotifySettings:
    return NotifySettings(digest_interval=0.0, webhook_backoff=0.0)


@pytest.fixture
def service(
    connection: fakeredis.FakeRedis, clock: FakeClock, notify_settings: NotifySettings
) -> GameService:
    return make_service(connection, clock, notify_settings=notify_settings)


@pytest.fixture
def mails(service: GameService) -> CapturedMail:
    captured = CapturedMail()
    service.notifications.delivery.mailer = captured  # type: ignore[assignment]
    return captured


@pytest.fixture
def keep_outbox(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """No delivery runs: the outbox keeps every notification for the test to read."""
    monkeypatch.setattr(service.notifications.delivery, "deliver_game", lambda game_id: 0)
