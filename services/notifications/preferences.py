"""An account's notification settings: its e-mail address (verified by a link sent to it), which events
each channel carries, and its webhook (URL, signing secret, whether repeated failures disabled it)."""

from __future__ import annotations

import re
import secrets
from collections.abc import Sequence

import msgspec
import redis

from services import keys
from services.errors import ServiceError
from services.players.accounts import name_key
from services.processing.append_notes import KINDS, Kind

EMAIL_PATTERN = r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?"
EMAIL_RULE = re.compile(EMAIL_PATTERN)
MAX_EMAIL = 254
# The kinds there were before a record named the kinds it was saved with: a kind added since is new to it.
FIRST_KINDS: tuple[Kind, ...] = ("your_turn", "reminder", "game_started", "game_ended", "invitation")


class AccountNotifications(msgspec.Struct, kw_only=True):
    """What is stored for one account. ``email``: the verified address mails go to; ``pending_email``: an
    address waiting for its verification link; ``mail_events`` / ``webhook_events``: the kinds each channel
    carries; ``webhook_disabled``: why deliveries stopped (repeated failures), "" while enabled;
    ``known_kinds``: the kinds there were when it was saved (a kind added since takes its default)."""

    email: str | None = None
    pending_email: str | None = None
    mail_events: list[Kind] = msgspec.field(default_factory=lambda: list(KINDS))
    webhook_url: str | None = None
    webhook_secret: str | None = None
    webhook_events: list[Kind] = msgspec.field(default_factory=lambda: list(KINDS))
    webhook_disabled: str = ""
    known_kinds: list[Kind] = msgspec.field(default_factory=lambda: list(FIRST_KINDS))


def valid_email(value: str, field: str = "email") -> str:
    address = value.strip()
    if len(address) > MAX_EMAIL or not EMAIL_RULE.fullmatch(address):
        raise ServiceError(400, "email.invalid", f"{field} is not an e-mail address.", field=field)
    return address


def valid_events(events: Sequence[str], field: str) -> list[Kind]:
    unknown = sorted(set(events) - set(KINDS))
    if unknown:
        raise ServiceError(
            400, "events.invalid", f"{field} has unknown events {unknown}; known: {list(KINDS)}.", field=field
        )
    return [kind for kind in KINDS if kind in events]


def with_new_kinds(stored: AccountNotifications) -> AccountNotifications:
    """Saved settings with every kind added since they were saved carried by both channels, as a new
    account's are: a kind they do not name was never turned off."""
    new = [kind for kind in KINDS if kind not in stored.known_kinds]
    if new:
        stored.mail_events = [kind for kind in KINDS if kind in stored.mail_events or kind in new]
        stored.webhook_events = [kind for kind in KINDS if kind in stored.webhook_events or kind in new]
        stored.known_kinds = list(KINDS)
    return stored


def new_secret() -> str:
    return secrets.token_urlsafe(32)


class NotificationPreferences:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def get(self, account: str) -> AccountNotifications:
        raw = self._redis.get(keys.notify_settings(name_key(account)))
        if raw is None:
            return AccountNotifications(known_kinds=list(KINDS))
        return with_new_kinds(msgspec.json.decode(raw, type=AccountNotifications))

    def save(self, account: str, stored: AccountNotifications) -> None:
        stored.known_kinds = list(KINDS)
        self._redis.set(keys.notify_settings(name_key(account)), msgspec.json.encode(stored))

    def webhook_failed(self, account: str) -> int:
        """Count one failed webhook attempt; the number failed in a row."""
        return int(self._redis.incr(keys.notify_webhook_failures(name_key(account))))

    def webhook_succeeded(self, account: str) -> None:
        self._redis.delete(keys.notify_webhook_failures(name_key(account)))

    def disable_webhook(self, account: str, reason: str) -> None:
        stored = self.get(account)
        stored.webhook_disabled = reason
        self.save(account, stored)
