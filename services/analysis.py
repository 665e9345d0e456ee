"""The search bot as an analyst of finished games: for a position (a version of the log) and a seat that had
to act there, the moves the search prefers, each with its estimated win chance.

Only a finished game is analysed: its whole log is public then, so the search (which samples what the seat
could not see) tells nobody a secret. The search runs in an RQ job, never in an API thread; its answer is
cached, and asking again while it runs queues nothing more.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
import redis

from domain.bots import SEARCH, bot_kinds
from domain.engine import Game
from domain.search import Analysis, analyse
from services import keys
from services.errors import ServiceError
from services.processing.job_scheduler import JobScheduler
from services.processing.stand_ins import search_budget
from services.results import GameMeta
from services.settings import Settings

PENDING = "pending"
DONE = "done"
SHOWN_MOVES = 3  # the search's preferred moves an analysis lists
ANALYSIS_BUDGET = 3  # an analysis thinks this many times a bot's move budget
CACHED_FOR = 30 * 24 * 3600  # seconds an analysis stays cached
ANALYSIS_SEED = 0x5EA2C4  # one seed for every analysis: asking twice gives the same answer


class AnalysedMove(msgspec.Struct, kw_only=True):
    """One move the search considered: the command, its words (a message), its estimated win chance (the
    share of samples the seat won, or led where a sample stopped short of the end) and its samples."""

    command: dict[str, Any]
    description: Any
    win_chance: float
    visits: int


class PositionAnalysis(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The analysis of ``seat``'s decision after event ``version``: ``pending`` while its job runs, then
    ``done`` with the preferred moves best first."""

    status: str
    version: int
    seat: int
    moves: list[AnalysedMove] = []
    iterations: int = 0


StateAt = Callable[[GameMeta, Game, int], Any]


def analysis_job_id(game_id: str, version: int, seat: int) -> str:
    return f"analyse-{game_id}-{version}-{seat}"


class Analyses:
    """Asks for analyses (the API) and makes them (a worker). ``state_at`` gives a game's state after a
    version, from Redis or from its archive."""

    def __init__(
        self, connection: redis.Redis, scheduler: JobScheduler, settings: Settings, state_at: StateAt
    ) -> None:
        self._redis = connection
        self._scheduler = scheduler
        self._settings = settings
        self._state_at = state_at

    def request(self, meta: GameMeta, game: Game, version: int, seat: int) -> PositionAnalysis:
        """The cached analysis, else ``pending`` with its job queued. 409 while the game runs; 422 when the
        seat had nothing to decide at that position, or the game has no search bot."""
        if meta.status != "over":
            raise ServiceError(409, "analysis.running", "A game is analysed once it is over.")
        if SEARCH not in bot_kinds(game):
            raise ServiceError(422, "analysis.unavailable", f"{game.title} has no search bot to analyse it.")
        cached = self._redis.get(keys.analysis(meta.id, version, seat))
        if cached is not None:
            return msgspec.json.decode(cached, type=PositionAnalysis)
        state = self._state_at(meta, game, version)
        if len(game.legal_commands(state, seat)) < 1:
            raise ServiceError(422, "analysis.no_move", f"Seat {seat} had no move to make at {version}.")
        self._scheduler.ensure(
            analysis_job_id(meta.id, version, seat),
            "analyse_position",
            (
                meta.id,
                version,
                seat,
            ),
        )
        return PositionAnalysis(status=PENDING, version=version, seat=seat)

    def make(self, meta: GameMeta, game: Game, version: int, seat: int) -> PositionAnalysis:
        """Search the position (in a worker) and cache the answer."""
        state = self._state_at(meta, game, version)
        settings = self._settings
        found = analyse(game, state, seat, ANALYSIS_SEED, search_budget(settings, ANALYSIS_BUDGET))
        done = PositionAnalysis(
            status=DONE,
            version=version,
            seat=seat,
            moves=_moves(game, state, seat, found, meta.seat_names()),
            iterations=found.iterations,
        )
        self._redis.set(keys.analysis(meta.id, version, seat), msgspec.json.encode(done), ex=CACHED_FOR)
        return done


def _moves(game: Game, state: Any, seat: int, found: Analysis, names: list[str]) -> list[AnalysedMove]:
    moves = []
    for estimate in found.moves[:SHOWN_MOVES]:
        events = game.decide(state, seat, estimate.command)
        described = game.describe(events[0], names) if events else ""
        moves.append(
            AnalysedMove(
                command=msgspec.to_builtins(estimate.command),
                description=msgspec.to_builtins(described),
                win_chance=round(estimate.win_chance, 3),
                visits=estimate.visits,
            )
        )
    return moves
