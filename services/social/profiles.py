"""Players' profiles: what they chose to show (a display name) and their record, read from the index of
finished games and the ratings."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import redis

from domain import registry
from services import keys
from services.errors import ServiceError
from services.players.accounts import MAX_DISPLAY_NAME, Accounts, name_key
from services.players.names import name_fold, normal_name
from services.results import AccountGame
from services.social.finished import ArchivedGame, FinishedGame, won
from services.social.standing import RESIGNED, TIMED_OUT
from services.store.replies import as_str

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

    display_name: str
    member_since: float
    games: list[GameRecord]
    current: list[AccountGame]
    recent: list[ArchivedGame]


class ProfileSettings(msgspec.Struct, kw_only=True):
    """What a player may change of their profile: the name others see on it, the leaderboards and in the
    spectators' chat (1-40 characters, shown as text)."""

    display_name: str


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
    """Display names (the account's own, see services/players/accounts.py: unique in any letter case, indexed
    by ``keys.display_name``) and the accounts' finished games."""

    def __init__(self, connection: redis.Redis, accounts: Accounts) -> None:
        self._redis = connection
        self._accounts = accounts

    def account_of(self, display_name: str) -> str | None:
        """The account (its key) that uses this display name, in any letter case; None if none does."""
        raw = self._redis.get(keys.display_name(name_fold(display_name)))
        return as_str(raw) if raw is not None else None

    def display_name(self, account: str) -> str | None:
        return self._accounts.display_name(account)

    def rename(self, account: str, wanted: object) -> str:
        """Give ``account`` a new display name: 400 for a bad one, 409 when another account uses it. The
        index takes the new name first (SET NX), then the account's document changes (WATCHed), then the
        old name is freed."""
        shown = normal_name(wanted, "display_name", MAX_DISPLAY_NAME)
        key = name_key(account)
        taken = self._redis.set(keys.display_name(name_fold(shown)), key, nx=True)
        if not taken and self.account_of(shown) != key:
            raise ServiceError(
                409, "display_name.taken", f"The display name {shown!r} is taken.", "display_name"
            )
        old = self._swap_document(key, shown)
        if old is not None and name_fold(old) != name_fold(shown) and self.account_of(old) == key:
            self._redis.delete(keys.display_name(name_fold(old)))
        return shown

    def _swap_document(self, key: str, shown: str) -> str | None:
        with self._redis.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(keys.account(key))  # type: ignore[no-untyped-call]
                    raw = pipe.get(keys.account(key))
                    if raw is None:
                        raise ServiceError(404, "account.unknown", "This account no longer exists.", "name")
                    doc: dict[str, Any] = json.loads(as_str(raw))
                    old = doc.get("display_name")
                    doc["display_name"] = shown
                    pipe.multi()
                    pipe.set(keys.account(key), json.dumps(doc))
                    pipe.execute()
                    return old if isinstance(old, str) else None
                except redis.WatchError:
                    continue

    def all_finished(self, account: str) -> list[str]:
        return [as_str(i) for i in self._redis.zrevrange(keys.account_finished(name_key(account)), 0, -1)]

    def rank(self, game: str, account: str) -> int | None:
        found = self._redis.zrevrank(keys.rating_board(game), name_key(account))
        return found + 1 if isinstance(found, int) else None
