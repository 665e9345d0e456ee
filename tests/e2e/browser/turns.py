"""Moves a browser test makes through the service for the seats it plays there, read from the game itself:
who must decide is asked at the head of the log before every move, never assumed from a turn order (a seat
may hold several decisions in a row, or decide together with another), and while nobody must (the set-up or
an automatic step still being decided) the test waits for the game's next event instead of a fixed time."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from tests.e2e.browser.pages import WAIT_MS

if TYPE_CHECKING:
    from services.game_service import GameService
    from services.results import GameView

WAIT_SECONDS = WAIT_MS / 1000
MOST_MOVES = 40  # moves one helper makes before it gives up on the game ever coming back to the seat


def deciding(service: GameService, game_id: str) -> GameView:
    """The game at the head of its log once some seat must decide, or once it is over."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        shown = service.view_at_head(game_id, None)
        if shown.to_act or shown.status == "over":
            return shown
        left = deadline - time.monotonic()
        assert left > 0, f"nobody came to decide in {game_id} ({shown.status} at version {shown.version})"
        service.wait_version(game_id, shown.version, left)


def move(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    """``seat``, which must decide now, makes its first legal move, and the workers accept it."""
    legal = service.legal_commands(game_id, seat)
    assert legal, f"seat {seat} must decide in {game_id} but has no legal move"
    outcome = service.submit_and_wait(game_id, seat, legal[0], command_id, None, WAIT_SECONDS)
    assert outcome.status == "accepted", outcome


def _mover(shown: GameView, mine: int) -> int:
    others = sorted(set(shown.to_act) - {mine})
    assert others or mine in shown.to_act, f"the game is {shown.status}: nobody decides any more"
    return others[0] if others else mine


def until_mine(service: GameService, game_id: str, mine: int, label: str) -> GameView:
    """The other seats move until ``mine`` must decide (nothing moves if it must already); the game then."""
    for step in range(MOST_MOVES):
        shown = deciding(service, game_id)
        if mine in shown.to_act:
            return shown
        move(service, game_id, _mover(shown, mine), f"{label}-{step}")
    raise AssertionError(f"seat {mine} never came to decide in {game_id}")


def others_move(service: GameService, game_id: str, mine: int, label: str) -> GameView:
    """Seats move until another seat than ``mine`` moved since ``mine``'s last move and ``mine`` must decide
    again: the others whenever they must, ``mine`` when it alone must (a decision its last move left); the
    game then, in which the last mover is not ``mine``."""
    others_moved = False
    for step in range(MOST_MOVES):
        shown = deciding(service, game_id)
        if others_moved and mine in shown.to_act:
            return shown
        seat = _mover(shown, mine)
        move(service, game_id, seat, f"{label}-{step}")
        others_moved = seat != mine
    raise AssertionError(f"the other seats never moved and left seat {mine} to decide in {game_id}")


def mine_then_others(service: GameService, game_id: str, mine: int, label: str) -> GameView:
    """``mine`` moves once it must (the others first until it must), then the others as :func:`others_move`
    has them: the game then shows ``mine`` what the others changed since its last move."""
    until_mine(service, game_id, mine, f"{label}-before")
    move(service, game_id, mine, f"{label}-mine")
    return others_move(service, game_id, mine, f"{label}-after")
