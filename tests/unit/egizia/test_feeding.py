"""Phase 3 (feeding, the rulebook's three examples) and phase 4 (stone production)."""

from __future__ import annotations

from egizia_support import new_game, of_type, play, scores

from domain.engine import fold
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Feed
from domain.games.egizia.rules.effects import track_order
from domain.games.egizia.rules.queries import irrigated_grain
from domain.games.egizia.state import FEEDING, PRODUCTION, FieldCard, QuarryCard


def _feeding(state: EgiziaState, *queue: int) -> EgiziaState:
    state.phase = FEEDING
    state.queue = list(queue)
    return state


def _field(card: str, grain: int, colour: int) -> FieldCard:
    return FieldCard(card=card, grain=grain, colour=colour)


def test_blue_feeds_strength_nine_with_eleven_grain() -> None:
    state = _feeding(new_game(), 0)
    blue = state.players[0]
    blue.crews = [1, 2, 3, 3]
    blue.fields.append(_field("N12-04", 5, 1))  # yellow-green 5, watered with the ring in the middle
    events = GAME.advance(state)
    assert events == [ev.CrewsFed(seat=0, need=9, grain=11, missing=0)]


def _red(state: EgiziaState) -> EgiziaState:
    state.ring = 0  # only green fields are watered
    red = state.players[1]
    red.crews = [2, 2, 2, 4]
    red.fields.append(_field("N12-01", 2, 0))
    red.grain_market = 2  # 2 VP per missing grain
    return _feeding(state, 1)


def test_red_without_the_surplus_card_loses_points_per_missing_grain() -> None:
    state = _red(new_game())
    events = GAME.advance(state)
    assert events[0] == ev.CrewsFed(seat=1, need=10, grain=8, missing=2)
    assert events[1] == ev.ScoreChanged(seat=1, delta=-4, reason="crews not fed")


def test_red_acts_in_phase_three_only_when_an_aid_could_help() -> None:
    state = _red(new_game())
    state.players[1].hand.append("N12-12")
    assert GAME.advance(state) == []
    assert GAME.to_act(state) == {1}
    assert GAME.legal_commands(state, 1) == [Feed(aids=[]), Feed(aids=["N12-12"])]
    after, events = play(state, 1, Feed(aids=["N12-12"]))
    assert events == [
        ev.CardUsed(seat=1, card="N12-12"),
        ev.CrewsFed(seat=1, need=10, grain=12, missing=0, aids=["N12-12"]),
    ]
    assert after.players[1].score == 0 and after.queue == []


def test_nobody_acts_when_fed_even_holding_an_aid() -> None:
    state = _feeding(new_game(), 2)
    state.players[2].hand.append("N12-12")
    assert GAME.to_act(state) == set()
    assert of_type(GAME.advance(state), ev.CrewsFed)


def test_green_misses_two_grain_and_lands_behind_red() -> None:
    state = new_game()
    red, green = state.players[1], state.players[2]
    red.score, green.score = 14, 18
    red.arrival, green.arrival = 5, 6
    green.crews = [3, 3, 4, 4]
    green.fields += [_field("N34-05", 6, 1), _field("N12-06", 7, 2)]  # 19 grain, 12 watered in the middle
    green.grain_market = 2
    assert irrigated_grain(state, 2) == 12
    state = _feeding(state, 2)
    state = fold(GAME, GAME.advance(state), state)
    assert green.score == 14 == red.score
    order = track_order(state)
    assert order.index(1) < order.index(2)  # green was placed behind red on space 14


def test_scores_may_go_below_zero() -> None:
    state = new_game()
    state.players[0].crews = [6, 6, 6, 6]
    state = fold(GAME, GAME.advance(_feeding(state, 0)), state)
    assert state.players[0].score == -(24 - 6) * 3


def test_feeding_goes_front_of_the_track_first_then_production() -> None:
    state = new_game()
    state.phase = "placement"
    state.turn = -1
    events = GAME.advance(state)
    assert events[-1] == ev.PhaseStarted(phase=FEEDING, queue=track_order(state))
    state = fold(GAME, events, state)
    for _ in range(4):
        state = fold(GAME, GAME.advance(state), state)
    assert state.phase == FEEDING and state.queue == []
    assert GAME.advance(state) == [ev.PhaseStarted(phase=PRODUCTION)]


def test_production_adds_every_quarry_up_to_twenty_five() -> None:
    state = new_game()
    state.phase = PRODUCTION
    red = state.players[0]
    red.stones = 1  # the rulebook example: 1 stone and quarries of 3 + 2 -> 6 stones
    state.players[1].stones = 24
    red.quarries.append(QuarryCard(card="N12-07", stones=2))
    before = scores(state)
    state = fold(GAME, GAME.advance(state), state)
    assert red.stones == 6
    assert state.players[1].stones == 25
    assert scores(state) == before
