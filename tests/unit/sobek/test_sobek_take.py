"""Taking a Nile card: the reach of four, the skipped cards to the taker's corruption, refills, round end."""

from __future__ import annotations

import pytest
from sobek_support import new_game, of_type, play, set_deck, set_nile, turn_of

from domain.engine import RuleViolation
from domain.games.sobek import GAME
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.state import SIDEWAYS

NILE = ["IVO-01", "WHE-01", "CH-THIEF", "FIS-02", "MAR-01", "CAT-01", "EBO-01", "AMU-01", "FIS-03"]


def _game() -> object:
    state = turn_of(new_game(3), 0)
    set_nile(state, NILE)
    return state


def test_taking_the_fourth_card_puts_the_three_to_its_left_on_the_takers_corruption_pile() -> None:
    state = _game()
    after, events = play(state, 0, cmd.Take(position=4))
    player = after.players[0]
    assert player.hand[-1] == "FIS-02"
    assert player.corruption == ["IVO-01", "WHE-01", "CH-THIEF"]
    assert after.nile == NILE[4:]
    assert [p.corruption for p in after.players[1:]] == [[], []]
    assert events[-1] == ev.TurnBegan(seat=1)


def test_taking_the_first_card_costs_nothing_and_play_passes_to_the_left() -> None:
    state = _game()
    after, _ = play(state, 0, cmd.Take(position=1))
    assert after.players[0].corruption == [] and after.nile == NILE[1:] and after.turn == 1
    after, _ = play(turn_of(after, 2), 2, cmd.Take(position=1))
    assert after.turn == 0


@pytest.mark.parametrize("position", [0, 5, 9, -1])
def test_a_card_beyond_the_fourth_is_refused_naming_the_rule(position: int) -> None:
    state = _game()
    with pytest.raises(RuleViolation, match="first 4 cards of the Nile") as refused:
        GAME.decide(state, 0, cmd.Take(position=position))
    assert refused.value.details == {"field": "position"}
    assert GAME.legal_commands(state, 0)[:4] == [cmd.Take(position=p) for p in (1, 2, 3, 4)]
    assert cmd.Take(position=5) not in GAME.legal_commands(state, 0)


def test_with_two_cards_left_only_those_two_can_be_taken() -> None:
    state = _game()
    set_nile(state, ["IVO-01", "WHE-01"])
    takes = [c for c in GAME.legal_commands(state, 0) if isinstance(c, cmd.Take)]
    assert takes == [cmd.Take(position=1), cmd.Take(position=2)]
    with pytest.raises(RuleViolation, match="first 2 cards"):
        GAME.decide(state, 0, cmd.Take(position=3))


def test_it_must_be_your_turn() -> None:
    state = _game()
    with pytest.raises(RuleViolation, match="not your turn"):
        GAME.decide(state, 1, cmd.Take(position=1))


def test_the_nile_is_refilled_only_once_it_is_empty_with_characters_face_down() -> None:
    state = _game()
    set_nile(state, ["IVO-01", "WHE-01"])
    set_deck(state, ["CH-QUEEN", "CAT-02", "CAT-03"])
    after, events = play(state, 0, cmd.Take(position=1))
    assert after.nile == ["WHE-01"] and not of_type(events, ev.NileDealt)
    after, events = play(turn_of(after, 1), 1, cmd.Take(position=1))
    assert of_type(events, ev.NileDealt) == [
        ev.NileDealt(cards=["CH-QUEEN", "CAT-02", "CAT-03"], backs=["orange", "beige", "beige"])
    ]
    assert after.nile == ["CH-QUEEN", "CAT-02", "CAT-03"] and after.deck == []
    shown = GAME.view(after, 0).nile
    assert shown[0].card is None and shown[0].back == "orange" and shown[1].card is not None


def test_the_round_ends_when_the_nile_and_the_deck_are_both_empty() -> None:
    state = _game()
    set_nile(state, ["IVO-01", "WHE-01"])
    set_deck(state, [])
    after, events = play(state, 0, cmd.Take(position=2))
    assert after.players[0].corruption == ["IVO-01"]
    assert events[-1] == ev.RoundEnding(round=1)
    assert after.phase == SIDEWAYS and after.turn == -1
