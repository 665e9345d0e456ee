"""Webhooks: the URL an account gives (checked against private networks) and a signed POST to it.

Every delivery is an HTTPS POST of a JSON body with three headers: ``X-Papyrus-Timestamp`` (epoch seconds),
``X-Papyrus-Signature`` (``sha256=`` + hex HMAC-SHA256 of ``<timestamp>.<body>`` under the account's webhook
secret) and ``X-Papyrus-Delivery`` (the notification's de-duplication key: a redelivery repeats it). A URL
whose host resolves to any private, loopback, link-local, multicast or otherwise non-global address is
refused, when it is set and again when it is called (the connection goes to the address that was checked),
unless the operator allows private addresses (``PAPYRUS_WEBHOOK_ALLOW_PRIVATE``)."""

from __future__ import annotations

import hashlib
import hmac
import http.client
import ipaddress
import socket
import ssl
from urllib.parse import urlsplit

from services.errors import ServiceError
from services.notifications.settings import NotifySettings

MAX_URL = 2000
IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class WebhookError(Exception):
    """The receiver could not be reached or did not answer 2xx."""


def signature(secret: str, timestamp: int, body: bytes) -> str:
    signed = str(timestamp).encode() + b"." + body
    return "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()


def _refused(message: str) -> ServiceError:
    return ServiceError(400, "webhook.url_refused", message, field="url")


def _is_public(address: IpAddress) -> bool:
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_global and not address.is_multicast


def resolve(url: str, settings: NotifySettings) -> tuple[str, str, int, list[str]]:
    """The scheme, host, port and checked addresses of a webhook URL; 400 ``webhook.url_refused`` naming why
    it is not acceptable."""
    if len(url) > MAX_URL:
        raise _refused(f"url is longer than {MAX_URL} characters.")
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError as error:
        raise _refused(f"url is not a valid URL ({error}).") from None
    allowed = {"https", "http"} if settings.webhook_allow_http else {"https"}
    if parts.scheme not in allowed or not parts.hostname:
        raise _refused(f"url must be an {' or '.join(sorted(allowed))} URL with a host.")
    if parts.username or parts.password:
        raise _refused("url must not carry a user name or password.")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
        found = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, ValueError):
        raise _refused(f"the host {parts.hostname!r} of url cannot be resolved.") from None
    addresses = sorted({str(info[4][0]) for info in found})
    private = [a for a in addresses if not _is_public(ipaddress.ip_address(a.split("%")[0]))]
    if private and not settings.webhook_allow_private:
        raise _refused(
            f"url resolves to a private, loopback or link-local address ({private[0]}); it must be public."
        )
    return parts.scheme, parts.hostname, port, addresses


def post(url: str, secret: str, body: bytes, delivery: str, now: float, settings: NotifySettings) -> int:
    """POST a signed body to the webhook; its HTTP status (2xx), else :class:`WebhookError`."""
    try:
        scheme, host, port, addresses = resolve(url, settings)
    except ServiceError as refused:
        raise WebhookError(refused.message) from None
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    timestamp = int(now)
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "Papyrus-Webhook/1",
        "X-Papyrus-Timestamp": str(timestamp),
        "X-Papyrus-Signature": signature(secret, timestamp, body),
        "X-Papyrus-Delivery": delivery,
        "Host": host if parts.port is None else f"{host}:{port}",
    }
    connection = _connection(scheme, host, addresses[0], port, settings)
    try:
        connection.request("POST", target, body=body, headers=headers)
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException) as error:
        raise WebhookError(f"{type(error).__name__}: {error}") from error
    finally:
        connection.close()
    if not 200 <= status < 300:
        raise WebhookError(f"the receiver answered {status}")
    return status


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to an address already checked, with the host name for SNI and the certificate."""

    def __init__(self, host: str, address: str, port: int, timeout: float, ca_file: str | None) -> None:
        context = ssl.create_default_context()
        if ca_file:
            context.load_verify_locations(cafile=ca_file)
        super().__init__(host, port, timeout=timeout, context=context)
        self._address = address

    def connect(self) -> None:
        raw = socket.create_connection((self._address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(raw, server_hostname=self.host)  # type: ignore[attr-defined]


def _connection(
    scheme: str, host: str, address: str, port: int, settings: NotifySettings
) -> http.client.HTTPConnection:
    if scheme == "https":
        return _PinnedHTTPS(host, address, port, settings.webhook_timeout, settings.webhook_ca_file)
    return http.client.HTTPConnection(address, port, timeout=settings.webhook_timeout)
