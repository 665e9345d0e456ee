"""The notification facade the API, the workers and the upkeep use: an account's settings (e-mail with its
verification, events per channel, webhook URL and secret), delivery and the notification sweep."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

import msgspec
import redis

from domain.messages import Msg, msg
from services import keys
from services.errors import ServiceError
from services.i18n import DEFAULT_LANGUAGE, render
from services.notifications import messages, signing
from services.notifications.delivery import Delivery, Links
from services.notifications.invitations import Invitations
from services.notifications.mail import MailError
from services.notifications.preferences import (
    AccountNotifications,
    NotificationPreferences,
    new_secret,
    valid_email,
    valid_events,
)
from services.notifications.settings import NotifySettings
from services.notifications.webhooks import resolve
from services.players.accounts import Accounts, account_language, name_key
from services.results import AccountGame

VERIFY_SECONDS = 3 * 24 * 3600
VERIFY_EVERY = 60  # seconds between two verification mails of one account (no mail bombing through it)
VERIFY_PER_ADDRESS, VERIFY_ADDRESS_WINDOW = 3, 24 * 3600  # verification mails one address gets a day
UNSUBSCRIBE = "unsubscribe"
# No text an account chose (its name...) goes into a mail to an address not yet confirmed as its owner's.
VERIFY_SUBJECT = msg("Confirm your e-mail address")


def _verify_text(link: str) -> Msg:
    return msg(
        "Someone asked Papyrus to send game notifications to this address. If it was you, confirm it: "
        "{link}\n\nIf it was not, ignore this mail: nothing will be sent here unless the link is opened.",
        link=link,
    )


UNSUBSCRIBE_SECONDS = 180 * 24 * 3600  # how long a mail's one-click unsubscribe link works
VERIFY = "verify-email"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


class NotificationSettingsView(msgspec.Struct, kw_only=True):
    """An account's notification settings as its owner sees them (the webhook secret is shown only when it
    is created or rotated)."""

    email: str | None
    pending_email: str | None
    mail_events: list[str]
    webhook_url: str | None
    webhook_events: list[str]
    webhook_enabled: bool
    webhook_disabled_reason: str


class WebhookSecret(msgspec.Struct, kw_only=True):
    """A webhook's URL and its new signing secret (shown once)."""

    webhook_url: str
    webhook_secret: str


def shown(stored: AccountNotifications) -> NotificationSettingsView:
    return NotificationSettingsView(
        email=stored.email,
        pending_email=stored.pending_email,
        mail_events=list(stored.mail_events),
        webhook_url=stored.webhook_url,
        webhook_events=list(stored.webhook_events),
        webhook_enabled=bool(stored.webhook_url) and not stored.webhook_disabled,
        webhook_disabled_reason=stored.webhook_disabled,
    )


class Notifications:
    def __init__(
        self,
        connection: redis.Redis,
        settings: NotifySettings,
        clock: Callable[[], float],
        your_turn_games: Callable[[str], list[AccountGame]],
        accounts: Accounts,
    ) -> None:
        self._redis = connection
        self.invitations = Invitations(connection, accounts)
        self._signing_key: bytes | None = None
        self.settings = settings
        self._clock = clock
        self.preferences = NotificationPreferences(connection)
        self.delivery = Delivery(connection, settings, clock, your_turn_games, Links(self.unsubscribe_url))

    def _key(self) -> bytes:
        if self._signing_key is None:
            self._signing_key = signing.signing_key(self._redis, self.settings.secret_key)
        return self._signing_key

    def unsubscribe_url(self, account: str) -> str:
        """The one-click unsubscribe URL of an account's mails (POST, RFC 8058); its page is the same path
        without ``/api/notifications`` (``/unsubscribe/<token>``, a button that posts it)."""
        expires_at = self._clock() + UNSUBSCRIBE_SECONDS
        payload = {"purpose": UNSUBSCRIBE, "account": name_key(account), "expires_at": expires_at}
        token = signing.sign(self._key(), payload)
        return f"{self.settings.public_url}/api/notifications/unsubscribe/{token}"

    def settings_of(self, account: str) -> NotificationSettingsView:
        return shown(self.preferences.get(account))

    def choose_events(
        self, account: str, mail: Sequence[str] | None, webhook: Sequence[str] | None
    ) -> NotificationSettingsView:
        stored = self.preferences.get(account)
        if mail is not None:
            stored.mail_events = valid_events(mail, "mail_events")
        if webhook is not None:
            stored.webhook_events = valid_events(webhook, "webhook_events")
        self.preferences.save(account, stored)
        return shown(stored)

    def request_email(self, account: str, address: str) -> NotificationSettingsView:
        """Keep ``address`` as pending and mail it a verification link; mails go to it once it is verified.
        503 ``mail.unavailable`` if the mail cannot be sent."""
        address = valid_email(address)
        if not self._redis.set(
            keys.notify_verification_sent(name_key(account)), "1", nx=True, ex=VERIFY_EVERY
        ):
            raise ServiceError(
                429,
                "mail.too_soon",
                f"A verification mail went out less than {VERIFY_EVERY} s ago; wait.",
                "email",
            )
        self._count_verification_to(address)
        stored = self.preferences.get(account)
        stored.pending_email = address
        self.preferences.save(account, stored)
        payload = {
            "purpose": VERIFY,
            "account": name_key(account),
            "email": address,
            "expires_at": self._clock() + VERIFY_SECONDS,
        }
        link = f"{self.settings.public_url}/verify-email/{signing.sign(self._key(), payload)}"
        language = account_language(self._redis, account) or DEFAULT_LANGUAGE
        subject, text = render(VERIFY_SUBJECT, language), render(_verify_text(link), language)
        message = messages.mail(address, subject, text, f"verify:{_digest(name_key(account))}", None)
        try:
            self.delivery.mailer.send(message)
        except MailError:
            self._redis.delete(keys.notify_verification_sent(name_key(account)))
            raise ServiceError(
                503, "mail.unavailable", "The verification mail could not be sent; try again."
            ) from None
        return shown(stored)

    def _count_verification_to(self, address: str) -> None:
        """At most ``VERIFY_PER_ADDRESS`` verification mails a day to one address, whatever the accounts."""
        counter = keys.notify_verification_to(hashlib.sha256(address.lower().encode()).hexdigest())
        pipe = self._redis.pipeline(transaction=False)
        pipe.incr(counter)
        pipe.expire(counter, VERIFY_ADDRESS_WINDOW, nx=True)
        sent, _ = pipe.execute()
        if int(sent) > VERIFY_PER_ADDRESS:
            raise ServiceError(
                429,
                "mail.too_soon",
                f"This address got {VERIFY_PER_ADDRESS} verification mails today; try again tomorrow.",
                "email",
            )

    def verify_email(self, token: str) -> NotificationSettingsView:
        payload = signing.verify(self._key(), token, VERIFY, self._clock())
        account, address = str(payload["account"]), str(payload["email"])
        stored = self.preferences.get(account)
        if stored.pending_email != address and stored.email != address:
            raise ServiceError(
                400, "token.invalid", "This link is for an address no longer asked for.", "token"
            )
        stored.email, stored.pending_email = address, None
        self.preferences.save(account, stored)
        return shown(stored)

    def remove_email(self, account: str) -> NotificationSettingsView:
        stored = self.preferences.get(account)
        stored.email = stored.pending_email = None
        self.preferences.save(account, stored)
        return shown(stored)

    def unsubscribe(self, token: str) -> NotificationSettingsView:
        """One-click unsubscribe: the account gets no more mails (its address is kept)."""
        payload = signing.verify(self._key(), token, UNSUBSCRIBE, self._clock())
        account = str(payload["account"])
        stored = self.preferences.get(account)
        stored.mail_events = []
        self.preferences.save(account, stored)
        return shown(stored)

    def set_webhook(self, account: str, url: str) -> WebhookSecret:
        """Check the URL (public HTTPS address unless the operator allows otherwise), store it with a new
        secret and enable it."""
        resolve(url, self.settings)
        stored = self.preferences.get(account)
        stored.webhook_url, stored.webhook_secret, stored.webhook_disabled = url.strip(), new_secret(), ""
        self.preferences.save(account, stored)
        self.preferences.webhook_succeeded(account)
        return WebhookSecret(webhook_url=stored.webhook_url, webhook_secret=stored.webhook_secret)

    def rotate_webhook_secret(self, account: str) -> WebhookSecret:
        stored = self.preferences.get(account)
        if not stored.webhook_url:
            raise ServiceError(404, "webhook.none", "This account has no webhook.")
        stored.webhook_secret = new_secret()
        self.preferences.save(account, stored)
        return WebhookSecret(webhook_url=stored.webhook_url, webhook_secret=stored.webhook_secret)

    def remove_webhook(self, account: str) -> NotificationSettingsView:
        stored = self.preferences.get(account)
        stored.webhook_url = stored.webhook_secret = None
        stored.webhook_disabled = ""
        self.preferences.save(account, stored)
        return shown(stored)

    def sweep(self, holder: str) -> int:
        return self.delivery.sweep(holder)
