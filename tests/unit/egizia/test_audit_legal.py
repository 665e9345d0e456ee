"""Rules audit: ``legal_commands`` lists every kind of decision a player may take, and only accepted ones.

Each test names the rule whose decision it checks: the Joker added although the regular crew would
suffice, every single space buildable now, speculating at a full site, declining at every build turn,
passing at every placement turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from egizia_support import at_placement, at_site, new_game, play

from domain.engine import RuleViolation
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia.commands import Build, Decline, Pass, PlaceShip, SphinxDraw, SphinxKeep
from domain.games.egizia.data import JOKER
from domain.games.egizia.rules.constructions import Works, build_plans
from domain.games.egizia.state import NOBODY

SPHINX, OBELISK, TEMPLE = 0, 1, 2


def _builder(site: int, crews: list[int], stones: int) -> EgiziaState:
    state: EgiziaState = at_site(new_game(), site, [0, 1, NOBODY])
    state.players[0].crews = list(crews)
    state.players[0].stones = stones
    return state


def _accepted(state: EgiziaState, seat: int, commands: list[Any]) -> None:
    for command in commands:
        assert GAME.decide(state, seat, command), command


def test_the_joker_may_join_a_build_the_regular_crew_alone_could_lift() -> None:
    state = _builder(OBELISK, [5, 1, 1, 2], 25)
    listed = GAME.legal_commands(state, 0)
    single = Build(crews=[0, JOKER], spaces=["O1"], market="stone")
    assert single in listed  # cost 1 <= crew A (5) alone, yet the Joker may be added
    _accepted(state, 0, [single])
    after, _ = play(state, 0, single)
    assert after.players[0].crews_used == [True, False, False, True]


def test_the_joker_may_join_a_sphinx_draw_the_regular_crew_alone_could_pay() -> None:
    state = _builder(SPHINX, [3, 1, 1, 2], 10)
    listed = GAME.legal_commands(state, 0)
    assert SphinxDraw(crews=[0, JOKER], count=1) in listed
    assert [c.count for c in listed if isinstance(c, SphinxDraw) and c.crews == [0, JOKER]] == [1, 2, 3, 4, 5]
    _accepted(state, 0, [c for c in listed if isinstance(c, SphinxDraw)])


def test_every_space_buildable_now_is_offered_on_its_own_even_with_many_plans() -> None:
    state = _builder(TEMPLE, [6, 6, 6, 6], 25)
    listed = [c for c in GAME.legal_commands(state, 0) if isinstance(c, Build)]
    singles = {c.spaces[0] for c in listed if len(c.spaces) == 1}
    assert singles == set(Works(state).candidates("B_TEMPLE"))
    assert {"P1-1", "TL1", "TR1"} <= singles
    _accepted(state, 0, [c for c in listed if len(c.spaces) == 1])


def test_declining_is_offered_at_every_build_turn_before_drawing() -> None:
    for site in (SPHINX, OBELISK, TEMPLE):
        state = _builder(site, [2, 1, 1, 2], 3)
        assert Decline() in GAME.legal_commands(state, 0)
        _accepted(state, 0, [Decline()])


def test_after_drawing_at_the_sphinx_only_keeping_is_offered() -> None:
    state, _ = play(_builder(SPHINX, [2, 1, 1, 2], 3), 0, SphinxDraw(crews=[0], count=2))
    listed = GAME.legal_commands(state, 0)
    assert listed and all(isinstance(c, SphinxKeep) for c in listed)
    assert SphinxKeep(keep=[]) in listed  # keeping no card is always allowed


def test_speculating_is_offered_once_at_a_full_site() -> None:
    state = at_placement(new_game(4), 3)
    state.sites[OBELISK].slots = [0, 1, 2]
    listed = GAME.legal_commands(state, 3)
    offered = [c for c in listed if isinstance(c, PlaceShip) and c.space == "B_OBELISK"]
    assert offered == [PlaceShip(space="B_OBELISK", slot=0, speculate=True)]
    _accepted(state, 3, offered)


def test_speculating_is_not_offered_while_a_space_is_free() -> None:
    state = at_placement(new_game(4), 3)
    state.sites[OBELISK].slots = [0, NOBODY, 2]
    listed = GAME.legal_commands(state, 3)
    offered = [c for c in listed if isinstance(c, PlaceShip) and c.space == "B_OBELISK"]
    assert offered == [PlaceShip(space="B_OBELISK", slot=1)]


def test_passing_is_offered_at_every_placement_turn() -> None:
    state = new_game(3)
    for _ in range(6):
        seat = min(GAME.to_act(state))
        listed = GAME.legal_commands(state, seat)
        assert Pass() in listed
        _accepted(state, seat, [Pass()])
        state, _ = play(state, seat, next(c for c in listed if isinstance(c, PlaceShip)))


def test_a_seat_that_is_not_to_act_is_offered_nothing_and_refused() -> None:
    state = new_game(4)
    waiting = next(seat for seat in range(4) if seat not in GAME.to_act(state))
    assert GAME.legal_commands(state, waiting) == []


def test_refusals_never_name_drawn_or_deck_sphinx_cards_to_another_seat() -> None:
    state, _ = play(_builder(SPHINX, [3, 1, 1, 2], 5), 0, SphinxDraw(crews=[0], count=3))
    secret = set(state.drawn) | set(state.sphinx_deck) | {c for p in state.players[1:] for c in p.sphinx}
    attempts: list[Any] = [
        SphinxKeep(keep=[state.drawn[0]]),
        SphinxKeep(keep=[]),
        SphinxDraw(crews=[0], count=1),
        Decline(),
        Build(crews=[0], spaces=["O1"], market="stone"),
    ]
    for command in attempts:
        with pytest.raises(RuleViolation) as refused:
            GAME.decide(state, 1, command)
        text = f"{refused.value.message} {refused.value.details}"
        assert not any(card in text for card in secret - set(_named(command))), text


def _named(command: Any) -> list[str]:
    return list(getattr(command, "keep", []))


def test_every_plan_of_a_typical_build_turn_is_offered() -> None:
    state = _builder(TEMPLE, [6, 1, 1, 2], 8)  # budget 8 at an empty Temple/Pyramid: 91 plans
    everything = build_plans(state, "B_TEMPLE", 0, 8)
    offered = {tuple(c.spaces) for c in GAME.legal_commands(state, 0) if isinstance(c, Build)}
    assert len(everything) == 91 and {tuple(spaces) for spaces, _ in everything} == offered
