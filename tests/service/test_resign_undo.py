"""Resigning and taking back a move, on fakeredis with the real processing: a bot takes a resigned seat and it
ranks last; resignations that leave too few players end the game; a player takes back their own last command
while no other seat acted and nothing was revealed, and the log, the history and ``papyrus verify`` keep and
check the undo."""

from __future__ import annotations

from typing import Any

import pytest

from domain.engine import fold, revealing
from domain.registry import games, get_game
from services.audit.verify import verify_export
from services.errors import ServiceError
from services.game_service import GameService
from services.i18n import english
from services.store.game_events import to_event
from tests.support.harness import drain, new_game, play_out

RESIGN = {"type": "papyrus.resign"}
UNDO = {"type": "papyrus.undo"}


def submit(service: GameService, game_id: str, seat: int, command: dict[str, Any], command_id: str) -> str:
    """Submit and decide; the outcome's status, with the refusal's code when refused."""
    service.submit(game_id, seat, command, command_id, None)
    drain(service)
    outcome = service.outcome(game_id, command_id)
    assert outcome is not None
    return outcome.status if outcome.violation is None else f"{outcome.status}:{outcome.violation['code']}"


def test_a_resigned_seat_is_played_by_a_bot_and_ranks_last(service: GameService) -> None:
    game_id, _ = new_game(service, seats=3, hand=3)
    drain(service)
    assert submit(service, game_id, 1, RESIGN, "give-up") == "accepted"
    assert service.meta(game_id).table.resigned_seats() == {1}
    with pytest.raises(ServiceError) as refused:
        service.submit(game_id, 1, {"type": "toy.play_card", "card": 1}, "late", None)
    assert (refused.value.http_status, refused.value.code) == (409, "seat.resigned")
    play_out(service, game_id)
    result = service.view(game_id, None).result
    assert result is not None and result.ranking[-1] == 1, "the resigned seat ranks last"
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()
    assert verdict.result is not None and verdict.result.ranking[-1] == 1


def test_a_resignation_that_leaves_one_player_ends_the_game_with_the_other_first(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    assert submit(service, game_id, 0, RESIGN, "give-up") == "accepted"
    view = service.view(game_id, None)
    assert view.status == "over"
    assert view.result is not None and view.result.ranking == [1, 0]
    history = service.history(game_id, None)
    assert any("resigns" in english(getattr(entry, "description", "")) for entry in history)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_an_undo_takes_back_the_seats_own_move_and_verify_checks_it(service: GameService) -> None:
    game_id, _ = new_game(service, seats=2, hand=2)
    drain(service)
    before = service.view(game_id, 0)
    card = service.legal_commands(game_id, 0)[-1]
    assert submit(service, game_id, 0, card, "play") == "accepted"
    assert 0 not in service.view(game_id, None).to_act
    assert submit(service, game_id, 0, UNDO, "oops") == "accepted"
    after = service.view(game_id, 0)
    assert 0 in after.to_act, "the seat must play again"
    assert after.view["hand"] == before.view["hand"], "the card is back in the hand"
    assert after.table.undone, "the undo is a fact of the table"
    history = service.history(game_id, 0)
    assert any(getattr(entry, "type", "") == "papyrus.undone" for entry in history)
    assert submit(service, game_id, 0, UNDO, "again") == "rejected:undo.nothing"
    play_out(service, game_id)
    export = list(service.export(game_id))
    assert any('"type":"papyrus.undone"' in line for line in export)
    verdict = verify_export(export)
    assert verdict.ok, verdict.summary()


def test_an_undo_is_refused_once_another_seat_acted(service: GameService) -> None:
    game_id, _ = new_game(service, seats=3, hand=2)
    drain(service)
    assert submit(service, game_id, 0, service.legal_commands(game_id, 0)[0], "first") == "accepted"
    assert submit(service, game_id, 1, service.legal_commands(game_id, 1)[0], "second") == "accepted"
    assert submit(service, game_id, 0, UNDO, "too-late") == "rejected:undo.other_acted"


def test_what_another_seat_did_at_the_table_before_the_move_does_not_stop_its_undo(
    service: GameService,
) -> None:
    game_id, _ = new_game(service, seats=2, hand=2)
    drain(service)
    assert submit(service, game_id, 1, {"type": "papyrus.pause"}, "ask-pause") == "accepted"
    assert submit(service, game_id, 1, {"type": "papyrus.withdraw_pause"}, "never-mind") == "accepted"
    assert submit(service, game_id, 0, service.legal_commands(game_id, 0)[-1], "play") == "accepted"
    assert submit(service, game_id, 0, UNDO, "oops") == "accepted"
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def test_an_undo_is_refused_when_what_followed_the_move_revealed_something(service: GameService) -> None:
    game_id, _ = new_game(service, seats=2, hand=2)
    drain(service)
    assert submit(service, game_id, 1, service.legal_commands(game_id, 1)[0], "first") == "accepted"
    assert submit(service, game_id, 0, service.legal_commands(game_id, 0)[0], "last") == "accepted"
    assert submit(service, game_id, 0, UNDO, "peeked") == "rejected:undo.revealed"


@pytest.mark.parametrize("name", sorted(games()))
def test_every_game_takes_back_a_first_move_unless_it_revealed_something(
    service: GameService, name: str
) -> None:
    game = get_game(name)
    meta = service.create_game(name, game.min_players, {})
    for seat in range(game.min_players):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service)
    seat = service.view(meta.id, None).to_act[0]
    before = service.view(meta.id, seat)
    version = before.version
    assert submit(service, meta.id, seat, service.legal_commands(meta.id, seat)[0], "move") == "accepted"
    records = [record for record in service.components.store.read(meta.id) if not record.is_engine_record]
    state = fold(game, [to_event(game, record) for record in records if record.seq <= version])
    move = [to_event(game, record) for record in records if record.seq > version]
    revealed = revealing(game, state, move, [None, *range(game.min_players)])
    status = submit(service, meta.id, seat, UNDO, "undo")
    if revealed:
        assert status == "rejected:undo.revealed"
    else:
        assert status == "accepted"
        assert service.view(meta.id, seat).view == before.view, "the board is as before the move"


def test_the_tables_commands_are_refused_when_they_make_no_sense(service: GameService) -> None:
    game_id, _ = new_game(service, seats=2, hand=2)
    drain(service)
    assert submit(service, game_id, 0, {"type": "papyrus.resume"}, "resume") == "rejected:table.not_paused"
    assert submit(service, game_id, 0, {"type": "papyrus.reclaim"}, "reclaim") == "rejected:seat.not_stood_in"
    assert submit(service, game_id, 0, {"type": "papyrus.pause"}, "pause") == "accepted"
    assert submit(service, game_id, 0, {"type": "papyrus.pause"}, "pause-again") == "rejected:pause.voted"
    assert submit(service, game_id, 1, {"type": "papyrus.pause"}, "agreed") == "accepted"
    assert service.meta(game_id).table.paused
    assert submit(service, game_id, 0, UNDO, "undo") == "rejected:table.paused"
    assert submit(service, game_id, 1, {"type": "papyrus.resume"}, "resume-now") == "accepted"
    assert not service.meta(game_id).table.paused
