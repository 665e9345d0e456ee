"""An Egizia game in which one seat never plays: the others play random legal moves, and whenever only the
absent seat is to act the clock moves past its allowance and the sweep times it out."""

from __future__ import annotations

import random
from dataclasses import dataclass

from services.game_service import GameService
from services.inputs import DEFAULT_TERMS, TableTerms
from tests.support.harness import FakeClock, drain


@dataclass(frozen=True)
class AbsentSeat:
    """The table: ``seats``, the ``absent`` one, the ``seed`` of the moves, the ``allowance`` (seconds) the
    absent seat waits out, the seconds each present move takes, and the table's terms (its clock)."""

    seats: int
    absent: int
    seed: int
    allowance: float
    move_seconds: float = 0.0
    terms: TableTerms = DEFAULT_TERMS


def play_with_an_absent_seat(service: GameService, clock: FakeClock, table: AbsentSeat) -> str:
    """Play the game to its end; its id."""
    game_id: str = service.create_game("egizia", table.seats, {}, terms=table.terms).id
    for seat in range(table.seats):
        service.join(game_id, f"Player {seat}")
    service.start(game_id)
    rng = random.Random(table.seed)
    for turn in range(20_000):
        drain(service)
        if service.meta(game_id).status == "over":
            return game_id
        present = [seat for seat in service.view(game_id, None).to_act if seat != table.absent]
        for seat in present:
            clock.advance(table.move_seconds)
            command = rng.choice(service.legal_commands(game_id, seat))
            service.submit(game_id, seat, command, f"move-{turn}-{seat}", None)
        if not present:
            clock.advance(table.allowance + 1)
            service.sweep.run()
    raise AssertionError("the game did not end")
