"""Charging the caller's quotas (services/limits/quotas.py) at the start of a write: the logged-in account,
if any, and the client address (``request.remote_addr``: behind a reverse proxy, the address the trusted
proxy configuration yields)."""

from __future__ import annotations

from flask import request

from api.account_auth import caller_account, caller_login, require_account
from api.context import game_service
from api.proxies import client_group
from services.inputs import Requester


def client_address() -> str:
    """The client as quotas count it: its IPv4 address, or the /64 network of its IPv6 address."""
    return client_group(request.remote_addr or "unknown")


def requester() -> Requester:
    """Who asks in this request: the logged-in account and its login's digest, if any, and the client."""
    return Requester(account=caller_account(), login_digest=caller_login(), client=client_address())


def charge(action: str, address_charged: bool = False, account_required: bool = False) -> None:
    """429 ``quota.exceeded`` (with Retry-After) once the caller used up the quota of ``action``;
    ``address_charged``: the client address was already charged (in a read's round trip);
    ``account_required``: 401 first for a caller not logged in (nothing is charged then)."""
    if account_required:
        require_account()
    address = None if address_charged else client_address()
    game_service().quotas.charge(action, account=caller_account(), address=address)
