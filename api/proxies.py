"""Client addresses behind a reverse proxy: ``X-Forwarded-For`` / ``-Proto`` / ``-Host`` are honoured only
when the peer that sent them is a trusted proxy (``PAPYRUS_TRUSTED_PROXIES``: addresses or networks,
comma-separated, e.g. ``127.0.0.1,10.0.0.0/8``). The client is then the rightmost forwarded address that is
not itself a trusted proxy (a client cannot forge it: each trusted proxy appends the address it saw). Without
the setting every forwarded header is ignored and the peer's own address is the client's (login throttling
counts attempts per client address, services/players/login_throttle.py)."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


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
        client = peer
        for address in reversed([part.strip() for part in forwarded_for.split(",") if part.strip()]):
            client = address
            if not _is_in(address, self._networks):
                break
        return client
