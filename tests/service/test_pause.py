"""A pause as the table decides it: the first vote asks, the others agree or decline, a vote can be taken
back (the asker's ends the request), the game pauses once every seated player agreed and every seat keeps
seeing who asked and who agreed while it lasts; ``papyrus verify`` re-decides every step."""

from __future__ import annotations

from typing import Any

import pytest

from services.audit.verify import verify_export
from services.game_service import GameService
from services.i18n import english
from tests.support.harness import drain, new_game, play_out

PAUSE = {"type": "papyrus.pause"}
DECLINE = {"type": "papyrus.decline_pause"}
WITHDRAW = {"type": "papyrus.withdraw_pause"}
RESUME = {"type": "papyrus.resume"}
Vote = tuple[int, dict[str, Any]]


def send(service: GameService, game_id: str, seat: int, command: dict[str, Any], command_id: str) -> str:
    service.submit(game_id, seat, command, command_id, None)
    drain(service)
    outcome = service.outcome(game_id, command_id)
    assert outcome is not None
    return outcome.status if outcome.violation is None else f"{outcome.status}:{outcome.violation['code']}"


def pause_of(service: GameService, game_id: str) -> tuple[int | None, list[int], bool]:
    """Who asked, who agreed and whether the game is paused, as every seat's view shows it."""
    tables = [service.view(game_id, seat).table for seat in (None, 0, 1)]
    assert all(table == tables[0] for table in tables)
    return tables[0].pause_asked_by, tables[0].pause_votes, tables[0].paused


def descriptions(service: GameService, game_id: str) -> list[str]:
    return [english(getattr(entry, "description", "")) for entry in service.history(game_id, None)]


def test_a_request_is_declined_or_withdrawn_and_the_game_goes_on(service: GameService) -> None:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    assert send(service, game_id, 0, PAUSE, "ask") == "accepted"
    assert pause_of(service, game_id) == (0, [0], False)
    assert send(service, game_id, 1, DECLINE, "no") == "accepted"
    assert pause_of(service, game_id) == (None, [], False)
    assert send(service, game_id, 1, PAUSE, "ask-again") == "accepted"
    assert pause_of(service, game_id) == (1, [1], False)
    assert send(service, game_id, 1, WITHDRAW, "never-mind") == "accepted"
    assert pause_of(service, game_id) == (None, [], False)
    said = descriptions(service, game_id)
    assert "P1 declines the pause; the game goes on." in said
    assert "P1 takes back their vote to pause the game." in said
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_everyone_agreeing_pauses_and_who_asked_and_agreed_stays_known_until_resumed(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=3, hand=2)
    drain(service)
    assert send(service, game_id, 2, PAUSE, "ask") == "accepted"
    assert send(service, game_id, 0, PAUSE, "agree-0") == "accepted"
    assert send(service, game_id, 0, WITHDRAW, "unsure") == "accepted"
    assert pause_of(service, game_id) == (2, [2], False), "one agreement taken back, the request stands"
    assert send(service, game_id, 1, PAUSE, "agree-1") == "accepted"
    assert send(service, game_id, 0, PAUSE, "agree-0-again") == "accepted"
    assert pause_of(service, game_id) == (2, [0, 1, 2], True)
    assert send(service, game_id, 1, RESUME, "go-on") == "accepted"
    assert pause_of(service, game_id) == (None, [], False)
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


@pytest.mark.parametrize(
    ("before", "seat", "command", "code"),
    [
        ([], 1, DECLINE, "pause.not_asked"),
        ([], 1, WITHDRAW, "pause.not_voted"),
        ([(0, PAUSE)], 0, DECLINE, "pause.voted"),
        ([(0, PAUSE)], 1, WITHDRAW, "pause.not_voted"),
        ([(0, PAUSE), (1, PAUSE)], 1, DECLINE, "table.paused"),
        ([(0, PAUSE), (1, PAUSE)], 0, WITHDRAW, "table.paused"),
    ],
)
def test_an_answer_that_makes_no_sense_is_refused_naming_why(
    service: GameService, before: list[Vote], seat: int, command: dict[str, Any], code: str
) -> None:
    game_id, _ = new_game(service, seats=2, hand=2)
    drain(service)
    for index, (voter, vote) in enumerate(before):
        assert send(service, game_id, voter, vote, f"before-{index}") == "accepted"
    assert send(service, game_id, seat, command, "answer") == f"rejected:{code}"
