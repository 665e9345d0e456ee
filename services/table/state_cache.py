"""Loading a game's current state: per-process cache, then snapshot, then the events after it.

Games may fold in place (``evolve`` mutating its state), so the cache says who may fold a cached state:

* an **owned** cache (the worker's: one job at a time per process) folds it in place; the entry leaves
  the cache meanwhile and returns (:meth:`StateCache.remember`) only once its append succeeded, so a
  refused append or a failed fold leaves no half-folded state behind;
* a **shared** cache (the API's reads, on any thread) folds further only on a deep copy.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Callable
from threading import Lock
from typing import Any

from domain.engine import Game
from services.store.event_store import EventStore, Head
from services.store.records import EventRecord
from services.store.snapshots import Snapshots
from services.table.undo import RefoldNeeded, fold_effective


def fold_records(game: Game, records: list[EventRecord], state: Any | None, since: int = 0) -> Any:
    """Fold stored records into ``state`` (folded up to version ``since``); engine-level records (the seed
    reveal, the table's facts) are skipped, and so are the events an undo took back
    (services/table/undo.py): :class:`RefoldNeeded` if one reaches back to ``since`` or before."""
    return fold_effective(game, records, state, since)


def is_checkpoint(game: Game, events: list[Any]) -> bool:
    """True if one of ``events`` is a checkpoint of the game (its optional ``checkpoint(event)`` hook, e.g.
    a round start): the state after them is snapshotted."""
    return any(game.checkpoint(event) for event in events)


LatestState = Callable[[Game, str], "tuple[int, Any] | None"]
LatestRead = Callable[[], "tuple[int, Any] | None"]


class StateCache:
    """States by game id, keyed to the head hash they were folded up to. Bounded (LRU).

    A game missing from the cache is loaded from ``latest`` when given (the state the workers project
    after every command, services/read_side/projected_state.py: usually the head itself, so nothing is
    folded), else from its snapshot, and folded on by the events after it."""

    def __init__(
        self,
        store: EventStore,
        snapshots: Snapshots,
        snapshot_every: int,
        size: int = 512,
        owned: bool = False,
        latest: LatestState | None = None,
    ) -> None:
        self.owned = owned
        self._latest = latest
        self._store = store
        self._snapshots = snapshots
        self._snapshot_every = max(1, snapshot_every)
        self._size = size
        self._lock = Lock()
        self._states: OrderedDict[str, tuple[Head, Any]] = OrderedDict()

    def cached_head(self, game_id: str) -> Head | None:
        """The head the game's cached state was folded up to, if one is cached."""
        with self._lock:
            cached = self._states.get(game_id)
        return cached[0] if cached is not None else None

    def load(
        self,
        game: Game,
        game_id: str,
        head: Head | None = None,
        read_ahead: tuple[Head, list[EventRecord]] | None = None,
        latest_read: LatestRead | None = None,
    ) -> tuple[Head, Any]:
        """The head (read now unless the caller just read it) and the state folded up to it.
        ``read_ahead``: the records after a cached head up to ``head``, which the caller read with it.
        ``latest_read``: the stored latest state the caller read with the head (decoded when called), for a
        game not cached here: it saves the round trip that would read it now."""
        head = head or self._store.head(game_id)
        with self._lock:
            cached = self._states.get(game_id)
        if cached is not None and cached[0].version == head.version and cached[0].hash == head.hash:
            return head, cached[1]
        known: list[EventRecord] | None = None
        if cached is not None and cached[0].version < head.version:
            version, state = cached[0].version, self._private(game_id, cached[1])
            known = read_ahead[1] if read_ahead is not None and read_ahead[0] == cached[0] else None
        elif cached is None and latest_read is not None:
            latest = latest_read()
            if latest is not None and latest[0] <= head.version:  # not ahead of the head it was read with
                version, state = latest
            else:
                version, state = self._from_snapshot(game, game_id, head.version)
        else:
            version, state = self._from_latest(game, game_id, head.version)
        if version < head.version:
            records = (
                known if known is not None else self._store.read(game_id, after=version, upto=head.version)
            )
            try:
                state = fold_records(game, records, state, version)
            except RefoldNeeded:
                version, state = 0, fold_records(game, self._store.read(game_id, upto=head.version), None)
        self.remember(game, game_id, head, state, previous_version=version)
        return head, state

    def fold_on(self, game: Game, game_id: str, state: Any, events: list[Any]) -> Any:
        """The state after ``events``: folded in place in an owned cache (the game's entry is dropped until
        :meth:`remember` puts the result back), on a private deep copy in a shared one."""
        state = self._private(game_id, state)
        for event in events:
            state = game.evolve(state, event)
        return state

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._states.pop(game_id, None)

    def _private(self, game_id: str, state: Any) -> Any:
        """A state the caller may fold: the cached object itself (taken out of the cache) when owned, else
        a copy."""
        if self.owned:
            self.forget(game_id)
            return state
        return copy.deepcopy(state)

    def remember(
        self,
        game: Game,
        game_id: str,
        head: Head,
        state: Any,
        previous_version: int,
        checkpoint: bool = False,
    ) -> None:
        """Cache ``state`` at ``head`` and snapshot it when it crossed a multiple of snapshot_every or at a
        ``checkpoint`` (see :func:`is_checkpoint`); never once the game is over (a finished game's snapshot
        is dropped, see ``NextSteps.settle``)."""
        with self._lock:
            self._states[game_id] = (head, state)
            self._states.move_to_end(game_id)
            while len(self._states) > self._size:
                self._states.popitem(last=False)
        crossed = head.version // self._snapshot_every > previous_version // self._snapshot_every
        if (crossed or checkpoint) and game.result(state) is None:
            self._snapshots.save(game, game_id, head.version, state)

    def at(self, game: Game, game_id: str, version: int) -> Any:
        """The state after ``version`` events (replay from a snapshot no later than it)."""
        start, state = self._from_snapshot(game, game_id, upto=version)
        try:
            return fold_records(game, self._store.read(game_id, after=start, upto=version), state, start)
        except RefoldNeeded:
            return fold_records(game, self._store.read(game_id, upto=version), None)

    def _from_latest(self, game: Game, game_id: str, upto: int) -> tuple[int, Any]:
        """The newest stored state no later than ``upto``: the projected one, else the snapshot."""
        latest = self._latest(game, game_id) if self._latest is not None else None
        if latest is not None and latest[0] <= upto:
            return latest
        return self._from_snapshot(game, game_id, upto)

    def _from_snapshot(self, game: Game, game_id: str, upto: int | None = None) -> tuple[int, Any]:
        snapshot = self._snapshots.load(game, game_id, upto)
        return snapshot if snapshot is not None else (0, None)
