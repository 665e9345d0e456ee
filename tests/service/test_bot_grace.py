"""Undo at a table with bots: after a player's own move the bots wait the grace setting before they move, so
the player may still take the move back; without a player's move (the start, a bot's move, an undo) they
move at once."""

from __future__ import annotations

import fakeredis

from services.game_service import GameService
from tests.support.harness import FakeClock, drain, make_service


def _table(connection: fakeredis.FakeRedis, clock: FakeClock, grace: float) -> tuple[GameService, str, int]:
    """An Egizia table of one player and a bot, the player to move."""
    service = make_service(connection, clock, bot_grace=grace)
    meta = service.create_game("egizia", 2, {})
    seat = service.join(meta.id, "Ann").seat
    service.start(meta.id, fill_with_bots=True)
    drain(service)  # the layout, and the bot's move if it plays first: no grace without a player's move
    assert seat in service.view(meta.id, None).to_act
    return service, meta.id, seat


def _move(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    ships = [c for c in service.legal_commands(game_id, seat) if c["type"] == "egizia.place_ship"]
    service.submit(game_id, seat, ships[0], command_id, None)


def test_after_a_players_move_the_bot_waits_and_the_player_may_take_the_move_back(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service, game_id, seat = _table(connection, clock, grace=5.0)
    _move(service, game_id, seat, "mine")
    drain(service, due_scheduled=False)  # what is due now runs; the bot's move waits for the grace
    moved = service.view(game_id, None)
    assert seat not in moved.to_act and moved.to_act, "the bot is to move, and has not yet"
    service.submit(game_id, seat, {"type": "papyrus.undo"}, "oops", None)
    drain(service, due_scheduled=False)
    outcome = service.outcome(game_id, "oops")
    assert outcome is not None and outcome.status == "accepted", outcome
    assert seat in service.view(game_id, None).to_act, "the player moves again"
    drain(service)  # the bot's late job finds the board changed and does nothing
    assert seat in service.view(game_id, None).to_act


def test_without_a_grace_the_bot_moves_at_once(connection: fakeredis.FakeRedis, clock: FakeClock) -> None:
    service, game_id, seat = _table(connection, clock, grace=0.0)
    version = service.view(game_id, None).version
    _move(service, game_id, seat, "mine")
    drain(service, due_scheduled=False)
    after = service.view(game_id, None)
    assert after.version > version + 1 and seat in after.to_act, "the bot moved too"
