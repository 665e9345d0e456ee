"""Sending mail: over SMTP (``PAPYRUS_SMTP_URL``), or appended to a file when no SMTP server is configured
(embedded mode: ``PAPYRUS_MAIL_LOG``, ``papyrus-mail.log`` in the working directory by default)."""

from __future__ import annotations

import os
import smtplib
import ssl
import threading
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from services.notifications.settings import NotifySettings

SMTP_TIMEOUT = 30.0


def readable(message: EmailMessage) -> str:
    """A mail as a person reads it: its headers decoded, then its text (not quoted-printable, so every
    link is whole)."""
    headers = "".join(
        f"{name}: {value}\n" for name, value in message.items() if name != "Content-Transfer-Encoding"
    )
    body = message.get_content() if not message.is_multipart() else message.as_string()
    return f"{headers}\n{body}"


class MailError(Exception):
    """The mail could not be handed over (the server refused it or could not be reached)."""


class Mailer:
    """One connection to the SMTP server, kept open between mails and opened again when it dropped."""

    def __init__(self, settings: NotifySettings) -> None:
        self._settings = settings
        self._smtp: smtplib.SMTP | None = None
        self._lock = threading.Lock()

    def send(self, message: EmailMessage) -> None:
        if "From" not in message:
            message["From"] = self._settings.mail_from
        with self._lock:
            if self._settings.smtp_url is None:
                self._log(message)
                return
            try:
                self._send_smtp(message)
            except (smtplib.SMTPException, OSError) as error:
                self.close_locked()
                raise MailError(f"{type(error).__name__}: {error}") from error

    def _send_smtp(self, message: EmailMessage) -> None:
        if self._smtp is not None:
            try:
                self._smtp.send_message(message)
                return
            except smtplib.SMTPServerDisconnected:
                self.close_locked()
        self._smtp = self._connect()
        self._smtp.send_message(message)

    def _connect(self) -> smtplib.SMTP:
        url = urlsplit(self._settings.smtp_url or "")
        query = parse_qs(url.query)
        host, port = url.hostname or "localhost", url.port
        smtp: smtplib.SMTP
        if url.scheme == "smtps":
            smtp = smtplib.SMTP_SSL(
                host, port or 465, timeout=SMTP_TIMEOUT, context=ssl.create_default_context()
            )
        else:
            smtp = smtplib.SMTP(host, port or 25, timeout=SMTP_TIMEOUT)
            if query.get("starttls", ["0"])[0] in {"1", "true", "yes"}:
                smtp.starttls(context=ssl.create_default_context())
        if url.username:
            smtp.login(unquote(url.username), unquote(url.password or ""))
        return smtp

    def _log(self, message: EmailMessage) -> None:
        """Append to the mail log, readable by its owner only: it holds verification links."""
        descriptor = os.open(self._settings.mail_log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.fchmod(descriptor, 0o600)  # a log made before, or under another umask
        with open(descriptor, "a", encoding="utf-8") as log_file:
            log_file.write(f"{readable(message)}\n{'=' * 72}\n")

    def close_locked(self) -> None:
        smtp, self._smtp = self._smtp, None
        if smtp is not None:
            try:
                smtp.quit()
            except (smtplib.SMTPException, OSError):
                smtp.close()

    def close(self) -> None:
        with self._lock:
            self.close_locked()
