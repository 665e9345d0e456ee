"""Every character: its power's effect, and a refusal naming its rule."""

from __future__ import annotations

import pytest
from sobek_support import empty_hands, give, lay, new_game, of_type, play, set_deck, set_nile, turn_of

from domain.engine import RuleViolation
from domain.games.sobek import GAME, SobekState
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.state import COURTIER_ADD, MERCHANT_TAKE, PRIEST_NAME, THIEF_TARGET, VIZIER_PICK


def _game(hand: list[str], players: int = 3) -> SobekState:
    state = turn_of(new_game(players), 0)
    empty_hands(state)
    give(state, 0, hand)
    return state


def _played(state: SobekState, card: str) -> tuple[SobekState, list[object]]:
    return play(state, 0, cmd.PlayCharacter(card=card))


def test_queen_draws_the_top_three_cards_of_the_deck() -> None:
    state = _game(["CH-QUEEN"])
    set_deck(state, ["IVO-01", "CH-THIEF", "WHE-01", "FIS-01"])
    after, events = _played(state, "CH-QUEEN")
    assert of_type(events, ev.CardsDrawn) == [
        ev.CardsDrawn(seat=0, cards=["IVO-01", "CH-THIEF", "WHE-01"], backs=["beige", "orange", "beige"])
    ]
    assert after.players[0].hand == ["IVO-01", "CH-THIEF", "WHE-01"] and after.deck == ["FIS-01"]
    assert after.discard[-1] == "CH-QUEEN" and after.turn == 1


def test_queen_with_an_empty_deck_is_played_for_nothing_and_one_not_held_is_refused() -> None:
    state = _game(["CH-QUEEN"])
    set_deck(state, [])
    after, events = _played(state, "CH-QUEEN")
    assert of_type(events, ev.PowerWasted)[0].reason == "the deck is empty" and after.turn == 1
    with pytest.raises(RuleViolation, match="do not hold that card"):
        GAME.decide(state, 0, cmd.PlayCharacter(card="CH-MERCHANT"))


@pytest.mark.parametrize("priest", ["CH-PRIEST", "CH-PRIESTESS"])
def test_priests_remove_every_card_of_the_named_type_characters_included_curses_stay(priest: str) -> None:
    state = _game([priest])
    give(state, 0, ["WHE-01", "FIS-01", "CH-COURTIER", "ST-WHE-1", "AMU-01"], pile="corruption")
    state.players[0].curses = ["EV-CURSE-1"]
    after, _ = _played(state, priest)
    assert after.pending == PRIEST_NAME
    assert GAME.legal_commands(after, 0) == [
        cmd.Purge(goods=goods) for goods in ("ivory", "ebony", "marble", "cattle", "fish", "wheat", "amulet")
    ]
    done, events = play(after, 0, cmd.Purge(goods="wheat"))
    assert events[0] == ev.Purged(seat=0, goods="wheat", cards=["WHE-01", "CH-COURTIER", "ST-WHE-1"], count=3)
    assert done.players[0].corruption == ["FIS-01", "AMU-01"] and done.players[0].curses == ["EV-CURSE-1"]
    done, _ = play(after, 0, cmd.Purge(goods="amulet"))
    assert done.players[0].corruption == ["WHE-01", "FIS-01", "CH-COURTIER", "ST-WHE-1"]
    with pytest.raises(RuleViolation, match="Name a goods type") as refused:
        GAME.decide(after, 0, cmd.Purge(goods="gold"))
    assert refused.value.details == {"field": "goods"}


def _scribe(card: str) -> SobekState:
    state = _game([card, "IVO-01"], players=4)
    give(state, 1, ["CAT-01", "CAT-02", "CAT-03", "CAT-04", "CAT-05", "CAT-06", "CAT-07", "FIS-01"])
    give(state, 2, ["FIS-02", "FIS-03", "FIS-04", "FIS-05", "FIS-06", "FIS-07"])
    give(state, 3, ["WHE-01", "WHE-02", "WHE-03", "WHE-04", "WHE-05", "WHE-06", "WHE-07"])
    return state


@pytest.mark.parametrize("scribe", ["CH-SCRIBE-CAT", "CH-SCRIBE-FIS"])
def test_scribe_makes_each_opponent_above_six_choose_discards_at_the_same_time(scribe: str) -> None:
    state = _scribe(scribe)
    after, events = _played(state, scribe)
    assert of_type(events, ev.DiscardsRequired) == [ev.DiscardsRequired(seat=0, seats=[1, 3], counts=[2, 1])]
    assert GAME.to_act(after) == {1, 3}
    assert GAME.legal_commands(after, 3) == [cmd.Discard(card=c) for c in after.players[3].hand]
    assert GAME.view(after, 1).prompt.decision == "sobek.discard"
    after, _ = play(after, 3, cmd.Discard(card="WHE-07"))
    assert after.players[3].corruption == ["WHE-07"] and GAME.to_act(after) == {1}
    after, _ = play(after, 1, cmd.Discard(card="CAT-01"))
    assert GAME.to_act(after) == {1}
    after, events = play(after, 1, cmd.Discard(card="FIS-01"))
    assert [len(p.hand) for p in after.players] == [1, 6, 6, 6]
    assert after.players[1].corruption == ["CAT-01", "FIS-01"]
    assert events[-1] == ev.TurnBegan(seat=1)


def test_scribe_victims_discard_first_and_nobody_else_may() -> None:
    state = _scribe("CH-SCRIBE-FIS")
    after, _ = _played(state, "CH-SCRIBE-FIS")
    with pytest.raises(RuleViolation, match="Only the Scribe's victims discard") as refused:
        GAME.decide(after, 2, cmd.Discard(card="FIS-02"))
    assert refused.value.code == "scribe.not_asked"
    with pytest.raises(RuleViolation, match="victims are discarding"):
        GAME.decide(after, 0, cmd.Take(position=1))


def test_scribe_with_nobody_above_six_has_no_effect() -> None:
    state = _game(["CH-SCRIBE-CAT"])
    after, events = _played(state, "CH-SCRIBE-CAT")
    assert of_type(events, ev.PowerWasted)[0].reason == "no opponent holds more than 6 cards"
    assert after.turn == 1


def test_vizier_looks_at_one_pile_and_takes_a_card_of_it() -> None:
    state = _game(["CH-VIZIER"])
    give(state, 2, ["IVO-01", "WHE-01"], pile="corruption")
    after, _ = _played(state, "CH-VIZIER")
    assert GAME.legal_commands(after, 0) == [cmd.Look(target=1), cmd.Look(target=2)]
    looking, _ = play(after, 0, cmd.Look(target=2))
    assert looking.pending == VIZIER_PICK
    shown = GAME.view(looking, 0).vizier_look
    assert shown is not None and [c.id for c in shown.cards] == ["IVO-01", "WHE-01"]
    assert GAME.view(looking, 1).vizier_look is None and GAME.view(looking, 2).vizier_look is None
    assert GAME.legal_commands(looking, 0) == [cmd.Pick(card="IVO-01"), cmd.Pick(card="WHE-01")]
    done, events = play(looking, 0, cmd.Pick(card="IVO-01"))
    assert events[0] == ev.PileCardTaken(seat=0, target=2, card="IVO-01", back="beige")
    assert done.players[0].hand == ["IVO-01"] and done.players[2].corruption == ["WHE-01"]
    with pytest.raises(
        RuleViolation, match="Take one of the cards of the corruption pile you are looking at"
    ):
        GAME.decide(looking, 0, cmd.Pick(card="FIS-01"))
    with pytest.raises(RuleViolation, match="one of your opponents"):
        GAME.decide(after, 0, cmd.Look(target=0))


def test_vizier_on_an_empty_pile_finds_nothing() -> None:
    state = _game(["CH-VIZIER"])
    after, _ = _played(state, "CH-VIZIER")
    done, events = play(after, 0, cmd.Look(target=1))
    assert of_type(events, ev.PowerWasted)[0].reason == "that corruption pile is empty" and done.turn == 1


def test_thief_takes_a_card_of_the_chosen_back_chosen_by_the_seeded_order() -> None:
    state = _game(["CH-THIEF"])
    give(state, 1, ["ST-IVO-1", "ST-WHE-1", "FIS-01"])
    after, _ = _played(state, "CH-THIEF")
    assert after.pending == THIEF_TARGET
    assert GAME.legal_commands(after, 0) == [
        cmd.Steal(target=1, back="green"),
        cmd.Steal(target=1, back="beige"),
    ]
    done, events = play(after, 0, cmd.Steal(target=1, back="green"))
    order = state.deals[0].thief
    expected = min(["ST-IVO-1", "ST-WHE-1"], key=order.index)
    assert events[0] == ev.Stolen(seat=0, target=1, back="green", card=expected)
    assert done.players[0].hand == [expected] and expected not in done.players[1].hand
    with pytest.raises(RuleViolation, match="holds no card with a orange back") as refused:
        GAME.decide(after, 0, cmd.Steal(target=1, back="orange"))
    assert refused.value.details == {"field": "back"}
    with pytest.raises(RuleViolation, match="robs one of your opponents"):
        GAME.decide(after, 0, cmd.Steal(target=0, back="green"))


def test_thief_with_every_opponent_empty_handed_has_no_effect() -> None:
    state = _game(["CH-THIEF"])
    after, events = _played(state, "CH-THIEF")
    assert of_type(events, ev.PowerWasted)[0].reason == "no opponent holds a card" and after.turn == 1


def test_courtier_adds_one_or_two_matching_cards_to_a_set_without_a_token() -> None:
    state = _game(["CH-COURTIER", "FIS-04", "AMU-01", "IVO-01"])
    lay(state, 0, ["FIS-01", "FIS-02", "FIS-03"], "fish")
    after, _ = _played(state, "CH-COURTIER")
    assert after.pending == COURTIER_ADD
    assert cmd.Court(set=0, cards=["FIS-04", "AMU-01"]) in GAME.legal_commands(after, 0)
    assert all(len(c.cards) in (1, 2) for c in GAME.legal_commands(after, 0))
    done, events = play(after, 0, cmd.Court(set=0, cards=["FIS-04", "AMU-01"]))
    assert done.players[0].upright[0].cards == ["FIS-01", "FIS-02", "FIS-03", "FIS-04", "AMU-01"]
    assert not of_type(events, ev.TokenChosen) and done.turn == 1
    with pytest.raises(RuleViolation, match="adds one or 2 cards"):
        GAME.decide(after, 0, cmd.Court(set=0, cards=["FIS-04", "AMU-01", "IVO-01"]))
    with pytest.raises(RuleViolation, match="Only fish cards"):
        GAME.decide(after, 0, cmd.Court(set=0, cards=["IVO-01"]))


def test_courtier_with_nothing_to_add_has_no_effect() -> None:
    state = _game(["CH-COURTIER", "IVO-01"])
    lay(state, 0, ["FIS-01", "FIS-02", "FIS-03"], "fish")
    after, events = _played(state, "CH-COURTIER")
    assert of_type(events, ev.PowerWasted) and after.turn == 1


def test_merchant_takes_any_nile_card_with_no_corruption() -> None:
    state = _game(["CH-MERCHANT"])
    set_nile(state, ["IVO-01", "WHE-01", "CH-THIEF", "FIS-02", "MAR-01", "CAT-01", "EBO-01"])
    after, _ = _played(state, "CH-MERCHANT")
    assert after.pending == MERCHANT_TAKE
    assert GAME.legal_commands(after, 0) == [cmd.Hire(position=p) for p in range(1, 8)]
    done, events = play(after, 0, cmd.Hire(position=7))
    assert events[0].merchant and events[0].card == "EBO-01" and events[0].skipped == []
    assert done.players[0].hand == ["EBO-01"] and done.players[0].corruption == []
    assert done.nile == ["IVO-01", "WHE-01", "CH-THIEF", "FIS-02", "MAR-01", "CAT-01"]
    with pytest.raises(RuleViolation, match="position 1 to 7") as refused:
        GAME.decide(after, 0, cmd.Hire(position=8))
    assert refused.value.details == {"field": "position"}


def test_only_a_character_is_played_for_its_power() -> None:
    state = _game(["IVO-01"])
    with pytest.raises(RuleViolation, match="Only a character card"):
        GAME.decide(state, 0, cmd.PlayCharacter(card="IVO-01"))
