"""Who sits where before a game starts: invitations to private games, seats held by accounts, leaving an
open game, and an account's list of games (the ones where it is their turn first)."""

from __future__ import annotations

import json
import secrets
from typing import Any

import redis

from services import keys
from services.errors import ServiceError
from services.parts import Parts
from services.players.accounts import Accounts
from services.read_side.projections import TO_ACT
from services.store.meta_store import OPEN, OVER, RUNNING, account_field
from services.store.replies import as_int, as_str

_STATUS_ORDER = {RUNNING: 0, OPEN: 1, OVER: 2}


def _holds(meta: dict[str, Any], seat: int, account: str) -> bool:
    """The game's meta (not the account's index, which a crash may leave behind) says the account holds
    ``seat``."""
    held = (p.get("account") for p in meta["players"] if p["seat"] == seat)
    return any(isinstance(name, str) and name.lower() == account.lower() for name in held)


class Seating:
    def __init__(self, parts: Parts, accounts: Accounts) -> None:
        self._parts = parts
        self._accounts = accounts

    def create_invite(self, game_id: str) -> str:
        """A fresh invitation code for a private game (kept secret from the public meta)."""
        code = secrets.token_urlsafe(12)
        pipe = self._parts.redis.pipeline()
        pipe.set(keys.invitation(code), game_id)
        pipe.set(keys.invite(game_id), code)
        pipe.execute()
        return code

    def invite_of(self, game_id: str) -> str | None:
        raw = self._parts.redis.get(keys.invite(game_id))
        return as_str(raw) if raw is not None else None

    def game_of_invite(self, code: str) -> str:
        """The game an invitation code opens; 404 if there is none."""
        raw = self._parts.redis.get(keys.invitation(code)) if code else None
        if raw is None:
            raise ServiceError(404, "invite.unknown", "No game has this invitation code.", field="invite")
        return as_str(raw)

    def admit(self, meta: dict[str, Any], invite: str | None) -> None:
        """Refuse a join to a private game without its code (403). (One seat per account is checked by the
        claim itself, see ``MetaStore.claim``.)"""
        if not meta["public"]:
            if not invite:
                raise ServiceError(
                    403, "invite.required", "This game is private: join it with its invitation.", "invite"
                )
            if invite != self.invite_of(meta["id"]):
                raise ServiceError(403, "invite.wrong", "This is not this game's invitation code.", "invite")

    def abandon(self, game_id: str, account: str | None) -> None:
        """Take the game out of the account's list of games."""
        if account is not None:
            self._accounts.release_game(account, game_id)

    def seated(self, game_id: str, seat: int, account: str | None) -> None:
        """List the game among the account's games (an index: the game's meta says who holds which seat)."""
        if account is not None:
            self._accounts.bind_seat(account, game_id, seat)

    def leave(self, game_id: str, seat: int) -> None:
        """Give up a seat of a game that has not started: the seat, its tokens and the account's claim go.
        409 once the game has started (or if it changed meanwhile)."""
        meta_key = keys.meta(game_id)
        with self._parts.redis.pipeline() as pipe:
            try:
                pipe.watch(meta_key)  # type: ignore[no-untyped-call]
                status = pipe.hget(meta_key, "status")
                if status is None or as_str(status) != OPEN:
                    raise ServiceError(409, "game.started", "You can only leave a game that has not started.")
                held = pipe.hget(meta_key, f"seat:{seat}")
                tokens = pipe.hgetall(keys.seat_tokens(game_id))
                account = json.loads(as_str(held)).get("account") if held is not None else None
                pipe.multi()
                pipe.hdel(meta_key, f"seat:{seat}")
                if account:
                    pipe.hdel(meta_key, account_field(account))
                for digest, token_seat in tokens.items():
                    if as_int(token_seat) == seat:
                        pipe.hdel(keys.seat_tokens(game_id), digest)
                pipe.execute()
            except redis.WatchError:
                raise ServiceError(409, "game.busy", "The game changed while you left; try again.") from None
        self.abandon(game_id, account)
        meta = self._parts.meta.get(game_id)
        if meta is not None:
            self._parts.meta.publish_lobby(meta)

    def games_of(self, account: str) -> list[dict[str, Any]]:
        """The account's games, each ``{**meta, "seat", "your_turn"}``: the ones where it must act first,
        then running, open and finished games, newest first within each."""
        entries = []
        for game_id, seat in self._accounts.seats(account).items():
            meta = self._parts.meta.get(game_id)
            if meta is None or not _holds(meta, seat, account):
                continue
            to_act = (self._parts.projections.read(game_id, TO_ACT) or {}).get("to_act", [])
            your_turn = meta["status"] == RUNNING and seat in to_act
            entries.append({**meta, "seat": seat, "your_turn": your_turn})
        return sorted(
            entries,
            key=lambda entry: (
                not entry["your_turn"],
                _STATUS_ORDER.get(entry["status"], 3),
                -float(entry["created_at"]),
            ),
        )
