"""Charging the caller's quotas (services/limits/quotas.py) at the start of a write: the logged-in account,
if any, and the client address (``request.remote_addr``: behind a reverse proxy, the address the trusted
proxy configuration yields)."""

from __future__ import annotations

import ipaddress

from flask import request

from api.account_auth import caller_account
from api.context import game_service

IPV6_CLIENT_PREFIX = 64  # one IPv6 client usually holds a whole /64: counted as one


def client_address() -> str:
    """The client as quotas count it: its IPv4 address, or the /64 network of its IPv6 address."""
    raw = request.remote_addr or "unknown"
    try:
        address = ipaddress.ip_address(raw)
    except ValueError:
        return raw
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_CLIENT_PREFIX), strict=False))
    return str(address)


def charge(action: str, address_charged: bool = False) -> None:
    """429 ``quota.exceeded`` (with Retry-After) once the caller used up the quota of ``action``;
    ``address_charged``: the client address was already charged (in a read's round trip)."""
    address = None if address_charged else client_address()
    game_service().quotas.charge(action, account=caller_account(), address=address)
