"""Helpers for the notification tests: games whose seats are held by accounts with verified addresses."""

from __future__ import annotations

from services import keys
from services.game_service import GameService
from services.inputs import Requester
from services.notifications.preferences import AccountNotifications
from services.processing.append_notes import Notification, decode


def address(name: str) -> str:
    return f"{name.lower()}@example.test"


def with_email(service: GameService, name: str, **chosen: object) -> None:
    """Give the account a verified address (and any other stored setting)."""
    service.notifications.preferences.save(name, AccountNotifications(email=address(name), **chosen))  # type: ignore[arg-type]


def account_game(service: GameService, names: list[str], hand: int = 2, start: bool = True) -> str:
    """A toy game whose seats are held by the accounts ``names`` (seat n by names[n])."""
    meta = service.create_game("toy", len(names), {"hand": hand})
    for name in names:
        service.join(meta.id, name, by=Requester(account=name))
    if start:
        service.start(meta.id)
    return meta.id


def outbox_notes(service: GameService, game_id: str) -> list[Notification]:
    entries = service.components.redis.xrange(keys.notify_outbox(game_id))
    return [note for _, fields in entries for note in decode(fields[b"n"])]
