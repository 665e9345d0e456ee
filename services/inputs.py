"""Typed inputs of the facade (services/game_service.py): the terms a new game is played under, and who
asks, as the API reads them from a request."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TableTerms:
    """How a new game is held beyond its rules: listed in the lobby (``public``) or by invitation; its
    ``clock`` (a preset or the custom form of services/clocks/config.py; None: ``PAPYRUS_MOVE_TIMEOUT``);
    ``rated`` (false: a friendly game); ``spectator_chat`` (false: only players talk)."""

    public: bool = True
    clock: dict[str, Any] | None = None
    rated: bool = True
    spectator_chat: bool = True


@dataclass(frozen=True)
class Requester:
    """Who asks: the logged-in ``account`` (None: a guest), the digest of its login (a seat's token is
    bound to it), and the ``client`` address (a guest may fill only its share of another client's game)."""

    account: str | None = None
    login_digest: str | None = None
    client: str | None = None


DEFAULT_TERMS = TableTerms()
ANONYMOUS = Requester()
