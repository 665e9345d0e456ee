"""Players' profiles: what they chose to show (a display name) and their record, read from the index of
finished games and the ratings."""

from __future__ import annotations

import re

import msgspec
import redis

from domain import registry
from services import keys
from services.errors import ServiceError
from services.players.accounts import name_key
from services.results import AccountGame
from services.social.finished import FinishedGame, won
from services.social.standing import RESIGNED, TIMED_OUT
from services.store.replies import as_str

MAX_DISPLAY_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
RECENT_GAMES = 10


class ShownRating(msgspec.Struct, kw_only=True):
    """A rating as shown: ``rating`` = mu - 3 sigma; ``rank`` the place on the game's leaderboard."""

    rating: float
    mu: float
    sigma: float
    games: int
    rank: int


class GameRecord(msgspec.Struct, kw_only=True):
    """A player's record in one game: finished games played, won (first place), abandoned (resigned) and
    timed out, and the rating (null until a rated game)."""

    game: str
    title: str
    played: int
    won: int
    abandoned: int
    timed_out: int
    rating: ShownRating | None


class Profile(msgspec.Struct, kw_only=True):
    """A player's public profile: ``member_since`` (epoch seconds), their record per hosted game, their
    games not over yet and their last finished games with the final places."""

    name: str
    display_name: str
    member_since: float
    games: list[GameRecord]
    current: list[AccountGame]
    recent: list[FinishedGame]


class ProfileSettings(msgspec.Struct, kw_only=True):
    """What a player may change of their profile: the name others see on it, the leaderboards and in the
    spectators' chat (1-40 characters, shown as text)."""

    display_name: str


def clean_display_name(value: object) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ServiceError(400, "display_name.invalid", "display_name must not be empty.", "display_name")
    cleaned = value.strip()
    if len(cleaned) > MAX_DISPLAY_NAME or _CONTROL.search(cleaned):
        raise ServiceError(
            400,
            "display_name.invalid",
            f"display_name must be 1 to {MAX_DISPLAY_NAME} characters without control characters.",
            "display_name",
        )
    return cleaned


def tally(game: str, title: str, name: str, games: list[FinishedGame]) -> GameRecord:
    mine = name.lower()
    seats = [p for g in games if g.game == game for p in g.players if (p.account or "").lower() == mine]
    return GameRecord(
        game=game,
        title=title,
        played=len(seats),
        won=sum(1 for seat in seats if won(seat)),
        abandoned=sum(1 for seat in seats if seat.fate == RESIGNED),
        timed_out=sum(1 for seat in seats if seat.fate == TIMED_OUT),
        rating=None,
    )


def hosted_titles() -> dict[str, str]:
    return {name: game.title for name, game in sorted(registry.games().items())}


class ProfileStore:
    def __init__(self, connection: redis.Redis) -> None:
        self._redis = connection

    def display_name(self, account: str) -> str | None:
        raw = self._redis.hget(keys.account_profile(name_key(account)), "display_name")
        return as_str(raw) if raw is not None else None

    def set_display_name(self, account: str, display_name: object) -> str:
        cleaned = clean_display_name(display_name)
        self._redis.hset(keys.account_profile(name_key(account)), "display_name", cleaned)
        return cleaned

    def all_finished(self, account: str) -> list[str]:
        return [as_str(i) for i in self._redis.zrevrange(keys.account_finished(name_key(account)), 0, -1)]

    def rank(self, game: str, account: str) -> int | None:
        found = self._redis.zrevrank(keys.rating_board(game), name_key(account))
        return found + 1 if isinstance(found, int) else None
