"""Inviting an account to an open game: the invitation and its notification are written in one MULTI on
the game's keys (the set of invited accounts and the game's outbox), so neither exists without the other;
the outbox is marked due just before (services/notifications/outbox.py: ``mark_due``)."""

from __future__ import annotations

import redis

from services import keys
from services.errors import ServiceError
from services.names import name_fold
from services.notifications.outbox import add_invitation, mark_due
from services.players.accounts import Accounts, name_key
from services.processing.append_notes import Notification
from services.results import GameMeta, meta_from
from services.store.meta_store import OPEN, MetaStore
from services.store.replies import as_str


class Invitations:
    def __init__(self, connection: redis.Redis, accounts: Accounts) -> None:
        self._redis = connection
        self._accounts = accounts
        self._meta = MetaStore(connection, meta_from, GameMeta)

    def invite(self, game_id: str, inviter: str, player: str) -> Notification:
        """``inviter`` (seated in the open game) invites the player whose display name is ``player``: told
        by their chosen channels, with a private game's code. 404 unknown game or player, 403 an inviter
        without a seat here, 409 once the game has started. Inviting again sends nothing new (same key)."""
        meta = self._open_game_seating(game_id, inviter)
        found = self._redis.get(keys.display_name(name_fold(player)))
        profile = self._accounts.profile(as_str(found)) if found is not None else None
        if profile is None:
            raise ServiceError(404, "player.unknown", "No player has this display name.", field="player")
        code = self._redis.get(keys.invite(game_id)) if not meta.public else None
        mark_due(self._redis, game_id)
        pipe = self._redis.pipeline(transaction=True)
        pipe.sadd(keys.notify_invited(game_id), name_key(profile.name))
        note = add_invitation(pipe, game_id, meta.game, 0, profile.name, as_str(code) if code else None)
        pipe.execute()
        return note

    def _open_game_seating(self, game_id: str, inviter: str) -> GameMeta:
        meta = self._meta.get(game_id)
        if meta is None:
            raise ServiceError(404, "game.unknown", f"No game {game_id!r}.", field="game_id")
        if self._accounts.seat_in(inviter, game_id) is None:
            raise ServiceError(403, "invite.not_seated", "Only a player seated in this game may invite.")
        if meta.status != OPEN:
            raise ServiceError(409, "game.started", "This game has already started.")
        return meta

    def invited(self, game_id: str) -> set[str]:
        return {as_str(m) for m in self._redis.smembers(keys.notify_invited(game_id))}
