"""Charging the caller's quotas (services/limits/quotas.py) at the start of a write: the logged-in account,
if any, and the client address (``request.remote_addr``: behind a reverse proxy, the address the trusted
proxy configuration yields)."""

from __future__ import annotations

from flask import request

from api.account_auth import caller_account
from api.context import game_service


def client_address() -> str:
    return request.remote_addr or "unknown"


def charge(action: str) -> None:
    """429 ``quota.exceeded`` (with Retry-After) once the caller used up the quota of ``action``."""
    game_service().quotas.charge(action, account=caller_account(), address=client_address())
