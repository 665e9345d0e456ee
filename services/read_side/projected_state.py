"""The projected state: the game's folded state stored next to its projections, so that reads build what
they need from it instead of the workers writing it for every seat on every command.

While a game runs the workers write three projections per version (``project.lua``, one step): the public
view, who must act, and ``state``, the folded ``State`` as msgspec MessagePack (about 3 KB for a 4-player
board game: encoding it costs a few microseconds, building one seat's view about 100). A seat's view and its
legal commands are built on read from it (:class:`ProjectedStates`). The state holds every secret of the game:
it is never answered to anyone, only folded and redacted through the game's ``view`` and
``legal_commands``. Once the game is over it is dropped (``keys.finished_game_leftovers``) and the seat
views are written as before (they never change again).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec
import redis

from domain.engine import Game
from domain.registry import get_game
from services import keys
from services.results import GameMeta
from services.store.event_store import EventStore, Head, head_from
from services.store.meta_store import meta_from
from services.store.replies import as_bytes, as_int
from services.store.state_cache import StateCache, fold_records
from services.table.undo import RefoldNeeded

STATE = "state"


def encoded_state(game: Game, state: Any) -> bytes | None:
    """The state as stored in the ``state`` projection; None for a state that is not the game's ``State``
    struct (its seat views are then written for every seat, as before)."""
    return msgspec.msgpack.encode(state) if isinstance(state, game.State) else None


def decoded_state(game: Game, raw: bytes | None) -> Any | None:
    """A stored projected state, None when missing or not decodable (a changed state struct)."""
    if raw is None:
        return None
    try:
        return msgspec.msgpack.decode(raw, type=game.State)
    except msgspec.DecodeError:
        return None


def stored_state(connection: redis.Redis, game: Game, game_id: str) -> tuple[int, Any] | None:
    """(version, state) of the projected state, None when there is none usable (a worker's state cache
    loads a game it does not hold from it: services/store/state_cache.py)."""
    return stored_state_from(game, connection.hmget(keys.projection(game_id, STATE), ["version", "body"]))


def queue_stored_state(pipe: redis.client.Pipeline, game_id: str) -> None:
    """Queue the read :func:`stored_state_from` takes the projected state from, in the caller's ``pipe``."""
    pipe.hmget(keys.projection(game_id, STATE), ["version", "body"])


def stored_state_from(game: Game, reply: Sequence[Any]) -> tuple[int, Any] | None:
    """:func:`stored_state` from the reply of the read :func:`queue_stored_state` queued."""
    raw_version, raw_state = reply
    state = decoded_state(game, as_bytes(raw_state) if raw_state is not None else None)
    return (as_int(raw_version), state) if state is not None and raw_version is not None else None


class ProjectedStates:
    """The state at the head of the log for the API's reads: the projected state (one round trip with the
    head, decoded into a private object) folded on by the events it lacks, if any. Games without one (not
    projected yet, finished, or a state struct that no longer decodes) fall back to the shared state cache
    (events folded on a deep copy)."""

    def __init__(self, connection: redis.Redis, store: EventStore, fallback: StateCache) -> None:
        self._redis = connection
        self._store = store
        self._fallback = fallback

    def load(self, game: Game, game_id: str) -> tuple[Head, Any]:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(keys.head(game_id))
        queue_stored_state(pipe, game_id)
        raw_head, stored = pipe.execute()
        return self._at_head(game, game_id, head_from(raw_head), stored)

    def load_with_meta(self, game_id: str) -> tuple[GameMeta, Game, Head, Any] | None:
        """The meta, the Game, the head and the state at the head, read in one round trip when the
        projected state is current; None for an unknown game."""
        pipe = self._redis.pipeline(transaction=False)
        self.queue_load_with_meta(pipe, game_id)
        return self.loaded_with_meta(game_id, pipe.execute())

    @staticmethod
    def queue_load_with_meta(pipe: redis.client.Pipeline, game_id: str) -> None:
        """Queue the three reads :meth:`loaded_with_meta` needs in the caller's ``pipe``."""
        pipe.hgetall(keys.meta(game_id))
        pipe.hgetall(keys.head(game_id))
        queue_stored_state(pipe, game_id)

    def loaded_with_meta(
        self, game_id: str, replies: Sequence[Any]
    ) -> tuple[GameMeta, Game, Head, Any] | None:
        """:meth:`load_with_meta` from the replies :meth:`queue_load_with_meta` queued."""
        raw_meta, raw_head, stored = replies
        meta = meta_from(raw_meta)
        if meta is None:
            return None
        game = get_game(meta.game)
        head = head_from(raw_head)
        return (meta, game, *self._at_head(game, game_id, head, stored))

    def _at_head(self, game: Game, game_id: str, head: Head, stored: list[Any]) -> tuple[Head, Any]:
        """The state at ``head`` from the stored [version, state] pair: folded on by the events it lacks,
        or from the fallback cache when it is missing, undecodable or ahead of ``head``."""
        raw_version, raw_state = stored
        state = decoded_state(game, as_bytes(raw_state) if raw_state is not None else None)
        if state is None or raw_version is None or as_int(raw_version) > head.version:
            return self._fallback.load(game, game_id, head)
        version = as_int(raw_version)
        if version < head.version:
            records = self._store.read(game_id, after=version, upto=head.version)
            try:
                state = fold_records(game, records, state, version)
            except RefoldNeeded:
                return self._fallback.load(game, game_id, head)
        return head, state
