"""Nile cards of the building phase (Q15, Q16): strength N12-13 / N34-11 / N5-02,
two crews N34-13, build first N5-03, speculator builds N34-14, free Sphinx draws N12-19, keep two N5-04,
and the grave card N5-07 at final scoring."""

from __future__ import annotations

import pytest
from egizia_support import at_site, new_game, of_type, play
from nile_support import give, legal, refusal

from domain.engine import fold
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Build, PlayCard, SphinxDraw, SphinxKeep
from domain.games.egizia.rules.final_scoring import grave_points, grave_total
from domain.games.egizia.rules.round_end import ships_on_sites
from domain.games.egizia.state import NOBODY

SPHINX, OBELISK = 0, 1
FOUR = ["O1", "O2", "O3"]  # obelisk levels 1 + 1 + 2


def _obelisk(slots: list[int], speculators: list[int] | None = None) -> EgiziaState:
    state: EgiziaState = at_site(new_game(), OBELISK, slots, speculators)
    for player in state.players:
        player.crews, player.stones = [1, 1, 1, 2], 20
    return state


@pytest.mark.parametrize("card", ["N12-13", "N34-11", "N5-02"])
def test_strength_card_lifts_a_build_the_crew_alone_cannot(card: str) -> None:
    state = give(_obelisk([0, 1, NOBODY]), 0, card)
    assert Build(crews=[0], spaces=FOUR, market="stone", cards=[card]) in legal(state, 0)
    after, events = play(state, 0, Build(crews=[0], spaces=FOUR, market="stone", cards=[card]))
    assert ev.CardUsed(seat=0, card=card) in events
    assert after.players[0].score == 4 and after.players[0].hand == []


@pytest.mark.parametrize("card", ["N12-13", "N34-11", "N5-02"])
def test_strength_card_must_be_in_hand(card: str) -> None:
    state = _obelisk([0, 1, NOBODY])
    command = Build(crews=[0], spaces=FOUR, market="stone", cards=[card])
    assert refusal(state, 0, command).code == "build.card_unavailable"
    assert refusal(state, 0, Build(crews=[0], spaces=FOUR, market="stone")).code == "build.strength"


def test_strength_card_adds_to_a_sphinx_draw() -> None:
    state = give(at_site(new_game(), SPHINX, [0, 1, NOBODY]), 0, "N12-13")
    state.players[0].stones = 5
    after, events = play(state, 0, SphinxDraw(crews=[0], count=4, cards=["N12-13"]))
    assert len(after.drawn) == 4 and after.players[0].stones == 1
    assert of_type(events, ev.SphinxDrawn)[0].nile_cards == ["N12-13"]


def test_two_crews_card_builds_with_two_regular_crews_and_the_joker() -> None:
    state = give(_obelisk([0, 1, NOBODY]), 0, "N34-13")
    command = Build(crews=[0, 1, 3], spaces=FOUR, market="grain", cards=["N34-13"])
    assert command in legal(state, 0)
    after, _ = play(state, 0, command)
    assert after.players[0].crews_used == [True, True, False, True] and after.players[0].score == 4


def test_two_regular_crews_need_the_card_and_the_card_needs_two_crews() -> None:
    state = _obelisk([0, 1, NOBODY])
    assert refusal(state, 0, Build(crews=[0, 1], spaces=["O1"], market="stone")).code == "build.one_crew"
    give(state, 0, "N34-13")
    command = Build(crews=[0], spaces=["O1"], market="stone", cards=["N34-13"])
    assert refusal(state, 0, command).code == "build.two_crews"


def _sphinx_with(*cards: str, stones: int = 0) -> EgiziaState:
    state: EgiziaState = give(at_site(new_game(), SPHINX, [0, 1, NOBODY]), 0, *cards)
    state.players[0].crews, state.players[0].stones = [2, 1, 1, 2], stones
    return state


def test_free_sphinx_draws_need_no_stone_and_no_crew() -> None:
    state = _sphinx_with("N12-19")
    assert GAME.to_act(state) == {0}
    assert SphinxDraw(crews=[], count=2) in legal(state, 0)
    after, events = play(state, 0, SphinxDraw(crews=[], count=2))
    assert len(after.drawn) == 2 and after.players[0].stones == 0 and not any(after.players[0].crews_used)
    assert ev.CardUsed(seat=0, card="N12-19") in events and not after.players[0].spent_stones


def test_free_sphinx_draws_add_to_paid_ones_up_to_five() -> None:
    state = _sphinx_with("N12-19", stones=9)
    after, _ = play(state, 0, SphinxDraw(crews=[0, 3], count=5))
    assert after.players[0].stones == 6  # 3 paid, 2 free
    assert refusal(state, 0, SphinxDraw(crews=[0, 3], count=6)).code == "sphinx.count"


def test_crewless_sphinx_draw_needs_the_free_draw_card() -> None:
    assert refusal(_sphinx_with(stones=3), 0, SphinxDraw(crews=[], count=1)).code == "build.joker_alone"
    assert refusal(_sphinx_with("N12-19"), 0, SphinxDraw(crews=[], count=3)).code == "sphinx.count"


def test_keep_two_card_keeps_two_drawn_sphinx_cards() -> None:
    drawn, _ = play(_sphinx_with("N5-04", stones=3), 0, SphinxDraw(crews=[0], count=2))
    assert SphinxKeep(keep=drawn.drawn[:2]) in legal(drawn, 0)
    after, events = play(drawn, 0, SphinxKeep(keep=drawn.drawn[:2]))
    assert after.players[0].sphinx[-2:] == drawn.drawn[:2]
    assert ev.CardUsed(seat=0, card="N5-04") in events and after.players[0].hand == []


def test_keep_two_card_keeps_at_most_two() -> None:
    drawn, _ = play(_sphinx_with("N5-04", stones=3), 0, SphinxDraw(crews=[0], count=2))
    drawn.drawn.append(drawn.sphinx_deck.pop(0))  # a third card, as if drawn
    assert refusal(drawn, 0, SphinxKeep(keep=drawn.drawn[:3])).code == "sphinx.keep_limit"


def _declare(state: EgiziaState, seat: int, card: str) -> EgiziaState:
    state.players[seat].used_this_round.append(card)  # as after PlayCard in phase 2
    return state


def _settle(state: EgiziaState) -> tuple[EgiziaState, list[object]]:
    events = GAME.advance(state)
    return fold(GAME, events, state), events


def test_build_first_card_declared_on_a_placement_turn() -> None:
    state = give(new_game(), 1, "N5-03")
    state.turn, state.sites[OBELISK].slots[1] = 1, 1
    after, events = play(state, 1, PlayCard(card="N5-03"))
    assert events == [ev.CardUsed(seat=1, card="N5-03")] and after.players[1].used_this_round == ["N5-03"]


def test_build_first_card_builds_before_ship_space_one_and_only_once() -> None:
    state = _declare(_obelisk([0, 1, NOBODY]), 1, "N5-03")
    state, events = _settle(state)
    assert events == [ev.CardBuildTurn(seat=1, site="B_OBELISK", card="N5-03")]
    state, _ = play(state, 1, Build(crews=[0], spaces=["O1"], market="stone"))
    assert state.card_builder == NOBODY and GAME.to_act(state) == {0}
    state, _ = play(state, 0, Build(crews=[0], spaces=["O2"], market="stone"))
    state, events = _settle(state)
    assert of_type(events, ev.SiteClosed)  # seat 1 does not build a second time
    assert state.obelisk[:2] == [1, 0]


def test_build_first_card_on_ship_space_one_opens_as_a_card_turn_not_a_regular_one() -> None:
    state = _declare(_obelisk([1, 0, NOBODY]), 1, "N5-03")
    assert GAME.to_act(state) == set(), "the card turn is due first: nobody acts until it opens"
    state, events = _settle(state)
    assert events == [ev.CardBuildTurn(seat=1, site="B_OBELISK", card="N5-03")]
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, Build(crews=[0], spaces=["O1"], market="stone"))
    assert GAME.to_act(state) == {0}, "seat 1 built from its own ship space and does not build again"


def test_build_first_speculator_builds_and_displaces_nobody() -> None:
    state = _declare(_obelisk([0, 1, 2], [3, NOBODY, NOBODY]), 3, "N5-03")
    state, events = _settle(state)
    assert events == [ev.CardBuildTurn(seat=3, site="B_OBELISK", card="N5-03")]
    state, _ = play(state, 3, Build(crews=[0], spaces=["O1"], market="stone"))
    assert state.sites[OBELISK].slots == [0, 1, 2] and GAME.to_act(state) == {0}


def test_without_a_card_a_speculator_never_builds() -> None:
    state = _obelisk([0, 1, 2], [3, NOBODY, NOBODY])
    for seat, space in ((0, "O1"), (1, "O2"), (2, "O3")):
        state, _ = play(state, seat, Build(crews=[0, 3], spaces=[space], market="stone"))
    _, events = _settle(state)
    assert events == [ev.SiteClosed(site="B_OBELISK", returned=[3])]


def test_speculator_card_builds_after_the_regular_ships_and_counts_for_the_bonus() -> None:
    state = _declare(_obelisk([0, 1, 2], [3, NOBODY, NOBODY]), 3, "N34-14")
    for seat, space in ((0, "O1"), (1, "O2"), (2, "O3")):
        state, _ = play(state, seat, Build(crews=[0, 3], spaces=[space], market="stone"))
    state, events = _settle(state)
    assert events == [ev.CardBuildTurn(seat=3, site="B_OBELISK", card="N34-14")]
    state, _ = play(state, 3, Build(crews=[0, 3], spaces=["O4"], market="stone"))
    state, events = _settle(state)
    assert events == [ev.SiteClosed(site="B_OBELISK", returned=[])]
    assert ships_on_sites(state, 3) == 1


def test_speculator_card_declared_only_with_a_speculating_ship() -> None:
    state = give(new_game(), 3, "N34-14")
    state.turn = 3
    assert refusal(state, 3, PlayCard(card="N34-14")).code == "card.useless"
    state.sites[OBELISK].speculators[0] = 3
    after, _ = play(state, 3, PlayCard(card="N34-14"))
    assert after.players[3].used_this_round == ["N34-14"]


def test_grave_card_counts_as_a_grave_tile_worth_eight() -> None:
    state = give(new_game(), 0, "N5-07")
    state.players[0].graves = [3]
    assert grave_total(state, 0) == 11 and grave_points(11) == 5


def test_grave_card_is_never_played() -> None:
    state = give(new_game(), 0, "N5-07")
    state.turn = 0
    assert refusal(state, 0, PlayCard(card="N5-07")).code == "card.not_playable"
