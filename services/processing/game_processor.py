"""What the workers do to a game: set it up, decide its queued commands, run its automatic steps, then project
it and schedule what comes next.

Every write goes through ``append.lua``, which refuses it unless the version, head hash and checkpoint are
those the decision was made on: a racing worker gets ``StaleVersion``, reloads and carries on, so a command is
decided once. A worker killed mid-job leaves nothing or one complete append; the next run or the sweep
re-projects and re-schedules from the log.
"""

from __future__ import annotations

import logging
from typing import Any, NamedTuple, Protocol

import msgspec

from domain.engine import Game, RuleViolation, automatic_step, fold, run_automatic
from domain.messages import msg
from services.observability import metrics
from services.observability.structured_logs import fields
from services.processing import append_notes
from services.processing.append_notes import Reached
from services.processing.clock_steps import Acted
from services.processing.command_outcomes import game_command_events, table_command_decision
from services.processing.game_in_job import GameInJob
from services.processing.job_start import JobReads
from services.processing.next_steps import NextSteps
from services.processing.ready_games import NextGame
from services.processing.table_decisions import TableDecision
from services.settings import Settings
from services.store.command_inbox import Decided
from services.store.event_store import (
    Alongside,
    CommandDecision,
    EventStore,
    Head,
    NewEvent,
    NoSeed,
    StaleVersion,
)
from services.store.game_events import new_events
from services.store.read_batch import Read
from services.store.records import SEED_REVEALED, Actor, CommandRecord, EventRecord, OutcomeRecord, now_iso
from services.table.commands import is_table_command
from services.table.ranking import finished
from services.table.state import TableState, encode_table
from services.table.state_cache import StateCache, is_checkpoint

log = logging.getLogger(__name__)
MAX_ROUNDS = 50
PENDING_BATCH = 100
MAX_AUTOMATIC_STEPS = 200


class Deliveries(Protocol):
    """Queues the delivery of what an append wrote to a game's outbox (the notifications' scheduler)."""

    def schedule(self, game_id: str, cause: int | str) -> None: ...

    def pending(self, game_id: str) -> bool: ...


class Change(NamedTuple):
    """What one append is made of: the game's ``events`` by ``actor``, the queued command it decides (its
    id and ``decision``) and a table command's decision (``settled``)."""

    events: list[Any]
    actor: Actor = "system"
    command_id: str | None = None
    decision: CommandDecision | None = None
    settled: TableDecision | None = None


class Sealed(NamedTuple):
    """An append ready to write: the sealed ``records`` (automatic steps and the seed reveal included), the
    ``decision`` with its outcome filled in, the ``state`` and the game ``events`` they reach, whether they
    end the game, the table after them (``table``; ``table_written``: encoded when they changed it), and
    who to tell (the seats ``waiting_before`` them, those ``notified``)."""

    records: list[EventRecord]
    decision: CommandDecision | None
    state: Any
    events: list[Any]
    final: bool
    table: TableState | None
    table_written: bytes
    waiting_before: set[int]
    notified: frozenset[int]


class GameProcessor:
    def __init__(
        self,
        settings: Settings,
        store: EventStore,
        states: StateCache,
        reads: JobReads,
        next_steps: NextSteps,
        notify: Deliveries,
    ) -> None:
        self._settings = settings
        self._store = store
        self._states = states
        self._reads = reads
        self.next_steps = next_steps
        self._notify = notify

    def set_up(self, game_id: str) -> bool:
        """Draw (or reuse) the secret seed and append the opening events; False if already set up."""
        job = self._reads.game(game_id)
        head = self._store.head(game_id)
        if head.version > 0:
            return False
        seed = self._store.seed(game_id, draw=True)
        game, meta = job.game, job.meta
        options = msgspec.convert(meta.options, game.Options)
        events = game.setup(meta.seats, options, seed)
        records = self._store.build(head, new_events(game, events), "system", None)
        after = fold(game, events) if job.notified else None
        notes = append_notes.after_append(
            Reached(game, game_id, len(records), after), set(), job.notified, True
        )
        try:
            self._store.append(
                game_id, head, records, alongside=Alongside(outbox_entry=append_notes.encode(notes))
            )
        except StaleVersion:
            return False
        job.outbox_written = len(records) if notes else 0
        job.head, job.state = self._states.load(game, game_id)
        self.next_steps.settle(job)
        self.flush_notifications(job)
        return True

    def flush_notifications(self, job: GameInJob) -> None:
        """Queue the delivery of what the job's appends wrote to the game's outbox (a crash before this
        leaves the game due: the sweep's repair queues it, see Sweep.repair)."""
        if job.outbox_written:
            self._notify.schedule(job.id, job.outbox_written)

    def process_game(self, game_id: str, only_if_queued: bool = False, ahead: NextGame | None = None) -> int:
        """Decide every queued command in order; returns how many were decided by this call.

        ``only_if_queued``: nothing (0) unless the game's "process job queued" flag is still set. ``ahead``:
        the decision job's next game, taken when this one is settled. Without an advance delay, the automatic
        steps a command triggers are written in its own append, and any others due run here too.
        """
        return self._process(game_id, only_if_queued, ahead)[0]

    def decide_for(self, game_id: str, command_id: str, queueing: Read[Any] | None = None) -> Decided | None:
        """:meth:`process_game` for a command just queued (or by ``queueing``, a checked read batched before
        the decision's first reads): its outcome, with the records of the append that decided it, when this
        call decided it (None when another decider did, or it is still queued)."""
        return self._process(game_id, answer_for=command_id, queueing=queueing)[1]

    def _process(
        self,
        game_id: str,
        only_if_queued: bool = False,
        ahead: NextGame | None = None,
        answer_for: str | None = None,
        queueing: Read[Any] | None = None,
    ) -> tuple[int, Decided | None]:
        start = self._reads.start(game_id, queueing)
        if only_if_queued and not start.queued:
            return 0, None
        job = GameInJob(start.game, game_id, start.meta, start.notified, answer_for=answer_for)
        read_ahead = start.commands
        start_checkpoint = start.head.checkpoint
        job.head, job.state = self._states.load(
            job.game, game_id, start.head, start.records, start.latest_state
        )
        decided, decided_at = 0, None
        for _ in range(MAX_ROUNDS):
            try:
                self._run_automatic(job)
                pending = read_ahead if job.head.checkpoint == start_checkpoint else None
                read_ahead = None
                if pending is None:
                    pending = self._reads.pending(game_id, job.head.checkpoint, PENDING_BATCH)
                for entry_id, command in pending:
                    self._decide(job, entry_id, command)
                    decided += 1
                    decided_at = self._settings.clock() if decided_at is None else decided_at
                    # the steps a command triggers run before the next command is decided, as a replay
                    # of the log (and papyrus verify) decides them
                    self._run_automatic(job)
                if len(pending) < PENDING_BATCH:
                    break
            except StaleVersion as stale:
                log.info("game %s: %s; reloading", game_id, stale)
                # the head before the meta: a table newer than the head only fails the next append again
                job.head, job.state = self._states.load(job.game, game_id)
                job.meta = self._reads.meta(game_id) or job.meta
        self.next_steps.settle(job, decided_at, ahead)
        self.flush_notifications(job)
        return decided, job.answered

    def advance_game(self, game_id: str, version: int) -> bool:
        """Run the automatic step due at ``version``; False (and no change) if that moment has passed.

        With no advance delay the steps that follow it run in the same job (as in :meth:`process_game`);
        with a delay each step is a scheduled job of its own."""
        job = self._reads.game(game_id)
        job.head, job.state = self._states.load(job.game, game_id)
        if (
            job.head.version != version
            or finished(job.game, job.state, job.meta.table)
            or job.game.to_act(job.state)
        ):
            return False
        try:
            if not self._advance_once(job):
                return False
            self._run_automatic(job)
        except StaleVersion:
            return False
        self.next_steps.settle(job)
        self.flush_notifications(job)
        return True

    def _run_automatic(self, job: GameInJob) -> None:
        """Run the automatic steps due now that no command's append carried (after the setup, a table
        command or a crash), one guarded append each, while nobody must act, if no advance delay is
        configured (with a delay they stay scheduled ``advance_game`` jobs, see NextSteps). A killed worker
        leaves whole steps and the next job or sweep carries on."""
        if self._settings.advance_delay > 0:
            return
        for _ in range(MAX_AUTOMATIC_STEPS):
            if finished(job.game, job.state, job.meta.table) or job.game.to_act(job.state):
                return
            if not self._advance_once(job):
                return
        log.error("game %s: still no one to act after %s automatic steps", job.id, MAX_AUTOMATIC_STEPS)

    def _advance_once(self, job: GameInJob) -> bool:
        """Append the automatic step due now (False if the game advanced nothing: a bug, logged)."""
        events = automatic_step(job.game, job.state)
        if not events:
            log.warning(
                "game %s: nobody must act at version %s but %s advanced nothing",
                job.id,
                job.head.version,
                job.game.name,
            )
            return False
        self._append(job, Change(events))
        return True

    def _decide(self, job: GameInJob, entry_id: str, command: CommandRecord) -> None:
        head = job.head
        outcome = OutcomeRecord(
            command_id=command.command_id,
            seat=command.seat,
            status="rejected",
            version=head.version,
            at=now_iso(self._settings.clock),
        )
        decision = CommandDecision(command.command_id, outcome, head.checkpoint, entry_id)
        events: list[Any] = []
        settled: TableDecision | None = None
        if finished(job.game, job.state, job.meta.table):
            outcome.violation = RuleViolation("game.over", msg("The game is over.")).as_dict()
        elif command.expected_version is not None and command.expected_version != head.version:
            outcome.status = "stale"
            outcome.violation = RuleViolation(
                "version.stale",
                msg("Someone else moved first: the board has changed, choose again."),
                {"expected_version": command.expected_version, "version": head.version},
            ).as_dict()
        elif is_table_command(command.command):
            settled = table_command_decision(self._store, job, command, outcome)
        else:
            events = game_command_events(job, command, outcome)
        records = self._append(job, Change(events, command.actor, command.command_id, decision, settled))
        if command.command_id == job.answer_for:
            job.answered = Decided(outcome, records)
        if settled is not None:
            job.meta = msgspec.structs.replace(job.meta, table=settled.table)
        if outcome.status == "accepted" and settled is None:
            job.acted.append(Acted(command.seat))
        elif outcome.status == "accepted" and settled is not None and settled.took_back:
            job.acted.append(Acted(command.seat, undo=True))
        metrics.command_decided(job.game.name, outcome.status, command.at, self._settings.clock())
        log.debug(
            "command decided",
            extra=fields(
                command_id=command.command_id,
                seat=command.seat,
                outcome=outcome.status,
                code=(outcome.violation or {}).get("code"),
            ),
        )

    def _append(self, job: GameInJob, change: Change) -> list[EventRecord]:
        """Seal ``change`` and write it: the job's game moves on to the head and state after it; the records
        written."""
        sealed = self._seal(job, change)
        self._write(job, sealed)
        return sealed.records

    def _seal(self, job: GameInJob, change: Change) -> Sealed:
        """Fold and seal ``change``'s events or a table command's facts, an accepted game command's automatic
        steps (see :meth:`_automatic_after`) and the seed reveal if they end the game; fill in the
        outcome."""
        game, head, settled, decision = job.game, job.head, change.settled, change.decision
        events = change.events
        changed = bool(events) or settled is not None
        notified = job.notified if changed else frozenset()  # a refusal tells no one
        waiting_before = game.to_act(job.state) if job.state is not None and notified else set()
        automatic: list[Any] = []
        if settled is not None and settled.state is not None:
            self._states.forget(job.id)
            new_state = settled.state
        else:
            new_state = self._states.fold_on(game, job.id, job.state, events)
            if decision is not None and events and settled is None:
                new_state, automatic = self._automatic_after(game, new_state)
        if automatic:
            waiting_before = set()  # nobody had to act before the last automatic step
        facts = settled.facts if settled is not None else []
        records = self._store.build(
            head, [*new_events(game, events), *facts], change.actor, change.command_id
        )
        own = len(records)
        if automatic:
            after_own = Head(head.version + own, records[-1].hash)
            records += self._store.build(after_own, new_events(game, automatic), "system", None)
        events = [*events, *automatic]
        final = (bool(events) and game.result(new_state) is not None) or bool(
            settled is not None and settled.table.ended is not None
        )
        if final:
            try:
                seed = self._store.seed(job.id)
            except NoSeed:  # another decider's append ended the game since this one read it
                raise StaleVersion(head.version, "the game ended meanwhile") from None
            records += self._store.build(
                Head(head.version + len(records), records[-1].hash if records else head.hash),
                [NewEvent(SEED_REVEALED, {"seed": seed.hex()})],
                "system",
                None,
            )
        if decision is not None and records:
            decision.outcome.version = head.version + len(records)
            decision.outcome.first_seq = head.version + 1
            decision.outcome.last_seq = head.version + (own if automatic else len(records))
            decision.outcome.to_act = [] if final else sorted(game.to_act(new_state))
        return Sealed(
            records,
            decision,
            new_state,
            events,
            final,
            settled.table if settled is not None else job.meta.table,
            encode_table(settled.table) if settled is not None else b"",
            waiting_before,
            notified,
        )

    def _write(self, job: GameInJob, sealed: Sealed) -> None:
        """Append ``sealed`` atomically with its outbox entry and the table it leaves, then cache the state
        it reaches (snapshotted at a checkpoint)."""
        game, head, records, decision = job.game, job.head, sealed.records, sealed.decision
        reached = Reached(game, job.id, head.version + len(records), sealed.state, sealed.table)
        notes = append_notes.after_append(reached, sealed.waiting_before, sealed.notified)
        notes += append_notes.asked_to_choose(reached, records, job.meta.humans(), sealed.notified)
        alongside = Alongside(
            "over" if sealed.final else "", sealed.table_written, append_notes.encode(notes)
        )
        version = self._store.append(job.id, head, records, decision, alongside)
        if notes:
            job.outbox_written = version
        new_head = Head(
            version,
            records[-1].hash if records else head.hash,
            decision.new_checkpoint if decision else head.checkpoint,
        )
        checkpoint = is_checkpoint(game, sealed.events)
        self._states.remember(game, job.id, new_head, sealed.state, head.version, checkpoint)
        job.head, job.state = new_head, sealed.state

    def _automatic_after(self, game: Game, state: Any) -> tuple[Any, list[Any]]:
        """The state after the automatic steps an accepted command triggers, and their events, when they run
        at once (no advance delay): they go in the command's append, so its outcome says who must act once
        they have run and one round trip writes them all. ``papyrus verify`` re-derives each step from the
        log all the same."""
        if self._settings.advance_delay > 0:
            return state, []
        return run_automatic(game, state, MAX_AUTOMATIC_STEPS)
