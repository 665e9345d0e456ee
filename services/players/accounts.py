"""Accounts: register and log in with a name and a password, a display name shown to others, login tokens that
expire (login_tokens.py), and the seats an account holds.

Login names (3 to 32 of ASCII letters, digits, ``_ . -`` after NFKC, unique whatever their case) are never
shown to others: they see display names (names.py). Attempts are limited before a password is checked
(login_throttle.py); an unknown name and a wrong password get the same answer after the same work. A password
change revokes every login of the account, and the seat tokens bound to them.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
import secrets
import unicodedata
from typing import Any

import redis

from domain.messages import msg
from services import keys
from services.errors import FieldRefusal, ServiceError
from services.i18n import languages
from services.names import name_fold, normal_name
from services.players.login_throttle import LoginThrottle
from services.players.login_tokens import Login, LoginTokens
from services.players.login_trust import LoginTrust
from services.players.passwords import UNKNOWN_NAME_HASH, hash_password, password_matches, valid_password
from services.results import Account
from services.settings import Settings
from services.store.meta_store import account_field
from services.store.replies import as_int, as_str

NAME_RULE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{2,31}")
MAX_DISPLAY_NAME = 40
LOGIN_FAILED = ("login.failed", msg("Wrong name or password."))
LOGIN_REQUIRED = ("login.required", msg("Log in first."))


def name_key(name: str) -> str:
    """The form an account is stored and compared under (so "Ann" and "ann" are one account)."""
    return name_fold(name)


def login_name(name: Any) -> str | None:
    """``name`` NFKC-normalised if it is a well-formed login name (a full match), else None."""
    if not isinstance(name, str):
        return None
    normal = unicodedata.normalize("NFKC", name)
    return normal if NAME_RULE.fullmatch(normal) else None


def _valid_name(name: Any) -> str:
    valid = login_name(name)
    if valid is None:
        raise FieldRefusal(
            "name",
            "name.invalid",
            msg(
                "must be 3 to 32 characters: letters, digits, '_', '.' or '-', starting with a letter or "
                "digit."
            ),
        )
    return valid


def _default_display_name(key: str) -> str:
    """A display name for an account that chose none: stable, and not its login name."""
    return "player-" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]


def account_language(connection: redis.Redis, name: str) -> str | None:
    """The shipped language an account chose (its pages, mails and notifications), None if none."""
    raw = connection.get(keys.account(name_key(name)))
    chosen = json.loads(as_str(raw)).get("language") if raw is not None else None
    return chosen if isinstance(chosen, str) and chosen in languages() else None


class Accounts:
    def __init__(self, connection: redis.Redis, settings: Settings) -> None:
        self._redis = connection
        self._settings = settings
        self.throttle = LoginThrottle(connection)
        self.trust = LoginTrust(connection)
        self.tokens = LoginTokens(connection, settings)

    def register(self, name: Any, password: Any, display_name: Any = None) -> Account:
        """A new account; 409 if the name, or the display name, is taken (in any letter case)."""
        name = _valid_name(name)
        key = name_key(name)
        shown = (
            "player-" + secrets.token_hex(4)
            if display_name is None
            else normal_name(display_name, "display_name", MAX_DISPLAY_NAME)
        )
        password = valid_password(password, context=(name, shown))
        doc = {
            "name": name,
            "display_name": shown,
            "password": hash_password(password),
            "created_at": self._settings.clock(),
        }
        if not self._redis.set(keys.account(key), json.dumps(doc), nx=True):
            raise ServiceError(409, "name.taken", msg("The name {name} is already taken.", name=name), "name")
        if not self._redis.set(keys.display_name(name_fold(shown)), key, nx=True):
            self._redis.delete(keys.account(key))
            raise ServiceError(
                409,
                "display_name.taken",
                msg("The display name {name} is taken.", name=shown),
                "display_name",
            )
        return self._account(doc)

    def profile(self, name: str) -> Account | None:
        doc = self._doc(name)
        return None if doc is None else self._account(doc)

    def display_name(self, name: str) -> str | None:
        """The name an account shows to others (never its login name unless it chose so)."""
        doc = self._doc(name)
        return None if doc is None else self._shown(doc)

    def language(self, name: str) -> str | None:
        """The language the account chose to read the site in (a shipped language code), None if none."""
        return account_language(self._redis, name)

    def confirm_moves(self, name: str) -> bool:
        """Whether the account's game pages ask "Send this move?" before sending one (off unless chosen)."""
        doc = self._doc(name)
        return bool(doc.get("confirm_moves", False)) if doc is not None else False

    def set_confirm_moves(self, name: str, on: bool) -> bool:
        """Choose whether the account's game pages ask before sending a move."""
        doc = self._doc(name)
        if doc is None:
            raise ServiceError(401, *LOGIN_REQUIRED)
        doc = {key: value for key, value in doc.items() if key != "confirm_moves"}
        if on:
            doc["confirm_moves"] = True
        self._redis.set(keys.account(name_key(doc["name"])), json.dumps(doc))
        return on

    def set_language(self, name: str, code: Any) -> str | None:
        """Choose the account's language (``None``: follow the browser); 400 for a language not shipped."""
        if code is not None and (not isinstance(code, str) or code not in languages()):
            raise FieldRefusal(
                "language",
                "language.unknown",
                msg("must be one of: {codes}, or null.", codes=", ".join(sorted(languages()))),
            )
        doc = self._doc(name)
        if doc is None:
            raise ServiceError(401, *LOGIN_REQUIRED)
        doc = {key: value for key, value in doc.items() if key != "language"}
        if code is not None:
            doc["language"] = code
        self._redis.set(keys.account(name_key(doc["name"])), json.dumps(doc))
        return code

    def login(self, name: Any, password: Any, address: str, device: str | None = None) -> Login:
        """A new token for a right name and password, and the device cookie for the browser. Every failure
        is the same 401 (``LOGIN_FAILED``); 429 (``LoginThrottled``) when the attempt is over a limit (see
        login_throttle; a ``device`` cookie or an ``address`` the account trusts skips the name's)."""
        doc = self.check_password(name, password, address, device)
        key = name_key(doc["name"])
        cookie = self.trust.succeeded(key, address, device, self._settings.clock())
        return dataclasses.replace(self.tokens.issue(doc["name"], key), device=cookie)

    def check_password(
        self, name: Any, password: Any, address: str, device: str | None = None
    ) -> dict[str, Any]:
        """The account of a right name and password, counted by the throttle first; 401 / 429 otherwise."""
        claimed = login_name(name)
        key = name_key(claimed if claimed is not None else str(name) if isinstance(name, str) else "")
        now = self._settings.clock()
        trusted = claimed is not None and self.trust.trusts(key, address, device, now)
        self.throttle.attempt(key, address, now, trusted)
        doc = self._doc(claimed) if claimed is not None else None
        stored = doc["password"] if doc is not None else UNKNOWN_NAME_HASH
        right = password_matches(password if isinstance(password, str) else "", stored)
        if doc is None or not right:
            if trusted:
                self.trust.failed(key, device)
            raise ServiceError(401, *LOGIN_FAILED)
        self.throttle.succeeded(key, address, trusted)
        return doc

    def change_password(
        self, name: str, current: Any, new: Any, address: str, device: str | None = None
    ) -> Login:
        """Set a new password (the current one must be right: throttled like a login); every login token of
        the account, and every seat token bound to one, stops working. Answers a fresh login."""
        new_password = valid_password(new, "new_password", context=(name, self.display_name(name) or ""))
        try:
            doc = self.check_password(name, current, address, device)
        except ServiceError as refused:
            if refused.http_status != 401:
                raise
            raise ServiceError(
                403, "password.wrong", msg("The current password is wrong."), "password"
            ) from None
        key = name_key(doc["name"])
        self._redis.set(keys.account(key), json.dumps({**doc, "password": hash_password(new_password)}))
        self.tokens.revoke_all(key)
        return self.tokens.issue(doc["name"], key)

    def authenticate(self, token: str) -> str | None:
        """The account name a login token stands for; None if unknown, forged, revoked or expired."""
        return self.tokens.account_of(token)

    def logout(self, name: str, token: str) -> bool:
        """Revoke a login token; False if it was not a live token."""
        return self.tokens.revoke(token, name_key(name))

    def bind_seat(self, name: str, game_id: str, seat: int) -> None:
        """List ``game_id`` among the account's games (written after the seat is claimed in the game's meta,
        which is what decides; a join retried after a crash here writes it again)."""
        self._redis.hset(keys.account_games(name_key(name)), game_id, seat)

    def release_game(self, name: str, game_id: str) -> None:
        self._redis.hdel(keys.account_games(name_key(name)), game_id)

    def seat_in(self, name: str, game_id: str) -> int | None:
        """The seat the account holds in ``game_id``, as the game's meta records it (see MetaStore.claim)."""
        raw = self._redis.hget(keys.meta(game_id), account_field(name))
        return as_int(raw) if raw is not None else None

    def seats(self, name: str) -> dict[str, int]:
        """Every game the account holds a seat in: game id -> seat."""
        raw = self._redis.hgetall(keys.account_games(name_key(name)))
        held = {as_str(game_id): as_int(seat) for game_id, seat in raw.items()}
        return {game_id: seat for game_id, seat in held.items() if seat >= 0}

    def _doc(self, name: str) -> dict[str, Any] | None:
        raw = self._redis.get(keys.account(name_key(name)))
        if raw is None:
            return None
        doc: dict[str, Any] = json.loads(as_str(raw))
        return doc

    @staticmethod
    def _shown(doc: dict[str, Any]) -> str:
        shown = doc.get("display_name")
        return shown if isinstance(shown, str) else _default_display_name(name_key(doc["name"]))

    def _account(self, doc: dict[str, Any]) -> Account:
        return Account(name=doc["name"], display_name=self._shown(doc), created_at=doc["created_at"])
