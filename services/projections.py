"""Read models folded from the log: the public view, one view per seat, and who must act.

All of a game's projections are written by ``project.lua`` in one step together with the version they
reflect, and only if the stored ones are older: re-running a projection is harmless and a slow worker can
never overwrite a newer view with an older one. Bodies are stored as zlib-compressed JSON.

Once the game is over nothing is secret any more and the projections never change again, so a seat's
projection keeps only the top-level fields of its view that differ from the public view (``view_diff``,
and ``view_drop`` for fields the seat's view lacks); reading it merges them back onto the public view.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import msgspec
import redis

from domain.engine import Game
from services import keys
from services.scripts import Scripts, as_bytes, as_int

PUBLIC = "public"
TO_ACT = "to_act"
COMPRESSION_LEVEL = 6


def seat_name(seat: int) -> str:
    return f"seat:{seat}"


def status_of(game: Game, state: Any) -> str:
    return "over" if game.result(state) is not None else "running"


def view_body(game: Game, state: Any, seat: int | None, version: int) -> dict[str, Any]:
    """What ``seat`` (None = spectator) sees at ``version``."""
    result = game.result(state)
    return {
        "version": version,
        "status": status_of(game, state),
        "to_act": sorted(game.to_act(state)) if result is None else [],
        "result": msgspec.to_builtins(result) if result is not None else None,
        "view": msgspec.to_builtins(game.view(state, seat), order="sorted"),
    }


def packed(body: dict[str, Any]) -> bytes:
    """A projection body as stored: compact JSON, zlib-compressed (views repeat themselves a lot)."""
    return zlib.compress(json.dumps(body, separators=(",", ":")).encode("utf-8"), COMPRESSION_LEVEL)


def unpacked(raw: bytes) -> dict[str, Any]:
    """A stored body; plain JSON bodies written before compression still read."""
    text = raw if raw.startswith(b"{") else zlib.decompress(raw)
    body: dict[str, Any] = json.loads(text)
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


class Projections:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def write(self, game: Game, game_id: str, seats: int, version: int, state: Any) -> bool:
        """Write every projection of the game at ``version``; False if they were already that new."""
        if self.version(game_id) >= version:
            return False
        names = [PUBLIC, TO_ACT, *[seat_name(seat) for seat in range(seats)]]
        over = game.result(state) is not None
        public = view_body(game, state, None, version)
        seat_bodies = [view_body(game, state, seat, version) for seat in range(seats)]
        bodies = [
            public,
            {"version": version, "to_act": [] if over else sorted(game.to_act(state))},
            *[as_difference(body, public) if over else body for body in seat_bodies],
        ]
        written = self._scripts.project(
            keys=[keys.projection(game_id, name) for name in names],
            args=[version, *[packed(body) for body in bodies]],
        )
        return as_int(written) == 1

    def read(self, game_id: str, name: str) -> dict[str, Any] | None:
        body = self._body(game_id, name)
        if body is None or "view_diff" not in body:
            return body
        public = self._body(game_id, PUBLIC)
        return merged(body, public) if public is not None else None

    def _body(self, game_id: str, name: str) -> dict[str, Any] | None:
        raw = self._redis.hget(keys.projection(game_id, name), "body")
        return unpacked(as_bytes(raw)) if raw is not None else None

    def version(self, game_id: str) -> int:
        """The version the projections reflect, -1 if there are none."""
        raw = self._redis.hget(keys.projection(game_id, PUBLIC), "version")
        return as_int(raw) if raw is not None else -1

    def delete(self, game_id: str) -> None:
        found = list(self._redis.scan_iter(match=keys.projection_pattern(game_id), count=100))
        if found:
            self._redis.delete(*found)
