"""What the workers do to a game: set it up, decide its queued commands, run its automatic steps, then
project it and schedule what comes next.

Only one decision takes effect per game at a time: every write goes through ``append.lua``, which refuses
it unless the game's version, head hash and command checkpoint are still the ones the decision was made
on. A second worker racing on the same game gets ``StaleVersion``, reloads and carries on from the new
state (so a command is decided once). A worker killed mid-job leaves either nothing or one complete append
(events + checkpoint + outcome); the next run (or the sweep) re-projects and re-schedules from the log.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import msgspec

from domain.engine import Game, RuleViolation, automatic_step, run_automatic
from domain.registry import get_game
from services import keys
from services.notifications import outbox
from services.notifications.recipients import seat_accounts
from services.observability import metrics
from services.observability.structured_logs import fields
from services.parts import Parts
from services.processing.command_outcomes import game_command_events, table_command_decision
from services.processing.job_start import read_job_start
from services.processing.next_steps import NextSteps
from services.processing.ready_games import NextGame, decide_ready_games
from services.processing.table_decisions import TableDecision
from services.results import GameMeta
from services.store.event_store import CommandDecision, Head, NewEvent, StaleVersion
from services.store.game_events import new_events
from services.store.meta_store import meta_from
from services.store.records import SEED_REVEALED, Actor, CommandRecord, OutcomeRecord, now_iso
from services.store.replies import as_bytes
from services.store.state_cache import is_checkpoint
from services.table.commands import is_table_command
from services.table.ranking import finished
from services.table.state import TableState, encode_table

log = logging.getLogger(__name__)
MAX_ROUNDS = 50
PENDING_BATCH = 100
MAX_AUTOMATIC_STEPS = 200


class TableInJob:
    """The game's meta (its table included) as this job last wrote it, and the seats whose game commands
    it accepted (their turns ended, even if they must act again at once)."""

    def __init__(self, meta: GameMeta) -> None:
        self.meta = meta
        self.acted: set[int] = set()


def notified_seats(raw_meta: dict[Any, Any]) -> frozenset[int]:
    """The seats whose players can be notified: those held by an account (from the raw meta hash)."""
    return frozenset(seat_accounts(raw_meta))


def _folded(game: Game, events: list[Any]) -> Any:
    state = None
    for event in events:
        state = game.evolve(state, event)
    return state


class GameProcessor:
    def __init__(self, parts: Parts) -> None:
        self._parts = parts
        self.next_steps = NextSteps(parts)
        self._notified: dict[str, frozenset[int]] = {}
        self._outbox_written: dict[str, int] = {}

    def set_up(self, game_id: str) -> bool:
        """Draw (or reuse) the secret seed and append the opening events; False if already set up."""
        parts = self._parts
        meta, game = self._game_and_seats(game_id)
        head = parts.store.head(game_id)
        if head.version > 0:
            return False
        parts.redis.set(keys.seed(game_id), secrets.token_bytes(32), nx=True)
        seed = parts.redis.get(keys.seed(game_id))
        if seed is None:
            raise RuntimeError(f"game {game_id}: no seed")
        options = msgspec.convert(meta.options, game.Options)
        events = game.setup(meta.seats, options, as_bytes(seed))
        records = parts.store.build(head, new_events(game, events), "system", None)
        notified = self._notified[game_id]
        after = _folded(game, events) if notified else None
        notes = outbox.after_append(game, game_id, len(records), set(), after, notified, True)
        try:
            parts.store.append(game_id, head, records, notifications=outbox.encode(notes))
        except StaleVersion:
            return False
        self._outbox_written[game_id] = len(records) if notes else 0
        self.next_steps.settle(game, game_id, meta)
        self.flush_notifications(game_id)
        return True

    def _game_and_seats(self, game_id: str) -> tuple[GameMeta, Game]:
        """The game's meta and rules (KeyError if unknown), noting its seats held by accounts (one read)."""
        raw_meta = self._parts.redis.hgetall(keys.meta(game_id))
        meta = meta_from(raw_meta)
        if meta is None:
            raise KeyError(game_id)
        self._notified[game_id] = notified_seats(raw_meta)
        return meta, get_game(meta.game)

    def flush_notifications(self, game_id: str) -> None:
        """Queue the delivery of what this process's appends wrote to the game's outbox (a crash before
        this leaves the game due: the sweep's repair queues it, see Sweep.repair)."""
        self._notified.pop(game_id, None)
        version = self._outbox_written.pop(game_id, 0)
        if version:
            self._parts.notify.schedule(game_id, version)

    def process_game_and_waiting(self, game_id: str) -> int:
        """The ``process_game`` job: decide this game's queued commands, then those of the games waiting for
        a decision (services/processing/ready_games.py); returns how many commands were decided."""
        decided = self.process_game(game_id)
        scheduler = self._parts.scheduler
        return decided + decide_ready_games(
            scheduler.ready,
            lambda waiting, ahead: self.process_game(waiting, only_if_queued=True, ahead=ahead),
            lambda: scheduler.queue_follow_up(game_id),
            self._parts.settings.decision_linger,
            take_ahead=scheduler.rq_shares_store,
        )

    def process_game(self, game_id: str, only_if_queued: bool = False, ahead: NextGame | None = None) -> int:
        """Decide every queued command in order; returns how many were decided by this call.
        ``only_if_queued``: nothing (0) unless the game's "process job queued" flag is still set (it was
        decided since it was noted as waiting). ``ahead``: the decision job's next game, taken when this
        one is settled.

        With no advance delay configured, the automatic steps an accepted command triggers are written in
        its own append (see :meth:`_automatic_after`), and any others due (after the setup, a table
        command, a crash) run here too (see :meth:`_run_automatic`), so a command and the phases it
        triggers cost one job instead of one job per step."""
        parts = self._parts
        start = read_job_start(parts, game_id)
        self._notified[game_id] = notified_seats(start.raw_meta)
        if only_if_queued and not start.queued:
            self._notified.pop(game_id, None)
            return 0
        game, table, read_ahead = start.game, TableInJob(start.meta), start.commands
        start_checkpoint = start.head.checkpoint
        head, state = parts.states.load(game, game_id, start.head, start.records, start.latest_state)
        decided, decided_at = 0, None
        for _ in range(MAX_ROUNDS):
            try:
                head, state = self._run_automatic(game, game_id, head, state, table.meta)
                pending = read_ahead if head.checkpoint == start_checkpoint else None
                read_ahead = None
                if pending is None:
                    pending = parts.inbox.pending(game_id, head.checkpoint, count=PENDING_BATCH)
                for entry_id, command in pending:
                    head, state = self._decide(game, game_id, head, state, entry_id, command, table)
                    decided += 1
                    decided_at = parts.settings.clock() if decided_at is None else decided_at
                    # the steps a command triggers run before the next command is decided, as a replay
                    # of the log (and papyrus verify) decides them
                    head, state = self._run_automatic(game, game_id, head, state, table.meta)
                if len(pending) < PENDING_BATCH:
                    break
            except StaleVersion as stale:
                log.info("game %s: %s; reloading", game_id, stale)
                table.meta = parts.meta.get(game_id) or table.meta
                head, state = parts.states.load(game, game_id)
        self.next_steps.settle(game, game_id, table.meta, head, state, decided_at, table.acted, ahead)
        self.flush_notifications(game_id)
        return decided

    def advance_game(self, game_id: str, version: int) -> bool:
        """Run the automatic step due at ``version``; False (and no change) if that moment has passed.

        With no advance delay the steps that follow it run in the same job (as in :meth:`process_game`);
        with a delay each step is a scheduled job of its own."""
        meta, game = self._game_and_seats(game_id)
        head, state = self._parts.states.load(game, game_id)
        if head.version != version or finished(game, state, meta.table) or game.to_act(state):
            return False
        try:
            advanced = self._advance_once(game, game_id, head, state, meta.table)
            if advanced is None:
                return False
            head, state = self._run_automatic(game, game_id, *advanced, meta)
        except StaleVersion:
            return False
        self.next_steps.settle(game, game_id, meta, head, state)
        self.flush_notifications(game_id)
        return True

    def _run_automatic(
        self, game: Game, game_id: str, head: Head, state: Any, meta: GameMeta
    ) -> tuple[Head, Any]:
        """Run the automatic steps due now that no command's append carried (after the setup, a table
        command or a crash), one guarded append each, while nobody must act, if no advance delay is
        configured (with a delay they stay scheduled ``advance_game`` jobs, see NextSteps). A killed worker
        leaves whole steps and the next job or sweep carries on."""
        if self._parts.settings.advance_delay > 0:
            return head, state
        for _ in range(MAX_AUTOMATIC_STEPS):
            if finished(game, state, meta.table) or game.to_act(state):
                return head, state
            advanced = self._advance_once(game, game_id, head, state, meta.table)
            if advanced is None:
                return head, state
            head, state = advanced
        log.error("game %s: still no one to act after %s automatic steps", game_id, MAX_AUTOMATIC_STEPS)
        return head, state

    def _advance_once(
        self, game: Game, game_id: str, head: Head, state: Any, table: TableState | None
    ) -> tuple[Head, Any] | None:
        """Append the automatic step due now (None if the game advanced nothing: a bug, logged)."""
        events = automatic_step(game, state)
        if not events:
            log.warning(
                "game %s: nobody must act at version %s but %s advanced nothing",
                game_id,
                head.version,
                game.name,
            )
            return None
        return self._append(game, game_id, head, state, events, "system", None, None, table_now=table)

    def _decide(
        self,
        game: Game,
        game_id: str,
        head: Head,
        state: Any,
        entry_id: str,
        command: CommandRecord,
        table: TableInJob,
    ) -> tuple[Head, Any]:
        outcome = OutcomeRecord(
            command_id=command.command_id,
            seat=command.seat,
            status="rejected",
            version=head.version,
            at=now_iso(self._parts.settings.clock),
        )
        decision = CommandDecision(command.command_id, outcome, head.checkpoint, entry_id)
        events: list[Any] = []
        settled: TableDecision | None = None
        if finished(game, state, table.meta.table):
            outcome.violation = RuleViolation("game.over", "The game is over.").as_dict()
        elif command.expected_version is not None and command.expected_version != head.version:
            outcome.status = "stale"
            outcome.violation = RuleViolation(
                "version.stale",
                f"The game moved on to version {head.version} since version {command.expected_version}.",
                {"expected_version": command.expected_version, "version": head.version},
            ).as_dict()
        elif is_table_command(command.command):
            settled = table_command_decision(self._parts, game, game_id, table.meta, state, command, outcome)
        else:
            events = game_command_events(game, game_id, state, command, outcome, table.meta.table)
        appended = self._append(
            game,
            game_id,
            head,
            state,
            events,
            command.actor,
            command.command_id,
            decision,
            settled,
            table.meta.table,
        )
        if settled is not None:
            table.meta = msgspec.structs.replace(table.meta, table=settled.table)
        if outcome.status == "accepted" and settled is None:
            table.acted.add(command.seat)
        metrics.command_decided(game.name, outcome.status, command.at, self._parts.settings.clock())
        log.debug(
            "command decided",
            extra=fields(
                command_id=command.command_id,
                seat=command.seat,
                outcome=outcome.status,
                code=(outcome.violation or {}).get("code"),
            ),
        )
        return appended

    def _append(
        self,
        game: Game,
        game_id: str,
        head: Head,
        state: Any,
        events: list[Any],
        actor: Actor,
        command_id: str | None,
        decision: CommandDecision | None,
        settled: TableDecision | None = None,
        table_now: TableState | None = None,
    ) -> tuple[Head, Any]:
        """Fold, seal and atomically append ``events`` or a table command's facts, an accepted game command's
        automatic steps (see :meth:`_automatic_after`), and the seed reveal if they end the game."""
        parts = self._parts
        changed = bool(events) or settled is not None
        notified = (
            self._notified.get(game_id, frozenset()) if changed else frozenset()
        )  # a refusal tells no one
        waiting_before = game.to_act(state) if state is not None and notified else set()
        automatic: list[Any] = []
        if settled is not None and settled.state is not None:
            parts.states.forget(game_id)
            new_state = settled.state
        else:
            new_state = parts.states.fold_on(game, game_id, state, events)
            if decision is not None and events and settled is None:
                new_state, automatic = self._automatic_after(game, new_state)
        if automatic:
            waiting_before = set()  # nobody had to act before the last automatic step
        facts = settled.facts if settled is not None else []
        records = parts.store.build(head, [*new_events(game, events), *facts], actor, command_id)
        own = len(records)
        if automatic:
            after_own = Head(head.version + own, records[-1].hash)
            records += parts.store.build(after_own, new_events(game, automatic), "system", None)
        events = [*events, *automatic]
        final = (bool(events) and game.result(new_state) is not None) or bool(
            settled is not None and settled.table.ended is not None
        )
        if final:
            records += parts.store.build(
                Head(head.version + len(records), records[-1].hash if records else head.hash),
                [NewEvent(SEED_REVEALED, {"seed": self._seed_hex(game_id)})],
                "system",
                None,
            )
        if decision is not None and records:
            decision.outcome.version = head.version + len(records)
            decision.outcome.first_seq = head.version + 1
            decision.outcome.last_seq = head.version + (own if automatic else len(records))
            decision.outcome.to_act = [] if final else sorted(game.to_act(new_state))
        table = encode_table(settled.table) if settled is not None else b""
        table_after = settled.table if settled is not None else table_now
        notes = outbox.after_append(
            game, game_id, head.version + len(records), waiting_before, new_state, notified, table=table_after
        )
        version = parts.store.append(
            game_id, head, records, decision, "over" if final else "", table, outbox.encode(notes)
        )
        if notes:
            self._outbox_written[game_id] = version
        new_head = Head(
            version,
            records[-1].hash if records else head.hash,
            decision.new_checkpoint if decision else head.checkpoint,
        )
        checkpoint = is_checkpoint(game, events)
        parts.states.remember(game, game_id, new_head, new_state, head.version, checkpoint)
        return new_head, new_state

    def _automatic_after(self, game: Game, state: Any) -> tuple[Any, list[Any]]:
        """The state after the automatic steps an accepted command triggers, and their events, when they run
        at once (no advance delay): they go in the command's append, so its outcome says who must act once
        they have run and one round trip writes them all. ``papyrus verify`` re-derives each step from the
        log all the same."""
        if self._parts.settings.advance_delay > 0:
            return state, []
        return run_automatic(game, state, MAX_AUTOMATIC_STEPS)

    def _seed_hex(self, game_id: str) -> str:
        raw = self._parts.redis.get(keys.seed(game_id))
        if raw is None:
            raise RuntimeError(f"game {game_id}: the seed is missing")
        return as_bytes(raw).hex()
