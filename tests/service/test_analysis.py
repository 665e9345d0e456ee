"""Analysis of a finished game: for a position and a seat, the search bot's preferred moves with their
estimated win chances, computed by a worker job and cached; refused while the game runs (no secret leaks
during play) and for a seat that had nothing to decide there."""

from __future__ import annotations

import msgspec
import pytest

from domain import registry
from services.errors import ServiceError
from services.game_service import GameService
from services.table.state_cache import fold_records
from tests.support.harness import drain

NAME = "giza"


def _a_decision(service: GameService, game_id: str) -> tuple[int, int]:
    """A version of the finished game after which some seat had more than one move, and that seat."""
    game = registry.get_game(NAME)
    records = service.components.store.read(game_id)
    for index in range(len(records) // 2, len(records)):
        state = fold_records(game, records[: index + 1], None)
        for seat in sorted(game.to_act(state)):
            if len(game.legal_commands(state, seat)) > 1:
                return records[index].seq, seat
    raise AssertionError("no decision with a choice in the game")


def test_a_finished_game_is_analysed_by_a_worker_and_the_answer_is_cached(service: GameService) -> None:
    meta = service.create_game(NAME, 2, {})
    service.start(meta.id, fill_with_bots=True)
    drain(service)
    version, seat = _a_decision(service, meta.id)
    first = service.analysis(meta.id, version, seat)
    assert first.status == "pending" and first.moves == []
    assert service.analysis(meta.id, version, seat).status == "pending"
    assert len(service.components.scheduler.queue.job_ids) == 1, "asking again queues nothing more"
    drain(service)
    done = service.analysis(meta.id, version, seat)
    assert done.status == "done" and done.iterations > 0 and 1 <= len(done.moves) <= 3
    game = registry.get_game(NAME)
    records = [record for record in service.components.store.read(meta.id) if record.seq <= version]
    legal = [
        msgspec.to_builtins(command)
        for command in game.legal_commands(fold_records(game, records, None), seat)
    ]
    assert all(move.command in legal for move in done.moves)
    assert all(0.0 <= move.win_chance <= 1.0 and move.description for move in done.moves)
    others = done.moves[1:]  # the preferred move first (a halving's survivor), then the others by visits
    assert others == sorted(others, key=lambda move: -move.visits)
    assert not service.components.scheduler.queue.job_ids, "a cached analysis queues no job"


def test_a_running_game_is_not_analysed(service: GameService) -> None:
    meta = service.create_game(NAME, 2, {})
    service.join(meta.id, "ann")
    service.start(meta.id, fill_with_bots=True)
    with pytest.raises(ServiceError) as refused:
        service.analysis(meta.id, 1, 0)
    assert refused.value.http_status == 409


def test_a_seat_without_a_decision_there_is_refused(service: GameService) -> None:
    meta = service.create_game(NAME, 2, {})
    service.start(meta.id, fill_with_bots=True)
    drain(service)
    with pytest.raises(ServiceError) as refused:
        service.analysis(meta.id, service.version(meta.id), 0)
    assert refused.value.http_status == 422
