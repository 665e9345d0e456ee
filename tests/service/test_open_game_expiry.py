"""Open games that never start expire: after ``open_game_ttl`` the sweep removes them,
their seats' tokens, lobby entry and invitation; games that started, or are younger, stay."""

from __future__ import annotations

import fakeredis

from services import keys
from services.game_service import GameService
from services.inputs import TableTerms
from tests.support.harness import FakeClock, make_service

DAY = 24 * 3600.0


def test_the_sweep_removes_open_games_past_their_lifetime_and_keeps_the_rest(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, open_game_ttl=DAY)
    abandoned = service.create_game("toy", 2, {}).id
    token = service.join(abandoned, "ann").token
    private = service.create_game("toy", 2, {}, terms=TableTerms(public=False))
    started = service.create_game("toy", 2, {}).id
    service.join(started, "bob")
    service.start(started, fill_with_bots=True)
    clock.advance(DAY / 2)
    young = service.create_game("toy", 2, {}).id
    clock.advance(DAY / 2 + 1)

    service.sweep.run("test")

    assert {meta.id for meta in service.lobby()} == {young}
    assert service.components.meta.get(abandoned) is None
    assert service.authenticate(abandoned, token) is None
    assert not connection.exists(*keys.game_keys(abandoned), *keys.game_keys(private.id))
    assert connection.get(keys.invitation(private.invite or "")) is None
    assert abandoned not in service.components.meta.all_ids()
    assert service.meta(started).status != "open"  # a started game is never expired
    assert service.meta(young).status == "open"


def test_no_lifetime_keeps_open_games_for_ever(connection: fakeredis.FakeRedis, clock: FakeClock) -> None:
    service: GameService = make_service(connection, clock, open_game_ttl=0.0)
    game_id = service.create_game("toy", 2, {}).id
    clock.advance(365 * DAY)
    service.sweep.run("test")
    assert service.meta(game_id).status == "open"


def test_open_games_from_before_the_index_expire_too(
    connection: fakeredis.FakeRedis, clock: FakeClock
) -> None:
    service = make_service(connection, clock, open_game_ttl=DAY)
    old = service.create_game("toy", 2, {}).id
    running = service.create_game("toy", 2, {}).id
    service.start(running, fill_with_bots=True)
    connection.delete(keys.open_games())  # as a store written before the index existed
    clock.advance(DAY + 1)
    service.sweep.run("test")
    assert service.components.meta.get(old) is None
    assert service.components.meta.get(running) is not None
