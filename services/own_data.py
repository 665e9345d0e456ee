"""A player's own data: everything the service holds about an account, as one JSON document, and erasing
the account. Erasure removes the login, e-mail, webhook, sessions and tokens and replaces the account in
every game, chat, index and rating by one pseudonym (``Former player <hex>``, keyed ``~<hex>``, a key no
login name can take), in Redis and in the archived games' objects: finished games stay complete and their
exports still verify (names are outside the hash chain)."""

from __future__ import annotations

import json
import secrets
from typing import Any

import msgspec
import redis
from redis.exceptions import WatchError
from redis.typing import EncodableT, FieldT

from domain import registry
from services import keys
from services.archive import GameArchive
from services.names import name_fold
from services.notifications.service import Notifications
from services.players.accounts import Accounts, name_key
from services.players.seating import Seating
from services.results import AccountGame
from services.social import Social
from services.social.chat import ChatMessage
from services.social.profiles import FORMER_NAMES, PUBLIC_ID
from services.store.archive_catalog import CatalogEntry
from services.store.meta_store import account_field
from services.store.replies import as_str

ACCOUNT_SUFFIXES = (
    "doc", "games", "logins", "devices", "addresses", "finished", "notify", "mail_slot", "days_off",
    "verification_sent", "webhook_failures", "chat_games", FORMER_NAMES, PUBLIC_ID,
)  # fmt: skip


class OwnData:
    def __init__(
        self,
        connection: redis.Redis,
        accounts: Accounts,
        seating: Seating,
        social: Social,
        notifications: Notifications,
        archive: GameArchive,
    ) -> None:
        self._redis, self._accounts, self._seating = connection, accounts, seating
        self._social, self._notifications, self._archive = social, notifications, archive

    def export(self, account: str) -> dict[str, Any]:
        """Everything held about ``account``: profile, games and seats, chat messages it wrote, notification
        settings, the clients it logged in from; never a secret (password hash, tokens, webhook secret)."""
        key = name_key(account)
        profile = self._accounts.profile(account)
        settings = msgspec.to_builtins(self._notifications.settings_of(account))
        redis = self._redis
        return {
            "account": msgspec.to_builtins(profile),
            "games": msgspec.to_builtins([*self._seating.games_of(account), *self._archived_games(account)]),
            "chat": [msgspec.to_builtins(message) for message in self._chat_of(account)],
            "notifications": {name: value for name, value in settings.items() if name != "webhook_secret"},
            "login_addresses": sorted(
                as_str(member) for member in redis.zrange(keys.account_addresses(key), 0, -1)
            ),
            "trusted_browsers": int(redis.hlen(keys.account_devices(key))),
            "live_logins": int(redis.scard(keys.account_logins(key))),
            "ratings": {
                game: msgspec.to_builtins(rating)
                for game in registry.games()
                if (rating := self._social.ratings.of(game, key)) is not None
            },
        }

    def _archived_games(self, account: str) -> list[AccountGame]:
        """The archived games the account held a seat in, newest first."""
        found = []
        for game_id, seat in self._archived_seats(account).items():
            archived = self._archive.reader.load(game_id)
            if archived is not None:
                fields = msgspec.structs.asdict(archived.meta)
                found.append(AccountGame(**fields, seat=seat, your_turn=False))
        return sorted(found, key=lambda game: -float(game.created_at))

    def _archived_seats(self, account: str) -> dict[str, int]:
        """Archived game -> the seat the account held, from the catalog entries of its finished games."""
        key = name_key(account)
        entries = self._archive.reader.entries(self._finished_of(key))
        return {
            game_id: entry.accounts.index(key) for game_id, entry in entries.items() if key in entry.accounts
        }

    def _chat_of(self, account: str) -> list[ChatMessage]:
        key = name_key(account)
        social, written = self._social, []
        seats = {**self._archived_seats(account), **self._accounts.seats(account)}
        for game_id, seat in seats.items():
            written += [m for m in social.messages(game_id, None) if m.speaker == f"seat:{seat}"]
        for raw in self._redis.smembers(keys.account_chat_games(key)):
            game_id = as_str(raw)
            spectator = f"spectator:{social.chat.spectator_id(game_id, account)}"
            written += [m for m in social.messages(game_id, None) if m.speaker == spectator]
        return written

    def erase(self, account: str) -> str:
        """Erase ``account`` (its password was checked): its pseudonym everywhere, nothing else left."""
        key = name_key(account)
        token = secrets.token_hex(4)
        pseudonym, shown = f"~{token}", f"Former player {token}"
        display = self._accounts.display_name(account)
        chat = self._social.chat
        redis = self._redis
        seats = self._accounts.seats(account)
        spoken = {as_str(raw) for raw in redis.smembers(keys.account_chat_games(key))}
        for game_id, seat in seats.items():
            self._pseudonymise_seat(game_id, seat, key, pseudonym, shown)
            chat.rename_speakers(
                game_id, {f"seat:{seat}", f"spectator:{chat.spectator_id(game_id, account)}"}, shown
            )
        for game_id in spoken:
            chat.rename_speakers(game_id, {f"spectator:{chat.spectator_id(game_id, account)}"}, shown)
        # Read after the renames in Redis: a game archived before them is in the catalog by now, and one
        # archived after them took the pseudonym (a rename changes the fingerprint archiving checks).
        archived = self._archive.reader.entries(sorted({*self._finished_of(key), *seats, *spoken}))
        self._pseudonymise_archived(account, archived, spoken, pseudonym, shown)
        self._pseudonymise_finished(key, pseudonym, shown)
        self._pseudonymise_ratings(key, pseudonym, shown)
        self._accounts.tokens.revoke_all(key)
        addresses = [as_str(member) for member in redis.zrange(keys.account_addresses(key), 0, -1)]
        self._accounts.throttle.forget(key, addresses)
        if display is not None:
            redis.delete(keys.display_name(name_fold(display)))
        self._social.profiles.forget_former_names(key)
        self._social.profiles.forget_public_id(key)
        redis.delete(*[keys.account_part(key, suffix) for suffix in ACCOUNT_SUFFIXES])
        return shown

    def _finished_of(self, key: str) -> list[str]:
        return [as_str(raw) for raw in self._redis.zrange(keys.account_finished(key), 0, -1)]

    def _pseudonymise_seat(self, game_id: str, seat: int, key: str, pseudonym: str, shown: str) -> None:
        """The seat's name and account replaced in the game's meta, in one transaction that writes nothing
        once the game has left Redis (archived meanwhile: its object is renamed instead)."""
        meta = keys.meta(game_id)
        indexed: dict[FieldT, EncodableT] = {account_field(pseudonym): seat, f"name:{name_fold(shown)}": seat}
        with self._redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(meta)  # type: ignore[no-untyped-call]
                    raw = pipe.hget(meta, f"seat:{seat}")
                    if raw is None:
                        return
                    held = json.loads(as_str(raw))
                    old_name = str(held.get("name", ""))
                    held.update(name=shown, account=pseudonym)
                    pipe.multi()
                    pipe.hset(meta, f"seat:{seat}", json.dumps(held))
                    pipe.hdel(meta, account_field(key), f"name:{name_fold(old_name)}")
                    pipe.hset(meta, mapping=indexed)
                    pipe.execute()
                    return
                except WatchError:
                    continue

    def _pseudonymise_archived(
        self, account: str, archived: dict[str, CatalogEntry], spoken: set[str], pseudonym: str, shown: str
    ) -> None:
        """Rename the account in the objects of its archived games (seats the catalog says it held, its
        spectator's messages) and replace it among the accounts their catalog entries keep."""
        key, chat = name_key(account), self._social.chat
        for game_id, entry in archived.items():
            seats = {seat: shown for seat, held in enumerate(entry.accounts) if held == key}
            spectator = f"spectator:{chat.spectator_id(game_id, account)}"
            speakers = {spectator: shown} if game_id in spoken else {}
            if seats or speakers:
                self._archive.rename(game_id, seats, speakers, account=key, pseudonym=pseudonym)

    def _pseudonymise_finished(self, key: str, pseudonym: str, shown: str) -> None:
        finished = self._social.finished
        for raw in self._redis.zrange(keys.account_finished(key), 0, -1):
            summary = finished.get(as_str(raw))
            if summary is None:
                continue
            for player in summary.players:
                if player.account and name_key(player.account) == key:
                    player.account, player.name = pseudonym, shown
            finished.record(summary)

    def _pseudonymise_ratings(self, key: str, pseudonym: str, shown: str) -> None:
        redis = self._redis
        for game in registry.games():
            raw = redis.hget(keys.ratings(game), key)
            if raw is None:
                continue
            rating = {**json.loads(as_str(raw)), "name": shown}
            score = redis.zscore(keys.rating_board(game), key)
            pipe = redis.pipeline(transaction=True)
            pipe.hdel(keys.ratings(game), key)
            pipe.hset(keys.ratings(game), pseudonym, json.dumps(rating))
            pipe.zrem(keys.rating_board(game), key)
            if score is not None:
                pipe.zadd(keys.rating_board(game), {pseudonym: score})
            pipe.execute()
