"""Webhooks: the URL an account gives (checked against private networks) and a signed POST to it.

A delivery is an HTTPS POST of a JSON body with ``X-Papyrus-Timestamp``, ``X-Papyrus-Signature`` (``sha256=``
+ hex HMAC-SHA256 of ``<timestamp>.<body>`` under the account's secret) and ``X-Papyrus-Delivery`` (the
de-duplication key). A URL resolving to any non-global address (an IPv6 one carrying an IPv4 address or
site-local too) is refused when set and when called, and the connection goes to the address checked, unless
``PAPYRUS_WEBHOOK_ALLOW_PRIVATE``.
"""

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


# IPv6 ranges that carry an IPv4 address inside (NAT64, 6to4, Teredo, IPv4-compatible, SIIT), or that were
# site-local: a router or the host may reach the IPv4 address they hold, so none is accepted as public.
EMBEDDING_IPV4 = tuple(
    ipaddress.IPv6Network(network)
    for network in (
        "64:ff9b::/96",
        "64:ff9b:1::/48",
        "2002::/16",
        "2001::/32",
        "::/96",
        "::ffff:0:0:0/96",
        "fec0::/10",
    )
)


def _is_public(address: IpAddress) -> bool:
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            address = address.ipv4_mapped
        elif any(address in network for network in EMBEDDING_IPV4):
            return False
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
