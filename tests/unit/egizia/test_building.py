"""Phase 5: the Sphinx, Obelisk/Graves and Pyramid/Temple rules, crews, declining and speculators."""

from __future__ import annotations

from typing import Any

import pytest
from egizia_support import at_site, new_game, of_type, play, play_on

from domain.engine import RuleViolation, fold
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Build, Decline, SphinxDraw, SphinxKeep
from domain.games.egizia.state import NOBODY

SPHINX, OBELISK, TEMPLE = 0, 1, 2


def _sphinx_turn() -> EgiziaState:
    state: EgiziaState = at_site(new_game(), SPHINX, [0, 1, NOBODY])
    state.players[0].crews = [2, 1, 1, 2]
    state.players[0].stones = 5
    return state


def test_sphinx_example_draw_two_keep_one_score_one() -> None:
    state = _sphinx_turn()
    top_two = state.sphinx_deck[:2]
    state, _ = play(state, 0, SphinxDraw(crews=[0], count=2))
    assert state.drawn == top_two and state.players[0].stones == 3
    assert state.players[0].crews_used == [True, False, False, False]
    assert GAME.legal_commands(state, 0) == [SphinxKeep(keep=[])] + [
        SphinxKeep(keep=[card]) for card in dict.fromkeys(top_two)
    ]
    hand = list(state.players[0].sphinx)
    state, _ = play(state, 0, SphinxKeep(keep=[top_two[0]]))
    assert state.players[0].sphinx == [*hand, top_two[0]]
    assert state.players[0].score == 1
    assert state.sphinx_deck[-1] == top_two[1]  # the returned card goes under the deck
    assert state.slot == 1  # the next ship space builds now


def test_sphinx_draw_is_limited_by_strength_stones_and_five() -> None:
    state = _sphinx_turn()
    with pytest.raises(RuleViolation, match="1 to 2 cards"):
        GAME.decide(state, 0, SphinxDraw(crews=[0], count=3))
    state.players[0].crews = [6, 1, 1, 6]
    state.players[0].stones = 25
    with pytest.raises(RuleViolation, match="1 to 5 cards"):
        GAME.decide(state, 0, SphinxDraw(crews=[0, 3], count=6))
    state.players[0].stones = 1
    with pytest.raises(RuleViolation, match="1 to 1 cards"):
        GAME.decide(state, 0, SphinxDraw(crews=[0], count=2))


def test_sphinx_keep_at_most_one_of_the_drawn_cards() -> None:
    state, _ = play(_sphinx_turn(), 0, SphinxDraw(crews=[0], count=2))
    with pytest.raises(RuleViolation, match="at most 1"):
        GAME.decide(state, 0, SphinxKeep(keep=state.drawn[:2]))
    with pytest.raises(RuleViolation, match="not among"):
        GAME.decide(state, 0, SphinxKeep(keep=["SPH-NOPE"]))
    kept, _ = play(state, 0, SphinxKeep(keep=[]))
    assert kept.players[0].score == 2


def test_the_joker_never_builds_alone() -> None:
    with pytest.raises(RuleViolation, match="Joker never builds alone") as refusal:
        GAME.decide(_sphinx_turn(), 0, SphinxDraw(crews=[3], count=1))
    assert refusal.value.code == "build.joker_alone"


def test_one_regular_crew_per_action_each_once_a_round() -> None:
    state = _sphinx_turn()
    with pytest.raises(RuleViolation, match="exactly one regular crew"):
        GAME.decide(state, 0, SphinxDraw(crews=[0, 1], count=1))
    state.players[0].crews_used[0] = True
    with pytest.raises(RuleViolation, match="already built this round"):
        GAME.decide(state, 0, SphinxDraw(crews=[0], count=1))


def _obelisk_turn() -> EgiziaState:
    state: EgiziaState = at_site(new_game(), OBELISK, [0, 1, NOBODY])
    red = state.players[0]
    red.crews = [5, 1, 1, 2]
    red.stones = 10
    state.obelisk[0] = 2  # level 1 has one stone already: the next spaces are worth 1 and 2
    state.graves[0] = 4
    return state


def test_obelisk_and_grave_example_crew_five_plus_joker_build_seven() -> None:
    state = _obelisk_turn()
    after, events = play(state, 0, Build(crews=[0, 3], spaces=["O2", "O3", "G1"], market="grain"))
    red = after.players[0]
    assert red.score == 7 and red.stones == 3
    assert red.crews_used == [True, False, False, True]
    assert red.graves == [4] and after.grave_owners[0] == 0
    assert red.grain_market == 1 and red.stone_market == 0  # one market step per action
    assert of_type(events, ev.GraveRevealed) == [ev.GraveRevealed(space=4, value=state.graves[4])]


def test_obelisk_and_graves_refusals() -> None:
    state = _obelisk_turn()
    with pytest.raises(RuleViolation, match="worth 7 but your crews have strength 5"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["O2", "O3", "G1"], market="stone"))
    state.players[0].stones = 6
    with pytest.raises(RuleViolation, match="cost 7 stones but you have 6"):
        GAME.decide(state, 0, Build(crews=[0, 3], spaces=["O2", "O3", "G1"], market="stone"))
    with pytest.raises(RuleViolation, match="without skipping: take grave tile 1 first"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["G2"], market="stone"))
    with pytest.raises(RuleViolation, match="bottom-up"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["O3"], market="stone"))
    with pytest.raises(RuleViolation, match="market"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["O2"]))
    with pytest.raises(RuleViolation, match="not a space of the Obelisk"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["TL1"], market="stone"))


def _temple_turn() -> EgiziaState:
    state: EgiziaState = at_site(new_game(), TEMPLE, [0, NOBODY, NOBODY])
    state.players[0].crews = [3, 1, 1, 2]
    state.players[0].stones = 3
    return state


def test_pyramid_example_strength_three_builds_a_two_with_two_stones() -> None:
    state = _temple_turn()
    state.players[0].stones = 2
    state.pyramid[0][:3] = [1, 2, 3]
    after, _ = play(state, 0, Build(crews=[0], spaces=["P2-1"]))
    assert after.players[0].score == 2 and after.players[0].stones == 0
    assert after.pyramid[1][0] == 0


def test_pyramid_stone_needs_the_stone_directly_below() -> None:
    state = _temple_turn()
    state.pyramid[0][0] = 1  # P1-1 built, but P2-1 rests on P1-2
    with pytest.raises(RuleViolation, match="directly below"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["P2-1"]))
    with pytest.raises(RuleViolation, match="from the left"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["P1-3"]))
    after, _ = play(state, 0, Build(crews=[0], spaces=["P1-2", "P2-1"]))  # support, then above
    assert after.pyramid[0][:2] == [1, 0] and after.pyramid[1][0] == 0


def test_temple_middle_needs_both_side_columns_then_top() -> None:
    state = _temple_turn()
    state.players[0].stones = 20
    state.players[0].crews = [6, 1, 1, 6]
    state.temple[:4] = [1, 1, 1, 1]  # left column complete, right column empty
    with pytest.raises(RuleViolation, match="after both side columns"):
        GAME.decide(state, 0, Build(crews=[0, 3], spaces=["TM1"]))
    with pytest.raises(RuleViolation, match="build temple, right column, space 1 first"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["TR2"]))
    state.temple[4:8] = [2, 2, 2, 2]
    with pytest.raises(RuleViolation, match="after both middle columns"):
        GAME.decide(state, 0, Build(crews=[0, 3], spaces=["TM1", "TT1"]))
    after, _ = play(state, 0, Build(crews=[0, 3], spaces=["TM1", "TM2"]))
    assert after.players[0].score == 10


def test_one_action_may_mix_pyramid_and_temple_in_a_legal_order() -> None:
    state = _temple_turn()
    state.players[0].stones = 5
    state.players[0].crews = [3, 1, 1, 2]
    after, _ = play(state, 0, Build(crews=[0, 3], spaces=["P1-1", "TL1", "TL2", "P1-2"]))
    assert after.players[0].score == 5


def test_pyramid_row_bonus_goes_to_the_majority_leftmost_stone_breaking_ties() -> None:
    state = at_site(new_game(), TEMPLE, [2, NOBODY, NOBODY])
    state.players[2].stones = 3
    state.pyramid[0] = [1, 0, 0, 1, 0, 1, NOBODY]
    after, events = play(state, 2, Build(crews=[0], spaces=["P1-7"]))
    bonus = [e for e in of_type(events, ev.ScoreChanged) if "majority" in e.reason]
    assert bonus == [ev.ScoreChanged(seat=1, delta=3, reason="pyramid row 1 majority")]
    assert after.players[1].score == 3 and after.players[0].score == 0


def test_declining_frees_the_space_for_the_speculator_who_builds_now() -> None:
    state = at_site(new_game(), SPHINX, [0, 1, 2], speculators=[NOBODY, 3, NOBODY])
    state.slot = 1
    after, events = play(state, 1, Decline())
    assert events == [ev.Declined(seat=1, site="B_SPHINX", slot=1, successor=3)]
    assert after.sites[0].slots == [0, 3, 2] and after.slot == 1
    assert GAME.to_act(after) == {3}


def test_a_speculator_who_never_builds_goes_home_and_earns_no_bonus() -> None:
    state = at_site(new_game(), TEMPLE, [0, 1, 2], speculators=[3, NOBODY, NOBODY])
    state.slot = 3
    state.players[3].spent_stones = True
    events = GAME.advance(state)
    assert events == [ev.SiteClosed(site="B_TEMPLE", returned=[3])]


def test_a_builder_who_cannot_build_declines_automatically() -> None:
    state = _temple_turn()
    state.players[0].stones = 0
    assert GAME.to_act(state) == set()
    assert GAME.advance(state) == [ev.Declined(seat=0, site="B_TEMPLE", slot=0, forced=True)]


@pytest.mark.parametrize("make", [_sphinx_turn, _obelisk_turn, _temple_turn])
def test_every_listed_build_command_is_accepted(make: object) -> None:
    state = make()  # type: ignore[operator]
    commands = GAME.legal_commands(state, 0)
    assert Decline() in commands and len(commands) > 1
    for command in commands:
        assert GAME.decide(state, 0, command)


def test_a_crew_used_at_the_sphinx_cannot_build_again_at_the_obelisk() -> None:
    state = _sphinx_turn()
    state.sites[0].slots = [0, NOBODY, NOBODY]
    state.sites[1].slots = [0, NOBODY, NOBODY]
    state, _ = play(state, 0, SphinxDraw(crews=[0, 3], count=1))
    state, _ = play_on(state, 0, SphinxKeep(keep=[]))
    assert state.site == OBELISK and GAME.to_act(state) == {0}
    with pytest.raises(RuleViolation, match="already built this round"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["O1"], market="stone"))
    with pytest.raises(RuleViolation, match="Joker has already built"):
        GAME.decide(state, 0, Build(crews=[1, 3], spaces=["O1"], market="stone"))
    assert all(
        0 not in command.crews for command in GAME.legal_commands(state, 0) if isinstance(command, Build)
    )


def test_a_speculator_who_moves_in_and_builds_earns_the_bonus() -> None:
    state = at_site(new_game(), TEMPLE, [0, 1, NOBODY], speculators=[3, NOBODY, NOBODY])
    state.players[3].stones = 5
    state, _ = play(state, 0, Decline())
    assert GAME.to_act(state) == {3}
    state, _ = play(state, 3, Build(crews=[1], spaces=["P1-1"]))
    state, _ = play(state, 1, Decline())
    bonus: list[Any] = []
    while state.phase != "sequence":
        events = GAME.advance(state)
        bonus += of_type(events, ev.ScoreChanged)
        state = fold(GAME, events, state)
    assert bonus == [ev.ScoreChanged(seat=3, delta=1, reason="co-operation bonus, 1 ship")]
