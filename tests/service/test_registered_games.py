"""Every registered game (and the toy game) runs through the store end to end with bots in every seat."""

from __future__ import annotations

import hashlib

import msgspec
import pytest
from rq import SimpleWorker

from domain import registry
from domain.games.egizia.bots import GreedyBot
from services import keys
from services.game_service import GameService
from services.processing.stand_ins import bot_for, bot_seed
from services.read_side.rebuild_projections import rebuild_all
from services.store.event_store import FINISHED_DECIDED_TTL_MS
from services.store.hash_chain import chain_breaks
from services.store.records import SEED_REVEALED
from services.store.state_cache import fold_records
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
    records = service.parts.store.read(game_id)
    assert chain_breaks(records) == []
    assert [r.type for r in records].count(SEED_REVEALED) == 1
    seed = bytes.fromhex(records[-1].data["seed"])
    assert hashlib.sha256(seed).hexdigest() == records[0].data["seed_commitment"]
    outcomes = service.parts.inbox.outcomes(game_id)
    assert outcomes and all(o.status == "accepted" for o in outcomes.values())
    assert service.view(game_id, None).result is not None
    assert service.parts.snapshots.load(game, game_id) is None, "a finished game keeps no snapshot"
    assert not any(service.parts.redis.exists(key) for key in keys.finished_game_leftovers(game_id))
    wake_up_ttl = service.parts.redis.pttl(keys.decided(game_id))
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
    service.parts.projections.delete(finished.id)
    service.parts.redis.delete(keys.lobby())
    assert service.parts.projections.view(finished.id, None) is None and service.lobby() == []
    assert rebuild_all(service.parts) == 1
    assert [service.view(finished.id, seat) for seat in (None, 0, 1, 2)] == before
    assert service.lobby() == lobby and lobby[0].id == waiting.id


def test_egizia_bot_seats_are_played_by_egizias_greedy_bot(service: GameService) -> None:
    egizia = registry.get_game("egizia")
    assert isinstance(bot_for(egizia, "g", 0, 1, 0), GreedyBot)
    meta = service.create_game("egizia", 3, {})
    service.start(meta.id, fill_with_bots=True)
    queue = service.parts.scheduler.queue
    worker = SimpleWorker([queue], connection=queue.connection)
    while not service.parts.inbox.all(meta.id):
        head, state = service.parts.states.load(egizia, meta.id)
        assert worker.work(burst=True, max_jobs=1, logging_level="WARNING")
    ((_, submitted),) = service.parts.inbox.all(meta.id)
    seat = submitted.seat
    expected = GreedyBot(bot_seed(meta.id, seat, head.version, 0)).choose(egizia, state, seat)
    assert submitted.command == msgspec.to_builtins(expected)
    assert submitted.command_id == f"bot-{seat}-{head.version}-0"
