"""The notification settings an operator gives, read once from the environment (safe defaults)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

from services.settings import _at_least

TRUE = {"1", "true", "yes", "on"}


def _flag(env: Mapping[str, str], name: str) -> bool:
    return env.get(name, "").strip().lower() in TRUE


@dataclass(frozen=True)
class NotifySettings:
    """The notifications' settings, each the ``PAPYRUS_`` variable of the same name in docs/settings.md
    (``digest_interval`` is ``PAPYRUS_MAIL_DIGEST_INTERVAL``, ``claim_seconds``
    ``PAPYRUS_NOTIFY_CLAIM_SECONDS``). ``smtp_url`` None appends mails to ``mail_log`` instead; ``secret_key``
    None is a random key kept in the store.
    """

    smtp_url: str | None = None
    mail_from: str = "Papyrus <papyrus@localhost>"
    mail_log: str = "papyrus-mail.log"
    public_url: str = "http://127.0.0.1:8000"
    secret_key: str | None = None
    digest_interval: float = 3600.0
    webhook_allow_private: bool = False
    webhook_allow_http: bool = False
    webhook_attempts: int = 6
    webhook_backoff: float = 30.0
    webhook_disable_after: int = 20
    webhook_timeout: float = 10.0
    webhook_ca_file: str | None = None
    claim_seconds: float = 60.0

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> NotifySettings:
        env = os.environ if env is None else env
        return cls(
            smtp_url=env.get("PAPYRUS_SMTP_URL") or None,
            mail_from=env.get("PAPYRUS_MAIL_FROM") or cls.mail_from,
            mail_log=env.get("PAPYRUS_MAIL_LOG") or cls.mail_log,
            public_url=(env.get("PAPYRUS_PUBLIC_URL") or cls.public_url).rstrip("/"),
            secret_key=env.get("PAPYRUS_SECRET_KEY") or None,
            digest_interval=_at_least(env, "PAPYRUS_MAIL_DIGEST_INTERVAL", 3600.0, 0.0),
            webhook_allow_private=_flag(env, "PAPYRUS_WEBHOOK_ALLOW_PRIVATE"),
            webhook_allow_http=_flag(env, "PAPYRUS_WEBHOOK_ALLOW_HTTP"),
            webhook_attempts=int(_at_least(env, "PAPYRUS_WEBHOOK_ATTEMPTS", 6, 1)),
            webhook_backoff=_at_least(env, "PAPYRUS_WEBHOOK_BACKOFF", 30.0, 0.0),
            webhook_disable_after=int(_at_least(env, "PAPYRUS_WEBHOOK_DISABLE_AFTER", 20, 1)),
            webhook_timeout=_at_least(env, "PAPYRUS_WEBHOOK_TIMEOUT", 10.0, 0.1),
            webhook_ca_file=env.get("PAPYRUS_WEBHOOK_CA_FILE") or None,
            claim_seconds=_at_least(env, "PAPYRUS_NOTIFY_CLAIM_SECONDS", 60.0, 0.1),
        )
