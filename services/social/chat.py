"""Table talk: each game's chat, kept with the game in its own stream (``keys.chat``).

* Seated players post to the ``table`` channel; logged-in spectators to the ``spectators`` channel, when
  the game was created with ``spectator_chat`` (the default). Both channels are public to everyone who may
  look at the game: chat is table talk, never a secret channel, and nothing but what people typed (and
  their names, and the version they wrote it at) goes into it.
* A message is text: 1 to ``ChatLimits.max_length`` characters once trimmed, no control characters but
  line breaks. Pages render it as text (never as markup).
* Each speaker may post ``ChatLimits.rate`` messages per ``ChatLimits.window_seconds`` in a game: a counter
  (``keys.chat_rate``) created with the window as its expiry and incremented in one MULTI, so concurrent
  posts are counted exactly; past it the post is refused (429, ``retry_after`` the counter's time left).
* A seat may mute a speaker (another seat, or a spectator by an id that does not show the account): the
  muted speaker's messages are left out of what that seat reads and of its live stream, and kept everywhere
  else (the export has them all).
* The stream keeps the last ``MAX_MESSAGES_KEPT`` messages of a game.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import msgspec
import redis

from services import keys
from services.errors import ServiceError
from services.results import GameMeta
from services.store.replies import as_bytes, as_int, as_str

TABLE, SPECTATORS = "table", "spectators"
MAX_MESSAGES_KEPT = 2000
_FIELD = "m"
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
    """Who posts: a seat (with its player's name) or a logged-in spectator (``account``)."""

    seat: int | None
    account: str | None
    name: str

    @property
    def key(self) -> str:
        """``seat:<n>``, or ``spectator:<16 hex>`` (from the account, which it never shows)."""
        if self.seat is not None:
            return f"seat:{self.seat}"
        digest = hashlib.sha256(f"papyrus-chat:{(self.account or '').lower()}".encode()).hexdigest()
        return f"spectator:{digest[:16]}"

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
        entry_id = self._redis.xadd(
            keys.chat(game_id),
            {_FIELD: msgspec.msgpack.encode(stored)},
            maxlen=MAX_MESSAGES_KEPT,
            approximate=False,
        )
        return ChatMessage(id=as_str(entry_id), **msgspec.structs.asdict(stored))

    def read(self, game_id: str, after: str = "-") -> list[ChatMessage]:
        """Every kept message (those after the entry ``after`` when given), oldest first."""
        start = after if after == "-" else f"({after}"
        entries = self._redis.xrange(keys.chat(game_id), start)
        return [_message(entry_id, fields) for entry_id, fields in entries or []]

    def catch_up(
        self, game_id: str, cursor: str, seat: int | None
    ) -> tuple[list[ChatMessage], int, set[str]]:
        """In one round trip: the messages after ``cursor``, the game's version and what ``seat`` muted."""
        pipe = self._redis.pipeline(transaction=False)
        pipe.xrange(keys.chat(game_id), f"({cursor}")
        pipe.hget(keys.head(game_id), "version")
        pipe.smembers(keys.chat_mutes(game_id, seat if seat is not None else -1))
        entries, version, muted = pipe.execute()
        messages = [_message(entry_id, fields) for entry_id, fields in entries or []]
        shown_muted = {as_str(member) for member in muted} if seat is not None else set()
        return messages, as_int(version) if version is not None else 0, shown_muted

    def mutes(self, game_id: str, seat: int | None) -> set[str]:
        if seat is None:
            return set()
        return {as_str(member) for member in self._redis.smembers(keys.chat_mutes(game_id, seat))}

    def mute(self, game_id: str, seat: int, speaker: str, muted: bool) -> None:
        if muted:
            self._redis.sadd(keys.chat_mutes(game_id, seat), speaker)
        else:
            self._redis.srem(keys.chat_mutes(game_id, seat), speaker)


def shown_to(messages: list[ChatMessage], muted: set[str]) -> list[ChatMessage]:
    return [message for message in messages if message.speaker not in muted]


def speaker_of(meta: GameMeta, seat: int | None, account: str | None, display_name: str | None) -> Speaker:
    """Who posts: the caller's seat, else the logged-in spectator (when the game lets spectators talk);
    401 for an anonymous caller, 403 when spectators may not talk."""
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
    return Speaker(seat=None, account=account, name=display_name or "a spectator")


def chat_lines(messages: list[ChatMessage]) -> Iterator[str]:
    """The chat in a game's export, after its commands: one ``{"kind": "chat", ...}`` line per message
    (not part of the hash chain: table talk, not a move)."""
    for message in messages:
        line = {"kind": "chat", **msgspec.to_builtins(message)}
        yield json.dumps(line, separators=(",", ":"), ensure_ascii=False)
