"""Webhooks: signed POSTs to a receiver on loopback, retried with back-off under the same delivery key,
disabled after repeated failures; URLs resolving to private addresses refused unless the operator allows."""

from __future__ import annotations

import hashlib
import hmac
import json
import ssl
import time
from collections.abc import Iterator
from pathlib import Path

import fakeredis
import pytest
import trustme

from services.clocks.reminders import QuarterLeft
from services.errors import ServiceError
from services.game_service import GameService
from services.notifications.outbox import enqueue_reminder
from services.notifications.settings import NotifySettings
from services.observability import metrics
from tests.notifications.support import account_game
from tests.notifications.webhook_receiver import Receiver, webhook_receiver
from tests.support.harness import drain, make_service

LOOPBACK_ALLOWED = NotifySettings(
    webhook_allow_private=True, webhook_allow_http=True, webhook_backoff=0.2, webhook_disable_after=4
)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    with webhook_receiver() as running:
        yield running


@pytest.fixture
def hooked(connection: fakeredis.FakeRedis) -> GameService:
    return make_service(connection, time.time, notify_settings=LOOPBACK_ALLOWED)  # type: ignore[arg-type]


def signed_by(secret: str, headers: dict[str, str], body: bytes) -> bool:
    signed = headers["X-Papyrus-Timestamp"].encode() + b"." + body
    expected = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, headers["X-Papyrus-Signature"])


def sweep_until(service: GameService, done: object, seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        service.notifications.sweep("test")
        if callable(done) and done():
            return
        time.sleep(0.1)
    raise AssertionError("the deliveries did not finish in time")


def test_deliveries_are_signed_and_a_failed_one_is_retried_under_the_same_key(
    hooked: GameService, receiver: Receiver
) -> None:
    secret = hooked.notifications.set_webhook("Ann", receiver.url).webhook_secret
    receiver.statuses = [500, 503]
    counted_before = {
        outcome: metrics.NOTIFICATIONS.labels("webhook", outcome)._value.get()
        for outcome in ("sent", "failed")
    }
    game_id = account_game(hooked, ["Ann", "Bob"])
    drain(hooked)
    # Both first attempts fail; on a busy machine the drain may outlast the back-off and retry one already.
    assert [r.answered for r in receiver.received][:2] == [500, 503]
    sweep_until(hooked, lambda: sum(r.answered == 200 for r in receiver.received) == 2)
    by_key: dict[str, list[int]] = {}
    for request in receiver.received:
        assert signed_by(secret, request.headers, request.body)
        assert abs(int(request.headers["X-Papyrus-Timestamp"]) - time.time()) < 60
        body = json.loads(request.body)
        assert body["delivery"] == request.headers["X-Papyrus-Delivery"].removesuffix(":webhook")
        assert body["game_id"] == game_id and body["seat"] == 0
        by_key.setdefault(request.headers["X-Papyrus-Delivery"], []).append(request.answered)
    assert sorted(by_key.values()) == [[500, 200], [503, 200]]
    counted = {
        outcome: metrics.NOTIFICATIONS.labels("webhook", outcome)._value.get()
        for outcome in ("sent", "failed")
    }
    assert counted["sent"] - counted_before["sent"] == 2 and counted["failed"] - counted_before["failed"] == 2
    assert {json.loads(r.body)["kind"] for r in receiver.received} == {"game_started", "your_turn"}


def test_a_rotated_secret_signs_the_next_delivery(hooked: GameService, receiver: Receiver) -> None:
    old = hooked.notifications.set_webhook("Ann", receiver.url).webhook_secret
    game_id = account_game(hooked, ["Ann", "Bob"])
    drain(hooked)
    new = hooked.notifications.rotate_webhook_secret("Ann").webhook_secret
    enqueue_reminder(hooked.components.redis, "toy", QuarterLeft(game_id, 0, 50, 600, 0.0))
    hooked.notifications.sweep("test")
    last = receiver.received[-1]
    assert json.loads(last.body)["kind"] == "reminder"
    assert signed_by(new, last.headers, last.body) and not signed_by(old, last.headers, last.body)


def test_repeated_failures_disable_the_webhook(hooked: GameService, receiver: Receiver) -> None:
    hooked.notifications.set_webhook("Ann", receiver.url)
    receiver.always = 500
    game_id = account_game(hooked, ["Ann", "Bob"])
    drain(hooked)
    sweep_until(hooked, lambda: not hooked.notifications.settings_of("Ann").webhook_enabled)
    settings = hooked.notifications.settings_of("Ann")
    assert "repeated failures" in settings.webhook_disabled_reason
    assert len(receiver.received) == LOOPBACK_ALLOWED.webhook_disable_after
    enqueue_reminder(hooked.components.redis, "toy", QuarterLeft(game_id, 0, 50, 600, 0.0))
    hooked.notifications.sweep("later")
    assert len(receiver.received) == LOOPBACK_ALLOWED.webhook_disable_after
    hooked.notifications.set_webhook("Ann", receiver.url)
    assert hooked.notifications.settings_of("Ann").webhook_enabled


PRIVATE_URLS = [
    "https://127.0.0.1/hook",
    "https://localhost:8443/hook",
    "https://10.1.2.3/hook",
    "https://172.16.0.9/hook",
    "https://192.168.1.1/hook",
    "https://169.254.169.254/latest/meta-data",
    "https://[::1]/hook",
    "https://[fe80::1]/hook",
    "https://[::ffff:10.0.0.1]/hook",
    "https://0.0.0.0/hook",
    "https://[64:ff9b::a9fe:a9fe]/hook",
    "https://[64:ff9b:1::7f00:1]/hook",
    "https://[2002:7f00:1::1]/hook",
    "https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook",
    "https://[::7f00:1]/hook",
    "https://[::ffff:0:7f00:1]/hook",
    "https://[fec0::1]/hook",
]


@pytest.mark.parametrize("url", PRIVATE_URLS)
def test_a_webhook_resolving_to_a_private_address_is_refused(service: GameService, url: str) -> None:
    with pytest.raises(ServiceError) as refused:
        service.notifications.set_webhook("Ann", url)
    assert refused.value.http_status == 400 and refused.value.code == "webhook.url_refused"
    assert refused.value.field == "url" and "private" in refused.value.message
    assert service.notifications.settings_of("Ann").webhook_url is None


def test_private_addresses_are_accepted_when_the_operator_allows_them(
    connection: fakeredis.FakeRedis,
) -> None:
    allowing = make_service(connection, time.time, notify_settings=NotifySettings(webhook_allow_private=True))  # type: ignore[arg-type]
    assert (
        allowing.notifications.set_webhook("Ann", "https://10.1.2.3/hook").webhook_url
        == "https://10.1.2.3/hook"
    )


def test_plain_http_and_credentials_in_the_url_are_refused(service: GameService) -> None:
    for url in ["http://93.184.216.34/hook", "https://user:pw@93.184.216.34/hook", "ftp://93.184.216.34/"]:
        with pytest.raises(ServiceError) as refused:
            service.notifications.set_webhook("Ann", url)
        assert refused.value.code == "webhook.url_refused"
    assert service.notifications.set_webhook("Ann", "https://93.184.216.34/hook").webhook_secret


def test_a_delivery_over_https_checks_the_receivers_certificate(
    connection: fakeredis.FakeRedis, tmp_path: Path
) -> None:
    authority = trustme.CA()
    tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("localhost").configure_cert(tls)
    bundle = tmp_path / "ca.pem"
    authority.cert_pem.write_to_path(str(bundle))
    with webhook_receiver(tls, host="localhost") as receiver:
        for trusted, expected in ((None, []), (str(bundle), [200, 200])):
            settings = NotifySettings(
                webhook_allow_private=True, webhook_ca_file=trusted, webhook_backoff=30.0
            )
            service = make_service(connection, time.time, notify_settings=settings)  # type: ignore[arg-type]
            account = f"tls{len(expected)}"
            secret = service.notifications.set_webhook(account, receiver.url).webhook_secret
            account_game(service, [account, "Bob"])
            drain(service)
            assert [r.answered for r in receiver.received] == expected  # an unknown authority: nothing sent
        assert all(signed_by(secret, r.headers, r.body) for r in receiver.received)
        assert all(r.headers["Host"] == f"localhost:{receiver.port}" for r in receiver.received)


def test_an_account_that_opted_out_of_an_event_gets_no_post_for_it(
    hooked: GameService, receiver: Receiver
) -> None:
    hooked.notifications.set_webhook("Ann", receiver.url)
    hooked.notifications.choose_events("Ann", None, ["game_ended"])
    game_id = account_game(hooked, ["Ann", "Bob"])
    drain(hooked)
    enqueue_reminder(hooked.components.redis, "toy", QuarterLeft(game_id, 0, 50, 600, 0.0))
    hooked.notifications.sweep("test")
    assert receiver.received == []
