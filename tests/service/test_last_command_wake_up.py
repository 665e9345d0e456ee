"""The submitter of a game's last command is woken by that command's decision, as every other submitter is.

The worker decides the last command, ends the game and clears what the game no longer needs, all possibly
before the submitter's wait reads the game's wake-up stream: under load the load benchmark saw seven in ten
final submits wait out the whole submit wait (2 s) for an outcome decided in milliseconds, because that
stream was deleted with the leftovers. It is now left to expire a few seconds after the game's end.
"""

from __future__ import annotations

from services import keys
from services.game_service import GameService
from services.store.event_store import FINISHED_DECIDED_TTL_MS
from services.store.replies import as_str
from tests.support.harness import drain
from tests.support.toygame import GAME as TOY

MOST_COMMANDS = 100  # far more than a 2-seat toy game takes


def latest_decided_entry(service: GameService, game_id: str) -> str:
    """The cursor a submit reads before it appends (services/player_commands.py, queue_read)."""
    latest = service.components.redis.xrevrange(keys.decided(game_id), "+", "-", count=1)
    return as_str(latest[0][0]) if latest else "0-0"


def play_to_the_end(service: GameService, game_id: str) -> tuple[str, str]:
    """Play the first legal command of the first seat to act until the game is over, each decided before
    the next; the last command's id and the cursor read just before it was submitted."""
    last = ("", "")
    for number in range(MOST_COMMANDS):
        view = service.view(game_id, None)
        if view.status == "over":
            return last
        seat = sorted(view.to_act)[0]
        last = (f"c{number}", latest_decided_entry(service, game_id))
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], last[0])
        drain(service)
    raise AssertionError(f"the game did not end in {MOST_COMMANDS} commands")


def new_started_game(service: GameService) -> str:
    meta = service.create_game(TOY.name, 2, {})
    for seat in range(2):
        service.join(meta.id, f"p{seat}")
    service.start(meta.id)
    drain(service)
    return meta.id


def test_the_last_commands_submitter_finds_its_decision_after_the_game_was_closed(
    service: GameService,
) -> None:
    game_id = new_started_game(service)
    command_id, cursor = play_to_the_end(service, game_id)
    assert service.meta(game_id).status == "over"

    decided = service.components.inbox.wait_decided(game_id, command_id, timeout=0.05, cursor=cursor)

    assert decided is not None and decided.outcome.status == "accepted"
    assert decided.appended is not None, "woken by its decision's own entry, not by the wait running out"


def test_the_wake_up_stream_of_a_finished_game_expires_within_seconds(service: GameService) -> None:
    game_id = new_started_game(service)
    play_to_the_end(service, game_id)

    assert 0 < service.components.redis.pttl(keys.decided(game_id)) <= FINISHED_DECIDED_TTL_MS
