"""Grave tiles are taken one at a time, and a tile turned up during an action may be taken in that action.

The rules say: "At the Graves, a player must take the first face-up tile, then the second, etc. He may not
skip a tile. When a player takes a grave tile, he turns over the next face-down tile so that there are
always 4 face-up grave tiles (until all 12 are turned up)." and the player "places 1 or more stones on the
Obelisk and/or takes 1 or more Grave tiles", "with sufficient total strength for his building project".
"""

from __future__ import annotations

from typing import Any

from egizia_support import at_site, new_game, of_type, play, play_on
from nile_support import give, legal, refusal

from domain.engine import RandomBot, RuleViolation, run_automatic
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.bots import GreedyBot
from domain.games.egizia.commands import Build, BuildMore, Decline, EndBuild, PlayCard
from domain.games.egizia.data import JOKER
from domain.games.egizia.state import NOBODY, OpenAction
from services.i18n import english
from tests.support.conformance import as_text, leaked

OBELISK, TEMPLE = 1, 2
FACE_DOWN = [97, 98, 99]  # values no view or message shows otherwise, written on tiles G5..G7


def _obelisk(crews: list[int], stones: int, graves: list[int]) -> EgiziaState:
    """Seat 0 builds at S1 of the Obelisk/Graves, seat 1 at S2; G1.. hold ``graves``."""
    state: EgiziaState = at_site(new_game(4), OBELISK, [0, 1, NOBODY])
    state.players[0].crews, state.players[0].stones = list(crews), stones
    state.graves[: len(graves)] = graves
    return state


def test_a_tile_turned_up_during_the_action_is_taken_in_the_same_action() -> None:
    # "When a player takes a grave tile, he turns over the next face-down tile"
    state = _obelisk([5, 1, 1, 2], 20, [1, 1, 1, 1, 3])
    state, events = play(state, 0, Build(crews=[0, JOKER], spaces=["G1", "G2", "G3", "G4"], market="grain"))
    assert [e.space for e in of_type(events, ev.GraveRevealed)] == [4, 5, 6, 7]  # G5..G8 turn up
    assert of_type(events, ev.BuildGoesOn) == [
        ev.BuildGoesOn(seat=0, site="B_OBELISK", strength=3, market="grain")
    ]
    assert not of_type(events, ev.MarketMoved)  # the market marker moves when the action ends
    assert GAME.to_act(state) == {0} and BuildMore(space="G5") in legal(state, 0)
    state, events = play(state, 0, BuildMore(space="G5"))
    assert of_type(events, ev.BuiltMore) == [ev.BuiltMore(seat=0, site="B_OBELISK", space="G5", value=3)]
    assert of_type(events, ev.BuildEnded) == [ev.BuildEnded(seat=0, site="B_OBELISK", forced=True)]
    player = state.players[0]
    assert player.graves == [1, 1, 1, 1, 3] and state.grave_owners[:5] == [0] * 5
    assert player.score == 7 and player.stones == 13 and player.grain_market == 1
    assert state.action is None and GAME.to_act(state) == {1}


def test_the_player_may_stop_after_any_tile() -> None:
    state = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1, 2])
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))
    assert EndBuild() in legal(state, 0) and state.action == OpenAction(seat=0, strength=5, market="stone")
    state, events = play_on(state, 0, EndBuild())
    assert events[:2] == [
        ev.BuildEnded(seat=0, site="B_OBELISK"),
        ev.MarketMoved(seat=0, market="stone", to=1, reason="Obelisk/Graves build"),
    ]
    assert state.players[0].graves == [1] and state.players[0].score == 1
    assert GAME.to_act(state) == {1}  # the next ship space builds; seat 0 does not build again


def test_the_next_tile_is_offered_only_within_the_strength_left() -> None:
    # "with sufficient total strength for his building project"
    state = _obelisk([3, 1, 1, 2], 20, [1, 1, 1, 1, 3, 1])
    state.obelisk[:2] = [2, 2]  # the next obelisk space is worth 2
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))  # 2 strength left
    assert legal(state, 0)[-1] == EndBuild()
    assert [c for c in legal(state, 0) if isinstance(c, BuildMore)] == [
        BuildMore(space="O3"),
        BuildMore(space="G2"),
    ]
    state, _ = play(state, 0, BuildMore(space="G2"))
    state, _ = play(state, 0, BuildMore(space="G3"))  # 0 strength left: the action ends by itself
    assert state.action is None and state.players[0].stone_market == 1


def test_a_tile_beyond_the_strength_left_is_refused_naming_the_rule() -> None:
    state = _obelisk([3, 1, 1, 2], 20, [1, 3, 1, 1])
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))  # 2 strength left
    assert BuildMore(space="G2") not in legal(state, 0)
    refused = refusal(state, 0, BuildMore(space="G2"))
    assert refused.code == "build.strength"
    assert (
        english(refused.message)
        == "grave tile 2 is worth 3 but your crews have 2 strength left in this action."
    )


def test_a_tile_beyond_the_stones_held_is_refused_naming_the_rule() -> None:
    state = _obelisk([6, 1, 1, 2], 2, [1, 1, 1, 1, 2])
    state, events = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))
    assert of_type(events, ev.BuildGoesOn) and state.players[0].stones == 1
    state.graves[1] = 2  # G2 is face up and worth 2: one stone is not enough
    assert (
        english(refusal(state, 0, BuildMore(space="G2")).message)
        == "grave tile 2 costs 2 stones but you have 1."
    )
    assert legal(state, 0) == [BuildMore(space="O1"), EndBuild()]  # the obelisk space costs 1


def test_an_action_that_cannot_pay_for_another_space_ends_at_once() -> None:
    state = _obelisk([2, 1, 1, 2], 20, [2, 3, 3, 3])
    state.obelisk[:4] = [2, 2, 2, 2]  # the next obelisk space is worth 3
    state, events = play(state, 0, Build(crews=[0], spaces=["G1"], market="grain"))
    assert not of_type(events, ev.BuildGoesOn) and of_type(events, ev.MarketMoved)
    assert state.action is None and GAME.to_act(state) == {1}


def test_an_action_without_a_grave_tile_or_elsewhere_never_goes_on() -> None:
    state = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1])
    _, events = play(state, 0, Build(crews=[0], spaces=["O1"], market="stone"))
    assert not of_type(events, ev.BuildGoesOn) and of_type(events, ev.MarketMoved)
    temple: EgiziaState = at_site(new_game(4), TEMPLE, [0, NOBODY, NOBODY])
    temple.players[0].crews, temple.players[0].stones = [6, 1, 1, 2], 20
    _, events = play(temple, 0, Build(crews=[0], spaces=["P1-1"]))
    assert not of_type(events, ev.BuildGoesOn)


def test_a_face_down_tile_is_refused_without_naming_its_value() -> None:
    state = _obelisk([6, 1, 1, 6], 25, [1, 1, 1, 1, *FACE_DOWN])
    at_start = refusal(state, 0, Build(crews=[0], spaces=["G1", "G2", "G3", "G4", "G5"], market="stone"))
    assert at_start.code == "build.order" and "grave tile 5 is still face down" in english(at_start.message)
    state, _ = play(state, 0, Build(crews=[0, JOKER], spaces=["G1"], market="stone"))
    skipped = refusal(state, 0, BuildMore(space="G6"))
    assert skipped.code == "build.order" and "take grave tile 2 first" in english(skipped.message)
    for violation in (at_start, skipped):
        assert not leaked({str(value) for value in FACE_DOWN[1:]}, as_text(violation.as_dict()))
        assert "cost" not in violation.details


def test_while_the_action_goes_on_a_new_build_or_a_decline_is_refused() -> None:
    state = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1, 2])
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))
    for command in (Decline(), Build(crews=[1], spaces=["O1"], market="stone")):
        violation = refusal(state, 0, command)
        assert violation.code == "build.action_goes_on" and "or stop" in english(violation.message)
    idle = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1])
    assert refusal(idle, 0, BuildMore(space="G1")).code == "build.no_action"
    assert refusal(idle, 0, EndBuild()).code == "build.no_action"
    assert refusal(state, 1, EndBuild()).code == "build.turn"


def test_an_anytime_card_may_be_played_between_two_steps() -> None:
    state = give(_obelisk([6, 1, 1, 2], 2, [1, 1, 1, 1, 4]), 0, "N5-05")  # +6 stones
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))
    assert PlayCard(card="N5-05") in legal(state, 0)
    state, _ = play_on(state, 0, PlayCard(card="N5-05"))
    assert state.players[0].stones == 7 and state.action is not None and GAME.to_act(state) == {0}


def test_the_timeout_stops_the_action_and_both_bots_play_it() -> None:
    state = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1, 2])
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="stone"))
    assert GAME.timeout_command(state, 0) == EndBuild()
    assert GAME.decide(state, 0, EndBuild())
    for bot in (RandomBot(3), GreedyBot(3)):
        choice: Any = bot.choose(GAME, state, 0)
        assert isinstance(choice, BuildMore | EndBuild) and GAME.decide(state, 0, choice)
    assert isinstance(GreedyBot(1).choose(GAME, state, 0), BuildMore)  # a tile is worth its VP


def test_the_prompt_names_the_step_by_step_decision() -> None:
    state = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1, 2])
    state, _ = play(state, 0, Build(crews=[0], spaces=["G1"], market="grain"))
    prompt = GAME.view(state, 0).prompt
    assert prompt.decision == "egizia.build_more" and "5 strength left" in english(prompt.text)
    assert "grain market marker" in english(prompt.text)
    assert GAME.view(state, 1).prompt.waiting_for == [0]
    assert GAME.view(state, None).action is not None


def test_a_build_first_card_turn_goes_on_and_the_ship_spaces_follow_in_order() -> None:
    state = _obelisk([6, 1, 1, 2], 20, [1, 1, 1, 1, 2])
    state.players[1].crews, state.players[1].stones = [6, 1, 1, 2], 20
    state.players[1].used_this_round = ["N5-03"]  # seat 1, at S2, builds first
    state, events = run_automatic(GAME, state)
    assert of_type(events, ev.CardBuildTurn) and GAME.to_act(state) == {1}
    state, _ = play_on(state, 1, Build(crews=[0], spaces=["G1"], market="stone"))
    assert GAME.to_act(state) == {1} and state.action is not None
    state, _ = play_on(state, 1, BuildMore(space="G2"))
    state, _ = play_on(state, 1, EndBuild())
    assert GAME.to_act(state) == {0}  # S1 builds now; seat 1 does not build again at S2
    state, _ = play_on(state, 0, Build(crews=[0], spaces=["G3"], market="stone"))
    _, events = play_on(state, 0, EndBuild())
    assert ev.SiteClosed(site="B_OBELISK") in events


def test_no_channel_shows_a_face_down_tile_while_an_action_goes_on_step_by_step() -> None:
    state = _obelisk([6, 1, 1, 6], 25, [1, 1, 1, 1, *FACE_DOWN, 96, 96, 96, 96, 96])
    state, events = play(state, 0, Build(crews=[0, JOKER], spaces=["G1"], market="stone"))
    assert [grave.value for grave in GAME.view(state, 0).graves[4:6]] == [FACE_DOWN[0], None]
    secret = {str(value) for value in [*FACE_DOWN[1:], 96]}  # G5 is face up now, G6.. are not
    attempts: list[Any] = [BuildMore(space=f"G{index}") for index in range(1, 13)] + [EndBuild(), Decline()]
    names = ["A", "B", "C", "D"]
    for viewer in (None, 0, 1, 2, 3):
        shown = [as_text(GAME.view(state, viewer))]
        shown += [
            as_text(GAME.redact(event, viewer)) + english(GAME.describe(event, names)) for event in events
        ]
        if viewer is not None:
            shown.append(as_text(GAME.legal_commands(state, viewer)))
            for command in attempts:
                try:
                    GAME.decide(state, viewer, command)
                except RuleViolation as violation:
                    shown.append(as_text(violation.as_dict()))
        for text in shown:
            assert not leaked(secret, text), text
