"""The ``process_game`` and ``decide_waiting_games`` jobs: a decision job decides its own game, then the games
noted as waiting for a decision (services/processing/ready_games.py)."""

from __future__ import annotations

from services.processing.game_processor import GameProcessor
from services.processing.job_scheduler import JobScheduler
from services.processing.ready_games import decide_ready_games


class DecisionJobs:
    """``linger``: how long a job that found the list empty waits for one more game
    (``PAPYRUS_DECISION_LINGER``)."""

    def __init__(self, processor: GameProcessor, scheduler: JobScheduler, linger: float) -> None:
        self._processor = processor
        self._scheduler = scheduler
        self.linger = linger

    def process_game_and_waiting(self, game_id: str, job_id: str) -> int:
        """The ``process_game`` job ``job_id``: decide this game's queued commands, then those of the games
        waiting for a decision (:meth:`decide_waiting`); returns how many commands were decided."""
        return self._processor.process_game(game_id) + self.decide_waiting(job_id)

    def decide_waiting(self, job_id: str) -> int:
        """The decision job ``job_id`` decides the games waiting for a decision, each only if it still has
        a command queued; returns how many commands were decided."""
        scheduler, processor = self._scheduler, self._processor
        return decide_ready_games(
            scheduler.ready,
            job_id,
            lambda waiting, ahead, only_if_queued: processor.process_game(waiting, only_if_queued, ahead),
            scheduler.queue_for_waiting,
            self.linger,
            take_ahead=scheduler.rq_shares_store,
        )
