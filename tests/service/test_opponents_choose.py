"""Opponents choose, on a fake clock: a seat out of time in a game created with the option is not handled by
the clock's policy at once; the other players are asked, the majority of those who answer within a day
decides (a tie to the gentlest choice), the policy applies when nobody answers, a seat that plays meanwhile
has the question dropped, and ``papyrus verify`` re-decides every step from the log."""

from __future__ import annotations

from typing import Any

import pytest

from services.audit.verify import verify_export
from services.errors import ServiceError
from services.game_service import GameService
from services.i18n import english
from services.inputs import TableTerms
from services.table.choice import ANSWER_SECONDS
from tests.service.test_clocks import PER_MOVE, RESERVE, play, time_out, undo_accepted
from tests.support.harness import FakeClock, drain, play_out

OUT_OF_TIME = PER_MOVE + RESERVE + 1


def choosing_game(service: GameService, policy: str = "bot", seats: int = 3, hand: int = 3) -> str:
    clock = {
        "preset": "custom",
        "per_move": PER_MOVE,
        "reserve": RESERVE,
        "policy": policy,
        "opponents_choose": True,
    }
    meta = service.create_game("toy", seats, {"hand": hand}, terms=TableTerms(clock=clock))
    for seat in range(seats):
        service.join(meta.id, f"P{seat}")
    service.start(meta.id)
    drain(service, due_scheduled=False)
    return meta.id


def answer(service: GameService, game_id: str, seat: int, choice: str, about: int = 0) -> str:
    command_id = f"choose-{seat}-{choice}-{about}"
    service.submit(
        game_id, seat, {"type": "papyrus.choose", "about": about, "choice": choice}, command_id, None
    )
    drain(service, due_scheduled=False)
    outcome = service.outcome(game_id, command_id)
    assert outcome is not None
    return outcome.status if outcome.violation is None else f"{outcome.status}:{outcome.violation['code']}"


def clock_facts(service: GameService, game_id: str) -> list[tuple[str, dict[str, Any]]]:
    return [
        (record.type, record.data)
        for record in service.components.store.read(game_id)
        if record.type.startswith("papyrus.") and record.type != "papyrus.seed_revealed"
    ]


def verified(service: GameService, game_id: str) -> None:
    play_out(service, game_id)
    verdict = verify_export(service.export(game_id))
    assert verdict.ok, verdict.summary()


def out_of_time(service: GameService, clock: FakeClock, game_id: str) -> None:
    """Seats 1 and 2 play, seat 0 does not, and its time runs out: the others are asked."""
    play(service, game_id, 1, "p1")
    play(service, game_id, 2, "p2")
    time_out(service, clock, OUT_OF_TIME)
    asked = service.view(game_id, 1).table.choice_for(0)
    assert asked is not None and asked.open
    assert asked.until == pytest.approx(clock.now, abs=2.0) or asked.until > clock.now
    assert service.meta(game_id).table.stand_in == [], "nothing happens to the seat before the answers"


def test_the_majority_of_answers_forfeits_the_seat(service: GameService, clock: FakeClock) -> None:
    game_id = choosing_game(service)
    out_of_time(service, clock, game_id)
    assert answer(service, game_id, 0, "forfeit") == "rejected:choice.not_yours"
    assert answer(service, game_id, 1, "forfeit") == "accepted"
    assert answer(service, game_id, 1, "bot") == "rejected:choice.answered"
    assert answer(service, game_id, 2, "forfeit") == "accepted"
    table = service.meta(game_id).table
    assert [(r.seat, r.reason) for r in table.resigned] == [(0, "forfeit")]
    assert table.choices == []
    said = [english(getattr(entry, "description", "")) for entry in service.history(game_id, None)]
    assert "The other players chose to end the game of P0 as a forfeit." in said
    verified(service, game_id)
    result = service.view(game_id, None).result
    assert result is not None and result.ranking[-1] == 0


def test_a_tie_goes_to_the_gentler_choice(service: GameService, clock: FakeClock) -> None:
    game_id = choosing_game(service)
    out_of_time(service, clock, game_id)
    assert answer(service, game_id, 1, "forfeit") == "accepted"
    assert answer(service, game_id, 2, "bot") == "accepted"
    assert service.meta(game_id).table.stand_in == [0]
    assert service.meta(game_id).table.resigned == []
    verified(service, game_id)


@pytest.mark.parametrize("policy", ["bot", "forfeit", "pass"])
def test_nobody_answering_within_a_day_applies_the_games_policy(
    service: GameService, clock: FakeClock, policy: str
) -> None:
    game_id = choosing_game(service, policy=policy)
    out_of_time(service, clock, game_id)
    time_out(service, clock, ANSWER_SECONDS / 2)
    assert service.meta(game_id).table.choice_for(0) is not None, "half a day: still asked"
    time_out(service, clock, ANSWER_SECONDS / 2 + 2)
    table = service.meta(game_id).table
    made = [data for kind, data in clock_facts(service, game_id) if kind == "papyrus.choice_made"]
    assert [(data["choice"], data["by"]) for data in made] == [(policy, "default")]
    if policy == "bot":
        assert table.stand_in == [0]
    elif policy == "forfeit":
        assert [(r.seat, r.reason) for r in table.resigned] == [(0, "forfeit")]
    else:
        timeouts = [r for r in service.components.store.read(game_id) if r.actor == "timeout"]
        assert any(not r.type.startswith("papyrus.") for r in timeouts), "the game's timeout move was played"
        assert timeouts[-1].type == "papyrus.choice_dropped"
        assert table.choices == [], "the seat played: the ruling is dropped"
    verified(service, game_id)


def test_waiting_gives_another_turns_time_then_asks_again(service: GameService, clock: FakeClock) -> None:
    game_id = choosing_game(service)
    out_of_time(service, clock, game_id)
    assert answer(service, game_id, 1, "wait") == "accepted"
    time_out(service, clock, ANSWER_SECONDS + 2)
    entry = service.meta(game_id).table.choice_for(0)
    assert entry is not None and entry.ruling == "wait", "one answer within the day decides"
    time_out(service, clock, PER_MOVE - 5)
    assert service.meta(game_id).table.choice_for(0).ruling == "wait"  # type: ignore[union-attr]
    time_out(service, clock, 10)
    again = service.meta(game_id).table.choice_for(0)
    assert again is not None and again.open, "the extra time ran out: asked again"
    assert answer(service, game_id, 2, "bot") == "accepted"
    assert answer(service, game_id, 1, "bot") == "accepted"
    assert service.meta(game_id).table.stand_in == [0]
    verified(service, game_id)


def test_a_seat_that_plays_while_asked_has_the_question_dropped(
    service: GameService, clock: FakeClock
) -> None:
    game_id = choosing_game(service)
    out_of_time(service, clock, game_id)
    assert answer(service, game_id, 1, "forfeit") == "accepted"
    play(service, game_id, 0, "back-in-time")
    drain(service, due_scheduled=False)
    assert service.meta(game_id).table.choices == []
    assert answer(service, game_id, 2, "forfeit") in ("rejected:choice.not_asked", "rejected:choice.moot")
    assert service.meta(game_id).table.resigned == []
    kinds = [kind for kind, _ in clock_facts(service, game_id)]
    assert kinds.count("papyrus.choice_dropped") == 1
    verified(service, game_id)


def test_a_seat_that_played_while_asked_may_undo_and_is_asked_about_again(
    service: GameService, clock: FakeClock
) -> None:
    """The dropped question is the clock's fact, no seat acting: the undo is accepted, gives no time
    back, and the turn it resumes, out of time, has the others asked again. (Seat 2 has not played
    either, so seat 0's card does not end the round, which shows the cards and could not be undone.)"""
    game_id = choosing_game(service)
    play(service, game_id, 1, "p1")
    time_out(service, clock, OUT_OF_TIME)
    assert all(service.meta(game_id).table.choice_for(seat) for seat in (0, 2)), "both asked about"
    play(service, game_id, 0, "back-in-time")
    drain(service, due_scheduled=False)
    assert service.meta(game_id).table.choice_for(0) is None
    undo_accepted(service, game_id, 0)
    time_out(service, clock, 1)
    again = service.meta(game_id).table.choice_for(0)
    assert again is not None and again.open, "still out of time: the others are asked again"
    verified(service, game_id)


def test_without_another_player_to_ask_the_policy_applies_at_once(
    service: GameService, clock: FakeClock
) -> None:
    clock_choice = {"preset": "custom", "per_move": PER_MOVE, "reserve": RESERVE, "opponents_choose": True}
    game_id = service.create_game("toy", 2, {"hand": 3}, terms=TableTerms(clock=clock_choice)).id
    service.join(game_id, "P0")
    service.start(game_id, fill_with_bots=True)
    drain(service, due_scheduled=False)
    time_out(service, clock, OUT_OF_TIME)
    assert service.meta(game_id).table.stand_in == [0]
    assert not any(kind == "papyrus.choice_asked" for kind, _ in clock_facts(service, game_id))


def test_answers_are_refused_when_nobody_is_asked(service: GameService) -> None:
    game_id = choosing_game(service)
    assert answer(service, game_id, 1, "bot") == "rejected:choice.not_asked"
    with pytest.raises(ServiceError):
        service.submit(game_id, 1, {"type": "papyrus.choose", "about": 0}, "bad", None)
