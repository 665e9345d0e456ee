"""Mail over a real SMTP server on loopback (aiosmtpd): the your-turn mail, the digest, the reminder, the
verification link and one-click unsubscribe; nothing for an account that opted out."""

from __future__ import annotations

import time
from collections.abc import Iterator

import fakeredis
import pytest

from services.clocks.reminders import QuarterLeft
from services.game_service import GameService
from services.notifications.outbox import enqueue_reminder
from services.notifications.settings import NotifySettings
from tests.notifications.smtp_server import Inbox, smtp_server
from tests.notifications.support import account_game, address, with_email
from tests.support.harness import drain, make_service

DIGEST_SECONDS = 2.0


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    with smtp_server() as running:
        yield running


@pytest.fixture
def mailing(connection: fakeredis.FakeRedis, smtp: tuple[Inbox, int]) -> GameService:
    settings = NotifySettings(
        smtp_url=f"smtp://127.0.0.1:{smtp[1]}",
        digest_interval=DIGEST_SECONDS,
        public_url="https://papyrus.example",
    )
    return make_service(connection, time.time, notify_settings=settings)  # type: ignore[arg-type]


def test_your_turn_mail_then_one_digest_then_the_reminder_and_nothing_for_an_opted_out_seat(
    mailing: GameService, smtp: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp
    with_email(mailing, "Ann")
    with_email(mailing, "Bob", mail_events=[])
    first = account_game(mailing, ["Ann", "Bob"])
    drain(mailing)
    started, turn = sorted(inbox.wait_for(2), key=lambda m: m["Subject"])
    assert started["Subject"] == "Toy has started" and turn["Subject"] == "Your turn in Toy"
    assert f"https://papyrus.example/games/{first}" in turn.get_content()
    second = account_game(mailing, ["Ann", "Cy"])
    drain(mailing)  # Ann's turn in the second game comes within the interval: it waits for the digest
    assert [m["Subject"] for m in inbox.to(address("Ann"))].count("Your turn in Toy") == 1
    time.sleep(DIGEST_SECONDS + 0.2)
    mailing.notifications.sweep("test")
    digest = inbox.to(address("Ann"))[-1]
    assert digest["Subject"] == "Your turn in 2 games"
    assert f"/games/{first}" in digest.get_content() and f"/games/{second}" in digest.get_content()
    version = mailing.components.store.head(first).version
    enqueue_reminder(mailing.components.redis, "toy", QuarterLeft(first, 0, version, 3 * 3600, 0.0))
    mailing.notifications.sweep("test-2")
    reminder = inbox.to(address("Ann"))[-1]
    assert reminder["Subject"] == "A quarter of your time is left in Toy"
    assert inbox.to(address("Bob")) == []


def test_every_mail_has_a_one_click_unsubscribe_that_stops_the_mails(
    mailing: GameService, smtp: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp
    with_email(mailing, "Ann")
    game_id = account_game(mailing, ["Ann", "Bob"])
    drain(mailing)
    received = inbox.wait_for(2)
    assert all(m["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click" for m in received)
    raw = dict(received[0].raw_items())["List-Unsubscribe"]  # as it came over the wire
    assert raw.startswith("<https://papyrus.example/api/notifications/unsubscribe/"), "not MIME-encoded"
    link = received[0]["List-Unsubscribe"].strip("<>")
    assert link.startswith("https://papyrus.example/api/notifications/unsubscribe/")
    assert "https://papyrus.example/unsubscribe/" in received[0].get_content()
    mailing.notifications.unsubscribe(link.rsplit("/", 1)[1])
    enqueue_reminder(mailing.components.redis, "toy", QuarterLeft(game_id, 0, 99, 60, 0.0))
    mailing.notifications.sweep("test")
    assert len(inbox.to(address("Ann"))) == 2


def test_an_address_gets_mails_only_once_its_mailed_link_is_opened(
    mailing: GameService, smtp: tuple[Inbox, int]
) -> None:
    inbox, _ = smtp
    mailing.notifications.request_email("Dee", "dee@example.test")
    game_id = account_game(mailing, ["Dee", "Eve"])
    drain(mailing)
    (verification,) = inbox.wait_for(1)
    assert verification["Subject"] == "Confirm your e-mail address"
    assert mailing.notifications.settings_of("Dee").email is None
    link = next(w for w in verification.get_content().split() if "/verify-email/" in w)
    assert mailing.notifications.verify_email(link.rsplit("/", 1)[1]).email == "dee@example.test"
    enqueue_reminder(mailing.components.redis, "toy", QuarterLeft(game_id, 0, 99, 60, 0.0))
    mailing.notifications.sweep("test")
    assert [m["Subject"] for m in inbox.wait_for(2)][1] == "A quarter of your time is left in Toy"
