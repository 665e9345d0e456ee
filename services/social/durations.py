"""How long finished games took, by game, player count and clock: the lobby's estimate of a game's duration
(the median and the 90th percentile, nearest rank) once :data:`MIN_GAMES` games with those settings ended.
A game's duration runs from its first event (its start) to its last; one sorted set per settings
(``keys.game_durations``), written when the game is recorded as finished."""

from __future__ import annotations

import math

import redis

from services import keys
from services.clocks.config import ClockConfig
from services.results import DurationEstimate

MIN_GAMES = 3


def clock_label(clock: ClockConfig | None) -> str:
    """The clock as durations are grouped by: its preset, or the custom form's seconds."""
    if clock is None:
        return "server"
    if clock.preset != "custom":
        return clock.preset
    return f"custom-{round(clock.per_move)}-{round(clock.reserve)}"


def _rank(fraction: float, count: int) -> int:
    return max(0, math.ceil(fraction * count) - 1)


class Durations:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def record(self, settings: tuple[str, int, str], game_id: str, seconds: float) -> None:
        """Note that ``game_id`` (of ``settings``: game, player count, clock label) took ``seconds``."""
        self._redis.zadd(keys.game_durations(*settings), {game_id: max(0.0, seconds)})

    def estimates(self, wanted: list[tuple[str, int, str]]) -> list[DurationEstimate | None]:
        """The estimate for each of ``wanted`` (None: fewer than :data:`MIN_GAMES` ended), in two round
        trips for them all."""
        if not wanted:
            return []
        pipe = self._redis.pipeline(transaction=False)
        for settings in wanted:
            pipe.zcard(keys.game_durations(*settings))
        counts = [int(count) for count in pipe.execute()]
        pipe = self._redis.pipeline(transaction=False)
        for settings, count in zip(wanted, counts, strict=True):
            if count >= MIN_GAMES:
                for fraction in (0.5, 0.9):
                    at = _rank(fraction, count)
                    pipe.zrange(keys.game_durations(*settings), at, at, withscores=True)
        replies = iter(pipe.execute())
        found: list[DurationEstimate | None] = []
        for count in counts:
            if count < MIN_GAMES:
                found.append(None)
                continue
            median, p90 = (float(next(replies)[0][1]) for _ in range(2))
            found.append(DurationEstimate(median=median, p90=p90, games=count))
        return found
