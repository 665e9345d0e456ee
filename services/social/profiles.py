"""Players' profiles: what they chose to show (a display name) and their record, read from the index of
finished games and the ratings."""

from __future__ import annotations

import json
import re
import secrets
from typing import Any

import msgspec
import redis

from domain import registry
from domain.messages import msg
from services import keys
from services.errors import ServiceError
from services.names import name_fold, normal_name
from services.players.accounts import MAX_DISPLAY_NAME, Accounts, name_key
from services.results import AccountGame
from services.social.finished import ArchivedGame, FinishedGame, won
from services.social.standing import RESIGNED, TIMED_OUT
from services.store.replies import as_str

RECENT_GAMES = 10
FORMER_NAMES = "former-names"  # the account's part listing the display names it used before (casefolded)
PUBLIC_ID = "public-id"  # the account's part holding its public player id
PUBLIC_ID_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: an id read aloud or retyped
PUBLIC_ID_LENGTH = 10
PUBLIC_ID_SHAPE = re.compile(f"[{PUBLIC_ID_ALPHABET}]{{{PUBLIC_ID_LENGTH}}}")


class ShownRating(msgspec.Struct, kw_only=True):
    """A rating as shown: ``rating`` = mu - 3 sigma; ``rank`` the place on the game's leaderboard."""

    rating: float
    mu: float
    sigma: float
    games: int
    rank: int


class GameRecord(msgspec.Struct, kw_only=True):
    """A player's record in one game: finished games played, won (first place, alone or shared), resigned,
    timed out (their time ran out at least once, a forfeit included) and abandoned (nobody was playing any
    more at the end: no winner, not rated), and the rating (null until a rated game)."""

    game: str
    title: str
    played: int
    won: int
    resigned: int
    timed_out: int
    abandoned: int
    rating: ShownRating | None


class Profile(msgspec.Struct, kw_only=True):
    """A player's public profile: ``id`` the player's public id (their profile's lasting address,
    ``/profiles/<id>``, kept through renames), ``member_since`` (epoch seconds), their record per hosted
    game, their games not over yet and their last finished games with the final places; ``away_until``:
    the last day of the absence they are on now (an ISO date in ``away_zone``; null: not away)."""

    display_name: str
    id: str
    member_since: float
    games: list[GameRecord]
    current: list[AccountGame]
    recent: list[ArchivedGame]
    away_until: str | None = None
    away_zone: str | None = None


class ProfileSettings(msgspec.Struct, kw_only=True):
    """What a player may change of their profile: the name others see on it, the leaderboards and in the
    spectators' chat (1-40 characters, shown as text)."""

    display_name: str


def tally(game: str, title: str, name: str, games: list[FinishedGame]) -> GameRecord:
    mine = name.lower()
    seats = [(g, p) for g in games if g.game == game for p in g.players if (p.account or "").lower() == mine]
    return GameRecord(
        game=game,
        title=title,
        played=len(seats),
        won=sum(1 for finished, seat in seats if won(finished, seat)),
        resigned=sum(1 for _, seat in seats if seat.fate == RESIGNED),
        timed_out=sum(1 for _, seat in seats if seat.fate == TIMED_OUT),
        abandoned=sum(1 for finished, _ in seats if finished.abandoned),
        rating=None,
    )


def hosted_titles() -> dict[str, str]:
    return {name: game.title for name, game in sorted(registry.games().items())}


def rank_above(connection: redis.Redis, game: str, rating: float) -> int:
    """The leaderboard place of a rating: one more than the players rated strictly higher, so equal
    ratings share a place."""
    return int(connection.zcount(keys.rating_board(game), f"({rating!r}", "+inf")) + 1


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
                409,
                "display_name.taken",
                msg("The display name {name} is taken.", name=shown),
                "display_name",
            )
        old = self._swap_document(key, shown)
        if old is not None and name_fold(old) != name_fold(shown) and self.account_of(old) == key:
            pipe = self._redis.pipeline(transaction=False)  # three slots on a cluster
            pipe.set(keys.former_display_name(name_fold(old)), key)
            pipe.sadd(keys.account_part(key, FORMER_NAMES), name_fold(old))
            pipe.delete(keys.display_name(name_fold(old)))
            pipe.execute()
        return shown

    def account_named(self, display_name: str) -> str | None:
        """The account that uses ``display_name`` now, else the one that used it before a rename (so links
        to a player's old name keep working until another player takes it); None if none."""
        key = self.account_of(display_name)
        if key is None:
            raw = self._redis.get(keys.former_display_name(name_fold(display_name)))
            key = as_str(raw) if raw is not None else None
        return key

    def public_id(self, account: str) -> str:
        """The account's public player id: random, never changed, given at its first use (SET NX, so two
        readers agree). Links to a profile carry it, so they outlive renames and never show the login name."""
        key = name_key(account)
        part = keys.account_part(key, PUBLIC_ID)
        raw = self._redis.get(part)
        if raw is not None:
            return as_str(raw)
        while True:
            made = "".join(secrets.choice(PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))
            if self._redis.set(keys.player_id(made), key, nx=True):
                break
        if self._redis.set(part, made, nx=True):
            return made
        self._redis.delete(keys.player_id(made))  # another reader gave the account its id first
        return as_str(self._redis.get(part))

    def account_by_id(self, public_id: str) -> str | None:
        """The account a public player id stands for; None if none (or not id-shaped)."""
        if not PUBLIC_ID_SHAPE.fullmatch(public_id):
            return None
        raw = self._redis.get(keys.player_id(public_id))
        return as_str(raw) if raw is not None else None

    def forget_public_id(self, key: str) -> None:
        """Drop the account's public id from the index (its erasure): its links then find nobody."""
        raw = self._redis.get(keys.account_part(key, PUBLIC_ID))
        if raw is not None:
            self._redis.delete(keys.player_id(as_str(raw)))

    def forget_former_names(self, key: str) -> None:
        """Drop the account's former display names from the index (its erasure)."""
        for raw in self._redis.smembers(keys.account_part(key, FORMER_NAMES)):
            former = keys.former_display_name(as_str(raw))
            holder = self._redis.get(former)
            if holder is not None and as_str(holder) == key:
                self._redis.delete(former)

    def _swap_document(self, key: str, shown: str) -> str | None:
        with self._redis.pipeline() as pipe:
            while True:
                try:
                    pipe.watch(keys.account(key))  # type: ignore[no-untyped-call]
                    raw = pipe.get(keys.account(key))
                    if raw is None:
                        raise ServiceError(
                            404, "account.unknown", msg("This account no longer exists."), "name"
                        )
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
        """The account's place on the game's leaderboard (equal ratings share it); None if unrated."""
        rating = self._redis.zscore(keys.rating_board(game), name_key(account))
        return None if rating is None else rank_above(self._redis, game, float(rating))
