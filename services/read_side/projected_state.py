"""The projected state: the game's folded state stored next to its projections, so reads build what they need
from it instead of the workers writing every seat's view on every command.

While a game runs ``project.lua`` writes, per version, who must act and ``state`` (the folded ``State`` as
MessagePack, about 3 KB; a seat's view costs about 100 µs to build from it). Views and legal commands are
built on read (:class:`ProjectedStates`). It holds every secret of the game, so it is never answered, only
passed through the game's ``view`` and ``legal_commands``; it is dropped once the game is over.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from operator import itemgetter
from typing import Any

import msgspec
import redis

from domain.engine import Game
from domain.registry import get_game
from services import keys
from services.results import GameMeta, meta_from
from services.store.event_store import EventStore, Head, head_from
from services.store.meta_store import OVER
from services.store.read_batch import Read, Reads
from services.store.replies import as_bytes, as_int
from services.table.state_cache import StateCache, fold_records
from services.table.undo import RefoldNeeded

STATE = "state"
SHARED_STATES = 256  # states at a head kept per process for the reads that follow one decision


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
    loads a game it does not hold from it: services/table/state_cache.py)."""
    return stored_state_from(game, connection.hmget(keys.projection(game_id, STATE), ["version", "body"]))


def stored_state_read(game_id: str) -> Read[Sequence[Any]]:
    """The projected state's version and body, undecoded, as a read to batch (for :func:`stored_state_from`,
    once the game they belong to is known)."""
    return Read(_queue_stored_state(game_id), itemgetter(0))


def _queue_stored_state(game_id: str) -> Callable[[redis.client.Pipeline], object]:
    return lambda pipe: pipe.hmget(keys.projection(game_id, STATE), ["version", "body"])


def stored_state_from(game: Game, reply: Sequence[Any]) -> tuple[int, Any] | None:
    """:func:`stored_state` from the value of :func:`stored_state_read`."""
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
        self._shared = OncePerHead(SHARED_STATES)

    def load(self, game: Game, game_id: str) -> tuple[Head, Any]:
        pipe = self._redis.pipeline(transaction=False)
        pipe.hgetall(keys.head(game_id))
        _queue_stored_state(game_id)(pipe)
        raw_head, stored = pipe.execute()
        return self._at_head(game, game_id, head_from(raw_head), stored)

    def load_with_meta(self, game_id: str) -> tuple[GameMeta, Game, Head, Any] | None:
        """The meta, the Game, the head and the state at the head, read in one round trip when the
        projected state is current; None for an unknown game. A finished game whose projected state is
        dropped comes with no state (None): its final views are read instead of its log folded again."""
        batch = Reads(self._redis)
        found = batch.add(self.with_meta(game_id))
        batch.run()
        return found.value

    def with_meta(self, game_id: str) -> Read[tuple[GameMeta, Game, Head, Any] | None]:
        """:meth:`load_with_meta` as a read to batch, the meta and the head at one moment: an append landing
        between them would give a view the head after it with the table before it (a page never sent that
        version again). The projected state, read after them, may be behind the head or ahead of it."""
        moment = EventStore.meta_and_head_read(game_id)
        stored_state = _queue_stored_state(game_id)

        def queue(pipe: redis.client.Pipeline) -> None:
            moment.queue(pipe)
            stored_state(pipe)

        def decode(replies: Sequence[Any]) -> tuple[GameMeta, Game, Head, Any] | None:
            raw_meta, head = moment.decode(replies[:1])
            stored = replies[1]
            meta = meta_from(raw_meta)
            if meta is None:
                return None
            game = get_game(meta.game)
            if meta.status == OVER and stored[1] is None:  # its final views are read, not its state rebuilt
                return meta, game, head, None
            return (meta, game, *self._at_head(game, game_id, head, stored))

        return Read(queue, decode, script=moment.script)

    def _at_head(self, game: Game, game_id: str, head: Head, stored: list[Any]) -> tuple[Head, Any]:
        """The state at ``head`` from the stored [version, state] pair, decoded and folded once per head and
        stored state in this process: the reads one decision sets off together (each open page's seat, the
        submitter's answer) share it, as the views and legal commands built from it only read it."""
        key = (game_id, head.version, head.hash, stored[0])
        found: tuple[Head, Any] = self._shared.get(key, lambda: self._folded(game, game_id, head, stored))
        return found

    def _folded(self, game: Game, game_id: str, head: Head, stored: list[Any]) -> tuple[Head, Any]:
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


class OncePerHead:
    """The last ``size`` values by key, each made once: a read asking for a value another thread is making
    waits for it instead of making it again."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._values: OrderedDict[tuple[Any, ...], Future[Any]] = OrderedDict()

    def get(self, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        with self._lock:
            found = self._values.get(key)
            mine = found is None
            if found is None:
                found = self._values[key] = Future()
                if len(self._values) > self._size:
                    self._values.popitem(last=False)
        if not mine:
            return found.result()
        try:
            found.set_result(make())
        except BaseException as error:
            with self._lock:
                if self._values.get(key) is found:
                    del self._values[key]
            found.set_exception(error)
            raise
        return found.result()
