"""A player's command from the API to its outcome, with one owner and one read of the game.

``submit_and_wait``: the game as one read found it (the meta, the head, the public projection's version, the
cursor of the game's decided stream; the command's outcome when read with it), the refusal of a command that
expects a version the game has already left (before anything is written), the checks, the append to the
inbox and its job, the wait on the decided stream from that cursor, and the outcome's events as the submitter
may see them.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Sequence
from typing import Any, NamedTuple

import msgspec
import redis

from domain.engine import Game
from domain.registry import get_game
from services import keys, validation
from services.errors import ServiceError
from services.observability import metrics
from services.observability.structured_logs import fields
from services.processing.command_queue import CommandQueue, Queueing
from services.processing.deciding_here import DecidingHere
from services.read_side.history import Viewer, outcome_events
from services.read_side.projections import TO_ACT
from services.replication import queue_confirmed_command
from services.results import CommandOutcome, GameMeta, HistoryEvent, meta_from
from services.settings import Settings
from services.store.command_inbox import CommandIdReused, CommandInbox, Decided
from services.store.event_store import EventStore, Head, head_from
from services.store.meta_store import OVER, RUNNING
from services.store.read_batch import Read, Reads
from services.store.records import CommandRecord, EventRecord, OutcomeRecord, now_iso, reveal_the_seed
from services.store.replies import as_int, as_str
from services.table.commands import PlayerTableCommand, is_table_command

log = logging.getLogger(__name__)


class Submission(NamedTuple):
    """A player's command as submitted: its game, seat, body, id and the version it expects (None: any)."""

    game_id: str
    seat: int
    command: dict[str, Any]
    command_id: str
    expected_version: int | None = None


class Queued(NamedTuple):
    """A command appended to its game's inbox and not decided yet: where to look for its outcome (the
    decided stream's ``cursor`` read before it was queued; None: read the outcome first), and the version
    players saw when it was."""

    game_id: str
    command_id: str
    meta: GameMeta
    cursor: str | None
    version: int


class GameAtSubmit(NamedTuple):
    """What a command's submission reads of its game in one round trip."""

    meta: GameMeta
    head: Head
    projected_version: int | None
    decided_cursor: str

    @property
    def version(self) -> int:
        """The version players see: the public projection's (never ahead of the log), else the log's."""
        return self.projected_version if self.projected_version is not None else self.head.version

    @staticmethod
    def read(game_id: str) -> Read[GameAtSubmit | None]:
        """The game as a submission needs it (the meta, the head, the public projection's version, the cursor
        of its decided stream) as a read to batch; None for an unknown game."""

        def queue(pipe: redis.client.Pipeline) -> None:
            pipe.hgetall(keys.meta(game_id))
            pipe.hgetall(keys.head(game_id))
            pipe.hget(keys.projection(game_id, TO_ACT), "version")
            pipe.xrevrange(keys.decided(game_id), "+", "-", count=1)

        return Read(queue, _game_at_submit)


def _game_at_submit(replies: Sequence[Any]) -> GameAtSubmit | None:
    raw_meta, raw_head, projected, latest = replies
    meta = meta_from(raw_meta)
    if meta is None:
        return None
    return GameAtSubmit(
        meta=meta,
        head=head_from(raw_head),
        projected_version=as_int(projected) if projected is not None else None,
        decided_cursor=as_str(latest[0][0]) if latest else "0-0",
    )


FINGERPRINT_BYTES = 16  # of the SHA-256, stored raw: kept for every command of a game, finished ones too


def body_fingerprint(command: dict[str, Any], expected_version: int | None) -> bytes:
    """What makes two submissions under one command id the same: the command and the expected version."""
    canonical = json.dumps([command, expected_version], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).digest()[:FINGERPRINT_BYTES]


def unknown_game(game_id: str) -> ServiceError:
    return ServiceError(404, "game.unknown", f"There is no game {game_id!r}.", field="game_id")


def command_id_reused() -> ServiceError:
    return ServiceError(
        409,
        "command_id.reused",
        "This command_id was already used with another command: choose a new command_id.",
        field="command_id",
    )


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
    """``here``: decides a command in the request that queued it (``PAPYRUS_DECIDE_IN_API``); None: the
    workers decide every command."""

    def __init__(
        self,
        connection: redis.Redis,
        settings: Settings,
        store: EventStore,
        queue: CommandQueue,
        here: DecidingHere | None = None,
    ) -> None:
        self._redis = connection
        self._settings = settings
        self._store = store
        self._queue = queue
        self._inbox = queue.inbox
        self._here = here

    @property
    def decides_here(self) -> bool:
        """True when a submitted command is decided in its request (a queued one is then read at once)."""
        return self._here is not None

    def submit_and_wait(
        self, submission: Submission, game: GameAtSubmit, known: OutcomeRecord | None, wait: float
    ) -> CommandOutcome:
        """Queue the command and wait up to ``wait`` seconds for its outcome ("pending" if undecided by
        then). ``game``: the game as the caller read it just before; ``known``: the command's outcome if
        the caller read it with the game (read here when the command expects a version the game has left:
        a new such command is answered "stale" and not written)."""
        queued = self.submit(submission, game, known, decide=wait > 0)
        if isinstance(queued, CommandOutcome):
            return queued
        decided = self._inbox.wait_decided(queued.game_id, queued.command_id, wait, queued.cursor)
        return self.pending(queued) if decided is None else self.decided_shown(queued, decided)

    def submit(
        self, submission: Submission, game: GameAtSubmit, known: OutcomeRecord | None, decide: bool = True
    ) -> CommandOutcome | Queued:
        """:meth:`submit_and_wait` without the wait: the outcome when it is known at once (stale, a
        resubmission already decided, or decided here), else the command as queued, for
        :meth:`decided_now` to look at once the game's log moved (api/front/: the wait is served on the
        event loop, not a thread). ``decide=False``: left to the workers even when commands are decided
        here (a submit that waits for no outcome)."""
        game_id, command_id, expected = submission.game_id, submission.command_id, submission.expected_version
        left = expected is not None and expected < game.version
        found = self._inbox.outcome(game_id, command_id) if known is None and left else known
        if found is None and left:
            metrics.command_refused(game.meta.game, "stale")
            return CommandOutcome(command_id=command_id, status="stale", version=game.version)
        rules = get_game(game.meta.game)
        here = self._here if decide and found is None and not self._settings.require_replicas else None
        if here is not None and game.meta.status == RUNNING and self._queue.queues_with_reads:
            with metrics.refusals_counted(rules.name):
                record, fingerprint = self.checked(game.meta, rules, submission)
                queueing = self._queue.queueing(game_id, record, fingerprint)
                queued = Queued(game_id, command_id, game.meta, None, game.version)
                return self._decided_here(here, queued, queueing)
        with metrics.refusals_counted(rules.name):
            is_new = self.queue(game.meta, rules, submission, found is not None, job=here is None)
        if found is not None:
            return self.shown(rules, game.meta, found)
        # a resubmitted command may be decided already: without the cursor, the wait reads it first (and
        # so does every wait once commands are decided here: it follows a decision that failed)
        cursor = game.decided_cursor if is_new and self._here is None else None
        queued = Queued(game_id, command_id, game.meta, cursor, game.version)
        if here is None or game.meta.status != RUNNING:
            return queued
        return self._decided_here(here, queued)

    def _decided_here(
        self, here: DecidingHere, queued: Queued, queueing: Queueing | None = None
    ) -> CommandOutcome | Queued:
        """``queued``'s outcome, decided now in this thread (``queueing``: the command is queued in the round
        trip of the decision's first reads, else it was already); if that failed, or left it undecided,
        the game goes to a worker (a process_game job, as if the command had been queued for one: it
        decides what is left and settles the game) and the command is waited for."""
        game_id, command_id = queued.game_id, queued.command_id
        failed = False
        try:
            decided = here.decide(game_id, command_id, queueing.read if queueing is not None else None)
        except CommandIdReused:
            raise command_id_reused() from None
        except Exception:
            log.exception("deciding in the API failed: a worker will", extra=fields(game_id=game_id))
            decided, failed = None, True
            if queueing is not None and queueing.is_new is None:  # failed before its first round trip ran
                try:
                    queueing.queue_now()
                except CommandIdReused:
                    raise command_id_reused() from None
        if queueing is not None and queueing.is_new:
            metrics.command_submitted(queued.meta.game, "player")
        if decided is None:  # decided by another (a worker, another request), or not at all
            decided = self._inbox.decided_now(game_id, command_id)
        metrics.decided_in_api("to_worker" if failed or decided is None else "here")
        if failed or decided is None:
            self._queue.schedule_decision(game_id)
        return queued if decided is None else self.decided_shown(queued, decided)

    def decided_now(self, queued: Queued) -> CommandOutcome | None:
        """The queued command's outcome if it is decided, without waiting (one round trip)."""
        found = self._inbox.decided_now(queued.game_id, queued.command_id)
        return None if found is None else self.decided_shown(queued, found)

    def pending(self, queued: Queued) -> CommandOutcome:
        """The answer for a command still undecided: pending, at the log's version."""
        version = self._store.head(queued.game_id).version
        return CommandOutcome(command_id=queued.command_id, status="pending", version=version)

    def decided_shown(self, queued: Queued, decided: Decided) -> CommandOutcome:
        return self.shown(get_game(queued.meta.game), queued.meta, decided.outcome, decided.records())

    def read(self, game_id: str, command_id: str) -> tuple[GameAtSubmit, OutcomeRecord | None]:
        """The game and the command's outcome as they stand, in one round trip; 404 for an unknown game."""
        batch = Reads(self._redis)
        game = batch.add(GameAtSubmit.read(game_id))
        outcome = batch.add(CommandInbox.outcome_read(game_id, command_id))
        batch.run()
        if game.value is None:
            raise unknown_game(game_id)
        return game.value, outcome.value

    def checked(self, meta: GameMeta, game: Game, submission: Submission) -> tuple[CommandRecord, bytes]:
        """The command's record and body fingerprint, once its checks passed (400 naming the field, or 409:
        see :func:`decode_player_command`)."""
        seat, command, command_id = submission.seat, submission.command, submission.command_id
        expected_version = submission.expected_version
        validation.seat(meta, seat, "seat")
        validation.command_id(command_id)
        validation.expected_version(expected_version)
        decoded = decode_player_command(meta, game, seat, command)
        record = CommandRecord(
            command_id=command_id,
            seat=seat,
            actor=seat,
            command=msgspec.to_builtins(decoded),
            expected_version=expected_version,
            at=now_iso(self._settings.clock),
        )
        return record, body_fingerprint(command, expected_version)

    def queue(
        self, meta: GameMeta, game: Game, submission: Submission, known: bool = False, job: bool = True
    ) -> bool:
        """Check and queue the command (nothing is written if a check fails); a command id already
        submitted (``known``, or found in the inbox) is a no-op once the game no longer runs. With
        ``require_replicas``, 503 ``store_unavailable`` when the replicas did not acknowledge the command in
        time (it is stored and will be decided all the same). True when the command was new and appended
        to a running game (False when it may have been submitted before). ``job=False``: the caller
        decides it at once (no decision job is queued; the game is marked due all the same)."""
        record, fingerprint = self.checked(meta, game, submission)
        game_id, command_id = meta.id, submission.command_id
        running = meta.status == RUNNING
        if not running and not (known or self._inbox.is_known(game_id, command_id)):
            raise ServiceError(409, f"game.{meta.status}", f"The game is {meta.status}, not running.")
        try:
            if self._settings.require_replicas:
                queue_confirmed_command(self._queue, self._settings, game_id, record, running, fingerprint)
                return False
            if not running:
                self._inbox.submit(game_id, record, fingerprint)
                return False
            is_new = self._queue.queue_command(game_id, record, fingerprint, job)
        except CommandIdReused:
            raise command_id_reused() from None
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
                records = self._store.read(meta.id, after=found.first_seq - 1, upto=found.last_seq)
            over = meta.status == OVER or reveal_the_seed(records)
            events = outcome_events(game, records, Viewer(found.seat, over, meta.seat_names()))
        return CommandOutcome(
            command_id=found.command_id,
            status=found.status,
            version=found.version,
            events=events,
            violation=found.violation,
            to_act=found.to_act if found.status == "accepted" else None,
        )
