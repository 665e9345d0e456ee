"""Seats and starting under races: a leave during a start, a crash in the middle of a join, and one account
joining twice at once."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from services.game_service import GameService, ServiceError
from services.inputs import Requester


def leave_just_before_starting(
    service: GameService, game_id: str, seat: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Make the next start see every seat taken, then have ``seat`` left before it flips the status."""
    real = service.components.meta.start_if_full
    left: list[int] = []

    def racing(*args: Any) -> int:
        if not left:
            left.append(seat)
            service.seating.leave(game_id, seat)
        return real(*args)

    monkeypatch.setattr(service.components.meta, "start_if_full", racing)


def ann_joins_and_dies(service: GameService, part: object, step: str, monkeypatch: pytest.MonkeyPatch) -> str:
    """A new game Ann's join dies in, at ``step`` of ``part`` (as if the process died there); its id."""
    game_id = service.create_game("toy", 2, {}).id

    def dies(*args: Any) -> None:
        raise SystemError("the process died")

    with monkeypatch.context() as patched:
        patched.setattr(part, step, dies)
        with pytest.raises(SystemError):
            service.join(game_id, "Ann", by=Requester(account="ann"))
    return game_id


def test_a_seat_left_while_the_game_starts_is_never_started_empty(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = service.create_game("toy", 2, {}).id
    service.join(game_id, "Ann")
    service.join(game_id, "Bob")
    leave_just_before_starting(service, game_id, 1, monkeypatch)
    with pytest.raises(ServiceError) as refused:
        service.start(game_id)
    assert (refused.value.http_status, refused.value.code) == (409, "seats.empty")
    meta = service.meta(game_id)
    assert meta.status == "open" and [p.seat for p in meta.players] == [0]
    assert service.components.store.head(game_id).version == 0


def test_a_seat_left_while_the_game_starts_with_bots_gets_a_bot(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = service.create_game("toy", 2, {}).id
    service.join(game_id, "Ann")
    service.join(game_id, "Bob")
    leave_just_before_starting(service, game_id, 1, monkeypatch)
    meta = service.start(game_id, fill_with_bots=True)
    assert meta.status == "running"
    assert [(p.seat, p.bot) for p in meta.players] == [(0, False), (1, True)]


def test_a_join_that_dies_before_claiming_leaves_nothing_and_can_be_retried(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = ann_joins_and_dies(service, service.components.meta, "claim", monkeypatch)
    assert service.accounts.seat_in("ann", game_id) is None and service.seating.games_of("ann") == []
    assert service.join(game_id, "Ann", by=Requester(account="ann")).seat == 0
    assert service.accounts.seat_in("ann", game_id) == 0


def test_a_join_that_dies_right_after_claiming_keeps_the_seat_and_a_retry_lists_it(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = ann_joins_and_dies(service, service.seating.tokens, "issue", monkeypatch)
    assert service.accounts.seat_in("ann", game_id) == 0
    with pytest.raises(ServiceError) as again:
        service.join(game_id, "Ann", by=Requester(account="ann"))
    assert again.value.code == "seat.already_yours"
    assert [(g.id, g.seat) for g in service.seating.games_of("ann")] == [(game_id, 0)]
    assert [p.seat for p in service.meta(game_id).players] == [0]


def test_one_account_joining_twice_at_once_gets_one_seat(service: GameService) -> None:
    game_id = service.create_game("toy", 4, {}).id
    outcomes: list[str] = []
    barrier = threading.Barrier(6)

    def join() -> None:
        barrier.wait()
        try:
            service.join(game_id, "Ann", by=Requester(account="Ann"))
            outcomes.append("seated")
        except ServiceError as error:
            outcomes.append(error.code)

    threads = [threading.Thread(target=join) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["seat.already_yours"] * 5 + ["seated"]
    assert len(service.meta(game_id).players) == 1


def test_leaving_frees_the_accounts_claim_so_it_may_join_again(service: GameService) -> None:
    game_id = service.create_game("toy", 2, {}).id
    seat = service.join(game_id, "Ann", by=Requester(account="ann")).seat
    service.seating.leave(game_id, seat)
    assert service.accounts.seat_in("ann", game_id) is None and service.seating.games_of("ann") == []
    assert service.join(game_id, "Ann", seat=1, by=Requester(account="ann")).seat == 1
    assert service.accounts.seat_in("ann", game_id) == 1
