"""Delivering a game's outbox: at least once per channel, with a de-duplication key.

Each notification goes to the account holding its seat, on every channel it chose for that kind. One delivery
is skipped if marked sent (or given up), else claimed (``SET NX PX``, ``claim_seconds``), sent, and marked
sent; a failure is retried with doubling back-off, then given up. A worker killed after sending and before
marking sends it again under the same key. An entry leaves the outbox once each of its deliveries is done.
"Your turn" mails are digested per ``digest_interval``. See docs/notifications.md.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

import redis

from services import keys
from services.i18n import DEFAULT_LANGUAGE
from services.notifications import messages
from services.notifications.mail import Mailer, MailError
from services.notifications.outbox import Outbox
from services.notifications.preferences import AccountNotifications, NotificationPreferences
from services.notifications.settings import NotifySettings
from services.notifications.webhooks import WebhookError, post
from services.observability import metrics
from services.players.accounts import account_language, name_key
from services.processing.append_notes import Notification
from services.results import AccountGame, GameMeta, meta_from
from services.store.replies import as_str
from services.store.seat_accounts import seat_accounts

log = logging.getLogger(__name__)
KEEP_STATE_SECONDS = 7 * 24 * 3600
SWEEP_BATCH = 100
SWEEP_LOCK_MS = 900
Send = Callable[[], None]


@dataclass
class Links:
    """Builds the signed links of mails (services/notifications/service.py)."""

    unsubscribe: Callable[[str], str]


class Delivery:
    def __init__(
        self,
        connection: redis.Redis,
        settings: NotifySettings,
        clock: Callable[[], float],
        your_turn_games: Callable[[str], list[AccountGame]],
        links: Links,
    ) -> None:
        self._redis = connection
        self.settings = settings
        self._clock = clock
        self._your_turn_games = your_turn_games
        self._links = links
        self.outbox = Outbox(connection)
        self.preferences = NotificationPreferences(connection)
        self.mailer = Mailer(settings)
        self._just_disabled: set[str] = set()

    # -- a game's outbox ------------------------------------------------------------------------------

    def deliver_game(self, game_id: str) -> int:
        """Deliver what the game's outbox holds; the number of entries done (deleted). The game stays due
        (at its earliest retry) while entries remain."""
        raw_meta = self._redis.hgetall(keys.meta(game_id))
        meta, holders = meta_from(raw_meta), seat_accounts(raw_meta)
        done, retry_at = 0, None
        chosen: dict[str, AccountNotifications] = {}
        for entry in self.outbox.entries(game_id):
            waits = [self._deliver_note(note, meta, holders, chosen) for note in entry.notes]
            pending = [at for at in waits if at is not None]
            if pending:
                retry_at = min([*pending, retry_at] if retry_at is not None else pending)
                continue
            self.outbox.ack(game_id, entry.entry_id)
            done += 1
        self._reschedule(game_id, retry_at)
        return done

    def _reschedule(self, game_id: str, retry_at: float | None) -> None:
        if retry_at is not None:
            self._redis.zadd(keys.notify_due(), {game_id: retry_at})
            return
        self._redis.zrem(keys.notify_due(), game_id)
        if not self.outbox.drop_if_empty(game_id):  # an entry appended meanwhile keeps its game due
            self._redis.zadd(keys.notify_due(), {game_id: self._clock()}, lt=True)

    def _deliver_note(
        self,
        note: Notification,
        meta: GameMeta | None,
        holders: dict[int, str],
        known: dict[str, AccountNotifications],
    ) -> float | None:
        """Deliver one notification on each channel of its account (its settings read once per call of
        :meth:`deliver_game`, kept in ``known``); None when all are done, else when to try again."""
        account = self._account_of(note, holders)
        if account is None:
            return None
        if account not in known:
            known[account] = self.preferences.get(account)
        chosen = known[account]
        waits: list[float] = []
        if chosen.email and note.kind in chosen.mail_events:
            wait = self._once(f"{note.key}:mail", lambda: self._mail(account, chosen, note, meta), None)
            waits += [wait] if wait is not None else []
        webhook_on = bool(chosen.webhook_url and chosen.webhook_secret) and not chosen.webhook_disabled
        if webhook_on and note.kind in chosen.webhook_events:
            send = self._webhook_sender(chosen, note, meta, account)
            wait = self._once(f"{note.key}:webhook", send, account)
            waits += [wait] if wait is not None else []
            if wait is not None or account in self._just_disabled:
                known.pop(account, None)  # a failure may have disabled the webhook: read the settings again
                self._just_disabled.discard(account)
        return min(waits, default=None)

    def _language(self, account: str) -> str:
        """The language the account reads its mails and webhooks in (its setting, else English)."""
        return account_language(self._redis, account) or DEFAULT_LANGUAGE

    @staticmethod
    def _account_of(note: Notification, holders: dict[int, str]) -> str | None:
        if note.account is not None:
            return note.account
        return holders.get(note.seat) if note.seat is not None else None

    # -- one delivery ---------------------------------------------------------------------------------

    def _once(self, delivery: str, send: Send, webhook_of: str | None) -> float | None:
        """Send one delivery unless it is done or claimed; None when done (sent or given up), else when to
        try again."""
        now = self._clock()
        pipe = self._redis.pipeline(transaction=False)
        pipe.exists(keys.notify_delivery(delivery))
        pipe.hget(keys.notify_attempts(delivery), "next_at")
        done, next_at = pipe.execute()
        if done:
            return None
        waiting = float(as_str(next_at)) if next_at is not None else 0.0
        if waiting > now:
            return waiting
        claim_ms = max(1, int(self.settings.claim_seconds * 1000))
        if not self._redis.set(keys.notify_claim(delivery), "1", nx=True, px=claim_ms):
            return now + self.settings.claim_seconds
        channel = delivery.rsplit(":", 1)[1]
        try:
            send()
        except (MailError, WebhookError) as error:
            retry_at = self._failed(delivery, str(error), webhook_of)
            metrics.notification_delivered(channel, "failed" if retry_at is not None else "given_up")
            return retry_at
        metrics.notification_delivered(channel, "sent")
        pipe = self._redis.pipeline(transaction=False)
        pipe.set(keys.notify_delivery(delivery), "sent", ex=KEEP_STATE_SECONDS)
        pipe.delete(keys.notify_attempts(delivery), keys.notify_claim(delivery))
        pipe.execute()
        if webhook_of is not None:
            self.preferences.webhook_succeeded(webhook_of)
        return None

    def _failed(self, delivery: str, reason: str, webhook_of: str | None) -> float | None:
        settings, now = self.settings, self._clock()
        attempts = int(self._redis.hincrby(keys.notify_attempts(delivery), "attempts", 1))
        disabled = webhook_of is not None and self._count_webhook_failure(webhook_of, reason)
        if attempts >= settings.webhook_attempts or disabled:
            log.warning("notification %s given up after %s attempts: %s", delivery, attempts, reason)
            self._finish(delivery, "failed")
            return None
        next_at: float = now + settings.webhook_backoff * 2.0 ** (attempts - 1)
        pipe = self._redis.pipeline(transaction=False)
        pipe.hset(keys.notify_attempts(delivery), "next_at", next_at)
        pipe.expire(keys.notify_attempts(delivery), KEEP_STATE_SECONDS)
        pipe.delete(keys.notify_claim(delivery))
        pipe.execute()
        log.info(
            "notification %s failed (attempt %s), retry in %.1fs: %s",
            delivery,
            attempts,
            next_at - now,
            reason,
        )
        return next_at

    def _finish(self, delivery: str, state: str) -> None:
        pipe = self._redis.pipeline(transaction=False)
        pipe.set(keys.notify_delivery(delivery), state, ex=KEEP_STATE_SECONDS)
        pipe.delete(keys.notify_attempts(delivery), keys.notify_claim(delivery))
        pipe.execute()

    def _count_webhook_failure(self, account: str, reason: str) -> bool:
        """Count a failed attempt; True if that many in a row disabled the account's webhook."""
        if self.preferences.webhook_failed(account) < self.settings.webhook_disable_after:
            return False
        self.preferences.disable_webhook(account, f"disabled after repeated failures; the last: {reason}")
        self._just_disabled.add(account)
        log.warning("webhook of account %s disabled after repeated failures", account)
        return True

    # -- channels -------------------------------------------------------------------------------------

    def _mail(
        self, account: str, chosen: AccountNotifications, note: Notification, meta: GameMeta | None
    ) -> None:
        if chosen.email is None:
            return
        if note.kind == "your_turn":
            self._your_turn_mail(account, chosen.email, f"{note.key}:mail")
            return
        language = self._language(account)
        subject, text = messages.describe(note, meta, self.settings.public_url, language)
        unsubscribe = self._links.unsubscribe(account)
        self.mailer.send(
            messages.mail(chosen.email, subject, text, f"{note.key}:mail", unsubscribe, language)
        )

    def _webhook_sender(
        self, chosen: AccountNotifications, note: Notification, meta: GameMeta | None, account: str
    ) -> Send:
        url, secret = chosen.webhook_url or "", chosen.webhook_secret or ""
        body = messages.webhook_body(note, meta, self.settings.public_url, self._language(account))
        settings = self.settings

        def send() -> None:
            post(url, secret, body, f"{note.key}:webhook", self._clock(), settings)

        return send

    def _your_turn_mail(self, account: str, email: str, delivery: str) -> None:
        """The digest now if the account's interval allows a mail (under the notification's delivery key),
        else the digest at the interval's end."""
        slot = keys.notify_mail_slot(name_key(account))
        interval_ms = int(self.settings.digest_interval * 1000)
        if interval_ms <= 0 or self._redis.set(slot, f"{self._clock():.3f}", nx=True, px=interval_ms):
            try:
                sent = self._send_digest_mail(account, email, delivery)
            except MailError:
                self._redis.delete(slot)
                raise
            if not sent:  # the turn passed before the mail could go: the interval is not used up
                self._redis.delete(slot)
            return
        self._postpone_digest(account, slot)

    def _postpone_digest(self, account: str, slot: str) -> None:
        left_ms = max(0, int(self._redis.pttl(slot)))
        self._redis.zadd(keys.notify_digests(), {name_key(account): self._clock() + left_ms / 1000}, nx=True)

    def _send_digest_mail(self, account: str, email: str, delivery: str) -> bool:
        games = self._your_turn_games(account)
        if not games:
            return False
        language = self._language(account)
        subject, text = messages.digest_text(games, self.settings.public_url, language)
        unsubscribe = self._links.unsubscribe(account)
        self.mailer.send(messages.mail(email, subject, text, delivery, unsubscribe, language))
        return True

    def send_digest(self, account_key: str) -> bool:
        """The pending digest of an account (by name key) if its interval has passed; True if a mail went."""
        slot = keys.notify_mail_slot(account_key)
        chosen = self.preferences.get(account_key)
        if chosen.email is None or "your_turn" not in chosen.mail_events:
            self._redis.zrem(keys.notify_digests(), account_key)
            return False
        interval_ms = max(1, int(self.settings.digest_interval * 1000))
        slot_start = int(self._clock())
        if not self._redis.set(slot, str(slot_start), nx=True, px=interval_ms):
            left_ms = max(0, int(self._redis.pttl(slot)))
            self._redis.zadd(keys.notify_digests(), {account_key: self._clock() + left_ms / 1000})
            return False
        try:
            sent = self._send_digest_mail(account_key, chosen.email, f"digest:{account_key}:{slot_start}")
        except MailError as error:
            self._redis.delete(slot)
            retry = self._clock() + max(1.0, self.settings.webhook_backoff)
            self._redis.zadd(keys.notify_digests(), {account_key: retry})
            log.info("digest mail for %s failed, retry later: %s", account_key, error)
            return False
        self._redis.zrem(keys.notify_digests(), account_key)
        return sent

    # -- the sweep ------------------------------------------------------------------------------------

    def sweep(self, holder: str) -> int:
        """Deliver the outboxes and digests that are due, unless another worker is doing so this moment (a
        lock released when done, or after ``SWEEP_LOCK_MS`` if its holder died); the number of outbox
        entries and digests done."""
        if not self._anything_due(self._clock()):
            return 0  # idle: no write at all (every worker calls this about once a second)
        lock = keys.notify_sweep_lock()
        if not self._redis.set(lock, holder, nx=True, px=SWEEP_LOCK_MS):
            return 0
        try:
            now = self._clock()
            due_games = self._redis.zrangebyscore(keys.notify_due(), "-inf", now, start=0, num=SWEEP_BATCH)
            done = sum(self._safely(self.deliver_game, as_str(game_id)) for game_id in due_games)
            digests = self._redis.zrangebyscore(keys.notify_digests(), "-inf", now, start=0, num=SWEEP_BATCH)
            return done + sum(self._safely(self._digest_count, as_str(account)) for account in digests)
        finally:
            if self._redis.get(lock) == holder.encode():
                self._redis.delete(lock)

    def _anything_due(self, now: float) -> bool:
        pipe = self._redis.pipeline(transaction=False)
        pipe.zrangebyscore(keys.notify_due(), "-inf", now, start=0, num=1)
        pipe.zrangebyscore(keys.notify_digests(), "-inf", now, start=0, num=1)
        return any(pipe.execute())

    def _digest_count(self, account_key: str) -> int:
        return int(self.send_digest(account_key))

    @staticmethod
    def _safely(work: Callable[[str], int], argument: str) -> int:
        try:
            return work(argument)
        except redis.RedisError:
            raise
        except Exception:
            log.exception("notification delivery failed; it is tried again at the next sweep")
            return 0
