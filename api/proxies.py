"""Client addresses behind a reverse proxy: ``X-Forwarded-For`` / ``-Proto`` / ``-Host`` count only when the
peer is a trusted proxy (``PAPYRUS_TRUSTED_PROXIES``: addresses or networks, comma-separated). The client is
then the rightmost forwarded address that is not a trusted proxy, which no client can forge. Without the
setting the peer's own address is the client's.
"""

from __future__ import annotations

import functools
import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
IPV6_CLIENT_PREFIX = 64  # one IPv6 client usually holds a whole /64: counted as one


def parse_networks(raw: str, setting: str = "PAPYRUS_TRUSTED_PROXIES") -> tuple[Network, ...]:
    """``raw``'s comma-separated addresses and networks; a ValueError naming ``setting`` for a bad one."""
    networks = []
    for part in (piece.strip() for piece in raw.split(",")):
        if not part:
            continue
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(f"{setting}: {part!r} is not an IP address or network") from None
    return tuple(networks)


def _is_in(address: str, networks: Iterable[Network]) -> bool:
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(parsed in network for network in networks)


class TrustedProxies:
    """WSGI middleware: the forwarded client address, scheme and host, from trusted proxies only."""

    def __init__(self, app: WSGIApplication, networks: tuple[Network, ...]) -> None:
        self._app = app
        self._networks = networks
        self._forwarded = ProxyFix(app, x_for=0, x_proto=1, x_host=1)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Any:
        peer = str(environ.get("REMOTE_ADDR", ""))
        if not self._networks or not _is_in(peer, self._networks):
            for header in ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO", "HTTP_X_FORWARDED_HOST"):
                environ.pop(header, None)
            return self._app(environ, start_response)
        environ["REMOTE_ADDR"] = self.client_address(peer, str(environ.get("HTTP_X_FORWARDED_FOR", "")))
        return self._forwarded(environ, start_response)

    def client_address(self, peer: str, forwarded_for: str) -> str:
        """The rightmost address of ``forwarded_for`` that is not a trusted proxy (else the leftmost)."""
        return forwarded_client(peer, forwarded_for, self._networks)


def forwarded_client(peer: str, forwarded_for: str, networks: tuple[Network, ...]) -> str:
    """The client of a request from ``peer``: ``peer`` itself unless it is a trusted proxy (in
    ``networks``), else the rightmost address of ``forwarded_for`` that is not one (else the leftmost)."""
    if not networks or not _is_in(peer, networks):
        return peer
    client = peer
    for address in reversed([part.strip() for part in forwarded_for.split(",") if part.strip()]):
        client = address
        if not _is_in(address, networks):
            break
    return client


@functools.lru_cache(maxsize=4096)
def client_group(raw: str) -> str:
    """The client as limits count it: its IPv4 address, or the /64 network of its IPv6 address (kept for
    the addresses seen last: parsing one costs more than the rest of a request's limits)."""
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_CLIENT_PREFIX), strict=False))
    return str(address)
