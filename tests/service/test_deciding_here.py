"""Commands decided in the API's request (services/processing/deciding_here.py) race safely with the workers
and with each other: ``append.lua`` refuses the append of whoever decided on a head that moved, which
reloads; every command is decided once, in inbox order, and the game verifies at its end."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from services.audit.verify import verify_export
from services.errors import ServiceError
from services.game_service import GameService
from services.player_commands import Submission
from services.processing import command_queue
from services.results import CommandOutcome
from tests.support.harness import drain, make_service, new_game, play_out
from workers import context


def queued_as_the_api_queues(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    """The inbox's append and the due mark, with no job: as a submit that is about to decide it."""
    meta, game = service._game(game_id)
    card = service.legal_commands(game_id, seat)[0]
    assert service.commands.queue(meta, game, Submission(game_id, seat, card, command_id), job=False)


def decided_ids_in_log_order(service: GameService, game_id: str) -> list[str]:
    seen: list[str] = []
    for record in service.components.store.read(game_id):
        if record.command_id is not None and record.command_id not in seen:
            seen.append(record.command_id)
    return seen


def inbox_order(service: GameService, game_id: str) -> list[str]:
    return [record.command_id for _, record in service.components.inbox.all(game_id)]


def assert_verifies(service: GameService, game_id: str) -> None:
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_a_worker_that_decides_first_makes_the_api_reload_and_the_command_is_decided_once(
    service: GameService,
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    queued_as_the_api_queues(service, game_id, 0, "c0")
    here = service.components.deciding_here
    api_processor = here._processor
    real = api_processor._decide
    stale: list[bool] = []

    def worker_first(*args: Any) -> None:
        del api_processor._decide  # the next command is decided as usual
        assert service.processor.process_game(game_id) == 1  # the worker's own state cache and append
        try:
            real(*args)
        except Exception as refused:
            stale.append(type(refused).__name__ == "StaleVersion")
            raise

    api_processor._decide = worker_first  # type: ignore[method-assign]
    assert here.decide(game_id, "c0") is None, "decided by the worker, not by this call"
    assert stale == [True], "the API's append was refused: it reloaded and found the command decided"
    outcomes = service.components.inbox.outcomes(game_id)
    assert outcomes["c0"].status == "accepted"
    played = [r for r in service.components.store.read(game_id) if r.type == "toy.card_played"]
    assert [r.command_id for r in played] == ["c0"], "decided once"
    assert_verifies(service, game_id)


def decided_at_once(game_id: str, deciders: list[tuple[GameService, str]]) -> dict[str, Any]:
    """Each (API, command id) decided on a thread of its own, all let go at once; what each call answered
    (an exception raised is answered too)."""
    start = threading.Barrier(len(deciders))
    answered: dict[str, Any] = {}

    def decide(api: GameService, command_id: str) -> None:
        start.wait()
        try:
            answered[command_id] = api.components.deciding_here.decide(game_id, command_id)
        except Exception as error:
            answered[command_id] = error

    threads = [threading.Thread(target=decide, args=pair) for pair in deciders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return answered


@pytest.mark.parametrize("run", range(3))
def test_requests_of_two_api_processes_deciding_one_game_at_once_decide_each_command_once_in_order(
    service: GameService, connection: Any, clock: Any, run: int
) -> None:
    other = make_service(connection, clock)  # a second API process: its own state cache and locks
    context.register(service)
    game_id, _ = new_game(service, seats=4)
    drain(service)
    for round_number in range(2):  # the second round ends the game: its seed is revealed once
        ids = [f"r{round_number}s{seat}" for seat in range(4)]
        for seat, command_id in enumerate(ids):
            queued_as_the_api_queues(service, game_id, seat, command_id)
        apis = [service, other, service, other]
        answered = decided_at_once(game_id, list(zip(apis, ids, strict=True)))
        outcomes = service.components.inbox.outcomes(game_id)
        assert [outcomes[command_id].status for command_id in ids] == ["accepted"] * 4
        for command_id, decided in answered.items():
            assert not isinstance(decided, Exception), decided
            assert decided is None or decided.outcome == outcomes[command_id], "answered what was written"
        assert decided_ids_in_log_order(service, game_id) == inbox_order(service, game_id)
    assert service.meta(game_id).status == "over"
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_a_submit_is_decided_in_its_request_and_answered_with_its_events(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    outcome = service.submit_and_wait(game_id, 0, card, "c0", None, wait=5.0)
    assert isinstance(outcome, CommandOutcome)
    assert (outcome.status, [event.type for event in outcome.events]) == ("accepted", ["toy.card_played"])
    assert service.components.scheduler.queue.count == 0, "no decision job was queued"


def test_with_the_setting_off_a_worker_decides(connection: Any, clock: Any) -> None:
    service = make_service(connection, clock, decide_in_api=False)
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    outcome = service.submit_and_wait(game_id, 0, card, "c0", None, wait=0.0)
    assert outcome.status == "pending"
    assert service.components.scheduler.queue.count == 1, "a decision job was queued"


def test_a_decision_that_fails_after_its_append_is_answered_and_a_job_settles_the_game(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    api_processor = service.components.deciding_here._processor

    class BrokenSettle:
        def settle(self, *args: Any) -> None:
            raise ConnectionError("the store went away after the append")

    monkeypatch.setattr(api_processor, "next_steps", BrokenSettle())
    card = service.legal_commands(game_id, 0)[0]
    outcome = service.submit_and_wait(game_id, 0, card, "c0", None, wait=5.0)
    assert outcome.status == "accepted", "answered from the outcome its append wrote"
    assert service.components.scheduler.queue.count == 1, "a decision job settles the game"
    head = service.components.store.head(game_id)
    assert service.components.projections.version(game_id) < head.version
    drain(service)
    assert service.components.projections.version(game_id) == head.version


def test_a_command_id_reused_with_another_body_is_refused_and_nothing_is_decided(
    service: GameService,
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    queued_as_the_api_queues(service, game_id, 0, "c0")
    first, other = service.legal_commands(game_id, 0)[:2]
    with pytest.raises(ServiceError) as refused:
        service.submit_and_wait(game_id, 0, other, "c0", None, wait=5.0)
    assert refused.value.code == "command_id.reused"
    assert "c0" not in service.components.inbox.outcomes(game_id), "refused before anything was decided"
    assert [record.command for _, record in service.components.inbox.all(game_id)] == [first]


def test_a_store_that_lost_its_scripts_still_queues_the_command_and_a_worker_decides_it(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    flushed = lambda connection, scripts: connection.script_flush()  # noqa: E731 - right before the submit
    monkeypatch.setattr(command_queue, "load_first_use", flushed)
    card = service.legal_commands(game_id, 0)[0]
    outcome = service.submit_and_wait(game_id, 0, card, "c0", None, wait=0.2)
    assert outcome.status == "pending", "queued after the decision's reads, which missed it"
    assert service.components.scheduler.queue.count == 1, "a decision job was queued"
    drain(service)
    assert service.components.inbox.outcomes(game_id)["c0"].status == "accepted"
