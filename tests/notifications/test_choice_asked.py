"""A seat out of time in a game whose opponents choose: each other player still playing their own seat (held
by an account) is told by a ``choice_asked`` notification, in their language, with a link to answer."""

from __future__ import annotations

import pytest

from services.game_service import GameService
from services.inputs import Requester, TableTerms
from services.notifications.messages import describe
from tests.notifications.support import outbox_notes
from tests.service.test_clocks import play, time_out
from tests.support.harness import FakeClock, drain

CLOCK = {"preset": "custom", "per_move": 60, "reserve": 0, "policy": "bot", "opponents_choose": True}


@pytest.mark.usefixtures("keep_outbox")
def test_the_other_players_are_told_that_a_seat_ran_out_of_time(
    service: GameService, clock: FakeClock
) -> None:
    meta = service.create_game("toy", 3, {"hand": 3}, terms=TableTerms(clock=CLOCK))
    for name in ("Ann", "Bob", "Cy"):
        service.join(meta.id, name, by=Requester(account=name))
    service.start(meta.id)
    drain(service, due_scheduled=False)
    play(service, meta.id, 1, "bob")
    play(service, meta.id, 2, "cy")
    time_out(service, clock, 61)
    asked = [note for note in outbox_notes(service, meta.id) if note.kind == "choice_asked"]
    assert sorted((note.seat, note.about) for note in asked) == [(1, 0), (2, 0)]
    subject, text = describe(asked[0], service.meta(meta.id), "https://papyrus.example")
    assert subject.startswith("A player ran out of time in")
    assert "Answer within a day: https://papyrus.example/games/" in text
    german, _ = describe(asked[0], service.meta(meta.id), "https://papyrus.example", "de")
    assert german.startswith("Jemand hat in"), german
