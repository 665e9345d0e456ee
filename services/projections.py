"""Read models folded from the log: the public view, one view per seat, and who must act.

All of a game's projections are written by ``project.lua`` in one step together with the version they
reflect, and only if the stored ones are older: re-running a projection is harmless and a slow worker can
never overwrite a newer view with an older one.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec
import redis

from domain.engine import Game
from services import keys
from services.scripts import Scripts, as_int, as_str

PUBLIC = "public"
TO_ACT = "to_act"


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


class Projections:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection
        self._scripts = Scripts(connection)

    def write(self, game: Game, game_id: str, seats: int, version: int, state: Any) -> bool:
        """Write every projection of the game at ``version``; False if they were already that new."""
        if self.version(game_id) >= version:
            return False
        names = [PUBLIC, TO_ACT, *[seat_name(seat) for seat in range(seats)]]
        to_act = sorted(game.to_act(state)) if game.result(state) is None else []
        bodies = [
            view_body(game, state, None, version),
            {"version": version, "to_act": to_act},
            *[view_body(game, state, seat, version) for seat in range(seats)],
        ]
        written = self._scripts.project(
            keys=[keys.projection(game_id, name) for name in names],
            args=[version, *[json.dumps(body, separators=(",", ":")) for body in bodies]],
        )
        return as_int(written) == 1

    def read(self, game_id: str, name: str) -> dict[str, Any] | None:
        raw = self._redis.hget(keys.projection(game_id, name), "body")
        if raw is None:
            return None
        body: dict[str, Any] = json.loads(as_str(raw))
        return body

    def version(self, game_id: str) -> int:
        """The version the projections reflect, -1 if there are none."""
        raw = self._redis.hget(keys.projection(game_id, PUBLIC), "version")
        return as_int(raw) if raw is not None else -1

    def delete(self, game_id: str) -> None:
        found = list(self._redis.scan_iter(match=keys.projection_pattern(game_id), count=100))
        if found:
            self._redis.delete(*found)
