"""The game read at one moment: an append that lands while a page's view or a decider's job start is being
read (after the game's meta, before its head) is seen whole or not at all. A page shown the head after it
with the table before it is never sent that version again; a decider would judge the next command on that
old table (and write it back)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fakeredis._socket._base import BaseFakeSocket

from services import keys
from services.game_service import GameService
from services.player_commands import Submission
from services.store.event_store import EventStore
from tests.support.harness import drain, new_game

PAUSE = {"type": "papyrus.pause"}
DECLINE = {"type": "papyrus.decline_pause"}


def queued(service: GameService, game_id: str, seat: int, command: dict[str, Any], command_id: str) -> None:
    """A command in the inbox, as the API queues it just before deciding it."""
    meta, game = service._game(game_id)
    assert service.commands.queue(meta, game, Submission(game_id, seat, command, command_id), job=False)


def after_the_next_meta_read(
    monkeypatch: pytest.MonkeyPatch, game_id: str, step: Callable[[], object]
) -> None:
    """Run ``step`` (another decider's append) once, right after the store answers the next command reading
    the game's whole meta hash (its HGETALL, or the script reading it with the head), before the rest of
    that read's round trip reaches it."""
    process = BaseFakeSocket._process_command
    meta_key = keys.meta(game_id).encode()
    script = EventStore.meta_and_head_read(game_id).script
    assert script is not None
    reads_meta = {(b"hgetall", meta_key), (b"evalsha", script.sha.encode(), b"2", meta_key)}
    armed = [step]

    def processing(socket: Any, fields: list[bytes]) -> None:
        process(socket, fields)
        command = (fields[0].lower(), *fields[1:4])
        if armed and (command[:2] in reads_meta or command in reads_meta):
            armed.pop()()

    monkeypatch.setattr(BaseFakeSocket, "_process_command", processing)


@pytest.fixture
def game_id(service: GameService) -> str:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    return game_id


def test_a_view_read_while_a_pause_is_appended_shows_the_table_of_its_version(
    service: GameService, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = service.version(game_id)
    queued(service, game_id, 0, PAUSE, "ask")
    decider = service.components.deciding_here
    after_the_next_meta_read(monkeypatch, game_id, lambda: decider.decide(game_id, "ask"))

    read = service.view_at_head(game_id, 1)
    assert service.version(game_id) > before, "the pause was appended during the read"
    assert read.table.pause_votes == ([0] if read.version > before else [])


def test_a_live_page_woken_while_a_pause_is_appended_shows_the_table_of_its_version(
    service: GameService, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = service.version(game_id)
    cursor, _ = service.social.chat_backlog(game_id, 1)
    queued(service, game_id, 0, PAUSE, "ask")
    decider = service.components.deciding_here
    after_the_next_meta_read(monkeypatch, game_id, lambda: decider.decide(game_id, "ask"))

    _, body = service.live_step(game_id, 1, before - 1, cursor)
    assert service.version(game_id) > before, "the pause was appended during the read"
    assert body is not None and body.table.pause_votes == ([0] if body.version > before else [])


def test_a_decider_starting_while_a_pause_is_appended_judges_the_next_command_on_its_table(
    service: GameService, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    queued(service, game_id, 0, PAUSE, "ask")

    def the_api_decides_then_the_other_player_declines() -> None:
        service.components.deciding_here.decide(game_id, "ask")
        queued(service, game_id, 1, DECLINE, "no")

    with monkeypatch.context() as patch:
        after_the_next_meta_read(patch, game_id, the_api_decides_then_the_other_player_declines)
        service.processor.process_game(game_id)  # a worker's job, started before the API's append
    drain(service)

    declined = service.outcome(game_id, "no")
    assert declined is not None and declined.status == "accepted", declined
    assert service.view_at_head(game_id, None).table.pause_votes == []
