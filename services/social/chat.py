"""Table talk: each game's chat, kept with the game in its own stream (``keys.chat``).

Seated players post to ``table``, logged-in spectators to ``spectators`` (unless the game turned it off); both
are public to whoever may look at the game. A message is 1 to ``ChatLimits.max_length`` characters of text;
each speaker may post ``ChatLimits.rate`` per window (a counter incremented in one MULTI, 429 past it). A seat
may mute a speaker for itself only. The last ``MAX_MESSAGES_KEPT`` messages are kept.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import msgspec
import redis

from services import keys
from services.errors import ServiceError
from services.results import GameMeta
from services.store.live_notices import LOCAL_NOTICES
from services.store.read_batch import Read, Reads
from services.store.replies import as_bytes, as_int, as_str

TABLE, SPECTATORS = "table", "spectators"
MAX_MESSAGES_KEPT = 2000
_FIELD = "m"
CHAT_NOTICE = "c"  # the live channel's notice of a new chat message (a log's notice is its head version)
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_SPEAKER = re.compile(r"^(seat:\d{1,2}|spectator:[0-9a-f]{16})$")


@dataclass(frozen=True)
class ChatLimits:
    """``PAPYRUS_CHAT_MAX_LENGTH`` characters a message, ``PAPYRUS_CHAT_RATE`` messages per
    ``PAPYRUS_CHAT_WINDOW_SECONDS`` per speaker and game."""

    max_length: int = 500
    rate: int = 5
    window_seconds: int = 30

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ChatLimits:
        source = os.environ if env is None else env
        return cls(
            max_length=_positive(source, "PAPYRUS_CHAT_MAX_LENGTH", cls.max_length),
            rate=_positive(source, "PAPYRUS_CHAT_RATE", cls.rate),
            window_seconds=_positive(source, "PAPYRUS_CHAT_WINDOW_SECONDS", cls.window_seconds),
        )


def _positive(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    if not raw.isdigit() or int(raw) < 1:
        raise ValueError(f"{name} must be a whole number >= 1, got {raw!r}")
    return int(raw)


class ChatMessage(msgspec.Struct, kw_only=True):
    """One message: ``id`` its place in the game's chat (increasing), ``channel`` ``table`` (a seated
    player, ``seat`` set) or ``spectators`` (``seat`` null); ``name`` how the speaker is called,
    ``speaker`` what a seat mutes (``seat:<n>``, or ``spectator:<id>`` that names no account), ``version``
    the game's version when it was written, ``at`` when (ISO 8601, UTC)."""

    id: str
    channel: str
    seat: int | None
    speaker: str
    name: str
    text: str
    version: int
    at: str


class _Stored(msgspec.Struct, kw_only=True, array_like=True):
    channel: str
    seat: int | None
    speaker: str
    name: str
    text: str
    version: int
    at: str


@dataclass(frozen=True)
class Speaker:
    """Who posts: a seat (with its player's name) or a logged-in spectator (``account``), whose id in the
    game (``spectator``) is keyed by a secret of the store, so no one can test a guessed login name on it."""

    seat: int | None
    account: str | None
    name: str
    spectator: str = ""

    @property
    def key(self) -> str:
        """``seat:<n>``, or ``spectator:<16 hex>``."""
        return f"seat:{self.seat}" if self.seat is not None else f"spectator:{self.spectator}"

    @property
    def channel(self) -> str:
        return TABLE if self.seat is not None else SPECTATORS


def clean_text(text: object, max_length: int) -> str:
    """The message as stored (trimmed); 400 naming ``text`` for anything but 1..max_length characters of
    text."""
    if not isinstance(text, str):
        raise ServiceError(400, "text.invalid", "text must be a string.", field="text")
    cleaned = text.replace("\r\n", "\n").strip()
    if not cleaned:
        raise ServiceError(400, "text.empty", "text must not be empty.", field="text")
    if len(cleaned) > max_length:
        raise ServiceError(
            400, "text.too_long", f"text must be at most {max_length} characters.", field="text"
        )
    if _CONTROL.search(cleaned):
        raise ServiceError(
            400, "text.invalid", "text may hold no control characters but line breaks.", field="text"
        )
    return cleaned


def valid_speaker(speaker: str) -> str:
    if not _SPEAKER.fullmatch(speaker):
        raise ServiceError(
            400,
            "speaker.invalid",
            "speaker must be a message's `speaker` (`seat:<n>` or `spectator:<id>`).",
            field="speaker",
        )
    return speaker


def _message(entry_id: object, fields: Any) -> ChatMessage:
    raw = fields.get(_FIELD.encode()) if _FIELD.encode() in fields else fields.get(_FIELD)
    stored = msgspec.msgpack.decode(as_bytes(raw), type=_Stored)
    return ChatMessage(id=as_str(entry_id), **msgspec.structs.asdict(stored))


class ChatStore:
    """The chat stream, rate counters and mute sets of games."""

    def __init__(self, connection: redis.Redis, limits: ChatLimits) -> None:
        self._redis = connection
        self.limits = limits

    def spectator_id(self, game_id: str, account: str) -> str:
        """A logged-in spectator's id in one game: stable, and telling nothing of the account."""
        self._redis.set(keys.chat_speaker_secret(), os.urandom(32), nx=True)
        secret = as_bytes(self._redis.get(keys.chat_speaker_secret()) or b"")
        signed = f"{game_id}:{account.lower()}".encode()
        return hmac.new(secret, signed, hashlib.sha256).hexdigest()[:16]

    def count_post(self, game_id: str, speaker: Speaker) -> None:
        """Count one post of ``speaker``; 429 past the rate (the post is counted all the same)."""
        key = keys.chat_rate(game_id, speaker.key)
        pipe = self._redis.pipeline(transaction=True)
        pipe.set(key, 0, ex=self.limits.window_seconds, nx=True)
        pipe.incr(key)
        pipe.ttl(key)
        _, count, ttl = pipe.execute()
        if as_int(count) > self.limits.rate:
            wait = max(1, as_int(ttl))
            raise ServiceError(
                429,
                "chat.rate_limited",
                f"At most {self.limits.rate} messages every {self.limits.window_seconds} s; "
                f"try again in {wait} s.",
                field="text",
                retry_after=wait,
            )

    def append(self, game_id: str, speaker: Speaker, text: str, at: str) -> ChatMessage:
        version_raw = self._redis.hget(keys.head(game_id), "version")
        version = as_int(version_raw) if version_raw is not None else 0
        stored = _Stored(
            channel=speaker.channel,
            seat=speaker.seat,
            speaker=speaker.key,
            name=speaker.name,
            text=text,
            version=version,
            at=at,
        )
        pipe = self._redis.pipeline(transaction=False)
        pipe.xadd(
            keys.chat(game_id),
            {_FIELD: msgspec.msgpack.encode(stored)},
            maxlen=MAX_MESSAGES_KEPT,
            approximate=False,
        )
        pipe.spublish(keys.live(game_id), CHAT_NOTICE)
        entry_id = pipe.execute()[0]
        LOCAL_NOTICES.publish(game_id)
        return ChatMessage(id=as_str(entry_id), **msgspec.structs.asdict(stored))

    def rename_speakers(self, game_id: str, speakers: set[str], name: str) -> int:
        """Every kept message of ``speakers`` shown under ``name`` from now on (an account erased): the
        stream is written again with the same ids, in one transaction. How many messages changed."""
        with self._redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    pipe.watch(keys.chat(game_id))  # type: ignore[no-untyped-call]
                    messages = self.read(game_id)
                    changed = sum(message.speaker in speakers for message in messages)
                    if changed:
                        pipe.multi()
                        pipe.delete(keys.chat(game_id))
                        for message in messages:
                            fields = msgspec.structs.asdict(message)
                            entry_id = fields.pop("id")
                            if message.speaker in speakers:
                                fields["name"] = name
                            pipe.xadd(
                                keys.chat(game_id),
                                {_FIELD: msgspec.msgpack.encode(_Stored(**fields))},
                                id=entry_id,
                            )
                        pipe.execute()
                    return changed
                except redis.WatchError:
                    continue

    def read(self, game_id: str, after: str = "-") -> list[ChatMessage]:
        """Every kept message (those after the entry ``after`` when given), oldest first."""
        start = after if after == "-" else f"({after}"
        entries = self._redis.xrange(keys.chat(game_id), start)
        return [_message(entry_id, fields) for entry_id, fields in entries or []]

    def catch_up(
        self, game_id: str, cursor: str, seat: int | None
    ) -> tuple[list[ChatMessage], int, set[str]]:
        """In one round trip: the messages after ``cursor``, the game's version and what ``seat`` muted."""
        batch = Reads(self._redis)
        found = batch.add(catch_up_read(game_id, cursor, seat))
        batch.run()
        return found.value

    def mutes(self, game_id: str, seat: int | None) -> set[str]:
        if seat is None:
            return set()
        return {as_str(member) for member in self._redis.smembers(keys.chat_mutes(game_id, seat))}

    def mute(self, game_id: str, seat: int, speaker: str, muted: bool) -> None:
        if muted:
            self._redis.sadd(keys.chat_mutes(game_id, seat), speaker)
        else:
            self._redis.srem(keys.chat_mutes(game_id, seat), speaker)


def catch_up_read(
    game_id: str, cursor: str, seat: int | None
) -> Read[tuple[list[ChatMessage], int, set[str]]]:
    """:meth:`ChatStore.catch_up` as a read to batch."""

    def queue(pipe: redis.client.Pipeline) -> None:
        pipe.xrange(keys.chat(game_id), f"({cursor}")
        pipe.hget(keys.head(game_id), "version")
        pipe.smembers(keys.chat_mutes(game_id, seat if seat is not None else -1))

    def decode(replies: Sequence[Any]) -> tuple[list[ChatMessage], int, set[str]]:
        entries, version, muted = replies
        messages = [_message(entry_id, fields) for entry_id, fields in entries or []]
        shown_muted = {as_str(member) for member in muted} if seat is not None else set()
        return messages, as_int(version) if version is not None else 0, shown_muted

    return Read(queue, decode)


def shown_to(messages: list[ChatMessage], muted: set[str]) -> list[ChatMessage]:
    return [message for message in messages if message.speaker not in muted]


def speaker_of(
    meta: GameMeta, seat: int | None, account: str | None, display_name: str | None, spectator: str = ""
) -> Speaker:
    """Who posts: the caller's seat, else the logged-in spectator (when the game lets spectators talk:
    ``spectator`` its id, Chat.spectator_id); 401 for an anonymous caller, 403 when spectators may not
    talk."""
    if seat is not None:
        return Speaker(seat=seat, account=account, name=meta.seat_names()[seat])
    if account is None:
        raise ServiceError(
            401, "unauthenticated", "Log in (or use your seat token) to write in the chat.", "Authorization"
        )
    if not meta.spectator_chat:
        raise ServiceError(
            403, "chat.spectators_closed", "This game keeps its chat to its players.", "Authorization"
        )
    return Speaker(seat=None, account=account, name=display_name or "a spectator", spectator=spectator)


def chat_lines(messages: list[ChatMessage]) -> Iterator[str]:
    """The chat in a game's export, after its commands: one ``{"kind": "chat", ...}`` line per message
    (not part of the hash chain: table talk, not a move)."""
    for message in messages:
        line = {"kind": "chat", **msgspec.to_builtins(message)}
        yield json.dumps(line, separators=(",", ":"), ensure_ascii=False)
