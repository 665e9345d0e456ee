"""The periodic sweep: re-create whatever a running game is missing (its setup, inbox processing,
projections, jobs, overdue timeouts), so a lost or failed job never stalls a game."""

from __future__ import annotations

from dataclasses import dataclass

from services.parts import Parts
from services.processing.game_processor import GameProcessor
from services.processing.stand_ins import StandIns
from services.store.meta_store import RUNNING


@dataclass
class SweepReport:
    games: int = 0
    started: int = 0
    processed: int = 0
    settled: int = 0
    timed_out: int = 0


class Sweep:
    def __init__(self, parts: Parts, processor: GameProcessor, stand_ins: StandIns) -> None:
        self._parts = parts
        self._processor = processor
        self._stand_ins = stand_ins

    def run(self) -> SweepReport:
        parts = self._parts
        report = SweepReport()
        for game_id in parts.meta.running_ids():
            report.games += 1
            if parts.meta.status(game_id) != RUNNING:
                parts.meta.set_running(game_id, False)
                continue
            head = parts.store.head(game_id)
            if head.version == 0:
                report.started += int(self._processor.set_up(game_id))
                continue
            behind = parts.projections.version(game_id) < head.version
            if parts.inbox.pending(game_id, head.checkpoint, count=1) or behind:
                report.processed += int(parts.scheduler.process_game(game_id))
                continue
            meta, game = parts.game_of(game_id)
            self._processor.next_steps.settle(game, game_id, meta, repair=True)
            report.settled += 1
            report.timed_out += self._time_out_overdue(game_id)
        return report

    def _time_out_overdue(self, game_id: str) -> int:
        """Submit the timeout of every seat past its deadline (in case its job ran early or got lost)."""
        now = self._parts.settings.clock()
        deadlines = self._parts.deadlines.of_game(game_id)
        overdue = [seat for seat, entry in deadlines.items() if entry.deadline <= now]
        return sum(int(self._stand_ins.timeout_seat(game_id, seat)) for seat in overdue)
