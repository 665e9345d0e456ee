"""Rules audit of the buildings: the Sphinx, Obelisk, Graves, Pyramid and Temple, rule by rule."""

from __future__ import annotations

import pytest
from egizia_support import at_site, new_game, of_type, play, play_on
from nile_support import give, legal, refusal

from domain.engine import RuleViolation
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Build, BuildMore, EndBuild, SphinxDraw, SphinxKeep
from domain.games.egizia.data import JOKER
from domain.games.egizia.state import NOBODY, graves_face_up
from services.i18n import english

SPHINX, OBELISK, TEMPLE = 0, 1, 2


def _at(site: int, crews: list[int], stones: int, slots: list[int] | None = None) -> EgiziaState:
    state: EgiziaState = at_site(new_game(), site, slots or [0, 1, NOBODY])
    state.players[0].crews = list(crews)
    state.players[0].stones = stones
    return state


# --- Sphinx -------------------------------------------------------------------------------------------
def test_returned_sphinx_cards_go_under_the_deck_in_order_for_one_vp_each() -> None:
    state = _at(SPHINX, [5, 1, 1, 2], 10)
    deck = list(state.sphinx_deck)
    state, _ = play(state, 0, SphinxDraw(crews=[0], count=4))
    state, _ = play(state, 0, SphinxKeep(keep=[deck[1]]))
    assert state.sphinx_deck == [*deck[4:], deck[0], deck[2], deck[3]]
    assert state.players[0].score == 3 and state.players[0].stones == 6


def test_at_most_five_sphinx_cards_even_with_crew_and_joker_stronger() -> None:
    state = _at(SPHINX, [6, 1, 1, 6], 25)
    draws = [c.count for c in legal(state, 0) if isinstance(c, SphinxDraw)]
    assert max(draws) == 5


def test_free_sphinx_draws_are_offered_when_every_regular_crew_is_used() -> None:
    state = give(_at(SPHINX, [2, 2, 2, 2], 0), 0, "N12-19")
    state.players[0].crews_used = [True, True, True, False]
    assert GAME.to_act(state) == {0}  # not declined automatically: two free cards need no crew (Q16)
    assert SphinxDraw(crews=[], count=2) in legal(state, 0)
    after, _ = play(state, 0, SphinxDraw(crews=[], count=2))
    assert len(after.drawn) == 2 and after.players[0].stones == 0


def test_a_free_draw_alone_spends_no_stone_so_earns_no_cooperation_bonus() -> None:
    state = give(_at(SPHINX, [2, 2, 2, 2], 0, [0, NOBODY, NOBODY]), 0, "N12-19")
    state, _ = play(state, 0, SphinxDraw(crews=[], count=2))
    state, events = play_on(state, 0, SphinxKeep(keep=[]))
    assert not state.players[0].spent_stones
    assert not [e for e in of_type(events, ev.ScoreChanged) if "co-operation" in e.reason]


def test_a_sphinx_build_gives_no_market_step_and_places_no_stone() -> None:
    state, events = play(_at(SPHINX, [3, 1, 1, 2], 5), 0, SphinxDraw(crews=[0], count=3))
    assert not of_type(events, ev.MarketMoved)
    assert state.players[0].stone_market == 0 and state.players[0].grain_market == 0


# --- Obelisk and Graves -------------------------------------------------------------------------
def test_one_market_step_per_obelisk_action_whatever_is_built() -> None:
    state = _at(OBELISK, [6, 1, 1, 6], 25)
    state.graves[:3] = [1, 1, 1]
    after, events = play(
        state, 0, Build(crews=[0, JOKER], spaces=["O1", "O2", "G1", "G2", "G3"], market="stone")
    )
    assert not of_type(events, ev.MarketMoved)  # the action goes on: graves were turned up in it
    after, more = play(after, 0, BuildMore(space="G4"))
    after, end = play(after, 0, EndBuild())
    assert [e.market for e in of_type([*events, *more, *end], ev.MarketMoved)] == ["stone"]
    assert after.players[0].stone_market == 1 and after.players[0].score == 2 + 3 + state.graves[3]


def test_the_market_step_is_the_builders_choice_and_may_pay_the_bottom_bonus() -> None:
    state = _at(OBELISK, [2, 1, 1, 2], 5)
    state.players[0].grain_market = 5
    after, _ = play(state, 0, Build(crews=[0], spaces=["O1"], market="grain"))
    assert after.players[0].grain_market == 5 and after.players[0].score == 1 + 2  # bottom: +2 VP again


def test_obelisk_level_needs_every_space_of_the_levels_below() -> None:
    state = _at(OBELISK, [6, 1, 1, 2], 25)
    with pytest.raises(RuleViolation, match="bottom-up"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["O1", "O3"], market="stone"))
    after, _ = play(state, 0, Build(crews=[0], spaces=["O2", "O1", "O3"], market="stone"))
    assert after.obelisk[:3] == [0, 0, 0] and after.players[0].score == 1 + 1 + 2


def test_each_grave_taken_turns_up_the_next_so_four_stay_face_up() -> None:
    state = _at(OBELISK, [6, 1, 1, 6], 25)
    state.graves[:4] = [1, 1, 1, 1]
    after, events = play(state, 0, Build(crews=[0], spaces=["G1", "G2"], market="stone"))
    assert [e.space for e in of_type(events, ev.GraveRevealed)] == [4, 5]
    assert graves_face_up(after) == 6 and after.grave_owners[:2] == [0, 0]
    assert after.players[0].graves == [1, 1]


def test_a_grave_tile_still_face_down_is_never_offered_nor_accepted() -> None:
    state = _at(OBELISK, [6, 1, 1, 6], 25)
    state.graves[:5] = [1, 1, 1, 1, 1]
    offered = {s for c in legal(state, 0) if isinstance(c, Build) for s in c.spaces}
    assert "G5" not in offered and "G4" in offered
    refused = refusal(
        state, 0, Build(crews=[0, JOKER], spaces=["G1", "G2", "G3", "G4", "G5"], market="stone")
    )
    message = english(refused.message)
    assert "face down" in message and "cost" not in message
    assert "worth" not in message and refused.details.get("cost") is None


# --- Pyramid -------------------------------------------------------------------------------------------
def test_a_pyramid_row_bonus_is_paid_once_when_the_row_is_completed() -> None:
    state = _at(TEMPLE, [6, 1, 1, 6], 25)
    state.pyramid[0] = [1, 1, 2, 2, 0, 0, NOBODY]  # row 1: seats 1, 2 and 0 own two each
    after, events = play(state, 0, Build(crews=[0], spaces=["P1-7"]))
    bonus = [e for e in of_type(events, ev.ScoreChanged) if "majority" in e.reason]
    assert bonus == [ev.ScoreChanged(seat=0, delta=3, reason="pyramid row 1 majority")]
    state2 = _at(TEMPLE, [6, 1, 1, 6], 25)
    state2.pyramid[0] = [1, 1, 2, 2, 0, NOBODY, NOBODY]
    after2, events2 = play(state2, 0, Build(crews=[0], spaces=["P1-6"]))  # row not full yet
    assert not [e for e in of_type(events2, ev.ScoreChanged) if "majority" in e.reason]
    assert after.players[1].score == 0 == after2.players[1].score


def test_on_a_tied_row_the_stone_furthest_left_wins() -> None:
    state = _at(TEMPLE, [6, 1, 1, 6], 25)
    state.pyramid[0] = [1, 0, 0, 1, 1, 2, NOBODY]
    _, events = play(state, 0, Build(crews=[0], spaces=["P1-7"]))  # seats 1 and 0 own three each
    bonus = [e for e in of_type(events, ev.ScoreChanged) if "majority" in e.reason]
    assert bonus == [ev.ScoreChanged(seat=1, delta=3, reason="pyramid row 1 majority")]


# --- Temple --------------------------------------------------------------------------------------------
def test_the_two_side_columns_are_built_separately() -> None:
    state = _at(TEMPLE, [6, 1, 1, 6], 25)
    after, _ = play(state, 0, Build(crews=[0, JOKER], spaces=["TL1", "TL2", "TL3", "TL4"]))
    assert after.temple[:4] == [0] * 4 and after.temple[4] == NOBODY
    state.temple[:4] = [1] * 4  # left column done, right column empty
    offered = {c.spaces[0] for c in legal(state, 0) if isinstance(c, Build) and len(c.spaces) == 1}
    assert "TR1" in offered and "TM1" not in offered
    with pytest.raises(RuleViolation, match="middles come only after both side columns"):
        GAME.decide(state, 0, Build(crews=[0], spaces=["TM1"]))
