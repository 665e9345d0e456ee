"""With RQ on the store's Redis (the default, never on a Cluster) a submitted command's game is noted as
waiting for a decision in the round trip that queues the command and sets the game's "process job queued"
flag: ``ready_game.lua`` notes it only while the flag holds the job id that round trip wrote."""

from __future__ import annotations

from pathlib import Path

import fakeredis
import pytest

from services import keys
from services.game_service import GameService
from services.processing.ready_games import NOT_NOTED, ReadyGames
from services.store import lua_scripts
from services.store.lua_scripts import execute_with_scripts
from tests.service.test_cheaper_commands import submit_first_legal
from tests.support.harness import FakeClock, drain, make_service, new_game

SCRIPTS = Path(lua_scripts.__file__).with_name("lua")


def started(service: GameService) -> str:
    """A new game, its start worked through, with every script in Redis's cache (on a cold cache the
    submit's round trip runs twice, and the note then takes a round trip of its own)."""
    game_id, _ = new_game(service)
    drain(service)
    for script in SCRIPTS.iterdir():
        service.components.redis.script_load(script.read_text("utf-8"))
    return game_id


def noted_games(connection: fakeredis.FakeRedis) -> list[str]:
    return [raw.decode() for raw in connection.lrange(keys.ready_games(), 0, -1)]


def refuse_a_round_trip_of_its_own(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Record the games noted through :meth:`ReadyGames.note`, the round trip of its own."""
    separately: list[str] = []
    real_note = ReadyGames.note

    def note(self: ReadyGames, game_id: str, job_id: str) -> bool:
        separately.append(game_id)
        return real_note(self, game_id, job_id)

    monkeypatch.setattr(ReadyGames, "note", note)
    return separately


def test_a_submit_notes_its_game_in_the_round_trip_that_queues_the_command(
    service: GameService, connection: fakeredis.FakeRedis, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = started(service)
    separately = refuse_a_round_trip_of_its_own(monkeypatch)

    submit_first_legal(service, game_id, "c1")

    assert separately == []
    assert noted_games(connection) == [game_id]
    assert service.components.scheduler.queue.count == 1
    drain(service)
    outcome = service.outcome(game_id, "c1")
    assert outcome is not None and outcome.status == "accepted"


def test_a_second_command_while_the_first_waits_adds_neither_a_note_nor_a_job(
    service: GameService, connection: fakeredis.FakeRedis
) -> None:
    game_id = started(service)
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c1", None)
    service.submit(game_id, 1, service.legal_commands(game_id, 1)[0], "c2", None)

    assert noted_games(connection) == [game_id]
    assert service.components.scheduler.queue.count == 1


def test_with_rq_on_a_redis_of_its_own_the_game_is_noted_there(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    rq = fakeredis.FakeRedis(server=fakeredis.FakeServer())
    service = make_service(connection, clock, rq_connection=rq)
    game_id = started(service)
    separately = refuse_a_round_trip_of_its_own(monkeypatch)

    submit_first_legal(service, game_id, "c1")

    assert separately == [game_id]
    assert noted_games(rq) == [game_id] and noted_games(connection) == []


@pytest.mark.parametrize(("flag_holds", "noted"), [("mine", True), ("another job's", False), (None, False)])
def test_the_note_is_taken_only_while_the_flag_holds_the_job_id_given(
    service: GameService, connection: fakeredis.FakeRedis, flag_holds: str | None, noted: bool
) -> None:
    flag = keys.process_queued("g1")
    if flag_holds is not None:
        connection.set(flag, flag_holds)
    ready = service.components.scheduler.ready

    replies = execute_with_scripts(
        connection, lambda pipe: [ready.queue_flagged_note(pipe, "g1", flag, "mine")]
    )

    assert (replies[-1] != NOT_NOTED) == noted
    assert noted_games(connection) == (["g1"] if noted else [])


def test_a_flag_a_job_cleared_since_it_was_set_leaves_the_command_to_that_job(service: GameService) -> None:
    scheduler = service.components.scheduler
    pipe = service.components.redis.pipeline(transaction=False)
    flag = scheduler.queue_flag(pipe, "g1")

    assert scheduler.after_flag("g1", flag, [True, NOT_NOTED]) is True
    assert scheduler.queue.count == 0 and noted_games(service.components.redis) == []
