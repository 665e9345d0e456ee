"""A deadline is acted on within two seconds whatever the table did before it, on real ``papyrus worker``
processes with the default sweep interval (a minute: the sweep never rescues a deadline here) and the shared
test Redis: after a pause and a resume, an undo, a stand-in's move, a reclaim and a resignation, the seat
on the clock is timed out (a bot stands in) within :data:`ON_TIME` of the deadline its page counts down to,
so the page never shows 0:00 longer than that."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from services.game_service import GameService
from services.inputs import TableTerms
from services.store.records import epoch_of
from tests.integration.live_service import live_service
from tests.integration.processes import STARTUP_SECONDS, wait_until

pytestmark = pytest.mark.integration
ON_TIME = 2.0
PER_MOVE = 4.0
DEFAULT_SWEEP = 60.0


@dataclass
class Table:
    service: GameService
    game_id: str

    def seat_on_turn(self, besides: int | None = None) -> int:
        """The seat that must act (once it is another than ``besides``)."""

        def acting() -> list[int]:
            return [seat for seat in self.service.view(self.game_id, None).to_act if seat != besides]

        wait_until(acting, STARTUP_SECONDS, "a seat to act")
        return acting()[0]

    def send(self, seat: int, command: dict[str, object], command_id: str) -> None:
        self.service.submit(self.game_id, seat, command, command_id, None)
        outcome = self.service.wait_outcome(self.game_id, command_id, 30.0)
        assert outcome.status == "accepted", outcome

    def deadline_shown(self, seat: int) -> float:
        """The deadline the seat's page counts down to, once its turn runs."""
        wait_until(lambda: self._deadline(seat) is not None, STARTUP_SECONDS, f"seat {seat}'s clock runs")
        deadline = self._deadline(seat)
        assert deadline is not None
        return deadline

    def _deadline(self, seat: int) -> float | None:
        view = self.service.view(self.game_id, seat)
        return None if view.table.paused else view.clocks[seat].deadline

    def lateness(self, seat: int, deadline: float) -> float:
        """Seconds between ``deadline`` and the timeout that followed it (a bot standing in)."""
        service = self.service

        def timeouts() -> list[float]:
            return [
                epoch_of(record.at)
                for record in service.components.store.read(self.game_id)
                if record.actor == "timeout"
                and record.data.get("seat") == seat
                and epoch_of(record.at) >= deadline
            ]

        wait_until(timeouts, PER_MOVE + DEFAULT_SWEEP, f"seat {seat} timed out")
        return timeouts()[0] - deadline


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameService]:
    folder = tmp_path_factory.mktemp("ontime")
    with live_service("ontime", folder, PAPYRUS_SWEEP_INTERVAL=str(DEFAULT_SWEEP)) as service:
        yield service


def table(service: GameService, seats: int = 2) -> Table:
    """Egizia with human seats only, each with ``PER_MOVE`` seconds a move and no reserve."""
    clock = {"preset": "custom", "per_move": PER_MOVE, "reserve": 0, "policy": "bot"}
    meta = service.create_game("egizia", seats, {}, terms=TableTerms(clock=clock))
    for seat in range(seats):
        service.join(meta.id, f"P{seat}", seat=seat)
    service.start(meta.id)
    return Table(service, meta.id)


def test_after_a_pause_and_a_resume(service: GameService) -> None:
    game = table(service)
    seat = game.seat_on_turn()
    before = game.deadline_shown(seat)
    for voter in range(2):
        game.send(voter, {"type": "papyrus.pause"}, f"pause-{voter}")
    wait_until(lambda: service.meta(game.game_id).table.paused, 10, "the pause")
    # the deadline before the pause passes while paused: its job runs and finds nothing to do
    wait_until(lambda: time.time() > before + 1, PER_MOVE + 5, "the deadline before the pause passes")
    game.send(1 - seat, {"type": "papyrus.resume"}, "resume")
    deadline = game.deadline_shown(seat)
    assert deadline > before + 1
    assert game.lateness(seat, deadline) <= ON_TIME


def test_after_an_undo(service: GameService) -> None:
    game = table(service)
    seat = game.seat_on_turn()
    deadline = game.deadline_shown(seat)
    game.send(seat, service.legal_commands(game.game_id, seat)[0], "move")
    game.send(seat, {"type": "papyrus.undo"}, "undo")
    assert game.deadline_shown(seat) == deadline, "the undo resumed the turn, with its deadline"
    assert game.lateness(seat, deadline) <= ON_TIME


def test_after_a_stand_ins_move_and_a_reclaim(service: GameService) -> None:
    game = table(service)
    seat = game.seat_on_turn()
    other = 1 - seat
    assert game.lateness(seat, game.deadline_shown(seat)) <= ON_TIME
    after_bot = game.deadline_shown(other)  # the bot stood in and played the seat at once
    game.send(seat, {"type": "papyrus.reclaim"}, "reclaim")
    assert game.lateness(other, after_bot) <= ON_TIME
    wait_until(lambda: seat in service.view(game.game_id, None).to_act, STARTUP_SECONDS, "the seat's turn")
    assert game.lateness(seat, game.deadline_shown(seat)) <= ON_TIME, "the reclaimed seat's turn"


def test_after_a_resignation(service: GameService) -> None:
    game = table(service, seats=3)
    seat = game.seat_on_turn()
    game.send(seat, {"type": "papyrus.resign"}, "resign")
    following = game.seat_on_turn(besides=seat)  # the resigned seat's bot moved at once
    assert game.lateness(following, game.deadline_shown(following)) <= ON_TIME
