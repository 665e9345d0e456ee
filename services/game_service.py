"""The one facade the API (and the CLI) use to run games. It knows the Game protocol, never a game.

Interface contract shared by services/ (which implements it) and api/ (which calls it). Everything is
keyed by ``game_id`` (a short url-safe string); seats are 0-based ints; JSON-ready dicts come out.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import msgspec
import redis
from redis import Redis

from domain.engine import Game
from domain.registry import get_game
from services import codec, validation
from services.accounts import Accounts
from services.automation import Automation, queue_command
from services.codec import CommandRecord, OutcomeRecord
from services.components import Components
from services.contract import CommandOutcome, ServiceError
from services.export import export_lines
from services.history import outcome_events, seat_history
from services.meta_store import OPEN, OVER, RUNNING, seat_names
from services.processor import Processor
from services.projections import PUBLIC, TO_ACT, seat_name, view_body
from services.replication import queue_confirmed_command
from services.seating import Seating
from services.settings import Settings

__all__ = ["CommandOutcome", "GameService", "ServiceError"]
START_ATTEMPTS = 3


class GameService:
    """Runs games on the store. Construct one per process; it is thread-safe as far as redis-py is.

    ``redis`` is the game store connection (``decode_responses=False``); ``rq_connection`` is RQ's own
    Redis (defaults to ``settings.rq_redis_url`` when set, else the store connection).
    """

    def __init__(
        self, redis: redis.Redis, settings: Settings, rq_connection: redis.Redis | None = None
    ) -> None:
        if rq_connection is None:
            rq_connection = Redis.from_url(settings.rq_redis_url) if settings.rq_redis_url else redis
        self.settings = settings
        self.parts = Components(redis, settings, rq_connection)
        self.processor = Processor(self.parts)
        self.automation = Automation(self.parts, self.processor)
        self.accounts = Accounts(redis, settings)
        self.seating = Seating(self.parts, self.accounts)

    def create_game(
        self, game: str, seats: int, options: dict[str, Any], public: bool = True
    ) -> dict[str, Any]:
        """Create an open game. Returns its meta: ``{"id", "game", "seats", "options", "public", "status":
        "open"|"running"|"over", "players": [{"seat", "name", "bot", "account"?}...], "created_at"}``, and
        for a private game its ``"invite"`` code (shown to the creator only).
        ServiceError 400 for an unknown game, a bad seat count or options that do not decode (field named)."""
        rules = validation.known_game(game)
        validation.seat_count(rules, seats)
        decoded = validation.options(rules, options)
        doc = {
            "id": secrets.token_hex(6),
            "game": rules.name,
            "seats": seats,
            "options": msgspec.to_builtins(decoded),
            "public": bool(public),
            "created_at": self.settings.clock(),
        }
        self.parts.meta.create(doc, doc["created_at"])
        meta = self.meta(doc["id"])
        self.parts.meta.publish_lobby(meta)
        if not meta["public"]:
            return {**meta, "invite": self.seating.create_invite(doc["id"])}
        return meta

    def join(
        self,
        game_id: str,
        player_name: str,
        seat: int | None = None,
        account: str | None = None,
        invite: str | None = None,
    ) -> dict[str, Any]:
        """Take a seat (the first free one when ``seat`` is None). Returns ``{"seat", "token"}``; the token is
        shown once and stored only as its sha256. With ``account`` the seat belongs to that account too
        (one seat per account per game). 404 unknown game, 403 private game without its ``invite`` code,
        409 seat taken / game started / full / account already seated."""
        meta = self._open_meta(game_id)
        name = validation.player_name(player_name)
        self.seating.admit(meta, invite)
        taken = self._claim(meta, name, seat, account)
        token = secrets.token_urlsafe(24)
        self.parts.meta.save_token(game_id, token, taken)
        self.seating.seated(game_id, taken, account)
        self.parts.meta.publish_lobby(self.meta(game_id))
        return {"seat": taken, "token": token}

    def _claim(self, meta: dict[str, Any], name: str, seat: int | None, account: str | None) -> int:
        """Take the seat in one atomic step (see services/lua/claim.lua)."""
        game_id = meta["id"]
        wanted = [validation.seat(meta, seat, "seat")] if seat is not None else range(meta["seats"])
        claim = self.parts.meta.claim(game_id, wanted, name, account)
        if claim.status == 1:
            return claim.seat
        if claim.status == -1:
            raise ServiceError(409, "game.started", "This game has already started.")
        if claim.status == -2:
            self.seating.seated(game_id, claim.seat, account)
            raise ServiceError(409, "seat.already_yours", "Your account already holds a seat in this game.")
        if seat is not None:
            raise ServiceError(409, "seat.taken", f"Seat {seat} is already taken.", field="seat")
        raise ServiceError(409, "game.full", "Every seat of this game is taken.")

    def authenticate(self, game_id: str, token: str) -> int | None:
        """The seat this token holds in this game, or None."""
        return self.parts.meta.seat_of(game_id, token) if token else None

    def start(self, game_id: str, fill_with_bots: bool = False) -> dict[str, Any]:
        """Run setup (the service draws and keeps the seed) and return the meta. Empty seats become bots
        when ``fill_with_bots``; otherwise 409 while a seat is empty. 409 if already started."""
        for _ in range(START_ATTEMPTS):
            meta = self._open_meta(game_id)
            empty = sorted(set(range(meta["seats"])) - {player["seat"] for player in meta["players"]})
            if empty and not fill_with_bots:
                raise ServiceError(409, "seats.empty", f"Seats {empty} are still empty.")
            for seat in empty:
                self.parts.meta.claim_seat(game_id, seat, f"Bot {seat + 1}", bot=True)
            started = self.parts.meta.start_if_full(game_id, meta["seats"])
            if started == 0:
                raise ServiceError(409, "game.started", "This game has already started.")
            if started == 1:
                break
            if not fill_with_bots:
                raise ServiceError(409, "seats.empty", f"Seat {-1 - started} was left meanwhile.")
        else:
            raise ServiceError(409, "game.busy", "Seats kept changing while the game started; try again.")
        self.parts.meta.set_running(game_id, True)
        self.parts.meta.publish_lobby(self.meta(game_id))
        self.automation.run_setup(game_id)
        return self.meta(game_id)

    def submit(
        self,
        game_id: str,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None = None,
    ) -> None:
        """Queue a player's command. It is decoded against the game's Command union first: an undecodable
        command raises ServiceError(400, "command.invalid", field=<json path such as "$.ship">) and nothing
        is written. Resubmitting a ``command_id`` is a no-op (its first outcome stands). 409 if the game is
        not running. With ``require_replicas``, 503 ``store_unavailable`` when the replicas did not
        acknowledge the command in time (it is stored and will be decided all the same)."""
        meta, game = self._game(game_id)
        validation.seat(meta, seat, "seat")
        validation.command_id(command_id)
        validation.expected_version(expected_version)
        decoded = validation.decode(command, game.Command, "command")
        running = meta["status"] == RUNNING
        if not running and not self.parts.inbox.is_known(game_id, command_id):
            raise ServiceError(409, f"game.{meta['status']}", f"The game is {meta['status']}, not running.")
        record = CommandRecord(
            command_id=command_id,
            seat=seat,
            actor=seat,
            command=msgspec.to_builtins(decoded),
            expected_version=expected_version,
            at=codec.now_iso(self.settings.clock),
        )
        if self.settings.require_replicas:
            queue_confirmed_command(self.parts, game_id, record, decide=running)
        elif running:
            queue_command(self.parts, game_id, record)

    def wait_outcome(self, game_id: str, command_id: str, timeout: float) -> CommandOutcome:
        """Block (no busy loop) up to ``timeout`` seconds for the command's outcome; status "pending" if
        it is not decided by then."""
        _, game = self._game(game_id)
        found = self.parts.inbox.wait(game_id, command_id, timeout)
        if found is None:
            version = self.parts.store.head(game_id).version
            return CommandOutcome(command_id=command_id, status="pending", version=version)
        return self._outcome(game_id, found, game)

    def outcome(self, game_id: str, command_id: str) -> CommandOutcome | None:
        """The outcome of a decided command, None while undecided or unknown."""
        self._game(game_id)
        found = self.parts.inbox.outcome(game_id, command_id)
        return self._outcome(game_id, found) if found is not None else None

    def is_submitted(self, game_id: str, command_id: str) -> bool:
        """True once the command was accepted into the inbox, decided or not: the command-id index answers
        while the game runs, the outcomes hash once the command stream is archived."""
        self._game(game_id)
        return self.parts.inbox.is_known(game_id, command_id)

    def view(self, game_id: str, seat: int | None, at: int | None = None) -> dict[str, Any]:
        """What ``seat`` (None = spectator) may see: ``{"game_id", "version", "seat", "status", "view":
        <the game's view as JSON>, "to_act": [seats], "result": {...}|None}``. From the projection when
        ``at`` is None, else replayed to version ``at`` (400 if out of range)."""
        meta, game = self._game(game_id)
        if seat is not None:
            validation.seat(meta, seat, "seat")
        name = PUBLIC if seat is None else seat_name(seat)
        body = self.parts.projections.read(game_id, name) if at is None else None
        if body is not None:
            return {"game_id": game_id, "seat": seat, **body}
        version = self.parts.store.head(game_id).version
        if version == 0:
            return {
                "game_id": game_id,
                "seat": seat,
                "version": 0,
                "status": meta["status"],
                "to_act": [],
                "result": None,
                "view": None,
            }
        if at is None:
            head, state = self.parts.shared_states.load(game, game_id)
            body = view_body(game, state, seat, head.version)
        else:
            validation.version_in_range(at, version)
            body = view_body(game, self.parts.shared_states.at(game, game_id, at), seat, at)
        return {"game_id": game_id, "seat": seat, **body}

    def wait_version(self, game_id: str, after: int, timeout: float) -> int:
        """Block (no busy loop) up to ``timeout`` seconds until the game's version is above ``after``; returns
        the version then (``after`` or lower if nothing was appended in time). Live pages wait on this."""
        self._game(game_id)
        return self.parts.store.wait_beyond(game_id, after, timeout)

    def legal_commands(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        """The commands ``seat`` may submit now, as JSON dicts (with their "type" tag)."""
        meta, game = self._game(game_id)
        validation.seat(meta, seat, "seat")
        if meta["status"] != RUNNING:
            return []
        _, state = self.parts.shared_states.load(game, game_id)
        if game.result(state) is not None:
            return []
        return [msgspec.to_builtins(command) for command in game.legal_commands(state, seat)]

    def history(self, game_id: str, seat: int | None) -> list[dict[str, Any]]:
        """Every event record as ``seat`` may see it, in order: ``{"kind": "event", "seq", "type", "at",
        "actor", "command_id", "data", "description"}``, interleaved with that seat's refused commands
        ``{"kind": "refused", "command_id", "at", "actor", "command", "status", "violation"}``. Once the
        game is over nothing is redacted and every seat's refusals are listed."""
        meta, game = self._game(game_id)
        if seat is not None:
            validation.seat(meta, seat, "seat")
        return seat_history(
            game,
            self.parts.store.read(game_id),
            self.parts.inbox.all(game_id),
            self.parts.inbox.outcomes(game_id),
            seat,
            meta["status"] == OVER,
            seat_names(meta),
        )

    def export(self, game_id: str) -> Iterator[str]:
        """The full audit log as JSON Lines (format in services/export.py); 409 until the game is over."""
        meta, _ = self._game(game_id)
        if meta["status"] != OVER:
            raise ServiceError(409, "game.not_over", "A game can be exported once it is over.")
        return export_lines(
            meta,
            self.parts.store.read(game_id),
            self.parts.inbox.all(game_id),
            self.parts.inbox.outcomes(game_id),
            self.view(game_id, None)["result"],
        )

    def lobby(self) -> list[dict[str, Any]]:
        """Public open games, oldest first, each a meta dict."""
        return self.parts.meta.lobby()

    def your_turn(self, game_id: str, seat: int) -> dict[str, Any]:
        """``{"game_id", "seat", "your_turn": bool, "version", "deadline": epoch seconds | None}``."""
        meta, _ = self._game(game_id)
        validation.seat(meta, seat, "seat")
        body = self.parts.projections.read(game_id, TO_ACT) or {"version": 0, "to_act": []}
        deadline = self.processor.followups.deadlines(game_id).get(seat)
        return {
            "game_id": game_id,
            "seat": seat,
            "your_turn": seat in body["to_act"],
            "version": body["version"],
            "deadline": deadline.deadline if deadline is not None else None,
        }

    def meta(self, game_id: str) -> dict[str, Any]:
        """The game's meta (see ``create_game``); 404 if unknown."""
        found = self.parts.meta.get(game_id)
        if found is None:
            raise ServiceError(404, "game.unknown", f"There is no game {game_id!r}.", field="game_id")
        return found

    def _game(self, game_id: str) -> tuple[dict[str, Any], Game]:
        meta = self.meta(game_id)
        return meta, get_game(meta["game"])

    def _open_meta(self, game_id: str) -> dict[str, Any]:
        meta = self.meta(game_id)
        if meta["status"] != OPEN:
            raise ServiceError(409, "game.started", "This game has already started.")
        return meta

    def _outcome(self, game_id: str, found: OutcomeRecord, game: Game | None = None) -> CommandOutcome:
        events: list[dict[str, Any]] = []
        if found.status == "accepted":
            meta, game = self._game(game_id)
            records = self.parts.store.read(game_id, after=found.first_seq - 1, upto=found.last_seq)
            events = outcome_events(game, records, found.seat, meta["status"] == OVER, seat_names(meta))
        return CommandOutcome(
            command_id=found.command_id,
            status=found.status,
            version=found.version,
            events=events,
            violation=found.violation,
        )
