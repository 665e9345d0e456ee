"""A seat's view at the head of the log is built once per head in a process: the readers one decision sets
off (each open page, the submitter's answer) share it, each seat its own, and the next move builds anew."""

from __future__ import annotations

import msgspec
import pytest

from services.game_service import GameService
from tests.service.test_cheaper_commands import submit_first_legal
from tests.support.harness import drain, new_game


def test_a_seats_view_at_a_head_is_built_once_and_shared_by_its_readers(service: GameService) -> None:
    game_id, _ = new_game(service, seats=2)
    drain(service)
    first, again = service.view_at_head(game_id, 0), service.view_at_head(game_id, 0)
    other = service.view_at_head(game_id, 1)

    assert isinstance(first.view, msgspec.Raw) and first.view is again.view, "one view a seat and head"
    assert other.view is not first.view and other.seat == 1
    assert msgspec.json.decode(first.view) == msgspec.to_builtins(service.view(game_id, 0).view)
    submit_first_legal(service, game_id, "c1")
    drain(service)
    moved = service.view_at_head(game_id, 0)
    assert moved.version > first.version and moved.view is not first.view
    assert msgspec.json.decode(moved.view) == msgspec.to_builtins(service.view(game_id, 0).view)


def test_the_pages_one_notice_woke_share_one_read_whatever_their_seat(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id, _ = new_game(service, seats=2)
    drain(service)
    reads: list[str] = []
    real = GameService._live_read
    monkeypatch.setattr(
        GameService, "_live_read", lambda self, *args: reads.append(args[0]) or real(self, *args)
    )
    cursor, _ = service.social.chat_backlog(game_id, None)

    steps = [service.live_step(game_id, seat, 0, cursor, notice=1) for seat in (0, 1, None)]
    assert len(reads) == 1, "one round trip for every page the notice woke"
    assert [body.seat for _, body in steps if body is not None] == [0, 1, None]
    assert steps[0][1] is not None and steps[0][1].view is service.view_at_head(game_id, 0).view
    service.live_step(game_id, 0, 0, cursor, notice=2)
    assert len(reads) == 2, "the next notice reads again"
