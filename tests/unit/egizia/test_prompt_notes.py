"""The prompt's notes: wherever a player may look for an option that is not offered, it says why."""

from __future__ import annotations

from egizia_support import at_placement, at_site, new_game, play
from nile_support import give, legal

from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia.commands import Build, SphinxDraw
from domain.games.egizia.data import POSITION
from domain.games.egizia.rules.spaces import CARD_INDEX
from domain.games.egizia.state import NOBODY
from services.i18n import english

SPHINX, OBELISK, TEMPLE = 0, 1, 2


def _notes(state: EgiziaState, seat: int) -> list[str]:
    return [english(note) for note in GAME.view(state, seat).prompt.notes]


def test_a_joker_alone_offers_no_sphinx_draw_and_the_prompt_says_why() -> None:
    state = give(at_site(new_game(4), SPHINX, [0, 1, NOBODY]), 0, "N12-19")  # two free cards
    player = state.players[0]
    player.crews_used = [True, True, True, False]
    player.stones = 5
    draws = [c for c in legal(state, 0) if isinstance(c, SphinxDraw)]
    assert draws and all(c.crews == [] for c in draws)  # only the free cards, no draw with the Joker
    assert _notes(state, 0)[:2] == [
        "Crews A, B, C have built this round already: each crew builds once a round.",
        "The Joker never builds alone, so it cannot draw Sphinx cards without a regular crew.",
    ]


def test_when_no_ship_can_go_downstream_the_notes_say_where_the_last_one_is() -> None:
    state = give(new_game(4), 0, "N34-14")
    state.turn = 0
    state.sites[TEMPLE].slots = [1, 2, 3]
    state.sites[TEMPLE].speculators = [0, NOBODY, NOBODY]
    state.players[0].last_position = POSITION["B_TEMPLE"]
    state.river_cards[CARD_INDEX["C10"]] = ""
    state.river_ships[POSITION["R_HELIOPOLIS"] - 1] = [1]
    assert _notes(state, 0) == [
        "Ships go downstream: no space up to your last ship (the Temple and Pyramid, river position 18).",
        "Heliopolis already has a ship: each round space takes one ship a round.",
    ]


def test_a_site_where_the_player_has_a_ship_and_a_card_used_this_round_are_explained() -> None:
    state = give(at_placement(new_game(4), 0), 0, "N12-16", "N12-17")
    state.sites[OBELISK].slots[1] = 0
    state.players[0].used_this_round = ["N12-16", "N12-17"]
    state.river_ships[POSITION["R_ALYI"] - 1] = [2]
    assert _notes(state, 0) == [
        "You already have a ship at the Obelisk and Graves: one ship per building site.",
        "Alyi already has a ship: each round space takes one ship a round "
        "(your card “Shared round space” has shared one this round).",
        "“Shared round space” is used for this round; it works again next round.",
        "“Crew training” is used for this round; it works again next round.",
    ]


def test_a_ready_sharing_card_leaves_only_heliopolis_closed() -> None:
    state = give(at_placement(new_game(4), 0), 0, "N12-16")
    state.river_ships[POSITION["R_ALYI"] - 1] = [2]
    state.river_ships[POSITION["R_HELIOPOLIS"] - 1] = [3]
    assert _notes(state, 0) == [
        "Heliopolis already has a ship: each round space takes one ship a round, and your card “Shared "
        "round space” never shares it."
    ]


def test_not_enough_stones_for_any_space_is_explained() -> None:
    state = give(at_site(new_game(4), TEMPLE, [0, NOBODY, NOBODY]), 0, "N5-05")  # +6 stones: asked
    state.players[0].stones = 0
    assert GAME.to_act(state) == {0} and not [c for c in legal(state, 0) if isinstance(c, Build)]
    assert "The cheapest space you may build now is worth 1: you have 0 stones." in _notes(state, 0)


def test_a_space_too_heavy_for_every_crew_is_explained() -> None:
    state = give(at_site(new_game(4), TEMPLE, [0, NOBODY, NOBODY]), 0, "N5-05")
    state.players[0].crews, state.players[0].stones = [1, 1, 1, 2], 20
    state.temple = [0] * 8 + [NOBODY] * 4  # only the middles (5) and tops are left
    state.pyramid = [[0] * len(row) for row in state.pyramid]
    assert "The cheapest space you may build now is worth 5: your crews lift 3." in _notes(state, 0)


def test_the_obelisk_prompt_says_face_down_tiles_may_be_taken_once_turned_up() -> None:
    state: EgiziaState = at_site(new_game(4), OBELISK, [0, 1, NOBODY])
    state.players[0].stones = 5
    assert _notes(state, 0) == [
        "Grave tiles 5 to 12 are face down: each tile you take turns up the next, and you may take it "
        "in the same action."
    ]


def test_a_step_by_step_action_says_why_the_next_tile_is_not_offered() -> None:
    state: EgiziaState = at_site(new_game(4), OBELISK, [0, 1, NOBODY])
    state.players[0].crews, state.players[0].stones = [3, 1, 1, 2], 20
    state.graves[:2] = [1, 4]
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))
    assert _notes(state, 0) == ["grave tile 2 is worth 4: more than the 2 strength left."]


def test_a_placement_card_held_on_a_build_turn_is_explained() -> None:
    state = give(at_site(new_game(4), TEMPLE, [0, NOBODY, NOBODY]), 0, "N5-03")
    state.players[0].stones = 3
    assert _notes(state, 0)[-1] == "“Build first” is played on one of your turns to place a ship."


def test_only_the_seat_that_decides_gets_notes() -> None:
    state = give(at_placement(new_game(4), 0), 0, "N12-17")
    state.players[0].used_this_round = ["N12-17"]
    assert _notes(state, 0) == ["“Crew training” is used for this round; it works again next round."]
    assert GAME.view(state, 1).prompt.notes == [] and GAME.view(state, None).prompt.notes == []
