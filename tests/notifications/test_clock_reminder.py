"""The clock's quarter-left reminder reaches the player as a mail, once per turn, through the outbox."""

from __future__ import annotations

from services.game_service import GameService
from services.inputs import Requester, TableTerms
from tests.notifications.conftest import CapturedMail
from tests.notifications.support import address, with_email
from tests.service.test_clocks import time_out
from tests.support.harness import FakeClock, drain

PER_MOVE, RESERVE = 60.0, 300.0


def test_a_quarter_of_the_time_left_mails_the_seat_on_the_clock_once(
    service: GameService, mails: CapturedMail, clock: FakeClock
) -> None:
    with_email(service, "Ann")
    timing = {"preset": "custom", "per_move": PER_MOVE, "reserve": RESERVE, "policy": "bot"}
    meta = service.create_game("toy", 2, {"hand": 3}, terms=TableTerms(clock=timing))
    for name in ("Ann", "Bob"):
        service.join(meta.id, name, by=Requester(account=name))
    service.start(meta.id)
    drain(service, due_scheduled=False)
    service.notifications.sweep("test")

    def reminders() -> list[str]:
        return [m["Subject"] for m in mails.to(address("Ann")) if "quarter" in m["Subject"].lower()]

    time_out(service, clock, 0.7 * (PER_MOVE + RESERVE))
    service.notifications.sweep("test")
    assert reminders() == []
    time_out(service, clock, 0.1 * (PER_MOVE + RESERVE))
    service.notifications.sweep("test")
    assert len(reminders()) == 1
    clock.advance(service.settings.sweep_interval)
    service.sweep.run()
    drain(service)
    service.notifications.sweep("test")
    assert len(reminders()) == 1, "a sweep or a repeated job mails nothing more"
