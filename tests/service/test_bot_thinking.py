"""A strong bot thinks beside the worker (embedded mode's one worker thread): while its search runs, other
games' commands are still decided, and its move is queued and played once it has chosen."""

from __future__ import annotations

import threading
from typing import Any

import fakeredis
import pytest

from domain.search import SearchBot
from services.game_service import GameService
from services.processing.bot_thinking import BotThinking
from tests.support.harness import FakeClock, drain, make_service

WAIT = 30.0  # seconds a test waits for a thread, far beyond what it needs


def _table(service: GameService, name: str, level: str) -> tuple[str, int]:
    """A 2-player Egizia table of one player and a bot of ``level``, the layout done."""
    meta = service.create_game("egizia", 2, {})
    seat = service.join(meta.id, name).seat
    service.start(meta.id, fill_with_bots=True, bot_level=level)
    return meta.id, seat


def _move(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    ships = [c for c in service.legal_commands(game_id, seat) if c["type"] == "egizia.place_ship"]
    service.submit(game_id, seat, ships[0], command_id, None)


def test_a_thinking_bot_holds_up_no_other_game(
    connection: fakeredis.FakeRedis, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = make_service(connection, clock, bot_grace=0.0)
    thinking = BotThinking()
    service.stand_ins.thinking = thinking
    release, started = threading.Event(), threading.Event()
    choose = SearchBot.choose

    def slow_choose(bot: SearchBot, game: Any, state: Any, seat: int) -> Any:
        started.set()
        assert release.wait(WAIT), "the test never let the bot finish"
        return choose(bot, game, state, seat)

    monkeypatch.setattr(SearchBot, "choose", slow_choose)
    try:
        strong, ann = _table(service, "Ann", "strong")
        other, bob = _table(service, "Bob", "casual")
        drain(service)
        if ann in service.view(strong, None).to_act:  # Ann begins: her move makes the bot think
            _move(service, strong, ann, "ann-1")
            drain(service)
        assert started.wait(WAIT), "the strong bot is thinking"
        if bob not in service.view(other, None).to_act:
            drain(service)
        before = service.view(other, None).version
        _move(service, other, bob, "bob-1")
        drain(service)  # the worker decides the other game while the bot still thinks
        outcome = service.outcome(other, "bob-1")
        assert outcome is not None and outcome.status == "accepted", outcome
        assert service.view(other, None).version > before
        thinking_version = service.view(strong, None).version
        release.set()
        assert thinking.wait_idle(WAIT)
        drain(service)
        assert service.view(strong, None).version > thinking_version, "the bot's move was played"
    finally:
        release.set()
        thinking.stop()
