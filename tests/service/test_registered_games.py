"""Every registered game (and the toy game) runs through the store end to end with bots in every seat."""

from __future__ import annotations

import hashlib

import msgspec
import pytest
from rq import SimpleWorker

from domain import registry
from domain.engine import RandomBot
from domain.games.egizia.bots import GreedyBot
from domain.search import SearchBot
from services import keys
from services.game_service import GameService
from services.processing.stand_ins import bot_for, bot_level, bot_seed
from services.read_side.rebuild_projections import rebuild_all
from services.settings import Settings
from services.store.event_store import FINISHED_DECIDED_TTL_MS
from services.store.hash_chain import chain_breaks
from services.store.records import SEED_REVEALED
from services.table.state_cache import fold_records
from tests.support.harness import drain
from tests.support.toygame import GAME as TOY

GAME_NAMES = sorted({*registry.games(), TOY.name})


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_bot_game_finishes_with_a_verifiable_log(service: GameService, name: str) -> None:
    game = registry.get_game(name)
    meta = service.create_game(name, game.max_players, {})
    service.start(meta.id, fill_with_bots=True)
    drain(service)
    game_id = meta.id
    assert service.meta(game_id).status == "over"
    records = service.components.store.read(game_id)
    assert chain_breaks(records) == []
    assert [r.type for r in records].count(SEED_REVEALED) == 1
    seed = bytes.fromhex(records[-1].data["seed"])
    assert hashlib.sha256(seed).hexdigest() == records[0].data["seed_commitment"]
    outcomes = service.components.inbox.outcomes(game_id)
    assert outcomes and all(o.status == "accepted" for o in outcomes.values())
    assert service.view(game_id, None).result is not None
    assert service.components.snapshots.load(game, game_id) is None, "a finished game keeps no snapshot"
    assert not any(service.components.redis.exists(key) for key in keys.finished_game_leftovers(game_id))
    wake_up_ttl = service.components.redis.pttl(keys.decided(game_id))
    assert 0 < wake_up_ttl <= FINISHED_DECIDED_TTL_MS, "the waiters' wake-up stream expires soon after"
    final = fold_records(game, records, None)
    for seat in range(game.max_players):
        assert service.view(game_id, seat).view == msgspec.to_builtins(game.view(final, seat), order="sorted")


def test_rebuilding_projections_restores_every_view_and_the_lobby(service: GameService) -> None:
    finished = service.create_game(TOY.name, 3, {})
    service.start(finished.id, fill_with_bots=True)
    waiting = service.create_game(TOY.name, 2, {})
    drain(service)
    before = [service.view(finished.id, seat) for seat in (None, 0, 1, 2)]
    lobby = service.lobby()
    service.components.projections.delete(finished.id)
    service.components.redis.delete(keys.lobby())
    assert service.components.projections.view(finished.id, None) is None and service.lobby() == []
    assert rebuild_all(service.components) == 1
    assert [service.view(finished.id, seat) for seat in (None, 0, 1, 2)] == before
    assert service.lobby() == lobby and lobby[0].id == waiting.id


def test_egizia_bot_seats_are_played_by_egizias_greedy_bot(service: GameService) -> None:
    egizia = registry.get_game("egizia")
    assert isinstance(bot_for(egizia, "casual", 0, Settings()), GreedyBot)
    assert isinstance(bot_for(egizia, "strong", 0, Settings()), SearchBot)
    assert isinstance(bot_for(egizia, "beginner", 0, Settings()), RandomBot)
    meta = service.create_game("egizia", 3, {})
    service.start(meta.id, fill_with_bots=True)
    queue = service.components.scheduler.queue
    worker = SimpleWorker([queue], connection=queue.connection)
    while not service.components.inbox.all(meta.id):
        head, state = service.components.states.load(egizia, meta.id)
        assert worker.work(burst=True, max_jobs=1, logging_level="WARNING")
    ((_, submitted),) = service.components.inbox.all(meta.id)
    seat = submitted.seat
    expected = GreedyBot(bot_seed(meta.id, seat, head.version, 0)).choose(egizia, state, seat)
    assert submitted.command == msgspec.to_builtins(expected)
    assert submitted.command_id == f"bot-{seat}-{head.version}-0"


def test_bots_of_the_level_chosen_fill_the_seats_and_a_strong_bot_stands_in(service: GameService) -> None:
    meta = service.create_game("egizia", 3, {})
    service.join(meta.id, "ann")
    started = service.start(meta.id, fill_with_bots=True, bot_level="strong")
    levels = {player.seat: player.level for player in started.players}
    assert levels == {0: "", 1: "strong", 2: "strong"}
    settings = service.settings
    assert [bot_level(started, seat, settings) for seat in (0, 1, 2)] == ["strong", "strong", "strong"]
    beginner = service.create_game("egizia", 2, {})
    service.join(beginner.id, "bob")
    assert bot_level(service.start(beginner.id, fill_with_bots=True, bot_level="beginner"), 1, settings) == (
        "beginner"
    )
    casual = service.create_game("egizia", 2, {})
    service.join(casual.id, "cyd")
    assert bot_level(service.start(casual.id, fill_with_bots=True), 1, settings) == settings.bot_level
