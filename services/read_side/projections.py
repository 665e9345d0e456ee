"""Read models folded from the log: who must act and the projected state while a game runs; a finished game's
public and seat views.

``project.lua`` writes a game's projections in one step with the version they reflect, only over older ones,
so re-projecting is harmless. No view body is written while the game runs: views are built from the projected
state when read (projected_state.py). A finished game's views are written once, compressed, a seat's keeping
only the fields that differ from the public view (merged back on read).
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec
import redis
from redis.commands.core import Script

from domain.engine import Game, GameResult, ScoreLine
from services import keys
from services.read_side.projected_state import STATE, decoded_state, encoded_state
from services.store.lua_scripts import Scripts, queue_script
from services.store.read_batch import Read, Reads
from services.store.replies import as_bytes, as_int
from services.table.prompts import held_back, table_prompt
from services.table.ranking import finished, standings
from services.table.state import TableState

PUBLIC = "public"
TO_ACT = "to_act"
COMPRESSION_LEVEL = 6


def seat_name(seat: int) -> str:
    return f"seat:{seat}"


def status_of(game: Game, state: Any, table: TableState | None = None) -> str:
    return "over" if finished(game, state, table or TableState()) else "running"


def result_of(game: Game, state: Any, table: TableState | None) -> GameResult | None:
    """The game's result as the table ends it (resigned seats last; services/table/ranking.py)."""
    return standings(game.result(state), table) if table is not None else game.result(state)


def seat_view(
    game: Game, state: Any, seat: int | None, result: GameResult | None, table: TableState | None
) -> Any:
    """The game's view of ``seat`` as JSON values, with the table's prompt where the table, not the rules,
    says the seat has nothing to play (over, resigned, stood in for: services/table/prompts.py)."""
    view = msgspec.to_builtins(game.view(state, seat), order="sorted")
    prompt = table_prompt(result, seat, table or TableState())
    if prompt is None or not isinstance(view, dict):
        return view
    return held_back(view, prompt, result is not None)


class ViewBody(msgspec.Struct, kw_only=True):
    """A projection of a game's view: what one seat (or a spectator) sees at ``version``."""

    version: int
    status: str
    to_act: list[int]
    result: GameResult | None
    view: Any
    breakdown: list[list[ScoreLine]] | None = None


def breakdown_of(game: Game, state: Any, result: GameResult | None) -> list[list[ScoreLine]] | None:
    """Every seat's points by source once the game is over (none for an abandoned game, which nobody
    won, or a game that states no breakdown)."""
    if result is None or result.abandoned:
        return None
    return game.score_breakdown(state)


class StoredView(NamedTuple):
    """A stored view body with its version, and the projected state with its version (None: missing)."""

    version: int | None
    body: bytes | None
    state_version: int
    state: bytes | None


def stored_view(replies: Sequence[Any]) -> StoredView:
    """The :class:`StoredView` from the two replies of :meth:`Projections.stored_view_read`."""
    (version, body), (state_version, *state_body) = replies
    state = state_body[0] if state_body else None
    return StoredView(
        version=as_int(version) if version is not None else None,
        body=as_bytes(body) if body is not None else None,
        state_version=as_int(state_version) if state_version is not None else -1,
        state=as_bytes(state) if state is not None and state_version is not None else None,
    )


class ToAct(msgspec.Struct, kw_only=True):
    """The seats that must act at ``version``."""

    version: int = 0
    to_act: list[int] = []


def view_body(
    game: Game, state: Any, seat: int | None, version: int, table: TableState | None = None
) -> ViewBody:
    """What ``seat`` (None = spectator) sees at ``version``."""
    result = result_of(game, state, table)
    return ViewBody(
        version=version,
        status=status_of(game, state, table),
        to_act=sorted(game.to_act(state)) if result is None else [],
        result=result,
        view=seat_view(game, state, seat, result, table),
        breakdown=breakdown_of(game, state, result),
    )


def raw_view_body(
    game: Game, state: Any, seat: int | None, version: int, table: TableState | None = None
) -> ViewBody:
    """:func:`view_body` with the game's view encoded as JSON once (``msgspec.Raw``), from the game's structs
    when the table adds no prompt, for the answers that share it."""
    result = result_of(game, state, table)
    held = table_prompt(result, seat, table or TableState()) is not None
    view = seat_view(game, state, seat, result, table) if held else game.view(state, seat)
    return ViewBody(
        version=version,
        status=status_of(game, state, table),
        to_act=sorted(game.to_act(state)) if result is None else [],
        result=result,
        view=msgspec.Raw(msgspec.json.encode(view, order="sorted")),
        breakdown=breakdown_of(game, state, result),
    )


def encoded_body(
    game: Game, state: Any, seat: int | None, version: int, table: TableState | None = None
) -> bytes:
    """:func:`view_body` as compact JSON, encoded from the game's structs without building dicts first."""
    result = result_of(game, state, table)
    held = table_prompt(result, seat, table or TableState()) is not None
    body = {
        "version": version,
        "status": status_of(game, state, table),
        "to_act": sorted(game.to_act(state)) if result is None else [],
        "result": result,
        "view": seat_view(game, state, seat, result, table) if held else game.view(state, seat),
        "breakdown": breakdown_of(game, state, result),
    }
    return msgspec.json.encode(body, order="sorted")


def packed(body: dict[str, Any]) -> bytes:
    """A finished game's projection body as stored: compact JSON, zlib-compressed."""
    return zlib.compress(msgspec.json.encode(body), COMPRESSION_LEVEL)


def unpacked(raw: bytes) -> dict[str, Any]:
    """A stored body: plain JSON (a running game's) or zlib-compressed JSON (a finished game's)."""
    text = raw if raw.startswith(b"{") else zlib.decompress(raw)
    body: dict[str, Any] = msgspec.json.decode(text)
    return body


def as_difference(body: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """A finished game's seat body stored as what its view changes in the public view."""
    view, shared = body["view"], public["view"]
    if not isinstance(view, dict) or not isinstance(shared, dict):
        return body
    return {
        **{key: value for key, value in body.items() if key != "view"},
        "view_diff": {key: value for key, value in view.items() if key not in shared or shared[key] != value},
        "view_drop": [key for key in shared if key not in view],
    }


def merged(difference: dict[str, Any], public: dict[str, Any]) -> dict[str, Any]:
    """The seat body that :func:`as_difference` stored."""
    dropped = set(difference["view_drop"])
    view = {key: value for key, value in public["view"].items() if key not in dropped}
    view.update(difference["view_diff"])
    rest = {key: value for key, value in difference.items() if key not in ("view_diff", "view_drop")}
    return {**rest, "view": view}


class GameAtVersion(NamedTuple):
    """A game at a version, as projected: its rules, id, seat count, version, state and table."""

    game: Game
    game_id: str
    seats: int
    version: int
    state: Any
    table: TableState | None = None


class Projections:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def write(
        self, at: GameAtVersion, check_first: bool = True, pipe: redis.client.Pipeline | None = None
    ) -> bool:
        """Write every projection of the game ``at`` its version; False if they were already that new.

        ``check_first`` reads the stored version before building the bodies (cheap when they are already
        up to date, as for the sweep); the worker that just appended skips it (``project.lua`` checks
        anyway). With ``pipe`` the write is only queued there (True), as a bare EVALSHA of
        :attr:`scripts` for :func:`services.store.lua_scripts.execute_with_scripts`."""
        game_id, version = at.game_id, at.version
        if check_first and self.version(game_id) >= version:
            return False
        names, bodies = self._bodies(at.game, at.state, at.seats, version, at.table)
        project_keys = [keys.projection(game_id, name) for name in names]
        if pipe is not None:
            queue_script(pipe, self._scripts.project, project_keys, [version, *bodies])
            return True
        return as_int(self._scripts.project(keys=project_keys, args=[version, *bodies])) == 1

    @property
    def scripts(self) -> list[Script]:
        """The scripts a queued :meth:`write` runs."""
        return [self._scripts.project]

    def _bodies(
        self, game: Game, state: Any, seats: int, version: int, table: TableState | None
    ) -> tuple[list[str], list[bytes]]:
        """The projections' names and bodies at ``version`` (over once the table ends the game)."""
        if finished(game, state, table or TableState()):
            names = [TO_ACT, PUBLIC, *[seat_name(seat) for seat in range(seats)]]
            return names, self._finished_bodies(game, state, seats, version, table)
        return self._running_bodies(game, state, seats, version, table)

    @staticmethod
    def _running_bodies(
        game: Game, state: Any, seats: int, version: int, table: TableState | None
    ) -> tuple[list[str], list[bytes]]:
        """A running game's projections: who must act and the state every view is built from on read
        (:meth:`view`, with the table's state from the meta hash); the public and every seat's view only
        for a state that cannot be stored."""
        to_act = msgspec.json.encode({"version": version, "to_act": sorted(game.to_act(state))})
        stored_state = encoded_state(game, state)
        if stored_state is not None:
            return [TO_ACT, STATE], [to_act, stored_state]
        bodies = [encoded_body(game, state, seat, version, table) for seat in [None, *range(seats)]]
        return [TO_ACT, PUBLIC, *[seat_name(seat) for seat in range(seats)]], [to_act, *bodies]

    @staticmethod
    def _finished_bodies(
        game: Game, state: Any, seats: int, version: int, table: TableState | None
    ) -> list[bytes]:
        """A finished game's bodies: compressed, each seat's as its difference from the public view."""
        public = msgspec.to_builtins(view_body(game, state, None, version, table))
        seat_bodies = [
            as_difference(msgspec.to_builtins(view_body(game, state, seat, version, table)), public)
            for seat in range(seats)
        ]
        return [packed(body) for body in [{"version": version, "to_act": []}, public, *seat_bodies]]

    def view(
        self, game_id: str, seat: int | None, game: Game | None = None, table: TableState | None = None
    ) -> ViewBody | None:
        """The projected view of ``seat`` (None: the spectator's), None before the first projection. A
        running game's view is built from its projected state (``game`` and the meta's ``table`` needed),
        unless a body at least as new is stored (a finished game's, or one written before the projected
        state)."""
        batch = Reads(self._redis)
        stored = batch.add(self.stored_view_read(game_id, seat))
        batch.run()
        return self.view_from(game, game_id, seat, stored.value, table)

    @staticmethod
    def stored_view_read(game_id: str, seat: int | None) -> Read[StoredView]:
        """The stored body of ``seat``'s view and its version, and the projected state with its version, as
        a read to batch."""

        def queue(pipe: redis.client.Pipeline) -> None:
            pipe.hmget(
                keys.projection(game_id, PUBLIC if seat is None else seat_name(seat)), ["version", "body"]
            )
            pipe.hmget(keys.projection(game_id, STATE), ["version", "body"])

        return Read(queue, stored_view)

    def view_from(
        self,
        game: Game | None,
        game_id: str,
        seat: int | None,
        stored: StoredView,
        table: TableState | None = None,
    ) -> ViewBody | None:
        """The view from what :meth:`stored_view_read` read: built from the projected state when no stored
        body is at least as new (``game`` needed; ``table``, the meta's, as the written views have it), else
        the stored body."""
        if game is not None and stored.state is not None:
            state = decoded_state(game, stored.state)
            if state is not None and (stored.version is None or stored.version < stored.state_version):
                return view_body(game, state, seat, stored.state_version, table)
        body = unpacked(stored.body) if stored.body is not None else None
        if body is not None and "view_diff" in body:
            public = self._body(game_id, PUBLIC)
            body = merged(body, public) if public is not None else None
        return msgspec.convert(body, ViewBody) if body is not None else None

    def to_act(self, game_id: str) -> ToAct:
        """Who must act, as projected (nobody, at version 0, before the first projection)."""
        body = self._body(game_id, TO_ACT)
        return msgspec.convert(body, ToAct) if body is not None else ToAct()

    def _body(self, game_id: str, name: str) -> dict[str, Any] | None:
        raw = self._redis.hget(keys.projection(game_id, name), "body")
        return unpacked(as_bytes(raw)) if raw is not None else None

    def version(self, game_id: str) -> int:
        """The version the projections reflect, -1 if there are none."""
        raw = self._redis.hget(keys.projection(game_id, TO_ACT), "version")
        return as_int(raw) if raw is not None else -1

    def delete(self, game_id: str) -> None:
        found = list(self._redis.scan_iter(match=keys.projection_pattern(game_id), count=100))
        if found:
            self._redis.delete(*found)
