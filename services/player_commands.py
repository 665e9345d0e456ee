"""A player's command from the API to its outcome, with one owner and one read of the game.

``submit_and_wait``: one pipelined read (the meta, the head, the public projection's version, the command's
outcome if any, and the cursor of the game's decided stream), the refusal of a command that expects a version
the game has already left (before anything is written), the checks, the append to the inbox and its job,
the wait on the decided stream from that cursor, and the outcome's events as the submitter may see them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec
import redis

from domain.engine import Game
from domain.registry import get_game
from services import keys, validation
from services.errors import ServiceError
from services.observability import metrics
from services.parts import Parts
from services.read_side.history import outcome_events
from services.read_side.projections import TO_ACT
from services.replication import queue_confirmed_command
from services.results import CommandOutcome, GameMeta, HistoryEvent
from services.store.command_inbox import CommandIdReused, Decided
from services.store.event_store import Head, head_from
from services.store.layout import decode_outcome
from services.store.meta_store import OVER, RUNNING, meta_from
from services.store.records import SEED_REVEALED, CommandRecord, EventRecord, OutcomeRecord, now_iso
from services.store.replies import as_bytes, as_int, as_str
from services.table.commands import PlayerTableCommand, is_table_command


class GameAtSubmit(NamedTuple):
    """What one pipelined read tells about a game and (when read) one command's outcome."""

    meta: GameMeta
    head: Head
    projected_version: int | None
    outcome: OutcomeRecord | None
    decided_cursor: str
    outcome_read: bool = True  # False: the command's outcome was not read (``outcome`` is None)

    @property
    def version(self) -> int:
        """The version players see: the public projection's (never ahead of the log), else the log's."""
        return self.projected_version if self.projected_version is not None else self.head.version


FINGERPRINT_BYTES = 16  # of the SHA-256, stored raw: kept for every command of a game, finished ones too


def body_fingerprint(command: dict[str, Any], expected_version: int | None) -> bytes:
    """What makes two submissions under one command id the same: the command and the expected version."""
    canonical = json.dumps([command, expected_version], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).digest()[:FINGERPRINT_BYTES]


def unknown_game(game_id: str) -> ServiceError:
    return ServiceError(404, "game.unknown", f"There is no game {game_id!r}.", field="game_id")


def decode_player_command(meta: GameMeta, game: Game, seat: int, command: dict[str, Any]) -> Any:
    """The command decoded against the game's commands, or the table's (``papyrus.*``: resign, undo, pause,
    resume, reclaim); 400 naming the field if it does not decode, 409 for a game's command from a seat that
    resigned or that a bot stands in for (reclaim it first)."""
    if is_table_command(command):
        return validation.decode(command, PlayerTableCommand, "command")
    if meta.status == RUNNING and seat in meta.table.resigned_seats():
        raise ServiceError(409, "seat.resigned", "This seat has resigned; a bot plays it now.")
    if meta.status == RUNNING and seat in meta.table.stand_in:
        raise ServiceError(
            409,
            "seat.stood_in",
            "A bot plays this seat since its time ran out; reclaim it first (papyrus.reclaim).",
        )
    return validation.decode(command, game.Command, "command")


class PlayerCommands:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts

    def submit_and_wait(
        self,
        game_id: str,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None,
        wait: float,
        found: GameAtSubmit | None = None,
    ) -> CommandOutcome:
        """Queue the command and wait up to ``wait`` seconds for its outcome ("pending" if undecided by
        then). A new command expecting a version the game has left is answered "stale" and not written.
        ``found``: the game as the caller read it just before (:meth:`read_from`), else read here."""
        found = found or self.read(game_id, command_id)
        if not found.outcome_read and expected_version is not None and expected_version < found.version:
            found = found._replace(outcome=self._parts.inbox.outcome(game_id, command_id), outcome_read=True)
        if found.outcome is None and expected_version is not None and expected_version < found.version:
            metrics.command_refused(found.meta.game, "stale")
            return CommandOutcome(command_id=command_id, status="stale", version=found.version)
        game = get_game(found.meta.game)
        with metrics.refusals_counted(game.name):
            is_new = self.queue(
                found.meta, game, seat, command, command_id, expected_version, found.outcome is not None
            )
        decided = Decided(found.outcome) if found.outcome is not None else None
        if decided is None:
            # a resubmitted command may be decided already: without the cursor, the wait reads it first
            cursor = found.decided_cursor if is_new else None
            decided = self._parts.inbox.wait_decided(game_id, command_id, wait, cursor)
        if decided is None:
            version = self._parts.store.head(game_id).version
            return CommandOutcome(command_id=command_id, status="pending", version=version)
        return self.shown(game, found.meta, decided.outcome, decided.records())

    def read(self, game_id: str, command_id: str) -> GameAtSubmit:
        """The game and the command as they stand, in one round trip; 404 for an unknown game."""
        pipe = self._parts.redis.pipeline(transaction=False)
        self.queue_read(pipe, game_id, command_id)
        found = self.read_from(pipe.execute(), command_id)
        if found is None:
            raise unknown_game(game_id)
        return found

    @staticmethod
    def queue_read(pipe: redis.client.Pipeline, game_id: str, command_id: str | None) -> None:
        """Queue the reads :meth:`read_from` needs in the caller's ``pipe`` (the command's outcome only
        with a ``command_id``)."""
        pipe.hgetall(keys.meta(game_id))
        pipe.hgetall(keys.head(game_id))
        pipe.hget(keys.projection(game_id, TO_ACT), "version")
        pipe.xrevrange(keys.decided(game_id), "+", "-", count=1)
        if command_id is not None:
            pipe.hget(keys.outcomes(game_id), command_id)

    @staticmethod
    def read_from(replies: Sequence[Any], command_id: str | None) -> GameAtSubmit | None:
        """:meth:`read` from the replies :meth:`queue_read` queued; None for an unknown game."""
        raw_meta, raw_head, projected, latest, *raw_outcome = replies
        meta = meta_from(raw_meta)
        if meta is None:
            return None
        outcome = None
        if command_id is not None and raw_outcome[0] is not None:
            outcome = decode_outcome(as_bytes(raw_outcome[0]), command_id)
        return GameAtSubmit(
            meta=meta,
            head=head_from(raw_head),
            projected_version=as_int(projected) if projected is not None else None,
            outcome=outcome,
            decided_cursor=as_str(latest[0][0]) if latest else "0-0",
            outcome_read=command_id is not None,
        )

    def queue(
        self,
        meta: GameMeta,
        game: Game,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None,
        known: bool = False,
    ) -> bool:
        """Check and queue the command (nothing is written if a check fails); a command id already
        submitted (``known``, or found in the inbox) is a no-op once the game no longer runs. With
        ``require_replicas``, 503 ``store_unavailable`` when the replicas did not acknowledge the command in
        time (it is stored and will be decided all the same). True when the command was new and appended
        to a running game (False when it may have been submitted before)."""
        validation.seat(meta, seat, "seat")
        validation.command_id(command_id)
        validation.expected_version(expected_version)
        decoded = decode_player_command(meta, game, seat, command)
        game_id = meta.id
        running = meta.status == RUNNING
        if not running and not (known or self._parts.inbox.is_known(game_id, command_id)):
            raise ServiceError(409, f"game.{meta.status}", f"The game is {meta.status}, not running.")
        fingerprint = body_fingerprint(command, expected_version)
        record = CommandRecord(
            command_id=command_id,
            seat=seat,
            actor=seat,
            command=msgspec.to_builtins(decoded),
            expected_version=expected_version,
            at=now_iso(self._parts.settings.clock),
        )
        try:
            if self._parts.settings.require_replicas:
                queue_confirmed_command(self._parts, game_id, record, running, fingerprint)
                return False
            if not running:
                self._parts.inbox.submit(game_id, record, fingerprint)
                return False
            is_new = self._parts.queue_command(game_id, record, fingerprint)
        except CommandIdReused:
            raise ServiceError(
                409,
                "command_id.reused",
                "This command_id was already used with another command: choose a new command_id.",
                field="command_id",
            ) from None
        if is_new:
            metrics.command_submitted(game.name, "player")
        return is_new

    def shown(
        self, game: Game, meta: GameMeta, found: OutcomeRecord, records: list[EventRecord] | None = None
    ) -> CommandOutcome:
        """The outcome with its events as the submitter may see them (nothing is hidden once the game is
        over: before this command, or by it, when its events end with the seed's reveal); ``records``: the
        command's records when the caller has them (else they are read from the log)."""
        events: list[HistoryEvent] = []
        if found.status == "accepted":
            if records is None:
                records = self._parts.store.read(meta.id, after=found.first_seq - 1, upto=found.last_seq)
            over = meta.status == OVER or any(record.type == SEED_REVEALED for record in records)
            events = outcome_events(game, records, found.seat, over, meta.seat_names())
        return CommandOutcome(
            command_id=found.command_id,
            status=found.status,
            version=found.version,
            events=events,
            violation=found.violation,
            to_act=found.to_act if found.status == "accepted" else None,
        )
