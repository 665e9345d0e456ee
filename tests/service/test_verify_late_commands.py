"""A stand-in's command (a bot's move, a timeout) can reach a game's inbox just as another command ends the
game: a decision job refuses it soon after ("game.over"), and an export taken before that shows it
undecided at the log's end, which `papyrus verify` accepts; an undecided command that later decided ones
follow is still caught."""

from __future__ import annotations

from services.audit.verify import verify_export
from services.game_service import GameService
from services.store.records import CommandRecord
from tests.audit.forgery import Line, forged
from tests.support.harness import drain, new_game


def game_ended_with_a_late_bot_move(service: GameService) -> str:
    """A 2-seat game that seat 1 resigns while a bot's move for seat 0, chosen before, is on its way."""
    game_id, _ = new_game(service, seats=2, hand=3)
    drain(service)
    late_move = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 1, {"type": "papyrus.resign"}, "give-up", None)
    drain(service)
    assert service.meta(game_id).status == "over"
    record = CommandRecord(
        command_id="bot-0-9-0",
        seat=0,
        actor=0,
        command=late_move,
        expected_version=None,
        at="2027-01-01T00:00Z",
    )
    service.components.command_queue.queue_command(
        game_id, record
    )  # as a bot's job does, after it saw the game running
    return game_id


def test_a_command_that_came_as_the_game_ended_stays_undecided_and_the_export_verifies(
    service: GameService,
) -> None:
    game_id = game_ended_with_a_late_bot_move(service)
    export = list(service.export(game_id))
    late = [line for line in export if '"command_id":"bot-0-9-0"' in line]
    assert len(late) == 1 and '"outcome":null' in late[0], "in the log, not decided yet"
    verdict = verify_export(export)
    assert verdict.ok, "\n".join(map(str, verdict.problems))
    drain(service)
    outcome = service.outcome(game_id, "bot-0-9-0")
    assert outcome is not None and outcome.violation is not None and outcome.violation["code"] == "game.over"
    assert verify_export(list(service.export(game_id))).ok


def test_an_undecided_command_that_decided_ones_follow_is_caught(service: GameService) -> None:
    game_id = game_ended_with_a_late_bot_move(service)
    drain(service)  # the late move refused: "game.over"
    export = list(service.export(game_id))

    def undecided_then_decided(records: list[Line]) -> None:
        refused = next(record for record in records if record.get("command_id") == "bot-0-9-0")
        records.append({**refused, "command_id": "bot-0-9-1"})
        refused["outcome"] = None

    verdict = verify_export(forged(export, undecided_then_decided, recompute_chain=False))
    assert not verdict.ok
    assert any("never decided but later ones were" in problem.what for problem in verdict.problems), [
        str(problem) for problem in verdict.problems
    ]
